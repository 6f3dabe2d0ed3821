/* x360rep.c: an Xbox 360 wired pad's input report to a PadState (facts from Linux's xpad driver) — pure, bad-input-safe. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pad.h"
#include "x360rep.h"

#define X360_MSG_INPUT          0x00    /* byte 0 of an input report */
#define X360_DPAD_UP            0x01    /* byte 2 */
#define X360_DPAD_DOWN          0x02
#define X360_DPAD_LEFT          0x04
#define X360_DPAD_RIGHT         0x08

/* Buttons 1..11 in the order the glue's default layouts name them: bit of byte 2 or 3 (byte 3: bit + 8). */
static const uint8_t button_bits[X360_BUTTONS] = {
	12,     /* A (byte 3 bit 4) */
	13,     /* B */
	14,     /* X */
	15,     /* Y */
	8,      /* LB (byte 3 bit 0) */
	9,      /* RB */
	5,      /* Back (byte 2 bit 5) */
	4,      /* Start (byte 2 bit 4) */
	6,      /* L3: the left stick pressed */
	7,      /* R3 */
	10,     /* Guide (byte 3 bit 2) */
};

/* D-pad bits (up, down, left, right) to a hat: 0 up, clockwise in eighths; opposite bits cancel. */
static uint8_t dpad_hat(uint8_t bits)
{
	int x = !!(bits & X360_DPAD_RIGHT) - !!(bits & X360_DPAD_LEFT);
	int y = !!(bits & X360_DPAD_DOWN) - !!(bits & X360_DPAD_UP);
	static const uint8_t hats[3][3] = {     /* [y + 1][x + 1] */
		{ 7, 0, 1 },
		{ 6, PAD_HAT_NONE, 2 },
		{ 5, 4, 3 },
	};

	return hats[y + 1][x + 1];
}

/* A trigger, 0..255, as an axis: out PAD_AXIS_MIN, in PAD_AXIS_MAX (as hidparse scales a HID trigger). */
static int16_t trigger(uint8_t v)
{
	return (int16_t)((2 * v - 255) * PAD_AXIS_MAX / 255);
}

static int16_t stick(const uint8_t *p, bool flip)
{
	int32_t v = (int16_t)(p[0] | p[1] << 8);

	if (flip)
		v = -v - 1;                     /* as xpad's ~v: -32768..32767 onto 32767..-32768 */
	return v < PAD_AXIS_MIN ? PAD_AXIS_MIN : (int16_t)v;
}

void x360rep_init(PadState *st)
{
	st->axes_used = 1u << PAD_AXIS_X | 1u << PAD_AXIS_Y | 1u << PAD_AXIS_RX | 1u << PAD_AXIS_RY |
	    1u << PAD_AXIS_Z | 1u << PAD_AXIS_RZ;
	st->buttons_used = X360_BUTTONS;
	st->has_hat = true;
	for (int a = 0; a < PAD_AXES; a++)
		st->axis[a] = 0;
	st->axis[PAD_AXIS_Z] = st->axis[PAD_AXIS_RZ] = PAD_AXIS_MIN;    /* triggers out */
	st->hat = PAD_HAT_NONE;
	st->buttons = 0;
}

bool x360rep_report(const uint8_t *r, size_t len, PadState *st)
{
	uint16_t bits;
	uint32_t buttons = 0;

	if (len < X360_INPUT_MIN_LEN || r[0] != X360_MSG_INPUT || r[1] < X360_INPUT_MIN_LEN)
		return false;
	bits = (uint16_t)(r[2] | r[3] << 8);
	for (int b = 0; b < X360_BUTTONS; b++)
		if (bits >> button_bits[b] & 1)
			buttons |= 1u << b;
	st->buttons = buttons;
	st->hat = dpad_hat(r[2]);
	st->axis[PAD_AXIS_Z] = trigger(r[4]);
	st->axis[PAD_AXIS_RZ] = trigger(r[5]);
	st->axis[PAD_AXIS_X] = stick(r + 6, false);
	st->axis[PAD_AXIS_Y] = stick(r + 8, true);      /* + is up on the pad, down in a PadState */
	st->axis[PAD_AXIS_RX] = stick(r + 10, false);
	st->axis[PAD_AXIS_RY] = stick(r + 12, true);
	return true;
}
