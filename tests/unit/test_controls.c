/* test_controls.c: the binding table — defaults, rebinding and its refusals, restoring, keys to buttons, key hints, keys= parsing. */
#include "testmain.h"

#include "controls.h"
#include "input.h"
#include "keys.h"

static Controls c;

static int defaults(void **state)
{
	(void)state;
	memset(&c, 0xA5, sizeof c);
	controls_defaults(&c);
	return 0;
}

static void expect_keys(Control a, uint8_t k0, uint8_t k1)
{
	assert_int_equal(c.keys[a][0], k0);
	assert_int_equal(c.keys[a][1], k1);
}

/* The defaults: the fixed map the game had (arrows, Ctrl/Alt jump, Space fire, B bomb, Z kick, P pause). */
static void defaults_are_the_classic_layout(void **state)
{
	static const struct {
		Control a;
		uint8_t k0, k1;
		uint8_t button;
		const char *id;
	} rows[] = {
		{ CTL_LEFT, GK_LEFT, GK_NONE, BTN_LEFT, "left" },
		{ CTL_RIGHT, GK_RIGHT, GK_NONE, BTN_RIGHT, "right" },
		{ CTL_UP, GK_UP, GK_NONE, BTN_UP, "up" },
		{ CTL_DOWN, GK_DOWN, GK_NONE, BTN_DOWN, "down" },
		{ CTL_JUMP, GK_CTRL, GK_ALT, BTN_JUMP, "jump" },
		{ CTL_FIRE, GK_SPACE, GK_NONE, BTN_FIRE, "fire" },
		{ CTL_BOMB, GK_B, GK_NONE, BTN_BOMB, "bomb" },
		{ CTL_KICK, GK_Z, GK_NONE, BTN_KICK, "kick" },
		{ CTL_PAUSE, GK_P, GK_NONE, BTN_PAUSE, "pause" },
	};

	(void)state;
	assert_int_equal(ARRAY_LEN(rows), CTL_COUNT);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		assert_row(c.keys[rows[i].a][0] == rows[i].k0 && c.keys[rows[i].a][1] == rows[i].k1,
		    "%s: keys %s, %s", rows[i].id, key_name(c.keys[rows[i].a][0]), key_name(c.keys[rows[i].a][1]));
		assert_row(control_defs[rows[i].a].button == rows[i].button, "%s: button", rows[i].id);
		assert_string_equal(control_defs[rows[i].a].id, rows[i].id);
	}
	assert_true(controls_are_default(&c));
}

/* Each key gives its action's button; Esc and Enter their fixed ones; other keys nothing. */
static void keys_give_buttons(void **state)
{
	(void)state;
	assert_int_equal(controls_buttons(&c, GK_CTRL), BTN_BIT(BTN_JUMP));
	assert_int_equal(controls_buttons(&c, GK_ALT), BTN_BIT(BTN_JUMP));
	assert_int_equal(controls_buttons(&c, GK_SPACE), BTN_BIT(BTN_FIRE));
	assert_int_equal(controls_buttons(&c, GK_Z), BTN_BIT(BTN_KICK));
	assert_int_equal(controls_buttons(&c, GK_P), BTN_BIT(BTN_PAUSE));
	assert_int_equal(controls_buttons(&c, GK_ESC), BTN_BIT(BTN_PAUSE));
	assert_int_equal(controls_buttons(&c, GK_ENTER), BTN_BIT(BTN_ENTER));
	assert_int_equal(controls_buttons(&c, GK_A), 0);
	assert_int_equal(controls_buttons(&c, GK_Q), 0);
	assert_int_equal(controls_buttons(&c, GK_NONE), 0);
	assert_int_equal(controls_buttons(&c, GK_COUNT), 0);
	assert_int_equal(controls_buttons(&c, 0xFF), 0);
}

static void set_replaces_the_keys_of_one_action(void **state)
{
	int owner = 99;

	(void)state;
	assert_int_equal(controls_set(&c, CTL_JUMP, GK_A, &owner), BIND_OK);
	assert_int_equal(owner, -1);
	expect_keys(CTL_JUMP, GK_A, GK_NONE);
	assert_int_equal(controls_buttons(&c, GK_A), BTN_BIT(BTN_JUMP));
	assert_int_equal(controls_buttons(&c, GK_CTRL), 0);         /* the old keys are free now */
	assert_int_equal(controls_buttons(&c, GK_ALT), 0);
	assert_false(controls_are_default(&c));
	expect_keys(CTL_FIRE, GK_SPACE, GK_NONE);                   /* the others stay */
	expect_keys(CTL_LEFT, GK_LEFT, GK_NONE);
}

/* Setting a key the action already has makes it the only one. */
static void set_to_one_of_its_own_keys(void **state)
{
	(void)state;
	assert_int_equal(controls_set(&c, CTL_JUMP, GK_ALT, NULL), BIND_OK);
	expect_keys(CTL_JUMP, GK_ALT, GK_NONE);
	assert_int_equal(controls_buttons(&c, GK_CTRL), 0);
}

/* A key another action has is refused and says whose it is; nothing changes. NOTE: no swap. */
static void a_key_of_another_action_is_refused(void **state)
{
	static const struct {
		Control a;
		uint8_t key;
		int owner;
	} rows[] = {
		{ CTL_JUMP, GK_SPACE, CTL_FIRE }, { CTL_FIRE, GK_CTRL, CTL_JUMP }, { CTL_FIRE, GK_ALT, CTL_JUMP },
		{ CTL_JUMP, GK_UP, CTL_UP }, { CTL_LEFT, GK_RIGHT, CTL_RIGHT }, { CTL_PAUSE, GK_B, CTL_BOMB },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Controls before = c;
		int owner = -7;

		assert_row(controls_set(&c, rows[i].a, rows[i].key, &owner) == BIND_TAKEN, "row %zu", i);
		assert_row(owner == rows[i].owner, "row %zu: owner %d", i, owner);
		assert_row(controls_add(&c, rows[i].a, rows[i].key, &owner) == BIND_TAKEN, "row %zu add", i);
		assert_row(memcmp(&before, &c, sizeof c) == 0, "row %zu changed the table", i);
	}
}

/* Esc and Enter are fixed; no key at all is no key. */
static void esc_enter_and_none_cannot_be_bound(void **state)
{
	static const uint8_t keys[] = { GK_ESC, GK_ENTER, GK_NONE, GK_COUNT };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(keys); i++) {
		assert_true(controls_reserved(keys[i]));
		assert_row(controls_set(&c, CTL_JUMP, keys[i], NULL) == BIND_RESERVED, "key %d", keys[i]);
		assert_row(controls_add(&c, CTL_FIRE, keys[i], NULL) == BIND_RESERVED, "key %d", keys[i]);
	}
	assert_true(controls_are_default(&c));
	assert_false(controls_reserved(GK_A));
	assert_false(controls_reserved(GK_P));
}

static void add_gives_a_second_key_and_no_third(void **state)
{
	(void)state;
	assert_int_equal(controls_set(&c, CTL_FIRE, GK_S, NULL), BIND_OK);
	assert_int_equal(controls_add(&c, CTL_FIRE, GK_S, NULL), BIND_SAME);
	assert_int_equal(controls_add(&c, CTL_FIRE, GK_D, NULL), BIND_OK);
	expect_keys(CTL_FIRE, GK_S, GK_D);
	assert_int_equal(controls_add(&c, CTL_FIRE, GK_F, NULL), BIND_FULL);
	expect_keys(CTL_FIRE, GK_S, GK_D);
	assert_int_equal(controls_owner(&c, GK_D), CTL_FIRE);
	assert_int_equal(controls_owner(&c, GK_F), -1);
	assert_int_equal(controls_owner(&c, GK_SPACE), -1);
}

static void restoring_the_defaults(void **state)
{
	(void)state;
	controls_set(&c, CTL_JUMP, GK_A, NULL);
	controls_set(&c, CTL_LEFT, GK_J, NULL);
	controls_add(&c, CTL_LEFT, GK_H, NULL);
	assert_false(controls_are_default(&c));
	controls_defaults(&c);
	assert_true(controls_are_default(&c));
	expect_keys(CTL_JUMP, GK_CTRL, GK_ALT);
	expect_keys(CTL_LEFT, GK_LEFT, GK_NONE);
}

/* In the menus the arrows are directions whatever they do in play; other keys as in play. */
static void menus_read_the_arrows_as_arrows(void **state)
{
	(void)state;
	controls_set(&c, CTL_UP, GK_W, NULL);
	controls_set(&c, CTL_JUMP, GK_UP, NULL);
	controls_set(&c, CTL_LEFT, GK_A, NULL);
	controls_set(&c, CTL_FIRE, GK_LEFT, NULL);
	assert_int_equal(controls_buttons(&c, GK_UP), BTN_BIT(BTN_JUMP));
	assert_int_equal(controls_menu_buttons(&c, GK_UP), BTN_BIT(BTN_UP));
	assert_int_equal(controls_buttons(&c, GK_LEFT), BTN_BIT(BTN_FIRE));
	assert_int_equal(controls_menu_buttons(&c, GK_LEFT), BTN_BIT(BTN_LEFT));
	assert_int_equal(controls_menu_buttons(&c, GK_W), BTN_BIT(BTN_UP));
	assert_int_equal(controls_menu_buttons(&c, GK_A), BTN_BIT(BTN_LEFT));
	assert_int_equal(controls_menu_buttons(&c, GK_DOWN), BTN_BIT(BTN_DOWN));
	assert_int_equal(controls_menu_buttons(&c, GK_ENTER), BTN_BIT(BTN_ENTER));
	assert_int_equal(controls_menu_buttons(&c, GK_ESC), BTN_BIT(BTN_PAUSE));
	assert_int_equal(controls_menu_buttons(&c, GK_SPACE), 0);
}

static void keys_text_joins_the_names(void **state)
{
	char buf[32];

	(void)state;
	controls_keys_text(&c, CTL_JUMP, "/", buf, sizeof buf);
	assert_string_equal(buf, "Ctrl/Alt");
	controls_keys_text(&c, CTL_JUMP, " or ", buf, sizeof buf);
	assert_string_equal(buf, "Ctrl or Alt");
	controls_keys_text(&c, CTL_FIRE, "/", buf, sizeof buf);
	assert_string_equal(buf, "Space");
	controls_set(&c, CTL_FIRE, GK_SEMICOLON, NULL);
	controls_add(&c, CTL_FIRE, GK_PAD_5, NULL);
	controls_keys_text(&c, CTL_FIRE, ", ", buf, sizeof buf);
	assert_string_equal(buf, ";, Pad 5");
	controls_keys_text(&c, CTL_FIRE, ", ", buf, 5);
	assert_string_equal(buf, ";, P");                          /* cut, still terminated */
}

/* The instructions' key column: " or ", then "/", then the first keys, whatever fits. */
static void keys_fit_a_column(void **state)
{
	char buf[40];

	(void)state;
	controls_keys_fit(&c, CTL_JUMP, -1, 15, buf, sizeof buf);
	assert_string_equal(buf, "Ctrl or Alt");
	controls_keys_fit(&c, CTL_JUMP, -1, 8, buf, sizeof buf);
	assert_string_equal(buf, "Ctrl/Alt");
	controls_keys_fit(&c, CTL_JUMP, -1, 7, buf, sizeof buf);
	assert_string_equal(buf, "Ctrl");
	controls_keys_fit(&c, CTL_JUMP, -1, 2, buf, sizeof buf);
	assert_string_equal(buf, "Ctrl");                          /* nothing shorter: may overflow */
	controls_keys_fit(&c, CTL_LEFT, CTL_RIGHT, 15, buf, sizeof buf);
	assert_string_equal(buf, "Left, Right");
	controls_add(&c, CTL_LEFT, GK_A, NULL);
	controls_add(&c, CTL_RIGHT, GK_D, NULL);
	controls_keys_fit(&c, CTL_LEFT, CTL_RIGHT, 15, buf, sizeof buf);
	assert_string_equal(buf, "Left/A, Right/D");
	controls_keys_fit(&c, CTL_LEFT, CTL_RIGHT, 14, buf, sizeof buf);
	assert_string_equal(buf, "Left, Right");
	controls_keys_fit(&c, CTL_LEFT, CTL_RIGHT, 40, buf, 8);
	assert_string_equal(buf, "Left or");                       /* cut to the buffer, terminated */
}

/* The status bar's two lines of 28: jump, fire, kick, bomb, pause in order, wrapped. */
static void help_lines_wrap_the_hints(void **state)
{
	static const int w28[CONTROLS_HELP_LINES] = { 28, 28 };
	char lines[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE];

	(void)state;
	controls_help(&c, w28, lines);
	assert_string_equal(lines[0], "Ctrl/Alt jump, Space fire");
	assert_string_equal(lines[1], "Z kick, B bomb, P pause");

	controls_set(&c, CTL_JUMP, GK_A, NULL);
	controls_set(&c, CTL_FIRE, GK_S, NULL);
	controls_help(&c, w28, lines);
	assert_string_equal(lines[0], "A jump, S fire, Z kick");
	assert_string_equal(lines[1], "B bomb, P pause");
}

/* Long names: a hint wider than a line names its first key only; what finds no room is left out. */
static void help_lines_shorten_and_drop_what_does_not_fit(void **state)
{
	static const int w28[CONTROLS_HELP_LINES] = { 28, 28 };
	static const int w14[CONTROLS_HELP_LINES] = { 14, 14 };
	char lines[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE];

	(void)state;
	controls_set(&c, CTL_JUMP, GK_BACKSPACE, NULL);
	controls_add(&c, CTL_JUMP, GK_CAPS_LOCK, NULL);            /* "Backspace/CapsLock jump": 23, fits */
	controls_set(&c, CTL_FIRE, GK_SCROLL_LOCK, NULL);
	controls_add(&c, CTL_FIRE, GK_NUM_LOCK, NULL);
	controls_help(&c, w28, lines);
	assert_string_equal(lines[0], "Backspace/CapsLock jump");
	assert_string_equal(lines[1], "ScrLock/NumLock fire, Z kick");
	for (int i = 0; i < CONTROLS_HELP_LINES; i++)
		assert_true(strlen(lines[i]) <= 28);

	controls_help(&c, w14, lines);                              /* narrow: first keys, then out of room */
	assert_string_equal(lines[0], "Backspace jump");
	assert_string_equal(lines[1], "ScrLock fire");
}

/* keys= that parse, and what they give. */
static void parse_good_values(void **state)
{
	static const struct {
		const char *spec;
		Control a;
		uint8_t k0, k1;
	} rows[] = {
		{ "jump:a", CTL_JUMP, GK_A, GK_NONE },
		{ "jump:a,fire:s", CTL_FIRE, GK_S, GK_NONE },
		{ "JUMP:A", CTL_JUMP, GK_A, GK_NONE },
		{ "jump:a,jump:s", CTL_JUMP, GK_A, GK_S },
		{ "jump:a,jump:a", CTL_JUMP, GK_A, GK_NONE },
		{ "jump:ctrl", CTL_JUMP, GK_CTRL, GK_NONE },
		{ "left:a,right:d,up:w,down:s", CTL_DOWN, GK_S, GK_NONE },
		{ "fire:semicolon", CTL_FIRE, GK_SEMICOLON, GK_NONE },
		{ "fire:;", CTL_FIRE, GK_SEMICOLON, GK_NONE },
		{ "kick:f12", CTL_KICK, GK_F12, GK_NONE },
		{ "pause:tab,bomb:p", CTL_BOMB, GK_P, GK_NONE },       /* P freed by pause first */
		{ "bomb:p,pause:tab", CTL_PAUSE, GK_TAB, GK_NONE },     /* order does not matter */
		{ "fire:ctrl,jump:space", CTL_JUMP, GK_SPACE, GK_NONE }, /* a swap, spelled out */
		{ "bomb:Pad5", CTL_BOMB, GK_PAD_5, GK_NONE },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char err[CONTROLS_ERR_SIZE] = "junk";

		controls_defaults(&c);
		assert_row(controls_parse(&c, rows[i].spec, err, sizeof err), "'%s': %s", rows[i].spec, err);
		assert_row(err[0] == '\0', "'%s': err '%s'", rows[i].spec, err);
		assert_row(c.keys[rows[i].a][0] == rows[i].k0 && c.keys[rows[i].a][1] == rows[i].k1,
		    "'%s': %s has %s, %s", rows[i].spec, control_defs[rows[i].a].id,
		    key_name(c.keys[rows[i].a][0]), key_name(c.keys[rows[i].a][1]));
	}
	controls_defaults(&c);
	assert_true(controls_parse(&c, "jump:a,fire:s", NULL, 0));
	expect_keys(CTL_JUMP, GK_A, GK_NONE);
	expect_keys(CTL_FIRE, GK_S, GK_NONE);
	expect_keys(CTL_KICK, GK_Z, GK_NONE);                   /* not named: the default */
}

/* keys= that do not parse: the message names the bad part; the table is left as it was. */
static void parse_bad_values(void **state)
{
	static const struct {
		const char *spec, *err;
	} rows[] = {
		{ "", "nothing given; want e.g. keys=jump:a,fire:s" },
		{ "jump", "'jump' is not action:key, e.g. jump:a" },
		{ "jump:a,,fire:s", "an empty entry (two commas, or one at an end)" },
		{ "jump:a,", "an empty entry (two commas, or one at an end)" },
		{ ",jump:a", "an empty entry (two commas, or one at an end)" },
		{ "jmp:a", "'jmp' is not an action: left right up down jump fire bomb kick pause" },
		{ ":a", "'' is not an action: left right up down jump fire bomb kick pause" },
		{ "jump:", "'' is not a key: a-z 0-9 f1-f12 ctrl alt space tab left up..." },
		{ "jump:nokey", "'nokey' is not a key: a-z 0-9 f1-f12 ctrl alt space tab left up..." },
		{ "jump:a:b", "'a:b' is not a key: a-z 0-9 f1-f12 ctrl alt space tab left up..." },
		{ "jump:esc", "Esc cannot be bound: Esc always pauses, Enter chooses" },
		{ "fire:enter", "Enter cannot be bound: Esc always pauses, Enter chooses" },
		{ "jump:a,jump:s,jump:d", "jump has more than 2 keys" },
		{ "jump:space", "Space would be both jump and fire (give fire another key)" },
		{ "fire:b", "B would be both fire and bomb (give bomb another key)" },
		{ "jump:a,fire:a", "A would be both jump and fire (give fire another key)" },
		{ "jump:averyveryverylongkeyname", "'averyveryverylongkey...' is not a key: a-z 0-9 f1-f12 ctrl alt space tab "
		    "left up..." },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char err[CONTROLS_ERR_SIZE];
		Controls before;

		controls_defaults(&c);
		before = c;
		assert_row(!controls_parse(&c, rows[i].spec, err, sizeof err), "'%s' parsed", rows[i].spec);
		assert_row(strcmp(err, rows[i].err) == 0, "'%s': '%s', want '%s'", rows[i].spec, err, rows[i].err);
		assert_row(memcmp(&before, &c, sizeof c) == 0, "'%s' changed the table", rows[i].spec);
	}
}

/* Key names: ids and screen names, any case; every key has both, and they are unique. */
static void key_names_find_their_keys(void **state)
{
	(void)state;
	assert_int_equal(key_find("ctrl", 4), GK_CTRL);
	assert_int_equal(key_find("CTRL", 4), GK_CTRL);
	assert_int_equal(key_find("Ctrl", 4), GK_CTRL);
	assert_int_equal(key_find("minus", 5), GK_MINUS);
	assert_int_equal(key_find("-", 1), GK_MINUS);
	assert_int_equal(key_find("a,b", 1), GK_A);
	assert_int_equal(key_find("f1", 2), GK_F1);
	assert_int_equal(key_find("f10", 3), GK_F10);
	assert_int_equal(key_find("f", 1), GK_F);
	assert_int_equal(key_find("", 0), GK_NONE);
	assert_int_equal(key_find("none", 4), GK_NONE);
	assert_int_equal(key_find("?", 1), GK_NONE);
	assert_string_equal(key_name(GK_NONE), "?");
	assert_string_equal(key_name(GK_COUNT), "?");
	for (int k = GK_NONE + 1; k < GK_COUNT; k++) {
		const KeyName *n = &key_names[k];

		assert_row(n->name && n->id && *n->name && *n->id, "key %d has no name", k);
		assert_row(strlen(n->name) <= 9, "%s: longer than the Controls column", n->name);
		assert_row(key_find(n->id, strlen(n->id)) == k, "id '%s' finds %d, not %d", n->id,
		    key_find(n->id, strlen(n->id)), k);
		assert_row(key_find(n->name, strlen(n->name)) == k, "name '%s' finds %d, not %d", n->name,
		    key_find(n->name, strlen(n->name)), k);
		for (const char *p = n->id; *p; p++)
			assert_row((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'), "id '%s': not a-z 0-9", n->id);
	}
}

#define T(fn) cmocka_unit_test_setup(fn, defaults)
static const struct CMUnitTest tests[] = {
	T(defaults_are_the_classic_layout),
	T(keys_give_buttons),
	T(set_replaces_the_keys_of_one_action),
	T(set_to_one_of_its_own_keys),
	T(a_key_of_another_action_is_refused),
	T(esc_enter_and_none_cannot_be_bound),
	T(add_gives_a_second_key_and_no_third),
	T(restoring_the_defaults),
	T(menus_read_the_arrows_as_arrows),
	T(keys_text_joins_the_names),
	T(keys_fit_a_column),
	T(help_lines_wrap_the_hints),
	T(help_lines_shorten_and_drop_what_does_not_fit),
	T(parse_good_values),
	T(parse_bad_values),
	T(key_names_find_their_keys),
};

int main(int argc, char **argv)
{
	if (testmain_filter("controls", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("controls", tests, NULL, NULL);
}
