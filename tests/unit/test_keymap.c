/* test_keymap.c: scancode keys to game keys (grey twins folded, unnamed keys none), and the default bindings giving the old fixed key map. */
#include "testmain.h"

#include "controls.h"
#include "input.h"
#include "kbdscan.h"
#include "keymap.h"
#include "keys.h"

/* Through the default bindings, what the fixed key table gave before remapping: the same buttons. */
static const struct {
	const char *name;
	uint8_t key;
	int button;
} game_keys[] = {
	{ "Left arrow (E0 4B)",    KEY_LEFT,     BTN_LEFT },
	{ "keypad 4 / old Left",   KEY_KP_LEFT,  BTN_LEFT },
	{ "Right arrow (E0 4D)",   KEY_RIGHT,    BTN_RIGHT },
	{ "keypad 6 / old Right",  KEY_KP_RIGHT, BTN_RIGHT },
	{ "Up arrow (E0 48)",      KEY_UP,       BTN_UP },
	{ "keypad 8 / old Up",     KEY_KP_UP,    BTN_UP },
	{ "Down arrow (E0 50)",    KEY_DOWN,     BTN_DOWN },
	{ "keypad 2 / old Down",   KEY_KP_DOWN,  BTN_DOWN },
	{ "left Ctrl",             KEY_LCTRL,    BTN_JUMP },
	{ "right Ctrl (E0 1D)",    KEY_RCTRL,    BTN_JUMP },
	{ "left Alt",              KEY_LALT,     BTN_JUMP },
	{ "right Alt (E0 38)",     KEY_RALT,     BTN_JUMP },
	{ "Space",                 KEY_SPACE,    BTN_FIRE },
	{ "B",                     KEY_B,        BTN_BOMB },
	{ "Z (0x2C)",              0x2C,         BTN_KICK },
	{ "P",                     KEY_P,        BTN_PAUSE },
	{ "Esc",                   KEY_ESC,      BTN_PAUSE },
	{ "Enter",                 KEY_ENTER,    BTN_ENTER },
	{ "keypad Enter (E0 1C)",  KEY_KP_ENTER, BTN_ENTER },
};

static Controls defaults;

static int setup(void **state)
{
	(void)state;
	controls_defaults(&defaults);
	return 0;
}

/* The old keymap_button: the button a scancode key gives with the default bindings, or -1. */
static int default_button(uint8_t key)
{
	uint16_t b = controls_buttons(&defaults, keymap_key(key));

	for (int i = 0; i < BTN_COUNT; i++)
		if (b == BTN_BIT(i))
			return i;
	assert_int_equal(b, 0);                 /* never two buttons from one key */
	return -1;
}

/* The key codes are the set-1 make codes (0x80 | code after E0), as kbdscan produces them. */
static void key_codes_are_set1_make_codes(void **state)
{
	(void)state;
	assert_int_equal(KEY_LEFT, 0xCB);
	assert_int_equal(KEY_RIGHT, 0xCD);
	assert_int_equal(KEY_UP, 0xC8);
	assert_int_equal(KEY_DOWN, 0xD0);
	assert_int_equal(KEY_KP_LEFT, 0x4B);
	assert_int_equal(KEY_LCTRL, 0x1D);
	assert_int_equal(KEY_RCTRL, 0x9D);
	assert_int_equal(KEY_LALT, 0x38);
	assert_int_equal(KEY_RALT, 0xB8);
	assert_int_equal(KEY_SPACE, 0x39);
}

static void default_bindings_give_the_old_key_map(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(game_keys); i++) {
		int b = default_button(game_keys[i].key);

		assert_row(b == game_keys[i].button, "%s (0x%02X): button %d, want %d",
		    game_keys[i].name, game_keys[i].key, b, game_keys[i].button);
	}
}

/* Every other key code, 0x00..0xFF, gives no button with the defaults. */
static void all_other_keys_give_no_button_by_default(void **state)
{
	(void)state;
	for (int k = 0; k < KBD_KEYS; k++) {
		bool listed = false;

		for (size_t i = 0; i < ARRAY_LEN(game_keys); i++)
			listed |= game_keys[i].key == k;
		if (!listed)
			assert_row(default_button((uint8_t)k) == -1, "key 0x%02X: button %d, want -1", k,
			    default_button((uint8_t)k));
	}
}

/* Letters, digits, F-keys and the rest have names the player can bind. */
static void scancodes_name_the_keys(void **state)
{
	static const struct {
		uint8_t sc, key;
	} rows[] = {
		{ 0x01, GK_ESC }, { 0x02, GK_1 }, { 0x0B, GK_0 }, { 0x0E, GK_BACKSPACE }, { 0x0F, GK_TAB },
		{ 0x10, GK_Q }, { 0x19, GK_P }, { 0x1E, GK_A }, { 0x26, GK_L }, { 0x2C, GK_Z }, { 0x32, GK_M },
		{ 0x2A, GK_LSHIFT }, { 0x36, GK_RSHIFT }, { 0x39, GK_SPACE }, { 0x3A, GK_CAPS_LOCK },
		{ 0x3B, GK_F1 }, { 0x44, GK_F10 }, { 0x57, GK_F11 }, { 0x58, GK_F12 }, { 0x56, GK_INTL },
		{ 0x27, GK_SEMICOLON }, { 0x2B, GK_BACKSLASH }, { 0x35, GK_SLASH }, { 0x4C, GK_PAD_5 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row(keymap_key(rows[i].sc) == rows[i].key, "scancode 0x%02X: %s, want %s", rows[i].sc,
		    key_name(keymap_key(rows[i].sc)), key_name(rows[i].key));
}

/* The grey keys are their twins (DOS games ignored E0); E0 keys without a twin are no named key. */
static void grey_keys_are_their_twins_and_other_e0_keys_none(void **state)
{
	static const uint8_t twins[] = { 0x1C, 0x1D, 0x35, 0x38, 0x47, 0x48, 0x49, 0x4B, 0x4D, 0x4F, 0x50,
	    0x51, 0x52, 0x53 };

	(void)state;
	for (int k = 0x80; k < KBD_KEYS; k++) {
		bool twin = false;

		for (size_t i = 0; i < ARRAY_LEN(twins); i++)
			twin |= (k & 0x7F) == twins[i];
		if (twin)
			assert_row(keymap_key((uint8_t)k) == keymap_key((uint8_t)(k & 0x7F)) &&
			    keymap_key((uint8_t)k) != GK_NONE, "E0 %02X: %s", k & 0x7F, key_name(keymap_key((uint8_t)k)));
		else
			assert_row(keymap_key((uint8_t)k) == GK_NONE, "E0 %02X: %s, want none", k & 0x7F,
			    key_name(keymap_key((uint8_t)k)));
	}
	assert_int_equal(keymap_key(0x00), GK_NONE);
	assert_int_equal(keymap_key(0x80 | 0x5B), GK_NONE);     /* left Windows key */
}

/* Every keyboard key comes from some scancode: nothing the Controls screen could ask for is unreachable (pads: test_padmap). */
static void every_game_key_has_a_scancode(void **state)
{
	(void)state;
	for (int k = 0; k < KBD_KEYS; k++)
		assert_row(!key_is_pad(keymap_key((uint8_t)k)), "scancode key %02x gives a pad's key", k);
	for (int g = GK_NONE + 1; g < GK_KEYBOARD_COUNT; g++) {
		bool found = false;

		for (int k = 0; k < 0x80; k++)
			found |= keymap_key((uint8_t)k) == g;
		assert_row(found, "%s has no scancode", key_name((uint8_t)g));
	}
}

/* Kick was added after the others: its bit comes last, so recorded demos keep their meaning. */
static void kick_is_the_last_button(void **state)
{
	(void)state;
	assert_int_equal(BTN_LEFT, 0);
	assert_int_equal(BTN_JUMP, 4);
	assert_int_equal(BTN_FIRE, 5);
	assert_int_equal(BTN_BOMB, 6);
	assert_int_equal(BTN_PAUSE, 7);
	assert_int_equal(BTN_ENTER, 8);
	assert_int_equal(BTN_KICK, 9);
	assert_int_equal(BTN_COUNT, 10);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(key_codes_are_set1_make_codes),
	cmocka_unit_test(kick_is_the_last_button),
	cmocka_unit_test_setup(default_bindings_give_the_old_key_map, setup),
	cmocka_unit_test_setup(all_other_keys_give_no_button_by_default, setup),
	cmocka_unit_test(scancodes_name_the_keys),
	cmocka_unit_test(grey_keys_are_their_twins_and_other_e0_keys_none),
	cmocka_unit_test(every_game_key_has_a_scancode),
};

int main(int argc, char **argv)
{
	if (testmain_filter("keymap", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("keymap", tests, NULL, NULL);
}
