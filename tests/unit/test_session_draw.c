/* test_session_draw.c: the session's pictures — every screen fits its frame, menu, pause box, interstitials, halt, status bombs, redraw keys. */
#include "sessiondrawfix.h"

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
	assert_non_null(find_text("S: save game"));
	assert_non_null(find_text("R: restore game"));
	assert_non_null(find_text("F: report a problem"));
	/* A 208x144 box centred on the view's 304x144: (56, 8); black line, white border, blue inside. */
	assert_int_equal(px(56, 8), 0);
	assert_int_equal(px(57, 9), 15);
	assert_int_equal(px(263, 151), 0);
	assert_int_equal(px(60, 148), 1);
	for (int y = 0; y < STATUS_Y; y++)
		for (int x = 0; x < SCREEN_W; x++)
			if (x < 56 || x >= 56 + 208 || y < 8 || y >= 8 + 144)
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

	fresh_session(NULL);                            /* a '\n' starts a line: one per rejected boot option */
	session_error(&s, "BAD BOOT OPTIONS", "ticks=abc: want 1..999999999\nlevel=E1L1: want a-z 0-9 _ -\n"
	    "keys=: Space would be both jump and fire (give fire another key)");
	draw();
	assert_non_null(find_text("BAD BOOT OPTIONS"));
	assert_int_equal(find_text("ticks=abc: want 1..999999999")->y, 24);
	assert_int_equal(find_text("level=E1L1: want a-z 0-9 _ -")->y, 34);
	assert_int_equal(find_text("keys=: Space would be both jump and ")->y, 44);
	assert_int_equal(find_text("fire (give fire another key)")->y, 54);
}

static void the_halt_screen_says_you_may_turn_off_the_pc(void **state)
{
	(void)state;
	press(ENTER);
	press(UP);
	press(ENTER);
	draw();
	assert_non_null(find_text("You may now turn off your PC."));
	assert_non_null(find_text("(or press Ctrl+Alt+Del to restart)"));     /* the kernel polls for it */
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

/* The kernel's notice about the machine ("no PS/2 keyboard found"): on the title only, red on black. */
static void the_title_shows_the_kernels_notice(void **state)
{
	uint32_t look;

	(void)state;
	draw();
	assert_null(find_text("no PS/2 keyboard found"));
	look = session_look(&s);
	session_set_notice(&s, "no PS/2 keyboard found");
	assert_int_not_equal(session_look(&s), look);           /* the kernel draws it again */
	draw();
	assert_non_null(find_text("no PS/2 keyboard found"));
	assert_int_equal(px(2, 139), 0);                        /* the band */
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	draw();
	assert_null(find_text("no PS/2 keyboard found"));
	session_set_notice(&s, "a line much longer than the forty characters it may hold");
	assert_int_equal(strlen(s.notice), SESSION_NOTICE_SIZE - 1);
	session_set_notice(&s, NULL);
	assert_string_equal(s.notice, "");
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
		cmocka_unit_test_setup(the_title_shows_the_kernels_notice, fresh_session),
		cmocka_unit_test_setup(the_title_shows_the_kernels_notice_on_a_band, fresh_session),
	};

	if (testmain_filter("session_draw", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
