/* test_x360rep.c: an Xbox 360 wired pad's 20-byte report to a PadState (drivers/usb/x360rep.c) — as Linux's xpad reads it. */
#include "testmain.h"

#include "x360rep.h"

static PadState st;

static int fresh(void **state)
{
	(void)state;
	memset(&st, 0x5A, sizeof st);
	x360rep_init(&st);
	return 0;
}

/* A report: buttons (byte 2, byte 3), triggers, sticks LX LY RX RY (signed, little-endian). */
static bool report(uint16_t buttons, uint8_t lt, uint8_t rt, int16_t lx, int16_t ly, int16_t rx, int16_t ry)
{
	uint8_t r[X360_REPORT_LEN] = { 0x00, 0x14, (uint8_t)buttons, (uint8_t)(buttons >> 8), lt, rt,
		(uint8_t)lx, (uint8_t)(lx >> 8), (uint8_t)ly, (uint8_t)(ly >> 8), (uint8_t)rx, (uint8_t)(rx >> 8),
		(uint8_t)ry, (uint8_t)(ry >> 8) };

	return x360rep_report(r, sizeof r, &st);
}

static void at_rest(void **state)
{
	(void)state;
	assert_int_equal(st.axes_used, 0x3F);
	assert_int_equal(st.buttons_used, 11);
	assert_true(st.has_hat);
	assert_int_equal(st.hat, PAD_HAT_NONE);
	assert_int_equal(st.axis[PAD_AXIS_Z], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_X], 0);
	assert_int_equal(st.buttons, 0);
}

/* xpad's bits: byte 2 D-pad up down left right, Start, Back, L3, R3; byte 3 LB RB Guide, -, A B X Y. */
static void buttons_in_order(void **state)
{
	static const struct {
		uint16_t bits;
		uint32_t buttons;
	} rows[] = {
		{ 0x1000, 1u << 0 }, { 0x2000, 1u << 1 }, { 0x4000, 1u << 2 }, { 0x8000, 1u << 3 },     /* A B X Y */
		{ 0x0100, 1u << 4 }, { 0x0200, 1u << 5 },                                               /* LB RB */
		{ 0x0020, 1u << 6 }, { 0x0010, 1u << 7 },                                               /* Back Start */
		{ 0x0040, 1u << 8 }, { 0x0080, 1u << 9 }, { 0x0400, 1u << 10 },                         /* L3 R3 Guide */
		{ 0x0800, 0 }, { 0x000F, 0 },                   /* the unused bit; the D-pad is the hat, not buttons */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		assert_true(report(rows[i].bits, 0, 0, 0, 0, 0, 0));
		assert_row(st.buttons == rows[i].buttons, "bits %04x: buttons %08x", rows[i].bits, st.buttons);
	}
}

static void dpad_is_the_hat(void **state)
{
	static const struct {
		uint8_t bits;
		uint8_t hat;
	} rows[] = {
		{ 0x00, PAD_HAT_NONE }, { 0x01, 0 }, { 0x09, 1 }, { 0x08, 2 }, { 0x0A, 3 }, { 0x02, 4 }, { 0x06, 5 },
		{ 0x04, 6 }, { 0x05, 7 }, { 0x03, PAD_HAT_NONE }, { 0x0C, PAD_HAT_NONE }, { 0x0F, PAD_HAT_NONE },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		assert_true(report(rows[i].bits, 0, 0, 0, 0, 0, 0));
		assert_row(st.hat == rows[i].hat, "bits %x: hat %d", rows[i].bits, st.hat);
	}
}

/* Sticks: X as it is, Y turned (+ is down in a PadState), -32768 kept inside the range; triggers 0..255. */
static void sticks_and_triggers(void **state)
{
	(void)state;
	assert_true(report(0, 255, 0, -32768, 32767, 32767, -32768));
	assert_int_equal(st.axis[PAD_AXIS_X], PAD_AXIS_MIN);
	assert_int_equal(st.axis[PAD_AXIS_Y], PAD_AXIS_MIN);    /* pushed up */
	assert_int_equal(st.axis[PAD_AXIS_RX], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_RY], PAD_AXIS_MAX);   /* pulled down */
	assert_int_equal(st.axis[PAD_AXIS_Z], PAD_AXIS_MAX);
	assert_int_equal(st.axis[PAD_AXIS_RZ], PAD_AXIS_MIN);
	assert_true(report(0, 0, 128, 1000, 0, 0, 0));
	assert_int_equal(st.axis[PAD_AXIS_X], 1000);
	assert_int_equal(st.axis[PAD_AXIS_Y], -1);
	assert_int_equal(st.axis[PAD_AXIS_RZ], 128);
}

/* LED and rumble status packets, short ones, an input report whose length byte is too small: not reports. */
static void other_packets_change_nothing(void **state)
{
	const uint8_t led[3] = { 0x01, 0x03, 0x06 }, rumble[3] = { 0x03, 0x03, 0x03 };
	const uint8_t shrt[13] = { 0x00, 0x14, 0xFF, 0xFF };
	uint8_t small[20] = { 0x00, 0x0D, 0xFF, 0xFF };
	PadState before;

	(void)state;
	assert_true(report(0x1000, 0, 0, 5, 5, 5, 5));
	before = st;
	assert_false(x360rep_report(led, sizeof led, &st));
	assert_false(x360rep_report(rumble, sizeof rumble, &st));
	assert_false(x360rep_report(shrt, sizeof shrt, &st));
	assert_false(x360rep_report(small, sizeof small, &st));
	assert_false(x360rep_report(small, 0, &st));
	assert_memory_equal(&before, &st, sizeof st);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(at_rest, fresh),
	cmocka_unit_test_setup(buttons_in_order, fresh),
	cmocka_unit_test_setup(dpad_is_the_hat, fresh),
	cmocka_unit_test_setup(sticks_and_triggers, fresh),
	cmocka_unit_test_setup(other_packets_change_nothing, fresh),
};

int main(int argc, char **argv)
{
	if (testmain_filter("x360rep", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("x360rep", tests, NULL, NULL);
}
