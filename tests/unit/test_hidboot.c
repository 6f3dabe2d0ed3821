/* test_hidboot.c: HID boot-keyboard reports diffed into key events, and every key the game names reachable from USB. */
#include "testmain.h"

#include "kbdscan.h"
#include "keymap.h"
#include "keys.h"
#include "usbhid.h"

#define U_A      0x04
#define U_B      0x05
#define U_Z      0x1D
#define U_SPACE  0x2C
#define U_RIGHT  0x4F
#define U_LEFT   0x50
#define U_LCTRL  0xE0
#define U_LSHIFT 0xE1
#define U_RALT   0xE6

static uint8_t prev[HID_BOOT_REPORT_LEN];
static HidKeyEvent ev[HID_EVENTS_MAX];

static int fresh(void **state)
{
	(void)state;
	memset(prev, 0, sizeof prev);
	return 0;
}

/* Diff one 8-byte report: modifiers, then up to six usages. */
static int report(uint8_t mods, uint8_t k0, uint8_t k1, uint8_t k2, uint8_t k3, uint8_t k4, uint8_t k5)
{
	const uint8_t r[HID_BOOT_REPORT_LEN] = { mods, 0, k0, k1, k2, k3, k4, k5 };

	memset(ev, 0xEE, sizeof ev);
	return hidboot_diff(prev, r, sizeof r, ev);
}

#define assert_event(i, u, d) do {                                              \
		assert_int_equal(ev[i].usage, (u));                             \
		assert_int_equal(ev[i].down, (d));                              \
	} while (0)

static void press_then_release(void **state)
{
	(void)state;
	assert_int_equal(report(0, U_RIGHT, 0, 0, 0, 0, 0), 1);
	assert_event(0, U_RIGHT, true);
	assert_int_equal(report(0, 0, 0, 0, 0, 0, 0), 1);
	assert_event(0, U_RIGHT, false);
}

static void several_keys_come_and_go_in_any_slot(void **state)
{
	(void)state;
	assert_int_equal(report(0, U_RIGHT, U_SPACE, 0, 0, 0, 0), 2);
	assert_event(0, U_RIGHT, true);
	assert_event(1, U_SPACE, true);
	/* Right released, Space moves to slot 0 (keyboards compact the array), A and Z pressed */
	assert_int_equal(report(0, U_SPACE, U_A, U_Z, 0, 0, 0), 3);
	assert_event(0, U_RIGHT, false);
	assert_event(1, U_A, true);
	assert_event(2, U_Z, true);
	assert_int_equal(report(0, U_A, U_SPACE, U_Z, U_B, U_LEFT, 0x30), 3);  /* reordered: only B, Left, ] new */
}

static void modifier_bits_are_keys(void **state)
{
	(void)state;
	assert_int_equal(report(0x01, 0, 0, 0, 0, 0, 0), 1);       /* left Ctrl */
	assert_event(0, U_LCTRL, true);
	assert_int_equal(report(0x01 | 0x02 | 0x40, U_A, 0, 0, 0, 0, 0), 3);
	assert_event(0, U_LSHIFT, true);
	assert_event(1, U_RALT, true);
	assert_event(2, U_A, true);
	assert_int_equal(report(0x40, U_A, 0, 0, 0, 0, 0), 2);
	assert_event(0, U_LCTRL, false);
	assert_event(1, U_LSHIFT, false);
}

/* Boot reports give modifiers as bits; a modifier usage in a key slot (bad firmware, fuzzing) is no second key. */
static void modifier_usage_in_a_key_slot_is_ignored(void **state)
{
	(void)state;
	assert_int_equal(report(0x02, U_LSHIFT, 0, 0, 0, 0, 0), 1);
	assert_event(0, U_LSHIFT, true);
	assert_int_equal(report(0x00, U_LSHIFT, 0, 0, 0, 0, 0), 1);       /* the bit decides */
	assert_event(0, U_LSHIFT, false);
}

static void rollover_report_changes_nothing(void **state)
{
	uint8_t before[HID_BOOT_REPORT_LEN];

	(void)state;
	report(0x01, U_RIGHT, U_SPACE, 0, 0, 0, 0);
	memcpy(before, prev, sizeof before);
	assert_int_equal(report(0x01, 1, 1, 1, 1, 1, 1), -1);      /* ErrorRollOver */
	assert_memory_equal(prev, before, sizeof before);
	assert_int_equal(report(0x00, 1, 1, 1, 1, 1, 1), -1);      /* even the modifiers are not trusted */
	assert_memory_equal(prev, before, sizeof before);
	assert_int_equal(report(0x01, U_RIGHT, 0, 0, 0, 0, 0), 1);        /* back to normal: only Space up */
	assert_event(0, U_SPACE, false);
}

static void same_report_twice_is_silent(void **state)
{
	(void)state;
	assert_int_equal(report(0x02, U_RIGHT, U_A, 0, 0, 0, 0), 3);
	assert_int_equal(report(0x02, U_RIGHT, U_A, 0, 0, 0, 0), 0);
	assert_int_equal(report(0x02, U_A, U_RIGHT, 0, 0, 0, 0), 0);
}

static void short_long_and_repeated_reports(void **state)
{
	const uint8_t three[3] = { 0, 0, U_RIGHT };
	const uint8_t two[2] = { 0x01, 0 };
	const uint8_t nine[9] = { 0, 0, U_A, 0, 0, 0, 0, 0, U_B };
	const uint8_t dup[8] = { 0, 0, U_A, U_A, 0, 0, 0, 0 };

	(void)state;
	assert_int_equal(hidboot_diff(prev, two, sizeof two, ev), -1);         /* no key bytes: ignored */
	assert_int_equal(hidboot_diff(prev, three, sizeof three, ev), 1);      /* short: the rest is zeros */
	assert_event(0, U_RIGHT, true);
	assert_int_equal(hidboot_diff(prev, nine, sizeof nine, ev), 2);        /* byte 9 not looked at */
	assert_event(0, U_RIGHT, false);
	assert_event(1, U_A, true);
	assert_int_equal(hidboot_diff(prev, dup, sizeof dup, ev), 0);          /* A twice is A once */
	memset(prev, 0, sizeof prev);
	assert_int_equal(hidboot_diff(prev, dup, sizeof dup, ev), 1);
	assert_int_equal(report(0, 0, 0, 0, 0, 0, 0), 1);                      /* and comes up once */
}

/* Every key the game names (game/engine/keys.h), with the USB usage that must give it. */
static const struct {
	uint8_t gk, usage;
} named[] = {
	{ GK_ESC, 0x29 }, { GK_1, 0x1E }, { GK_2, 0x1F }, { GK_3, 0x20 }, { GK_4, 0x21 }, { GK_5, 0x22 },
	{ GK_6, 0x23 }, { GK_7, 0x24 }, { GK_8, 0x25 }, { GK_9, 0x26 }, { GK_0, 0x27 }, { GK_MINUS, 0x2D },
	{ GK_EQUALS, 0x2E }, { GK_BACKSPACE, 0x2A }, { GK_TAB, 0x2B },
	{ GK_Q, 0x14 }, { GK_W, 0x1A }, { GK_E, 0x08 }, { GK_R, 0x15 }, { GK_T, 0x17 }, { GK_Y, 0x1C },
	{ GK_U, 0x18 }, { GK_I, 0x0C }, { GK_O, 0x12 }, { GK_P, 0x13 }, { GK_LBRACKET, 0x2F },
	{ GK_RBRACKET, 0x30 }, { GK_ENTER, 0x28 }, { GK_CTRL, 0xE0 },
	{ GK_A, 0x04 }, { GK_S, 0x16 }, { GK_D, 0x07 }, { GK_F, 0x09 }, { GK_G, 0x0A }, { GK_H, 0x0B },
	{ GK_J, 0x0D }, { GK_K, 0x0E }, { GK_L, 0x0F }, { GK_SEMICOLON, 0x33 }, { GK_QUOTE, 0x34 },
	{ GK_BACKQUOTE, 0x35 }, { GK_LSHIFT, 0xE1 }, { GK_BACKSLASH, 0x31 },
	{ GK_Z, 0x1D }, { GK_X, 0x1B }, { GK_C, 0x06 }, { GK_V, 0x19 }, { GK_B, 0x05 }, { GK_N, 0x11 },
	{ GK_M, 0x10 }, { GK_COMMA, 0x36 }, { GK_PERIOD, 0x37 }, { GK_SLASH, 0x38 }, { GK_RSHIFT, 0xE5 },
	{ GK_PAD_STAR, 0x55 }, { GK_ALT, 0xE2 }, { GK_SPACE, 0x2C }, { GK_CAPS_LOCK, 0x39 },
	{ GK_F1, 0x3A }, { GK_F2, 0x3B }, { GK_F3, 0x3C }, { GK_F4, 0x3D }, { GK_F5, 0x3E }, { GK_F6, 0x3F },
	{ GK_F7, 0x40 }, { GK_F8, 0x41 }, { GK_F9, 0x42 }, { GK_F10, 0x43 }, { GK_F11, 0x44 },
	{ GK_F12, 0x45 }, { GK_NUM_LOCK, 0x53 }, { GK_SCROLL_LOCK, 0x47 },
	{ GK_HOME, 0x4A }, { GK_UP, 0x52 }, { GK_PGUP, 0x4B }, { GK_PAD_MINUS, 0x56 }, { GK_LEFT, 0x50 },
	{ GK_PAD_5, 0x5D }, { GK_RIGHT, 0x4F }, { GK_PAD_PLUS, 0x57 }, { GK_END, 0x4D }, { GK_DOWN, 0x51 },
	{ GK_PGDN, 0x4E }, { GK_INS, 0x49 }, { GK_DEL, 0x4C }, { GK_INTL, 0x64 },
};

static void every_named_key_has_its_usage(void **state)
{
	bool seen[GK_COUNT] = { false };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(named); i++) {
		uint8_t key = hidboot_key(named[i].usage);

		assert_row(key != 0, "usage 0x%02X (%s) has no key code", named[i].usage, key_name(named[i].gk));
		assert_row(keymap_key(key) == named[i].gk, "usage 0x%02X gives %s, want %s", named[i].usage,
		    key_name(keymap_key(key)), key_name(named[i].gk));
		seen[named[i].gk] = true;
	}
	for (int gk = GK_NONE + 1; gk < GK_KEYBOARD_COUNT; gk++)      /* the pads' keys come from kernel/input/padmap.c */
		assert_row(seen[gk], "game key %s has no row here", key_name((uint8_t)gk));
}

/* The twins a PS/2 keyboard folds (right Ctrl/Alt, keypad arrows and Enter) fold the same from USB. */
static void twins_and_unnamed_keys(void **state)
{
	static const struct { uint8_t usage, gk; } rows[] = {
		{ 0xE4, GK_CTRL }, { 0xE6, GK_ALT }, { 0x58, GK_ENTER }, { 0x54, GK_SLASH },
		{ 0x5C, GK_LEFT }, { 0x5E, GK_RIGHT }, { 0x60, GK_UP }, { 0x5A, GK_DOWN },
		{ 0x32, GK_BACKSLASH },                         /* non-US # is the same key position */
		{ 0xE3, GK_NONE }, { 0xE7, GK_NONE }, { 0x65, GK_NONE }, { 0x46, GK_NONE },  /* GUI, Menu, PrtSc */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row(keymap_key(hidboot_key(rows[i].usage)) == rows[i].gk, "usage 0x%02X gives %s",
		    rows[i].usage, key_name(keymap_key(hidboot_key(rows[i].usage))));
	for (int u = 0; u < 4; u++)
		assert_int_equal(hidboot_key((uint8_t)u), 0);           /* none, rollover, POST fail, undefined */
	assert_int_equal(hidboot_key(0x48), 0);                     /* Pause: no key code, as on PS/2 */
}

/* Reports into the PS/2 decoder's table: down while held, one press queued, up when gone. */
static void reports_feed_the_shared_key_table(void **state)
{
	KbdState k;
	uint8_t key;
	int n;

	(void)state;
	kbdscan_reset(&k);
	kbdscan_byte(&k, 0x1D);                                     /* PS/2 left Ctrl down too */
	n = report(0, U_RIGHT, 0, 0, 0, 0, 0);
	for (int i = 0; i < n; i++)
		kbdscan_key(&k, hidboot_key(ev[i].usage), ev[i].down);
	n = report(0, U_RIGHT, 0, 0, 0, 0, 0);                      /* held: no second press */
	for (int i = 0; i < n; i++)
		kbdscan_key(&k, hidboot_key(ev[i].usage), ev[i].down);
	assert_true(k.down[KEY_RIGHT]);
	assert_true(k.down[KEY_LCTRL]);
	assert_true(kbdscan_pop(&k, &key));
	assert_int_equal(key, KEY_LCTRL);
	assert_true(kbdscan_pop(&k, &key));
	assert_int_equal(key, KEY_RIGHT);
	assert_false(kbdscan_pop(&k, &key));
	n = report(0, 0, 0, 0, 0, 0, 0);
	for (int i = 0; i < n; i++)
		kbdscan_key(&k, hidboot_key(ev[i].usage), ev[i].down);
	assert_false(k.down[KEY_RIGHT]);
	assert_true(k.down[KEY_LCTRL]);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(press_then_release, fresh),
	cmocka_unit_test_setup(several_keys_come_and_go_in_any_slot, fresh),
	cmocka_unit_test_setup(modifier_bits_are_keys, fresh),
	cmocka_unit_test_setup(modifier_usage_in_a_key_slot_is_ignored, fresh),
	cmocka_unit_test_setup(rollover_report_changes_nothing, fresh),
	cmocka_unit_test_setup(same_report_twice_is_silent, fresh),
	cmocka_unit_test_setup(short_long_and_repeated_reports, fresh),
	cmocka_unit_test(every_named_key_has_its_usage),
	cmocka_unit_test(twins_and_unnamed_keys),
	cmocka_unit_test_setup(reports_feed_the_shared_key_table, fresh),
};

int main(int argc, char **argv)
{
	if (testmain_filter("hidboot", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("hidboot", tests, NULL, NULL);
}
