/* test_session.c: the shell's screens — title, menu (wrapping cursor, choices), instructions, pause, attract demo, quit. */
#include "demo.h"
#include "episode.h"
#include "sessionfix.h"

#include "sound.h"
#include "world.h"

static void boots_into_the_title_at_140_hz(void **state)
{
	(void)state;
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_true(saw("session: title"));
	assert_int_equal(session_pit_ticks(&s), 1);
	assert_false(session_shows_world(&s));
	idle(100);
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_int_equal(s.title.tick, 100);    /* the title's own animation runs */
}

static void title_arrows_step_the_hero_and_log_it(void **state)
{
	(void)state;
	press(RIGHT);
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_int_equal(s.title.tx, TITLE_START_TX + 1);
	assert_int_equal(ev.sound, SND_MOVE);
	assert_true(saw("title: sprite tx=5 ty=20"));
}

static void enter_space_or_jump_on_the_title_open_the_menu(void **state)
{
	static const uint16_t keys[] = { ENTER, FIRE, JUMP };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(keys); i++) {
		fresh_session(NULL);
		press(keys[i]);
		assert_row(s.mode == SESSION_MENU, "key %zu: mode %d", i, s.mode);
		assert_true(ev.mode_changed);
		assert_true(saw("session: menu"));
		assert_int_equal(s.cursor, MENU_NEW_GAME);
	}
}

static void other_keys_on_the_title_stay_there(void **state)
{
	(void)state;
	tick_keys(0, 0, SKEY_ANY);              /* a letter */
	press(PAUSE);
	tick_keys(0, 0, SKEY_ANY | SKEY_QUIT);
	assert_int_equal(s.mode, SESSION_TITLE);
}

/* Up from the first item wraps to Quit, Down from Quit to New game; each move blips. */
static void menu_cursor_wraps_both_ways_with_the_menu_sound(void **state)
{
	static const struct {
		uint16_t key;
		uint8_t cursor;
		const char *log;
	} steps[] = {
		{ UP, MENU_QUIT, "menu: cursor=9 quit" },
		{ UP, MENU_HISCORES, "menu: cursor=8 high scores" },
		{ UP, MENU_RESTORE, "menu: cursor=7 restore game" },
		{ DOWN, MENU_HISCORES, "menu: cursor=8 high scores" },
		{ DOWN, MENU_QUIT, "menu: cursor=9 quit" },
		{ DOWN, MENU_NEW_GAME, "menu: cursor=0 new game" },
		{ DOWN, MENU_INSTRUCTIONS, "menu: cursor=1 instructions" },
	};

	(void)state;
	press(ENTER);
	for (size_t i = 0; i < ARRAY_LEN(steps); i++) {
		forget();
		press(steps[i].key);
		assert_row(s.cursor == steps[i].cursor, "step %zu: cursor %d", i, s.cursor);
		assert_row(ev.sound == SND_MENU, "step %zu: sound %d", i, ev.sound);
		assert_row(saw(steps[i].log), "step %zu: no '%s'", i, steps[i].log);
		assert_int_equal(s.mode, SESSION_MENU);
	}
	idle(1);                                /* no press, no move, no sound */
	assert_int_equal(s.cursor, MENU_INSTRUCTIONS);
	assert_int_equal(ev.sound, SND_NONE);
	press(UP | DOWN);                       /* both at once: stay */
	assert_int_equal(s.cursor, MENU_INSTRUCTIONS);
}

static void menu_labels_name_the_ten_choices(void **state)
{
	(void)state;
	assert_int_equal(MENU_COUNT, 10);
	assert_string_equal(menu_labels[MENU_RESTORE], "Restore game");
	assert_string_equal(menu_labels[MENU_HISCORES], "High scores");
	assert_string_equal(menu_labels[MENU_NEW_GAME], "New game");
	assert_string_equal(menu_labels[MENU_INSTRUCTIONS], "Instructions");
	assert_string_equal(menu_labels[MENU_CONTROLS], "Controls");
	assert_string_equal(menu_labels[MENU_MUSIC], "Music");
	assert_string_equal(menu_labels[MENU_SOUND], "Sound effects");
	assert_string_equal(menu_labels[MENU_SYSINFO], "System info");
	assert_string_equal(menu_labels[MENU_DEMO], "Demo");
	assert_string_equal(menu_labels[MENU_QUIT], "Quit");
}

/* Which mode each item leads to, chosen with each of the three choose keys. */
static void each_menu_choice_leads_where_it_should(void **state)
{
	static const struct {
		uint8_t downs;
		SessionMode mode;
		bool demo;
	} rows[] = {
		{ 0, SESSION_PLAYING, false },
		{ 1, SESSION_INSTRUCTIONS, false },
		{ 2, SESSION_CONTROLS, false },
		{ 3, SESSION_MENU, false },     /* Music: toggles, stays */
		{ 4, SESSION_MENU, false },     /* Sound effects: toggles, stays */
		{ 5, SESSION_SYSINFO, false },
		{ 6, SESSION_PLAYING, true },
		{ 7, SESSION_SLOTS, false },
		{ 8, SESSION_HISCORES, false },
		{ 9, SESSION_HALTED, false },
	};
	static const uint16_t keys[] = { ENTER, FIRE, JUMP };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		for (size_t k = 0; k < ARRAY_LEN(keys); k++) {
			fresh_session(NULL);
			press(ENTER);
			for (int d = 0; d < rows[i].downs; d++)
				press(DOWN);
			press(keys[k]);
			assert_row(s.mode == rows[i].mode, "item %zu key %zu: mode %d", i, k, s.mode);
			assert_row(s.demo == rows[i].demo, "item %zu key %zu: demo %d", i, k, s.demo);
		}
	}
}

static void new_game_starts_level_1_of_the_episode_with_fresh_stats(void **state)
{
	(void)state;
	new_game();
	assert_true(saw("session: level 1 start name=e1l1"));
	assert_true(saw_prefix("level: 180x32 tiles, "));
	assert_int_equal(s.level, 0);
	assert_false(s.single);
	assert_false(s.demo);
	assert_int_equal(session_pit_ticks(&s), WORLD_PIT_TICKS_PER_FRAME);
	assert_true(session_shows_world(&s));
	assert_int_equal(s.world.score, 0);
	assert_int_equal(s.world.health, PLAYER_MAX_HEALTH);
	assert_int_equal(s.world.lives, PLAYER_START_LIVES);
	assert_int_equal(s.world.bombs, 0);
	assert_int_equal(s.world.tick, 0);
	idle(5);                                /* one world frame per session tick */
	assert_int_equal(s.world.tick, 5);
	assert_true(ev.world_ticked);
}

static void escape_on_the_menu_goes_back_to_the_title(void **state)
{
	(void)state;
	press(ENTER);
	tick_keys(0, PAUSE, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_int_equal(s.title.tx, TITLE_START_TX);   /* a fresh title */
}

static void instructions_page_through_then_back_to_the_menu_on_instructions(void **state)
{
	(void)state;
	press(ENTER);
	press(DOWN);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_INSTRUCTIONS);
	assert_int_equal(s.page, 0);
	assert_true(saw("session: instructions page=1"));
	idle(500);                              /* no timeout: it waits */
	assert_int_equal(s.mode, SESSION_INSTRUCTIONS);
	tick_keys(0, 0, SKEY_ANY);              /* any key, even a letter */
	assert_int_equal(s.page, 1);
	assert_true(saw("session: instructions page=2"));
	press(RIGHT);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_INSTRUCTIONS);
}

static void escape_leaves_the_instructions_at_once(void **state)
{
	(void)state;
	press(ENTER);
	press(DOWN);
	press(ENTER);
	tick_keys(0, PAUSE, SKEY_ESC | SKEY_ANY);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.page, 0);
}

static void quit_halts_for_good(void **state)
{
	(void)state;
	press(ENTER);
	press(UP);
	forget();
	press(ENTER);
	assert_int_equal(s.mode, SESSION_HALTED);
	assert_true(ev.mode_changed);
	assert_true(saw("session: quit"));
	assert_false(session_shows_world(&s));
	press(ENTER);
	tick_keys(0, PAUSE, SKEY_ESC | SKEY_ANY);
	idle(SESSION_IDLE_TICKS + 10);          /* no demo either */
	assert_int_equal(s.mode, SESSION_HALTED);
}

/* P pauses: the world stands still at 140 Hz until P, Enter, Space or Jump. */
static void pause_freezes_world_ticks_and_resumes(void **state)
{
	static const uint16_t resume[] = { PAUSE, ENTER, FIRE, JUMP };

	(void)state;
	new_game();
	idle(10);
	for (size_t i = 0; i < ARRAY_LEN(resume); i++) {
		uint32_t t = s.world.tick;

		forget();
		press(PAUSE);
		assert_int_equal(s.mode, SESSION_PAUSED);
		assert_false(ev.world_ticked);
		assert_int_equal(s.world.tick, t);      /* the pausing frame does not run */
		assert_int_equal(session_pit_ticks(&s), 1);
		assert_true(session_shows_world(&s));
		assert_true(saw_prefix("session: paused tick="));
		tick_keys(RIGHT, 0, 0);
		idle(300);
		press(RIGHT | DOWN | UP);               /* other keys do nothing */
		tick_keys(0, 0, SKEY_ANY);
		assert_int_equal(s.world.tick, t);
		assert_int_equal(s.mode, SESSION_PAUSED);
		press(resume[i]);
		assert_row(s.mode == SESSION_PLAYING, "resume key %zu: mode %d", i, s.mode);
		assert_true(saw("session: resumed"));
		assert_int_equal(s.world.tick, t);
		idle(3);
		assert_int_equal(s.world.tick, t + 3);
	}
}

static void escape_pauses_and_escape_or_q_in_the_pause_abandon_to_the_menu(void **state)
{
	static const uint8_t leave[] = { SKEY_ESC, SKEY_QUIT };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(leave); i++) {
		fresh_session(NULL);
		new_game();
		idle(4);
		tick_keys(0, PAUSE, SKEY_ESC);
		assert_int_equal(s.mode, SESSION_PAUSED);
		tick_keys(0, leave[i] == SKEY_ESC ? PAUSE : 0, (uint8_t)(leave[i] | SKEY_ANY));
		assert_row(s.mode == SESSION_MENU, "key %zu: mode %d", i, s.mode);
		assert_true(saw("session: abandoned"));
		assert_int_equal(s.cursor, MENU_NEW_GAME);
	}
}

/* 20 s untouched on the title: the attract demo plays level 1's demo, its input tick by tick. */
static void idle_title_runs_the_attract_demo(void **state)
{
	DemoPlayer d;
	char err[DEMO_ERR_SIZE], line[64];

	(void)state;
	assert_non_null(demo_find(episode_levels[0]));
	assert_true(demo_open(&d, demo_find(episode_levels[0])->data, demo_find(episode_levels[0])->len, err,
	    sizeof err));
	idle(SESSION_IDLE_TICKS - 1);
	assert_int_equal(s.mode, SESSION_TITLE);
	idle(1);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(s.demo);
	snprintf(line, sizeof line, "session: demo level=%s", d.h.level);
	assert_true(saw(line));
	assert_int_equal(s.world.tick, 0);
	assert_int_equal(s.world.score, d.h.score);
	assert_int_equal(s.world.lives, d.h.lives);
	for (uint32_t t = 1; t <= d.h.ticks && t <= 60; t++) {
		GameInput want;

		assert_true(demo_next(&d, &want));
		idle(1);
		assert_int_equal(s.world.tick, t);
		assert_int_equal(s.world.in.held, want.held);
		assert_int_equal(s.world.in.pressed, want.pressed);
	}
}

static void holding_a_key_is_not_idle(void **state)
{
	(void)state;
	idle(SESSION_IDLE_TICKS - 10);
	tick_keys(UP, 0, 0);                    /* held, not pressed */
	idle(SESSION_IDLE_TICKS - 1);
	assert_int_equal(s.mode, SESSION_TITLE);
	idle(1);
	assert_int_equal(s.mode, SESSION_PLAYING);
}

static void idle_menu_runs_the_demo_too(void **state)
{
	(void)state;
	press(ENTER);
	press(DOWN);
	idle(SESSION_IDLE_TICKS);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(s.demo);
}

/* Any key during the demo — a game button, P, or a letter — brings up the menu. */
static void a_key_during_the_demo_returns_to_the_menu(void **state)
{
	static const struct {
		uint16_t pressed;
		uint8_t keys;
	} rows[] = { { RIGHT, 0 }, { PAUSE, 0 }, { 0, SKEY_ANY }, { ENTER, 0 } };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		uint32_t t;

		fresh_session(NULL);
		idle(SESSION_IDLE_TICKS + 5);
		t = s.world.tick;
		assert_int_equal(t, 5);
		tick_keys(0, rows[i].pressed, rows[i].keys);
		assert_row(s.mode == SESSION_MENU, "row %zu: mode %d", i, s.mode);
		assert_false(s.demo);
		assert_int_equal(s.world.tick, t);      /* that key ran no frame */
		assert_int_equal(s.cursor, MENU_NEW_GAME);
	}
}

/* A held key from before is no press: the demo keeps playing. */
static void held_keys_do_not_stop_the_demo(void **state)
{
	(void)state;
	idle(SESSION_IDLE_TICKS);
	tick_keys(RIGHT, 0, 0);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(s.demo);
}

/* A demo source of three frames: three world frames, then the title. */
static int fake_frames;

static bool fake_start(void *ctx, const char **level)
{
	(void)ctx;
	fake_frames = 0;
	*level = "seeds";
	return true;
}

static bool fake_next(void *ctx, GameInput *out)
{
	(void)ctx;
	*out = (GameInput){ BTN_BIT(BTN_RIGHT), fake_frames == 0 ? BTN_BIT(BTN_RIGHT) : 0 };
	return ++fake_frames <= 3;
}

static void demo_source_hook_feeds_the_world_until_it_ends(void **state)
{
	SessionHooks hooks = { .log = capture, .demo = { .start = fake_start, .next = fake_next } };

	(void)state;
	session_init(&s, &hooks);
	press(ENTER);
	for (int i = MENU_COUNT; i > MENU_DEMO; i--)
		press(UP);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(s.demo);
	assert_true(saw("session: demo level=seeds"));
	assert_string_equal(s.level_name, "seeds");
	idle(3);
	assert_int_equal(s.world.tick, 3);
	assert_int_equal(s.world.in.held, BTN_BIT(BTN_RIGHT));      /* the recording's input, not the keys */
	idle(1);                                /* the recording has ended */
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_false(s.demo);
	assert_int_equal(s.world.tick, 3);
}

/* Whether a built-in demo plays an episode level (the reel skips the engine's test demos). */
static bool on_episode(const DemoBlob *b)
{
	DemoHeader h;
	char err[DEMO_ERR_SIZE];

	assert_true(demo_check(b->data, b->len, &h, err, sizeof err));
	for (int i = 0; i < episode_level_count; i++)
		if (strcmp(h.level, episode_levels[i]) == 0)
			return true;
	return false;
}

/*
 * The attract reel: each episode level's demo in the episode's order,
 * round and round, the high scores between them; never test or seeds.
 */
static void the_built_in_demos_play_in_turn_with_the_high_scores_between(void **state)
{
	const DemoBlob *reel[32];
	int count = 0;

	(void)state;
	for (int i = 0; i < episode_level_count && count < 32; i++)
		if (demo_find(episode_levels[i]) && on_episode(demo_find(episode_levels[i])))
			reel[count++] = demo_find(episode_levels[i]);
	assert_int_equal(count, episode_level_count);   /* a demo per episode level */
	assert_false(on_episode(demo_find("test")));
	assert_false(on_episode(demo_find("seeds")));
	for (int k = 0; k < count + 1; k++) {
		const DemoBlob *b = reel[k % count];
		DemoHeader h;
		char err[DEMO_ERR_SIZE];
		uint32_t n = 0;

		assert_true(demo_check(b->data, b->len, &h, err, sizeof err));
		if (k == 0)
			idle(SESSION_IDLE_TICKS);       /* the title's idle time starts the loop */
		else {
			idle(SESSION_HISCORE_TICKS - 1);
			assert_int_equal(s.mode, SESSION_HISCORES);
			idle(1);
		}
		assert_int_equal(s.mode, SESSION_PLAYING);
		assert_true(s.demo);
		assert_string_equal(s.level_name, h.level);
		while (s.mode == SESSION_PLAYING && n < 100000) {
			idle(1);
			n++;
		}
		assert_int_equal(s.mode, SESSION_HISCORES);
		assert_int_equal(s.hs_mark, -1);
		assert_int_equal(s.save_req, 0);
		/* it ran to its end (one more tick finds no input), or its level ended first */
		assert_true(n == h.ticks + 1 || (n <= h.ticks && (s.world.level_done || s.world.game_over)));
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(boots_into_the_title_at_140_hz, fresh_session),
		cmocka_unit_test_setup(title_arrows_step_the_hero_and_log_it, fresh_session),
		cmocka_unit_test_setup(enter_space_or_jump_on_the_title_open_the_menu, fresh_session),
		cmocka_unit_test_setup(other_keys_on_the_title_stay_there, fresh_session),
		cmocka_unit_test_setup(menu_cursor_wraps_both_ways_with_the_menu_sound, fresh_session),
		cmocka_unit_test_setup(menu_labels_name_the_ten_choices, fresh_session),
		cmocka_unit_test_setup(each_menu_choice_leads_where_it_should, fresh_session),
		cmocka_unit_test_setup(new_game_starts_level_1_of_the_episode_with_fresh_stats, fresh_session),
		cmocka_unit_test_setup(escape_on_the_menu_goes_back_to_the_title, fresh_session),
		cmocka_unit_test_setup(instructions_page_through_then_back_to_the_menu_on_instructions, fresh_session),
		cmocka_unit_test_setup(escape_leaves_the_instructions_at_once, fresh_session),
		cmocka_unit_test_setup(quit_halts_for_good, fresh_session),
		cmocka_unit_test_setup(pause_freezes_world_ticks_and_resumes, fresh_session),
		cmocka_unit_test_setup(escape_pauses_and_escape_or_q_in_the_pause_abandon_to_the_menu, fresh_session),
		cmocka_unit_test_setup(idle_title_runs_the_attract_demo, fresh_session),
		cmocka_unit_test_setup(holding_a_key_is_not_idle, fresh_session),
		cmocka_unit_test_setup(idle_menu_runs_the_demo_too, fresh_session),
		cmocka_unit_test_setup(a_key_during_the_demo_returns_to_the_menu, fresh_session),
		cmocka_unit_test_setup(held_keys_do_not_stop_the_demo, fresh_session),
		cmocka_unit_test_setup(demo_source_hook_feeds_the_world_until_it_ends, fresh_session),
		cmocka_unit_test_setup(the_built_in_demos_play_in_turn_with_the_high_scores_between, fresh_session),
	};

	if (testmain_filter("session", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
