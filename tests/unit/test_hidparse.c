/* test_hidparse.c: HID report descriptors (drivers/usb/hidparse.c) — published pads' controls and sample reports, the item rules, garbage refused. */
#include "testmain.h"

#include "hidparse.h"
#include "padfix.h"

static HidPadDesc d;
static PadState st;

static const HidControl *find(HidCtlKind kind, int axis)
{
	for (int i = 0; i < d.controls_n; i++)
		if (d.controls[i].kind == kind && (kind != HID_CTL_AXIS || d.controls[i].axis == axis))
			return &d.controls[i];
	return NULL;
}

/* Parse a descriptor that must be a pad; the state at rest. */
static void parse_pad(const uint8_t *desc, size_t len)
{
	bool ok = hidparse_desc(desc, len, &d);

	if (!ok)
		fail_msg("refused: %s", d.reason);
	memset(&st, 0x55, sizeof st);
	hidparse_pad_init(&d, &st);
}

#define assert_control(c, id, off, size, lmin, lmax) do {                      \
		assert_non_null(c);                                             \
		assert_int_equal((c)->report_id, (id));                         \
		assert_int_equal((c)->bit_offset, (off));                       \
		assert_int_equal((c)->bit_size, (size));                        \
		assert_int_equal((c)->logical_min, (lmin));                     \
		assert_int_equal((c)->logical_max, (lmax));                     \
	} while (0)

/* DualShock 4: report 1, sticks X Y Z Rz, hat 0..7, 14 buttons, L2/R2 as Rx/Ry; feature reports skipped. */
static void ds4_controls(void **state)
{
	(void)state;
	parse_pad(padfix_ds4_rdesc, sizeof padfix_ds4_rdesc);
	assert_int_equal(d.app_page, HID_PAGE_DESKTOP);
	assert_int_equal(d.app_usage, HID_USAGE_GAMEPAD);
	assert_true(d.report_ids);
	assert_int_equal(d.report_len, 64);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_X), 1, 0, 8, 0, 255);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_Y), 1, 8, 8, 0, 255);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_Z), 1, 16, 8, 0, 255);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_RZ), 1, 24, 8, 0, 255);
	assert_control(find(HID_CTL_HAT, 0), 1, 32, 4, 0, 7);
	assert_control(find(HID_CTL_BUTTONS, 0), 1, 36, 1, 0, 1);
	assert_int_equal(find(HID_CTL_BUTTONS, 0)->count, 14);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_RX), 1, 56, 8, 0, 255);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_RY), 1, 64, 8, 0, 255);
	assert_int_equal(d.axes_used, 0x3F);
	assert_int_equal(d.buttons, 14);
	assert_true(d.has_hat);
	assert_false(d.dropped);
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_int_equal(st.buttons, 0);
	assert_int_equal(st.axis[PAD_AXIS_X], 0);
	assert_int_equal(st.buttons_used, 14);
}

static void ds4_reports(void **state)
{
	uint8_t r[64] = { 0x01, 0xFF, 0x00, 0x80, 0x80, 0x22, 0x01, 0x05, 0xFF, 0x00 };

	(void)state;
	parse_pad(padfix_ds4_rdesc, sizeof padfix_ds4_rdesc);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);    /* stick right */
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);    /* stick up */
	assert_int_equal(st.axis[PAD_AXIS_Z], 128);             /* 0x80 of 0..255: a hair right of the centre */
	assert_int_equal(st.axis[PAD_AXIS_RX], PAD_AXIS_MAX);   /* L2 in */
	assert_int_equal(st.axis[PAD_AXIS_RY], PAD_AXIS_MIN);   /* R2 out */
	assert_int_equal(st.hat, 2);                            /* right */
	assert_int_equal(st.buttons, 1u << 1 | 1u << 4 | 1u << 12);     /* cross, L1, PS; the counter is not a button */
	r[5] = 0x08;                                            /* hat at rest (its null state), no face button */
	r[6] = r[7] = 0;
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_int_equal(st.buttons, 0);
	r[0] = 0x11;                                            /* a report id it has no inputs in */
	assert_false(hidparse_report(&d, r, sizeof r, &st));
}

/* DragonRise: five bytes of X X X X Y (the last X wins), no hat (its usage is 0), buttons 1..10 from bit 44. */
static void dragonrise(void **state)
{
	const uint8_t r[8] = { 0x10, 0x20, 0x30, 0xFF, 0x00, 0x1F, 0x20, 0x00 };

	(void)state;
	parse_pad(padfix_dragonrise_rdesc, sizeof padfix_dragonrise_rdesc);
	assert_int_equal(d.app_usage, HID_USAGE_JOYSTICK);
	assert_false(d.report_ids);
	assert_false(d.has_hat);
	assert_int_equal(d.axes_used, 1u << PAD_AXIS_X | 1u << PAD_AXIS_Y);
	assert_int_equal(d.buttons, 10);
	assert_int_equal(d.report_len, 8);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_int_equal(st.buttons, 1u << 0 | 1u << 9);
}

/* Logitech F310 (DirectInput): X Y Z Rz, a hat with null values 8..15, 12 buttons after it in the same byte. */
static void f310(void **state)
{
	uint8_t r[8] = { 0x80, 0x7F, 0x00, 0xFF, 0x16, 0x80, 0x00, 0x00 };

	(void)state;
	parse_pad(padfix_f310_rdesc, sizeof padfix_f310_rdesc);
	assert_int_equal(d.app_usage, HID_USAGE_JOYSTICK);
	assert_int_equal(d.axes_used, 1u << PAD_AXIS_X | 1u << PAD_AXIS_Y | 1u << PAD_AXIS_Z | 1u << PAD_AXIS_RZ);
	assert_int_equal(d.buttons, 12);
	assert_control(find(HID_CTL_HAT, 0), 0, 32, 4, 0, 7);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], 128);
	assert_int_equal(st.axis[PAD_AXIS_Y], -128);
	assert_int_equal(st.axis[PAD_AXIS_Z], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_RZ], PAD_AXIS_MAX);
	assert_int_equal(st.hat, 6);                            /* left */
	assert_int_equal(st.buttons, 1u << 0 | 1u << 11);
	r[4] = 0x0F;                                            /* 15: outside 0..7, the hat is at rest */
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_int_equal(st.buttons, 1u << 11);
}

/* 8BitDo SN30 Pro+: 16-bit sticks 0..65535 (a 4-byte Logical Maximum), 10-bit triggers, a hat 1..8, a stray 0x00 item at the end. */
static void eightbitdo(void **state)
{
	uint8_t r[16] = { 0x01, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x80, 0x00, 0x80, 0xFF, 0x03, 0x00, 0x00, 0x03,
	    0x01, 0x02 };

	(void)state;
	parse_pad(padfix_8bitdo_rdesc, sizeof padfix_8bitdo_rdesc);
	assert_int_equal(d.app_usage, HID_USAGE_GAMEPAD);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_X), 1, 0, 16, 0, 65535);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_Z), 1, 64, 10, 0, 1023);
	assert_control(find(HID_CTL_HAT, 0), 1, 96, 4, 1, 8);
	assert_int_equal(d.axes_used, 0x3F);
	assert_int_equal(d.buttons, 10);
	assert_int_equal(d.report_len, 16);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_RX], 0);
	assert_int_equal(st.axis[PAD_AXIS_RY], 0);
	assert_int_equal(st.axis[PAD_AXIS_Z], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_RZ], PAD_AXIS_MIN);
	assert_int_equal(st.hat, 2);                            /* 3 of 1..8: right */
	assert_int_equal(st.buttons, 1u << 0 | 1u << 9);
	r[13] = 0x00;                                           /* 0: below 1..8, at rest */
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.hat, PAD_HAT_NONE);
	r[0] = 0x04;                                            /* the battery report: no control of ours */
	assert_false(hidparse_report(&d, r, 2, &st));
}

/* QEMU's tablet: a Mouse application; absolute X/Y are axes, the relative wheel is not. */
static void qemu_tablet(void **state)
{
	const uint8_t r[6] = { 0x05, 0xFF, 0x7F, 0x00, 0x40, 0x01 };

	(void)state;
	parse_pad(padfix_tablet_rdesc, sizeof padfix_tablet_rdesc);
	assert_int_equal(d.app_usage, HID_USAGE_MOUSE);
	assert_int_equal(d.axes_used, 1u << PAD_AXIS_X | 1u << PAD_AXIS_Y);
	assert_int_equal(d.buttons, 3);
	assert_int_equal(d.report_len, 6);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_Y], 1);               /* 0x4000 of 0..0x7FFF */
	assert_int_equal(st.buttons, 0x05);
}

/*
 * An Xbox 360 pad's input as a HID descriptor would say it (the layout
 * xpad reads: type, length, 16 button bits, two 8-bit triggers, four
 * signed 16-bit stick axes): signed logical ranges, a Usage Page inside
 * a 4-byte usage, and button usages 1..16 from a range.
 */
static void xbox360_layout(void **state)
{
	static const uint8_t desc[] = {
		0x05, 0x01, 0x09, 0x05, 0xA1, 0x01,
		0x75, 0x08, 0x95, 0x02, 0x81, 0x01,                     /* type and length bytes */
		0x05, 0x09, 0x19, 0x01, 0x29, 0x10, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x95, 0x10, 0x81, 0x02,
		0x0B, 0x32, 0x00, 0x01, 0x00, 0x0B, 0x35, 0x00, 0x01, 0x00,     /* Z, Rz with their page */
		0x26, 0xFF, 0x00, 0x75, 0x08, 0x95, 0x02, 0x81, 0x02,
		0x05, 0x01, 0x09, 0x30, 0x09, 0x31, 0x09, 0x33, 0x09, 0x34,
		0x16, 0x00, 0x80, 0x26, 0xFF, 0x7F, 0x75, 0x10, 0x95, 0x04, 0x81, 0x02,
		0x75, 0x08, 0x95, 0x06, 0x81, 0x01, 0xC0,
	};
	const uint8_t r[20] = { 0x00, 0x14, 0x10, 0x00, 0xFF, 0x00, 0x00, 0x80, 0xFF, 0x7F, 0x00, 0x00, 0x00, 0x00 };

	(void)state;
	parse_pad(desc, sizeof desc);
	assert_int_equal(d.report_len, 20);
	assert_true(find(HID_CTL_AXIS, PAD_AXIS_X)->is_signed);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.buttons, 1u << 4);
	assert_int_equal(st.axis[PAD_AXIS_Z], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_RZ], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MIN);    /* -32768 clamps to the pad minimum */
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_RX], 0);              /* 0 of -32768..32767 */
}

/* PUSH saves the globals, POP brings them back; long items are skipped whole. */
static void push_pop_and_long_items(void **state)
{
	static const uint8_t desc[] = {
		0x05, 0x01, 0x09, 0x04, 0xA1, 0x01,
		0x15, 0x00, 0x26, 0xFF, 0x00, 0x75, 0x08, 0x95, 0x01,
		0xA4,                                   /* PUSH: 0..255, 8 bits */
		0x15, 0x81, 0x25, 0x7F, 0x75, 0x10,     /* -127..127, 16 bits */
		0x09, 0x30, 0x81, 0x02,                 /* X: signed, 16 bits */
		0xFE, 0x03, 0xF0, 0x09, 0x31, 0x81,     /* a long item whose data looks like Usage Y, Input */
		0xB4,                                   /* POP */
		0x09, 0x31, 0x81, 0x02,                 /* Y: 0..255, 8 bits */
		0xC0,
	};
	const uint8_t r[3] = { 0x81, 0xFF, 0xFF };

	(void)state;
	parse_pad(desc, sizeof desc);
	assert_int_equal(d.controls_n, 2);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_X), 0, 0, 16, -127, 127);
	assert_control(find(HID_CTL_AXIS, PAD_AXIS_Y), 0, 16, 8, 0, 255);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MIN);    /* 0xFF81 = -127 */
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
}

/* Local state ends at each main item; a usage range spans fields; the last usage repeats. */
static void locals_and_ranges(void **state)
{
	static const uint8_t desc[] = {
		0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01,
		0x05, 0x09, 0x19, 0x03, 0x29, 0x04, 0x09, 0x09, 0x95, 0x04, 0x81, 0x02, /* 3, 4, 9, 9 */
		0x95, 0x04, 0x81, 0x02,                 /* no usage left: padding, not buttons */
		0xC0,
	};
	const uint8_t r[1] = { 0xFF };

	(void)state;
	parse_pad(desc, sizeof desc);
	assert_int_equal(d.buttons, 9);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.buttons, 1u << 2 | 1u << 3 | 1u << 8);
}

/* An array field: each slot names a pressed button by its index in the usage range (0 = none). */
static void array_buttons(void **state)
{
	static const uint8_t desc[] = {
		0x05, 0x01, 0x09, 0x05, 0xA1, 0x01,
		0x05, 0x09, 0x19, 0x01, 0x29, 0x08, 0x15, 0x01, 0x25, 0x08, 0x75, 0x04, 0x95, 0x02, 0x81, 0x00,
		0xC0,
	};
	uint8_t r[1] = { 0x31 };                /* slots 1 and 3 */

	(void)state;
	parse_pad(desc, sizeof desc);
	assert_int_equal(find(HID_CTL_BUTTON_ARRAY, 0)->count, 2);
	assert_int_equal(d.buttons, 8);
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.buttons, 1u << 0 | 1u << 2);
	r[0] = 0x09;                            /* 9 is out of range, 0 means none */
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.buttons, 0);
}

/* D-pad usages (0x90..0x93, one bit each) make the hat when there is no hat switch; opposite directions cancel. */
static void dpad_usages_make_the_hat(void **state)
{
	static const uint8_t desc[] = {
		0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01,
		0x19, 0x90, 0x29, 0x93, 0x95, 0x04, 0x81, 0x02,         /* up, down, right, left */
		0x05, 0x09, 0x19, 0x01, 0x29, 0x04, 0x95, 0x04, 0x81, 0x02,
		0xC0,
	};
	static const struct {
		uint8_t bits;
		uint8_t hat;
	} rows[] = {
		{ 0x00, PAD_HAT_NONE }, { 0x01, 0 }, { 0x05, 1 }, { 0x04, 2 }, { 0x06, 3 }, { 0x02, 4 }, { 0x0A, 5 },
		{ 0x08, 6 }, { 0x09, 7 }, { 0x03, PAD_HAT_NONE }, { 0x0C, PAD_HAT_NONE },
	};

	(void)state;
	parse_pad(desc, sizeof desc);
	assert_true(d.has_hat);
	assert_true(d.dpad_hat);
	assert_int_equal(d.buttons, 4);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const uint8_t r[1] = { (uint8_t)(rows[i].bits | 0x10) };

		assert_true(hidparse_report(&d, r, sizeof r, &st));
		assert_row(st.hat == rows[i].hat, "bits %x: hat %d", rows[i].bits, st.hat);
		assert_row(st.buttons == 1, "bits %x: buttons %x", rows[i].bits, st.buttons);
	}
	parse_pad(padfix_ds4_rdesc, sizeof padfix_ds4_rdesc);
	assert_false(d.dpad_hat);                               /* a hat switch and no D-pad usages */
}

/* Two application collections: a keyboard first, the gamepad second is chosen; report ids per collection. */
static void second_collection_with_report_ids(void **state)
{
	static const uint8_t desc[] = {
		0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x85, 0x01, 0x05, 0x07, 0x19, 0xE0, 0x29, 0xE7,
		0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x95, 0x08, 0x81, 0x02, 0xC0,
		0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x85, 0x02, 0x09, 0x30, 0x15, 0x00, 0x26, 0xFF, 0x00,
		0x75, 0x08, 0x95, 0x01, 0x81, 0x02, 0xC0,
	};
	const uint8_t key[2] = { 0x01, 0xFF }, pad[2] = { 0x02, 0x00 };

	(void)state;
	parse_pad(desc, sizeof desc);
	assert_int_equal(d.apps, 2);
	assert_int_equal(d.app_usage, HID_USAGE_GAMEPAD);
	assert_int_equal(d.controls_n, 1);
	assert_false(hidparse_report(&d, key, sizeof key, &st));
	assert_true(hidparse_report(&d, pad, sizeof pad, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MIN);
}

/* A short report updates what it holds and leaves the rest. */
static void short_report(void **state)
{
	const uint8_t r[3] = { 0x01, 0x00, 0xFF };

	(void)state;
	parse_pad(padfix_ds4_rdesc, sizeof padfix_ds4_rdesc);
	st.buttons = 0x10;
	assert_true(hidparse_report(&d, r, sizeof r, &st));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MAX);
	assert_int_equal(st.buttons, 0x10);
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_false(hidparse_report(&d, r, 0, &st));
}

/* Garbage refused, each with its reason. */
static void garbage_refused(void **state)
{
	static const struct {
		uint8_t bytes[18];
		size_t len;
		const char *reason;
	} rows[] = {
		{ { 0x05, 0x01, 0x09, 0x05, 0xA1, 0x01, 0x26, 0xFF }, 8, "truncated item at byte 6" },
		{ { 0xFE, 0x05, 0x00, 0x01 }, 4, "truncated long item at byte 0" },
		{ { 0xC0 }, 1, "END_COLLECTION without COLLECTION at byte 0" },
		{ { 0x09, 0x05, 0xA1, 0x01 }, 4, "collection not ended at byte 4" },
		{ { 0xB4 }, 1, "POP without PUSH at byte 0" },
		{ { 0xA4, 0xA4, 0xA4, 0xA4, 0xA4 }, 5, "PUSH too deep at byte 4" },
		{ { 0xA4 }, 1, "PUSH without POP at byte 1" },
		{ { 0x85, 0x00 }, 2, "report id not 1..255 at byte 0" },
		{ { 0x0C }, 1, "reserved item type at byte 0" },
		{ { 0x76, 0x00, 0x10 }, 3, "report size over 1024 bits at byte 0" },
		{ { 0x75, 0x08, 0x96, 0x01, 0x01, 0x81, 0x02 }, 7, "input report longer than 256 bytes at byte 5" },
		{ { 0x75, 0x08, 0x95, 0x01, 0x81, 0x02, 0x85, 0x01, 0x81, 0x02 }, 10,
		  "input items with and without report id at byte 10" },
		{ { 0x05, 0x01, 0x09, 0x05, 0xA1, 0x00, 0xC0 }, 7, "no application collection at byte 7" },
		{ { 0xA1, 0x00, 0xA1, 0x00, 0xA1, 0x00, 0xA1, 0x00, 0xA1, 0x00, 0xA1, 0x00, 0xA1, 0x00, 0xA1, 0x00, 0xA1,
		    0x00 }, 18, "collections nested too deep at byte 16" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		bool ok = hidparse_desc(rows[i].bytes, rows[i].len, &d);

		assert_row(!ok, "row %zu accepted", i);
		assert_row(strcmp(d.reason, rows[i].reason) == 0, "row %zu: \"%s\"", i, d.reason);
	}
	assert_false(hidparse_desc(padfix_ds4_rdesc, HIDPARSE_MAX_DESC + 1, &d));
	assert_false(hidparse_desc(padfix_ds4_rdesc, sizeof padfix_ds4_rdesc - 1, &d));    /* its last End Collection cut */
	assert_string_equal(d.reason, "collection not ended at byte 506");
}

/* Every cut of every published descriptor: refused or parsed, never read past the end (ASan watches). */
static void every_prefix_is_safe(void **state)
{
	static const struct {
		const uint8_t *bytes;
		size_t len;
	} descs[] = {
		{ padfix_ds4_rdesc, sizeof padfix_ds4_rdesc }, { padfix_dragonrise_rdesc, sizeof padfix_dragonrise_rdesc },
		{ padfix_f310_rdesc, sizeof padfix_f310_rdesc }, { padfix_8bitdo_rdesc, sizeof padfix_8bitdo_rdesc },
		{ padfix_tablet_rdesc, sizeof padfix_tablet_rdesc },
	};
	int accepted = 0;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(descs); i++)
		for (size_t n = 0; n <= descs[i].len; n++) {
			uint8_t *copy = malloc(n ? n : 1);

			memcpy(copy, descs[i].bytes, n);
			accepted += hidparse_desc(copy, n, &d);
			free(copy);
		}
	assert_int_equal(accepted, 5 + 1);      /* the whole of each, and the 8BitDo without its stray 0x00 */
}

/* Scaling: the ends, the centre, an empty range. */
static void scaling(void **state)
{
	(void)state;
	assert_int_equal(hidparse_scale(0, 0, 255), PAD_AXIS_MIN);
	assert_int_equal(hidparse_scale(255, 0, 255), PAD_AXIS_MAX);
	assert_int_equal(hidparse_scale(0, -127, 127), 0);
	assert_int_equal(hidparse_scale(-32768, -32768, 32767), PAD_AXIS_MIN);
	assert_int_equal(hidparse_scale(300, 0, 255), PAD_AXIS_MAX);
	assert_int_equal(hidparse_scale(5, 7, 7), 0);
	assert_int_equal(hidparse_scale(INT32_MAX, INT32_MIN, INT32_MAX), PAD_AXIS_MAX);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(ds4_controls),
	cmocka_unit_test(ds4_reports),
	cmocka_unit_test(dragonrise),
	cmocka_unit_test(f310),
	cmocka_unit_test(eightbitdo),
	cmocka_unit_test(qemu_tablet),
	cmocka_unit_test(xbox360_layout),
	cmocka_unit_test(push_pop_and_long_items),
	cmocka_unit_test(locals_and_ranges),
	cmocka_unit_test(array_buttons),
	cmocka_unit_test(dpad_usages_make_the_hat),
	cmocka_unit_test(second_collection_with_report_ids),
	cmocka_unit_test(short_report),
	cmocka_unit_test(garbage_refused),
	cmocka_unit_test(every_prefix_is_safe),
	cmocka_unit_test(scaling),
};

int main(int argc, char **argv)
{
	if (testmain_filter("hidparse", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("hidparse", tests, NULL, NULL);
}
