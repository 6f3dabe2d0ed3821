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

/*
 * An Xbox 360 pad's buttons as drivers/usb/x360rep.c numbers them (A B X Y
 * LB RB Back Start L3 R3 Guide: bits 0..10) to the pad keys of the common
 * layout: Back is Joy 9 (Esc), Start Joy 10; its D-pad comes as the hat.
 */
static const uint8_t xbox360_keys[11] = {
	GK_JOY_1, GK_JOY_2, GK_JOY_3, GK_JOY_4, GK_JOY_5, GK_JOY_6, GK_JOY_9, GK_JOY_10, GK_JOY_11, GK_JOY_12,
	GK_JOY_13,
};

/*
 * HID pads known to number their face buttons west, south, east, north
 * (DirectInput's usual order; facts from SDL's controller database): a
 * DualShock 4's Square Cross Circle Triangle, a Logitech F310/F510/F710's X
 * A B Y in DirectInput mode. Their buttons 1-4 become Joy 3 1 2 4, so the
 * south button (Cross, A) is Joy 1 and jumps, as an Xbox pad's A does;
 * their Share/Back (9) and Options/Start (10) are already Joy 9 and 10.
 * Other HID pads keep button n as Joy n.
 */
static const struct { uint16_t vendor, product; } wsen_pads[] = {
	{ 0x054C, 0x05C4 }, { 0x054C, 0x09CC },                        /* Sony DualShock 4, both models */
	{ 0x046D, 0xC216 }, { 0x046D, 0xC218 }, { 0x046D, 0xC219 },    /* Logitech F310, F510, F710 (D mode) */
};
static const uint8_t wsen_keys[4] = { GK_JOY_3, GK_JOY_1, GK_JOY_2, GK_JOY_4 };

static bool wsen_pad(const PadState *p)
{
	if (p->kind != PAD_KIND_HID)
		return false;
	for (unsigned i = 0; i < sizeof wsen_pads / sizeof wsen_pads[0]; i++)
		if (p->vendor == wsen_pads[i].vendor && p->product == wsen_pads[i].product)
			return true;
	return false;
}

/* Its triggers (Z, RZ: PAD_AXIS_MIN out, PAD_AXIS_MAX in) are Joy 7 and 8: down half way in, up below 35 %. */
#define TRIGGER_PRESS   0
#define TRIGGER_RELEASE (PAD_AXIS_MIN + (PAD_AXIS_MAX - PAD_AXIS_MIN) * 35 / 100)
#define LT      PADMAP_BIT(GK_JOY_7)
#define RT      PADMAP_BIT(GK_JOY_8)

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

/* The stick's directions, and an Xbox 360 pad's triggers: what the hysteresis holds (PadMap.stick). */
static uint32_t stick(const PadMap *m, const PadState *p)
{
	int32_t x = p->axis[PAD_AXIS_X], y = p->axis[PAD_AXIS_Y];
	uint32_t k = hysteresis(m->stick, RIGHT, x) | hysteresis(m->stick, LEFT, -x) |
	    hysteresis(m->stick, DOWN, y) | hysteresis(m->stick, UP, -y);

	if (p->kind == PAD_KIND_XBOX360) {
		k |= (m->stick & LT) ? (p->axis[PAD_AXIS_Z] >= TRIGGER_RELEASE ? LT : 0) :
		    (p->axis[PAD_AXIS_Z] >= TRIGGER_PRESS ? LT : 0);
		k |= (m->stick & RT) ? (p->axis[PAD_AXIS_RZ] >= TRIGGER_RELEASE ? RT : 0) :
		    (p->axis[PAD_AXIS_RZ] >= TRIGGER_PRESS ? RT : 0);
	}
	return k;
}

static uint32_t buttons(const PadState *p)
{
	bool wsen = wsen_pad(p);
	uint32_t keys = 0;

	for (int b = 0; b < GK_JOY_BUTTONS; b++) {
		if (!(p->buttons & (1u << b)))
			continue;
		if (p->kind == PAD_KIND_XBOX360) {
			if (b < (int)sizeof xbox360_keys)
				keys |= PADMAP_BIT(xbox360_keys[b]);
		} else if (wsen && b < 4) {
			keys |= PADMAP_BIT(wsen_keys[b]);
		} else {
			keys |= PADMAP_BIT(GK_JOY_1 + b);
		}
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
