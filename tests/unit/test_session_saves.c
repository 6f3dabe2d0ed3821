/* test_session_saves.c: progress in the session — high scores and the name prompt, Save/Restore game, settings requests, the title's lines. */
#include "sessiondrawfix.h"

#include "crc32.h"
#include "episode.h"
#include "progress.h"
#include "world.h"

/* The world as the screen shows it (view and status bar), and where the player is: what the per-tick CRCs compare. */
static uint32_t world_crc(const World *w)
{
	uint32_t c;

	assert_ptr_equal(w, &s.world);
	assert_true(session_shows_world(&s));
	draw();
	c = crc32_update(0, fb, sizeof fb);
	c = crc32_update(c, &w->tick, sizeof w->tick);
	c = crc32_update(c, &w->score, sizeof w->score);
	c = crc32_update(c, &w->health, sizeof w->health);
	c = crc32_update(c, &w->lives, sizeof w->lives);
	c = crc32_update(c, &w->bombs, sizeof w->bombs);
	c = crc32_update(c, &w->actor_end, sizeof w->actor_end);
	return crc32_update(c, &w->actors[w->player], sizeof w->actors[w->player]);
}

static void finish_level_with(uint32_t score, uint8_t health, uint8_t lives, uint8_t bombs)
{
	s.world.score = score;
	s.world.health = health;
	s.world.lives = lives;
	s.world.bombs = bombs;
	s.world.level_done = true;
	idle(1);
}

static void type(const char *keys)
{
	for (; *keys; keys++) {
		uint8_t g = *keys == ' ' ? GK_SPACE : key_find(keys, 1);

		assert_row(g != GK_NONE, "no key for '%c'", *keys);
		tap(g);
	}
}

/* The game over screen left by a key: a score that qualifies asks for a name. */
static void game_over_with(uint32_t score)
{
	new_game();
	s.world.score = score;
	s.world.game_over = true;
	idle(1);
	assert_int_equal(s.mode, SESSION_GAME_OVER);
	idle(SESSION_SCREEN_MIN_TICKS);
	tick_keys(0, 0, SKEY_ANY);
}

/*
 * Game over with 250000 (between KRUSTY and HOMER): the name prompt; typed
 * "TOMMY 7", a Backspace, "X": Enter keeps "TOMMY X" at rank 9, the table
 * shows it highlighted, SAVE_REQ_SCORES is pending; a key -> the title.
 */
static void game_over_with_a_qualifying_score_asks_for_a_name(void **state)
{
	(void)state;
	game_over_with(250000);
	assert_int_equal(s.mode, SESSION_NAME);
	assert_true(saw("session: name prompt score=250000"));
	assert_int_equal(session_save_request(&s), 0);
	draw();
	assert_non_null(find_text("You made it into the hall of fame!"));
	assert_non_null(find_text("_"));
	type("tommy 7");
	tap(GK_BACKSPACE);
	tap(GK_X);
	tap(GK_F1);                             /* not a name key: nothing */
	assert_string_equal(s.name, "TOMMY X");
	draw();
	assert_non_null(find_text("TOMMY X_"));
	assert_int_equal(session_save_request(&s), 0);  /* nothing until Enter */
	forget();
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_true(saw("scores: 9. TOMMY X"));
	assert_int_equal(s.hs_mark, 8);
	assert_string_equal(session_progress(&s)->scores[8].name, "TOMMY X");
	assert_int_equal(session_progress(&s)->scores[8].score, 250000);
	assert_string_equal(session_progress(&s)->scores[9].name, "HOMER");
	assert_int_equal(session_save_request(&s), SAVE_REQ_SCORES);
	draw();
	assert_non_null(find_text(" 9.   250000  TOMMY X"));
	assert_non_null(find_text(" 1.  1000000  BART"));
	assert_int_equal(px(60, 30 + 8 * 12 - 1), 9);  /* the new row on the bar */
	assert_int_equal(px(60, 30 + 7 * 12 - 1), 1);
	session_save_done(&s, SAVE_REQ_SCORES, true, "scores");
	assert_int_equal(session_save_request(&s), 0);
	tap(GK_SPACE);
	assert_int_equal(s.mode, SESSION_HISCORES);     /* too soon */
	idle(SESSION_SCREEN_MIN_TICKS);
	tap(GK_SPACE);
	assert_int_equal(s.mode, SESSION_TITLE);
}

/* Names stop at 15 characters; an empty name is kept (as the original's); Esc keeps what is typed too. */
static void names_are_at_most_15_characters(void **state)
{
	(void)state;
	game_over_with(5);
	assert_int_equal(s.mode, SESSION_NAME);
	type("abcdefghijklmnopqrstuvwxyz");
	assert_string_equal(s.name, "ABCDEFGHIJKLMNO");
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_string_equal(s.progress.scores[9].name, "ABCDEFGHIJKLMNO");
	assert_int_equal(s.progress.scores[9].score, 5);

	fresh_session(NULL);
	game_over_with(6);
	press(ENTER);                           /* a script's Enter */
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_string_equal(s.progress.scores[9].name, "");
}

/* A score that does not beat a row (a tie neither), or a single level's: no prompt, no request. */
static void a_score_that_does_not_qualify_goes_to_the_title(void **state)
{
	(void)state;
	game_over_with(0);
	assert_int_equal(s.mode, SESSION_TITLE);
	fresh_session(NULL);
	table_full(300);
	game_over_with(300);
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_int_equal(session_save_request(&s), 0);
	fresh_session(NULL);                    /* a single level (level=NAME) is no game for the table */
	session_play_level(&s, "test");
	s.world.score = 5000;
	s.world.game_over = true;
	idle(1 + SESSION_SCREEN_MIN_TICKS);
	tick_keys(0, 0, SKEY_ANY);
	assert_int_equal(s.mode, SESSION_TITLE);
}

/* The episode's end, then a key: the name prompt (the `ending` option's run too). */
static void the_episode_end_asks_for_a_name_after_its_screen(void **state)
{
	(void)state;
	assert_true(session_play_episode_demos(&s));
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	assert_true(s.stats.score > 0);
	idle(SESSION_SCREEN_MIN_TICKS);
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_NAME);
	type("ada");
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_int_equal(s.progress.scores[s.hs_mark].score, s.stats.score);
	assert_string_equal(s.progress.scores[s.hs_mark].name, "ADA");
	assert_int_equal(session_save_request(&s), SAVE_REQ_SCORES);
}

/*
 * Level 1 done (1234 points, health 2, lives 2, bombs 3), a while into
 * level 2, the pause, S, slot 3: the save holds level 2's start. Esc back
 * to the pause, Esc to the menu; Restore game, 3: level 2 from its start
 * with those stats.
 */
static void save_in_slot_3_then_restore_gives_the_levels_start(void **state)
{
	uint32_t start_crc;

	(void)state;
	new_game();
	finish_level_with(1234, 2, 2, 3);
	idle(SESSION_LEVEL_DONE_TICKS);
	assert_string_equal(s.level_name, "e1l2");
	start_crc = world_crc(&s.world);
	tick_keys(BTN_BIT(BTN_RIGHT), BTN_BIT(BTN_RIGHT), 0);
	idle(30);
	s.world.score = 9999;                   /* what happened in the level is not saved */
	s.world.bombs = 0;
	press(PAUSE);
	assert_int_equal(s.mode, SESSION_PAUSED);
	draw();
	assert_non_null(find_text("S: save game"));
	tap(GK_S);
	assert_int_equal(s.mode, SESSION_SLOTS);
	assert_true(s.slot_saving);
	assert_int_equal(session_save_request(&s), 0);
	tap(GK_3);
	assert_int_equal(s.mode, SESSION_SLOTS);
	assert_int_equal(session_save_request(&s), SAVE_REQ_GAME);
	assert_string_equal(s.slot_note, "Saved in slot 3: this level's start");
	{
		const SavedGame *g = &session_progress(&s)->games[2];

		assert_true(g->used);
		assert_int_equal(g->level, 1);
		assert_false(g->bonus);
		assert_int_equal(g->stats.score, 1234);
		assert_int_equal(g->stats.health, 2);
		assert_int_equal(g->stats.lives, 2);
		assert_int_equal(g->stats.bombs, 3);
	}
	draw();
	assert_non_null(find_text("3  Level 2       1234 pts  2 lives"));
	assert_non_null(find_text("1  empty"));
	session_save_done(&s, SAVE_REQ_GAME, true, "game");
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_PAUSED);
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_MENU);
	for (int i = MENU_NEW_GAME; i < MENU_RESTORE; i++)
		press(DOWN);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_SLOTS);
	assert_false(s.slot_saving);
	forget();
	tap(GK_3);
	assert_true(saw("session: restored slot 3"));
	assert_true(saw("session: level 2 start name=e1l2"));
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_int_equal(s.level, 1);
	assert_int_equal(s.world.tick, 0);
	assert_int_equal(s.world.score, 1234);
	assert_int_equal(s.world.health, 2);
	assert_int_equal(s.world.lives, 2);
	assert_int_equal(s.world.bombs, 3);
	assert_int_equal(world_crc(&s.world), start_crc);
	assert_int_equal(session_save_request(&s), 0);  /* restoring writes nothing */
}

/* Restoring an empty slot says so and stays; Up/Down and Enter choose too; Esc goes back to the menu. */
static void an_empty_slot_says_so(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = MENU_NEW_GAME; i < MENU_RESTORE; i++)
		press(DOWN);
	press(ENTER);
	press(DOWN);
	press(DOWN);
	press(UP);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_SLOTS);
	assert_string_equal(s.slot_note, "Slot 2 is empty");
	assert_int_equal(ev.sound, SND_BUMP);
	tap(GK_9);
	assert_string_equal(s.slot_note, "Slot 9 is empty");
	draw();
	assert_non_null(find_text("Slot 9 is empty"));
	assert_non_null(find_text("Esc: back to the menu"));
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_RESTORE);
}

/* A single level (level=NAME) is no game to save: the pause box has no S and R, and they do nothing. */
static void a_single_level_cannot_be_saved(void **state)
{
	int playing_px;

	(void)state;
	session_play_level(&s, "test");
	assert_false(session_can_save(&s));
	draw();
	playing_px = px(56, 8);                 /* above the smaller box: the view */
	press(PAUSE);
	draw();
	assert_null(find_text("S: save game"));
	assert_non_null(find_text("Esc or Q: menu"));
	assert_int_equal(px(56, 20), 0);        /* the 208x120 box */
	assert_int_equal(px(56, 8), playing_px);
	tap(GK_S);
	tap(GK_R);
	assert_int_equal(s.mode, SESSION_PAUSED);
	assert_false(s.progress.games[0].used);
	assert_int_equal(session_save_request(&s), 0);
}

/*
 * Menu -> Music: Off raises SAVE_REQ_SETTINGS with music off in the payload;
 * a failed save turns saves off (the title says why) and asks for no more.
 */
static void menu_music_off_raises_a_settings_request(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = MENU_NEW_GAME; i < MENU_MUSIC; i++)
		press(DOWN);
	assert_int_equal(session_save_request(&s), 0);
	press(ENTER);
	assert_false(s.music_on);
	assert_int_equal(session_save_request(&s), SAVE_REQ_SETTINGS);
	assert_false(session_progress(&s)->music_on);
	assert_true(session_progress(&s)->sfx_on);
	session_save_done(&s, SAVE_REQ_SETTINGS, false, "write error on the stick");
	assert_int_equal(session_save_request(&s), 0);
	assert_false(s.saves_on);
	press(DOWN);
	press(ENTER);                           /* Sound effects: Off */
	assert_int_equal(session_save_request(&s), 0);  /* saves are off: nothing to write */
	assert_false(session_progress(&s)->sfx_on);     /* the payload still follows */
	tick_keys(0, 0, SKEY_ESC);
	draw();
	assert_non_null(find_text("Progress is not saved:"));
	assert_non_null(find_text("write error on the stick"));
}

/* M in play changes the music but raises nothing inside the world's frames; the pause is the rest point. */
static void m_in_play_waits_for_a_rest_point(void **state)
{
	(void)state;
	new_game();
	tap(GK_M);
	assert_false(s.music_on);
	assert_int_equal(session_save_request(&s), 0);
	idle(5);
	assert_int_equal(session_save_request(&s), 0);
	press(PAUSE);
	assert_int_equal(session_save_request(&s), SAVE_REQ_SETTINGS);
	assert_false(session_progress(&s)->music_on);
}

/* Leaving Controls raises a request only when a binding changed. */
static void leaving_controls_raises_a_request_if_keys_changed(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = MENU_NEW_GAME; i < MENU_CONTROLS; i++)
		press(DOWN);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_CONTROLS);
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(session_save_request(&s), 0);
	press(ENTER);
	s.controls.keys[CTL_BOMB][0] = GK_N;   /* as the Controls screen would have it */
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(session_save_request(&s), SAVE_REQ_SETTINGS);
	assert_int_equal(session_progress(&s)->controls.keys[CTL_BOMB][0], GK_N);
}

/* What the stick held: keys, music and effects applied, the table shown, the games there to restore. */
static void load_progress_applies_the_settings(void **state)
{
	Progress p;
	char err[CONTROLS_ERR_SIZE];

	(void)state;
	progress_defaults(&p);
	assert_true(controls_parse(&p.controls, "jump:a,fire:s", err, sizeof err));
	p.music_on = false;
	p.sfx_on = false;
	hiscore_insert(p.scores, 0, "CHAMP", 5000000);
	p.games[4] = (SavedGame){ .used = true, .level = 2, .stats = { 500, 3, 1, 2, 0, 0, 0 } };
	session_load_progress(&s, &p);
	assert_false(s.music_on);
	assert_false(s.sfx_on);
	assert_int_equal(session_music(&s), MUS_NONE);
	assert_int_equal(s.controls.keys[CTL_JUMP][0], GK_A);
	assert_int_equal(session_save_request(&s), 0);  /* loading writes nothing */
	assert_string_equal(session_progress(&s)->scores[0].name, "CHAMP");
	new_game();
	idle(2);
	tap(GK_A);
	assert_int_equal(s.world.in.pressed, BTN_BIT(BTN_JUMP));
	press(PAUSE);
	tap(GK_R);
	tap(GK_5);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_string_equal(s.level_name, "e1l3");
	assert_int_equal(s.world.score, 500);
	assert_int_equal(s.world.lives, 1);
}

/* Menu -> High scores: the table, a key -> the menu with the cursor kept. */
static void the_menus_high_scores(void **state)
{
	(void)state;
	press(ENTER);
	press(UP);
	press(UP);
	assert_int_equal(s.cursor, MENU_HISCORES);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_true(saw("session: high scores"));
	assert_int_equal(session_music(&s), MUS_TITLE);
	draw();
	assert_non_null(find_text("10.        0  "));
	assert_non_null(find_text(" 6.   500000  MR. BURNS"));
	assert_non_null(find_text("Any key: menu"));
	tap(GK_X);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_HISCORES);
}

/* The title's lines: saves off with the reason, a crash report on the stick (cleared once the menu opens). */
static void the_title_says_when_saves_are_off_and_a_crash_was_saved(void **state)
{
	(void)state;
	draw();
	assert_null(find_text("Progress is not saved: booted from a CD"));
	session_set_saves(&s, false, "booted from a CD");
	session_set_crash_report(&s, true);
	draw();
	assert_non_null(find_text("Progress is not saved: booted from a CD"));
	assert_non_null(find_text("A crash report was saved on the stick:"));
	assert_non_null(find_text("CRASH.TXT"));
	assert_int_equal(session_save_request(&s), 0);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_false(session_progress(&s)->crash_report);
	assert_int_equal(s.save_req, SAVE_REQ_SETTINGS);        /* pending, ... */
	assert_int_equal(session_save_request(&s), 0);          /* ... but saves are off */
	tick_keys(0, 0, SKEY_ESC);
	draw();
	assert_null(find_text("CRASH.TXT"));
	session_set_saves(&s, true, NULL);
	assert_int_equal(session_save_request(&s), SAVE_REQ_SETTINGS);
	draw();
	assert_null(find_text("Progress is not saved: booted from a CD"));
}

/*
 * The attract loop: demo, the table, the next demo; a key on the table goes
 * to the title. Its world frames are the same whatever the saves do (the
 * world never reads them): a session with saves off and a request pending
 * plays the first demo to the same world CRC.
 */
static void the_attract_loop_shows_the_table_between_demos(void **state)
{
	uint32_t crc;

	(void)state;
	idle(SESSION_IDLE_TICKS + 30);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(s.attract);
	crc = world_crc(&s.world);
	fresh_session(NULL);
	idle(SESSION_IDLE_TICKS + 30);
	assert_int_equal(world_crc(&s.world), crc);
	fresh_session(NULL);
	session_set_saves(&s, false, "no stick");
	s.save_req = SAVE_REQ_SCORES;
	idle(SESSION_IDLE_TICKS + 30);
	assert_int_equal(world_crc(&s.world), crc);
	while (s.mode == SESSION_PLAYING)
		idle(1);
	assert_int_equal(s.mode, SESSION_HISCORES);
	draw();
	assert_non_null(find_text("Press a key"));
	tap(GK_X);
	assert_int_equal(s.mode, SESSION_TITLE);
	/* Menu -> Demo is no attract loop: its end is the title, as before. */
	press(ENTER);
	for (int i = MENU_NEW_GAME; i < MENU_DEMO; i++)
		press(DOWN);
	press(ENTER);
	assert_true(s.demo && !s.attract);
	while (s.mode == SESSION_PLAYING)
		idle(1);
	assert_int_equal(s.mode, SESSION_TITLE);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(game_over_with_a_qualifying_score_asks_for_a_name, fresh_session),
		cmocka_unit_test_setup(names_are_at_most_15_characters, fresh_session),
		cmocka_unit_test_setup(a_score_that_does_not_qualify_goes_to_the_title, fresh_session),
		cmocka_unit_test_setup(the_episode_end_asks_for_a_name_after_its_screen, fresh_session),
		cmocka_unit_test_setup(save_in_slot_3_then_restore_gives_the_levels_start, fresh_session),
		cmocka_unit_test_setup(an_empty_slot_says_so, fresh_session),
		cmocka_unit_test_setup(a_single_level_cannot_be_saved, fresh_session),
		cmocka_unit_test_setup(menu_music_off_raises_a_settings_request, fresh_session),
		cmocka_unit_test_setup(m_in_play_waits_for_a_rest_point, fresh_session),
		cmocka_unit_test_setup(leaving_controls_raises_a_request_if_keys_changed, fresh_session),
		cmocka_unit_test_setup(load_progress_applies_the_settings, fresh_session),
		cmocka_unit_test_setup(the_menus_high_scores, fresh_session),
		cmocka_unit_test_setup(the_title_says_when_saves_are_off_and_a_crash_was_saved, fresh_session),
		cmocka_unit_test_setup(the_attract_loop_shows_the_table_between_demos, fresh_session),
	};

	if (testmain_filter("session_saves", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
