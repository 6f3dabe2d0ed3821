/* test_keymap.c: which keys drive which game buttons — arrows or keypad, Ctrl/Alt jump, Space fire, B bomb, Z kick, others nothing. */
#include "testmain.h"

#include "input.h"
#include "kbdscan.h"
#include "keymap.h"

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

static void game_keys_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(game_keys); i++) {
		int b = keymap_button(game_keys[i].key);

		assert_row(b == game_keys[i].button, "%s (0x%02X): button %d, want %d",
		    game_keys[i].name, game_keys[i].key, b, game_keys[i].button);
	}
}

/* Every other key code, 0x00..0xFF, is not a game key. */
static void all_other_keys_map_to_minus_one(void **state)
{
	(void)state;
	for (int k = 0; k < KBD_KEYS; k++) {
		bool listed = false;
		int b = keymap_button((uint8_t)k);

		for (size_t i = 0; i < ARRAY_LEN(game_keys); i++)
			listed |= game_keys[i].key == k;
		if (!listed)
			assert_row(b == -1, "key 0x%02X: button %d, want -1", k, b);
	}
}

static void some_familiar_non_game_keys(void **state)
{
	static const uint8_t keys[] = {
		0x00, KEY_1, KEY_LSHIFT, KEY_RSHIFT, 0x10 /* Q */, 0x1E /* A */, 0x0E /* Backspace */,
		0x25 /* K */, 0x2D /* X */, 0xAC /* Z with an E0 prefix is not Z */,
		0x0F /* Tab */, 0x3B /* F1 */, 0x47 /* keypad 7 */, 0xC7 /* Home */, 0x80, 0xFF,
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(keys); i++)
		assert_row(keymap_button(keys[i]) == -1, "key 0x%02X", keys[i]);
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
	cmocka_unit_test(game_keys_table),
	cmocka_unit_test(all_other_keys_map_to_minus_one),
	cmocka_unit_test(some_familiar_non_game_keys),
};

int main(int argc, char **argv)
{
	if (testmain_filter("keymap", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("keymap", tests, NULL, NULL);
}
