/* test_session_draw.c: the session's pictures — every screen fits its frame, menu, pause box, interstitials, halt, status bombs, redraw keys. */
#include "hud.h"
#include "sessionfix.h"

#include "assets.h"
#include "ctlmenu.h"
#include "episode.h"
#include "frame.h"
#include "gfx.h"
#include "raster.h"
#include "render.h"
#include "world.h"

static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static void draw(void)
{
	session_draw(&s, &frame);
	assert_int_equal(frame.dropped, 0);
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
}

/* The text command with exactly this string, or NULL. */
static const DrawCmd *find_text(const char *text)
{
	for (int i = 0; i < frame.count; i++)
		if (frame.cmds[i].kind == DRAW_TEXT && strcmp(&frame.text[frame.cmds[i].id], text) == 0)
			return &frame.cmds[i];
	return NULL;
}

static const DrawCmd *find_image(int image)
{
	for (int i = 0; i < frame.count; i++)
		if (frame.cmds[i].kind == DRAW_IMAGE && frame.cmds[i].id == image)
			return &frame.cmds[i];
	return NULL;
}

static int px(int x, int y)
{
	return fb[y * SCREEN_W + x];
}

/* Every mode's picture fits a frame and covers the whole screen (world modes: down to the status bar). */
static void every_screen_fits_and_covers_the_screen(void **state)
{
	(void)state;
	for (int step = 0; step < 12; step++) {
		switch (step) {
		case 0: break;                                  /* title */
		case 1: press(ENTER); break;                    /* menu */
		case 2: press(DOWN); press(ENTER); break;       /* instructions 1 */
		case 3: press(ENTER); break;                    /* instructions 2 */
		case 4: press(ENTER); press(UP); press(ENTER); break;   /* playing */
		case 5: press(PAUSE); break;                    /* paused */
		case 6: press(PAUSE); s.world.level_done = true; idle(1); break;
		case 7: idle(SESSION_LEVEL_DONE_TICKS); s.world.game_over = true; idle(1); break;
		case 8: fresh_session(NULL); session_play_level(&s, "nowhere"); break;  /* error */
		case 9: fresh_session(NULL); idle(SESSION_IDLE_TICKS); break;            /* demo */
		case 10: fresh_session(NULL); new_game(); s.world.level_done = true; idle(1);
			idle(SESSION_LEVEL_DONE_TICKS); s.world.level_done = true; idle(1);
			idle(SESSION_LEVEL_DONE_TICKS); break;  /* episode end */
		case 11: fresh_session(NULL); press(ENTER); press(UP); press(ENTER); break;  /* halted */
		}
		draw();
		for (int y = 0; y < (session_shows_world(&s) ? STATUS_Y : SCREEN_H); y++)
			for (int x = 0; x < SCREEN_W; x++)
				assert_row(px(x, y) != 0xEE, "step %d (mode %d): pixel (%d,%d) not drawn", step, s.mode, x, y);
	}
	assert_int_equal(s.mode, SESSION_HALTED);
}

/* The menu's rows as shown: the two switches say their state. */
static const char *shown_label(int i)
{
	return i == MENU_MUSIC ? "Music: On" : i == MENU_SOUND ? "Sound effects: On" : menu_labels[i];
}

static void menu_highlights_the_cursor_row_with_the_hero(void **state)
{
	(void)state;
	press(ENTER);
	for (int c = 0; c < MENU_COUNT; c++) {
		const DrawCmd *hero;

		draw();
		for (int i = 0; i < MENU_COUNT; i++) {
			const DrawCmd *t = find_text(shown_label(i));

			assert_non_null(t);
			assert_row(t->color == (i == c ? 14 : 7), "cursor %d: item %d colour %d", c, i, t->color);
		}
		hero = find_image(IMG_PLAYER_R0);
		if (!hero)
			hero = find_image(IMG_PLAYER_R1);
		assert_non_null(hero);
		assert_row(hero->y > find_text(shown_label(c))->y - 8 && hero->y < find_text(shown_label(c))->y + 16,
		    "cursor %d: hero at y=%d", c, hero->y);
		press(DOWN);
	}
}

/* Music and Sound effects say Off once chosen, and On again. */
static void menu_switches_show_their_state(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = 0; i < MENU_MUSIC; i++)
		press(DOWN);
	press(ENTER);
	press(DOWN);
	press(ENTER);
	draw();
	assert_non_null(find_text("Music: Off"));
	assert_non_null(find_text("Sound effects: Off"));
	assert_null(find_text("Music: On"));
	press(ENTER);
	draw();
	assert_non_null(find_text("Sound effects: On"));
}

static void the_pause_box_sits_over_the_view_and_leaves_the_status_bar(void **state)
{
	static uint8_t playing[SCREEN_W * SCREEN_H];

	(void)state;
	new_game();
	idle(3);
	draw();
	memcpy(playing, fb, sizeof fb);
	press(PAUSE);
	draw();
	assert_non_null(find_text("P: play on"));
	assert_non_null(find_text("Esc or Q: menu"));
	/* A 144x72 box centred on the view's 304x144: (88, 44); black line, white border, blue inside. */
	assert_int_equal(px(88, 44), 0);
	assert_int_equal(px(89, 45), 15);
	assert_int_equal(px(231, 115), 0);
	assert_int_equal(px(92, 112), 1);
	for (int y = 0; y < STATUS_Y; y++)
		for (int x = 0; x < SCREEN_W; x++)
			if (x < 88 || x >= 88 + 144 || y < 44 || y >= 44 + 72)
				assert_row(px(x, y) == playing[y * SCREEN_W + x], "(%d,%d) outside the box changed", x, y);
	for (int i = 0; i < frame.count; i++)
		assert_row(frame.cmds[i].kind == DRAW_CLIP || frame.cmds[i].y < STATUS_Y,
		    "command %d at y=%d reaches the status bar", i, frame.cmds[i].y);
	press(PAUSE);
	draw();
	assert_null(find_text("P: play on"));
}

/* The box's commands fit next to a whole view on every level of the episode. */
static void the_pause_box_fits_the_frame_on_every_episode_level(void **state)
{
	(void)state;
	for (int i = 0; i < episode_level_count; i++) {
		fresh_session(NULL);
		session_play_level(&s, episode_levels[i]);
		press(PAUSE);
		assert_int_equal(s.mode, SESSION_PAUSED);
		draw();                         /* no dropped commands */
		assert_row(frame.count < FRAME_MAX_CMDS - 200, "level %s: %d commands", episode_levels[i], frame.count);
	}
}

static void the_demo_says_so_on_the_view(void **state)
{
	(void)state;
	idle(SESSION_IDLE_TICKS);
	draw();
	assert_non_null(find_text("DEMO"));
	fresh_session(NULL);
	new_game();
	draw();
	assert_null(find_text("DEMO"));
}

static void interstitials_show_the_numbers(void **state)
{
	(void)state;
	new_game();
	s.world.score = 1234;
	s.world.bombs = 7;
	s.world.level_done = true;
	idle(1);
	draw();
	assert_non_null(find_text("Meadow"));
	assert_non_null(find_text("Score  0001234"));
	assert_non_null(find_text("Lives 3   Bombs 07"));
	assert_non_null(find_text("Get ready for level 2"));
	idle(SESSION_LEVEL_DONE_TICKS);
	for (int k = 2; k < episode_level_count; k++) {        /* levels 2..9 done: level 10 is the last */
		s.world.level_done = true;
		s.world.prizes_found = 3;
		s.world.secrets_found = 1;
		s.world.tick = 1000;
		idle(1);
		if (k == 9) {
			draw();
			assert_non_null(find_text("Get ready for level 10"));   /* two digits */
		}
		idle(SESSION_LEVEL_DONE_TICKS);
	}
	s.world.level_done = true;
	idle(1);
	draw();
	assert_non_null(find_text("That was the last level!"));
	idle(SESSION_LEVEL_DONE_TICKS);
	draw();
	assert_non_null(find_text("Final score 0001234"));
	assert_non_null(find_text("You have finished the episode."));
	/* 8 levels of 3 prizes, 1 secret and 1001 frames (1000 + the exit frame), 1 frame each of levels 1 and 10:
	 * 8010 frames of 13 PIT ticks at 140 Hz = 743 s */
	assert_non_null(find_text("Prizes 24   Secrets 8"));
	assert_non_null(find_text("Time 12:23   Lives left 3"));

	fresh_session(NULL);
	new_game();
	s.world.score = 4321;
	s.world.game_over = true;
	idle(1);
	draw();
	assert_non_null(find_text("Final score 0004321"));
}

static void the_error_screen_is_red_with_the_detail_wrapped(void **state)
{
	(void)state;
	session_play_level(&s, "a-level-name-that-is-long-enough-to-wrap");
	draw();
	assert_int_equal(px(2, 2), 4);
	assert_non_null(find_text("LEVEL NOT FOUND"));
	assert_non_null(find_text("a-level-name-that-is-long-enough-to-wr"));      /* 38 characters */
	assert_non_null(find_text("ap"));
	assert_non_null(find_text("Press Enter to go back."));

	fresh_session(NULL);                            /* words are not cut where there are spaces */
	session_apply_keys(&s, "jump:space");
	draw();
	assert_non_null(find_text("BAD keys= OPTION"));
	assert_non_null(find_text("Space would be both jump and fire "));
	assert_non_null(find_text("(give fire another key)"));
}

static void the_halt_screen_says_you_may_turn_off_the_pc(void **state)
{
	(void)state;
	press(ENTER);
	press(UP);
	press(ENTER);
	draw();
	assert_non_null(find_text("You may now turn off your PC."));
	assert_int_equal(px(0, 0), 0);
}

/* What the kernel redraws on: every world frame, a cursor move, a mode change; never while paused. */
static void the_look_changes_exactly_when_the_picture_does(void **state)
{
	uint32_t look;

	(void)state;
	press(ENTER);
	look = session_look(&s);
	idle(1);
	assert_int_equal(session_look(&s), look);
	press(DOWN);
	assert_int_not_equal(session_look(&s), look);
	look = session_look(&s);
	press(UP);
	press(ENTER);
	assert_int_not_equal(session_look(&s), look);
	for (int i = 0; i < 5; i++) {
		look = session_look(&s);
		idle(1);
		assert_int_not_equal(session_look(&s), look);
	}
	press(PAUSE);
	look = session_look(&s);
	idle(500);
	assert_int_equal(session_look(&s), look);
	press(PAUSE);
	assert_int_not_equal(session_look(&s), look);
}

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
	for (int i = 0; i < 4; i++)
		tap(GK_DOWN);
	tap(GK_ENTER);
	draw();
	assert_non_null(find_text("Press a key for JUMP..."));
	assert_non_null(find_text("Esc: cancel"));
	assert_null(find_text("Ctrl, Alt"));
	tap(GK_SPACE);
	draw();
	assert_non_null(find_text("Space is Fire's key: try another"));
	tap(GK_A);
	draw();
	assert_non_null(find_text("A second key for JUMP? Enter: no"));
	assert_non_null(find_text("A, ..."));
	assert_non_null(find_text("Jump: A"));
	tap(GK_S);
	draw();
	assert_non_null(find_text("A, S"));
	assert_non_null(find_text("Jump: A, S"));
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

/* The kernel's notice (USB keyboards found): a black band with the line, redrawn; cleared, the title is as before. */
static void the_title_shows_the_kernels_notice_on_a_band(void **state)
{
	static uint8_t plain[SCREEN_W * SCREEN_H];
	uint32_t look = session_look(&s);
	int differ = 0, outside = 0;

	(void)state;
	draw();
	memcpy(plain, fb, sizeof plain);
	assert_null(find_text("keyboard: USB (xHCI port 5)"));
	session_set_notice(&s, "keyboard: USB (xHCI port 5)");
	assert_int_not_equal(session_look(&s), look);
	draw();
	assert_non_null(find_text("keyboard: USB (xHCI port 5)"));
	for (int y = 0; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++)
			if (fb[y * SCREEN_W + x] != plain[y * SCREEN_W + x]) {
				differ++;
				outside += y < 138 || y >= 150;
			}
	assert_true(differ > 100);
	assert_int_equal(outside, 0);
	session_set_notice(&s, "a line far too long to fit the notice buffer of forty characters");
	assert_int_equal(strlen(s.notice), SESSION_NOTICE_SIZE - 1);
	session_set_notice(&s, NULL);
	draw();
	assert_memory_equal(fb, plain, sizeof plain);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(every_screen_fits_and_covers_the_screen, fresh_session),
		cmocka_unit_test_setup(menu_highlights_the_cursor_row_with_the_hero, fresh_session),
		cmocka_unit_test_setup(menu_switches_show_their_state, fresh_session),
		cmocka_unit_test_setup(the_pause_box_sits_over_the_view_and_leaves_the_status_bar, fresh_session),
		cmocka_unit_test_setup(the_pause_box_fits_the_frame_on_every_episode_level, fresh_session),
		cmocka_unit_test_setup(the_demo_says_so_on_the_view, fresh_session),
		cmocka_unit_test_setup(interstitials_show_the_numbers, fresh_session),
		cmocka_unit_test_setup(the_error_screen_is_red_with_the_detail_wrapped, fresh_session),
		cmocka_unit_test_setup(the_halt_screen_says_you_may_turn_off_the_pc, fresh_session),
		cmocka_unit_test_setup(the_look_changes_exactly_when_the_picture_does, fresh_session),
		cmocka_unit_test_setup(status_shows_the_bomb_count_with_its_icon, fresh_session),
		cmocka_unit_test_setup(status_hints_name_the_bound_keys, fresh_session),
		cmocka_unit_test_setup(the_controls_screen_lists_the_keys, fresh_session),
		cmocka_unit_test_setup(instructions_and_pause_show_the_bindings, fresh_session),
		cmocka_unit_test_setup(the_title_shows_the_kernels_notice_on_a_band, fresh_session),
	};

	if (testmain_filter("session_draw", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
