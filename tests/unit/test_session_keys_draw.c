/* test_session_keys_draw.c: the status bar (bombs, key hints) and the screens that show the bindings: Controls, Instructions, pause. */
#include "sessiondrawfix.h"

/* The status bar: bombs beside lives, with their icon, zero-padded like the rest. */
static void status_shows_the_bomb_count_with_its_icon(void **state)
{
	static const struct {
		uint8_t bombs;
		const char *text;
	} rows[] = { { 0, "00" }, { 1, "01" }, { 9, "09" }, { 12, "12" }, { 99, "99" } };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const DrawCmd *label = NULL, *value = NULL, *icon;

		s.world.bombs = rows[i].bombs;
		render_status_keys(&s.world, &s.controls, &frame);
		assert_int_equal(frame.dropped, 0);
		for (int k = 0; k < frame.count; k++) {
			const DrawCmd *c = &frame.cmds[k];

			if (c->kind == DRAW_TEXT && c->x == 232 && c->y == STATUS_Y + 22)
				label = c;
			if (c->kind == DRAW_TEXT && c->x == 280 && c->y == STATUS_Y + 22)
				value = c;
		}
		assert_non_null(label);
		assert_string_equal(&frame.text[label->id], "BOMBS");
		assert_non_null(value);
		assert_row(strcmp(&frame.text[value->id], rows[i].text) == 0, "bombs %u shown as \"%s\"",
		    rows[i].bombs, &frame.text[value->id]);
		icon = find_image(IMG_STATUS_BOMB);
		assert_non_null(icon);
		assert_true(icon->x >= 280 + 16 && icon->x + gfx_images[IMG_STATUS_BOMB].w <= SCREEN_W);
		assert_int_equal(icon->y - gfx_images[IMG_STATUS_BOMB].oy, STATUS_Y + 22);
	}
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
	for (int y = STATUS_Y; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++)
			assert_row(px(x, y) != 0xEE, "status pixel (%d,%d) not drawn", x, y);
}

/* The status bar's hints follow the bindings: two lines under the score, left of BOMBS. */
static void status_hints_name_the_bound_keys(void **state)
{
	static const struct {
		const char *spec, *line0, *line1;
	} rows[] = {
		{ NULL, "Ctrl/Alt jump, Space fire", "Z kick, B bomb, P pause" },
		{ "jump:a,fire:s", "A jump, S fire, Z kick", "B bomb, P pause" },
		{ "jump:up,up:w,pause:tab", "Up jump, Space fire, Z kick", "B bomb, Tab pause" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const DrawCmd *l0, *l1;

		fresh_session(NULL);
		if (rows[i].spec)
			assert_true(session_apply_keys(&s, rows[i].spec));
		render_status_keys(&s.world, &s.controls, &frame);
		l0 = find_text(rows[i].line0);
		l1 = find_text(rows[i].line1);
		assert_row(l0 && l0->x == 8 && l0->y == STATUS_Y + 22, "row %zu: no '%s' on the first line", i,
		    rows[i].line0);
		assert_row(l1 && l1->x == 8 && l1->y == STATUS_Y + 33 && l1->y + 8 <= SCREEN_H, "row %zu: no '%s'", i,
		    rows[i].line1);
		assert_row(8 + 8 * (int)strlen(rows[i].line0) <= 232, "row %zu: runs into BOMBS", i);
	}
	render_status(&s.world, &frame);                /* the defaults (hostrun, reach) */
	assert_non_null(find_text("Ctrl/Alt jump, Space fire"));
	render_status_keys(&s.world, NULL, &frame);
	assert_non_null(find_text("Ctrl/Alt jump, Space fire"));
}

/* The Controls screen: every action with its keys, the cursor row marked, the prompt while waiting. */
static void the_controls_screen_lists_the_keys(void **state)
{
	static const uint8_t open[] = { GK_ENTER, GK_DOWN, GK_DOWN, GK_ENTER };
	const DrawCmd *t;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(open); i++)
		tap(open[i]);
	assert_int_equal(s.mode, SESSION_CONTROLS);
	draw();
	assert_non_null(find_text("Jump"));
	assert_non_null(find_text("Ctrl, Alt"));
	assert_non_null(find_text("Space"));
	assert_non_null(find_text("Restore defaults"));
	assert_non_null(find_text("Back"));
	t = find_text("Left");                          /* the label (colour 14, under the cursor) and the key */
	assert_non_null(t);
	assert_non_null(find_text(">"));
	assert_int_equal(find_text(">")->y, find_text("Up, look")->y - 11 * 2);
	for (int r = 0; r < CTLROW_COUNT; r++)
		assert_non_null(find_text(ctlmenu_row_label(r)));
	assert_non_null(find_text("Joy 1"));            /* the pad buttons' column: jump's */
	assert_non_null(find_text("Joy 10"));           /* pause's */
	assert_int_equal(find_text("Joy 1")->y, find_text("Jump")->y);
	for (int i = 0; i < 4; i++)
		tap(GK_DOWN);
	tap(GK_ENTER);
	draw();
	assert_non_null(find_text("Press a key or button for JUMP..."));
	assert_non_null(find_text("Esc: cancel"));
	assert_null(find_text("Ctrl, Alt"));
	tap(GK_SPACE);
	draw();
	assert_non_null(find_text("Space is Fire's key: try another"));
	tap(GK_A);
	draw();
	assert_non_null(find_text("A second key for JUMP? Enter: no"));
	assert_non_null(find_text("A, ..."));
	assert_null(find_text("Joy 1"));                /* its column left free while "A, ..." may reach it */
	assert_non_null(find_text("Jump: A, Joy 1"));
	tap(GK_S);
	draw();
	assert_non_null(find_text("A, S"));
	assert_non_null(find_text("Jump: A, S, Joy 1"));
	assert_non_null(find_text("Enter: change a key  Esc: back"));
	for (int y = 0; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++)
			assert_row(px(x, y) != 0xEE, "pixel (%d,%d) not drawn", x, y);
}

/* The instructions and the pause box name the keys as bound. */
static void instructions_and_pause_show_the_bindings(void **state)
{
	char line[40];

	(void)state;
	press(ENTER);
	press(DOWN);
	press(ENTER);
	draw();
	assert_non_null(find_text("Left, Right"));
	assert_non_null(find_text("Ctrl or Alt"));
	assert_non_null(find_text("Up, Down"));
	assert_non_null(find_text("Space"));
	assert_non_null(find_text("Z"));
	assert_non_null(find_text("kick"));
	assert_non_null(find_text("P"));
	press(ENTER);
	draw();
	assert_non_null(find_text("with B. They blast what is near."));

	fresh_session(NULL);
	assert_true(session_apply_keys(&s, "left:a,left:pad5,right:d,right:l,jump:backspace,jump:capslock,bomb:f12,pause:tab"));
	press(ENTER);
	press(DOWN);
	press(ENTER);
	draw();
	assert_non_null(find_text("A/Pad 5, D/L"));             /* "A or Pad 5, D or L" is too long */
	assert_non_null(find_text("Backspace"));                /* "Backspace/CapsLock" too: the first */
	assert_non_null(find_text("Tab"));
	press(ENTER);
	draw();
	assert_non_null(find_text("with F12: they blast."));

	session_play_level(&s, "test");
	press(PAUSE);
	assert_int_equal(s.mode, SESSION_PAUSED);
	draw();
	assert_non_null(find_text("Tab: play on"));
	assert_true(session_apply_keys(&s, "pause:scrolllock"));
	draw();
	assert_non_null(find_text("Enter: play on"));           /* too long for the box */
	snprintf(line, sizeof line, "%s", "Esc or Q: menu");
	assert_non_null(find_text(line));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(status_shows_the_bomb_count_with_its_icon, fresh_session),
		cmocka_unit_test_setup(status_hints_name_the_bound_keys, fresh_session),
		cmocka_unit_test_setup(the_controls_screen_lists_the_keys, fresh_session),
		cmocka_unit_test_setup(instructions_and_pause_show_the_bindings, fresh_session),
	};

	if (testmain_filter("session_keys_draw", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("session_keys_draw", tests, NULL, NULL);
}
