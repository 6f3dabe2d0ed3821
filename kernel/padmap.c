/* padmap.c: a pad's state into the game's pad keys (GK_JOY_*): the stick with hysteresis, the hat, the D-pad, the buttons by kind. */
#include <stdbool.h>
#include <stdint.h>

#include "keys.h"
#include "pad.h"
#include "padmap.h"

#define LEFT    PADMAP_BIT(GK_JOY_LEFT)
#define RIGHT   PADMAP_BIT(GK_JOY_RIGHT)
#define UP      PADMAP_BIT(GK_JOY_UP)
#define DOWN    PADMAP_BIT(GK_JOY_DOWN)

_Static_assert(PADMAP_KEYS <= 32, "the pad keys fit a mask");

/* The hat's eight positions, clockwise from up (HID's order). */
static const uint32_t hat_dirs[8] = { UP, UP | RIGHT, RIGHT, DOWN | RIGHT, DOWN, DOWN | LEFT, LEFT, UP | LEFT };

/* An Xbox 360 pad's report bits (bytes 2-3, as Linux's xpad reads them) as pad keys; 0: none. */
static const uint32_t xbox360_bits[16] = {
	[0] = UP, [1] = DOWN, [2] = LEFT, [3] = RIGHT,
	[4] = PADMAP_BIT(GK_JOY_10),            /* Start */
	[5] = PADMAP_BIT(GK_JOY_9),             /* Back: Esc */
	[6] = PADMAP_BIT(GK_JOY_11), [7] = PADMAP_BIT(GK_JOY_12),      /* stick clicks */
	[8] = PADMAP_BIT(GK_JOY_5), [9] = PADMAP_BIT(GK_JOY_6),        /* LB, RB */
	[10] = PADMAP_BIT(GK_JOY_13),           /* Guide */
	[12] = PADMAP_BIT(GK_JOY_1), [13] = PADMAP_BIT(GK_JOY_2),      /* A, B */
	[14] = PADMAP_BIT(GK_JOY_3), [15] = PADMAP_BIT(GK_JOY_4),      /* X, Y */
};

void padmap_reset(PadMap *m)
{
	*m = (PadMap){ .stick = 0, .down = 0 };
}

/* One direction of one axis: down past PRESS, up again below RELEASE (v already signed toward it). */
static uint32_t hysteresis(uint32_t was, uint32_t bit, int32_t v)
{
	if (was & bit)
		return v >= PADMAP_RELEASE ? bit : 0;
	return v >= PADMAP_PRESS ? bit : 0;
}

static uint32_t stick(const PadMap *m, const PadState *p)
{
	int32_t x = p->axis[PAD_AXIS_X], y = p->axis[PAD_AXIS_Y];

	return hysteresis(m->stick, RIGHT, x) | hysteresis(m->stick, LEFT, -x) |
	    hysteresis(m->stick, DOWN, y) | hysteresis(m->stick, UP, -y);
}

static uint32_t buttons(const PadState *p)
{
	uint32_t keys = 0;

	for (int b = 0; b < 16; b++) {
		if (!(p->buttons & (1u << b)))
			continue;
		keys |= p->kind == PAD_KIND_XBOX360 ? xbox360_bits[b] : PADMAP_BIT(GK_JOY_1 + b);
	}
	return keys;
}

PadKeys padmap_update(PadMap *m, const PadState *p)
{
	PadKeys k = { 0, 0 };

	if (!p->present) {
		padmap_reset(m);
		return k;
	}
	m->stick = stick(m, p);
	k.down = m->stick | buttons(p);
	if (p->has_hat && p->hat < 8)
		k.down |= hat_dirs[p->hat];
	k.pressed = k.down & ~m->down;
	m->down = k.down;
	return k;
}

void padmap_to_tick(const PadKeys *k, KeyboardTick *t)
{
	for (int n = 0; n < PADMAP_KEYS; n++) {
		if (k->down & (1u << n))
			t->down[GK_JOY_1 + n] = true;
		if (k->pressed & (1u << n))
			keyboard_tick_press(t, (uint8_t)(GK_JOY_1 + n));
	}
}
