/* hidparserep.c: input reports to a PadState by the controls hidparse.c found — axes scaled, hats, buttons; pure, bad-input-safe. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hidparse.h"
#include "pad.h"


int16_t hidparse_scale(int32_t v, int32_t lmin, int32_t lmax)
{
	int64_t span = (int64_t)lmax - lmin, s;

	if (span <= 0)
		return 0;
	s = ((int64_t)2 * v - lmin - lmax) * PAD_AXIS_MAX / span;
	return (int16_t)(s > PAD_AXIS_MAX ? PAD_AXIS_MAX : s < PAD_AXIS_MIN ? PAD_AXIS_MIN : s);
}

void hidparse_pad_init(const HidPadDesc *p, PadState *st)
{
	st->axes_used = p->axes_used;
	st->buttons_used = p->buttons;
	st->has_hat = p->has_hat;
	for (int a = 0; a < PAD_AXES; a++)
		st->axis[a] = 0;
	st->hat = PAD_HAT_NONE;
	st->buttons = 0;
}

/* Bits [at, at+size) of the report's data, least significant first; false if the report ends before. */
static bool field(const uint8_t *data, size_t len, uint32_t at, uint32_t size, bool is_signed, int64_t *out)
{
	uint32_t raw = 0;

	if (size == 0 || size > HIDPARSE_MAX_FIELD_BITS || at + size > len * 8)
		return false;
	for (uint32_t i = 0; i < size; i++)
		raw |= (uint32_t)(data[(at + i) / 8] >> ((at + i) % 8) & 1) << i;
	if (is_signed && size < 32 && (raw >> (size - 1) & 1))
		*out = (int64_t)raw - ((int64_t)1 << size);
	else
		*out = is_signed ? (int32_t)raw : (int64_t)raw;
	return true;
}

static uint32_t button_bit(int button)
{
	return button >= 1 && button <= PAD_BUTTONS_MAX ? 1u << (button - 1) : 0;
}

/* One control of the report into st; a value the report is too short to hold keeps its old state. */
static void read_control(const HidControl *c, const uint8_t *data, size_t len, PadState *st)
{
	int64_t v;

	switch (c->kind) {
	case HID_CTL_AXIS:
		if (!c->relative && field(data, len, c->bit_offset, c->bit_size, c->is_signed, &v))
			st->axis[c->axis] = hidparse_scale((int32_t)(v > INT32_MAX ? INT32_MAX : v), c->logical_min,
			    c->logical_max);
		break;
	case HID_CTL_HAT:
		if (field(data, len, c->bit_offset, c->bit_size, c->is_signed, &v)) {
			int64_t positions = (int64_t)c->logical_max - c->logical_min + 1;

			if (v < c->logical_min || v > c->logical_max || positions < 4)
				st->hat = PAD_HAT_NONE;
			else
				st->hat = (uint8_t)((v - c->logical_min) * 8 / positions);
		}
		break;
	case HID_CTL_BUTTONS:
		for (int i = 0; i < c->count; i++)
			if (field(data, len, c->bit_offset + (uint32_t)i * c->bit_size, c->bit_size, false, &v)) {
				uint32_t bit = button_bit(c->first_button + i);

				st->buttons = v ? st->buttons | bit : st->buttons & ~bit;
			}
		break;
	case HID_CTL_DPAD:                      /* hidparse_report makes the hat of them all */
		break;
	case HID_CTL_BUTTON_ARRAY:
		if ((uint32_t)c->bit_offset + (uint32_t)c->count * c->bit_size > len * 8)
			break;                  /* all slots or none: a half array would lift held buttons */
		for (int u = c->usage_min; u <= c->usage_max && u <= PAD_BUTTONS_MAX; u++)
			st->buttons &= ~button_bit(u);
		for (int i = 0; i < c->count; i++)
			if (field(data, len, c->bit_offset + (uint32_t)i * c->bit_size, c->bit_size, c->is_signed, &v) &&
			    v >= c->logical_min && v <= c->logical_max && v - c->logical_min <= c->usage_max - c->usage_min)
				st->buttons |= button_bit((int)(c->usage_min + (v - c->logical_min)));
		break;
	}
}

/* D-pad directions (bit 0 up, 1 down, 2 right, 3 left) to a hat: 0 up, clockwise in eighths; opposites cancel. */
static uint8_t dpad_hat(unsigned bits)
{
	static const uint8_t hats[3][3] = {     /* [y + 1][x + 1] */
		{ 7, 0, 1 },
		{ 6, PAD_HAT_NONE, 2 },
		{ 5, 4, 3 },
	};
	int x = !!(bits & 4) - !!(bits & 8), y = !!(bits & 2) - !!(bits & 1);

	return hats[y + 1][x + 1];
}

/* A D-pad direction's value: 1 if on; the other directions' bits as they were (from st's hat). */
static void read_dpad(const HidControl *c, const uint8_t *data, size_t len, unsigned *bits)
{
	int64_t v;

	if (field(data, len, c->bit_offset, c->bit_size, false, &v))
		*bits = v ? *bits | 1u << c->axis : *bits & ~(1u << c->axis);
}

/* The hat as D-pad bits (bit 0 up, 1 down, 2 right, 3 left). */
static unsigned hat_bits(uint8_t hat)
{
	static const uint8_t bits[8] = { 0x1, 0x5, 0x4, 0x6, 0x2, 0xA, 0x8, 0x9 };

	return hat < 8 ? bits[hat] : 0;
}

bool hidparse_report(const HidPadDesc *p, const uint8_t *report, size_t len, PadState *st)
{
	uint8_t id = 0;
	bool ours = false, dpad = false;
	unsigned bits = hat_bits(st->hat);

	if (len == 0)
		return false;
	if (p->report_ids) {
		id = report[0];
		report++;
		len--;
	}
	for (int i = 0; i < p->controls_n; i++)
		if (p->controls[i].report_id == id) {
			ours = true;
			if (p->controls[i].kind == HID_CTL_DPAD && p->dpad_hat) {
				read_dpad(&p->controls[i], report, len, &bits);
				dpad = true;
			} else {
				read_control(&p->controls[i], report, len, st);
			}
		}
	if (dpad)
		st->hat = dpad_hat(bits);
	return ours;
}
