/* test_session_flow.c: the episode — level done, the interstitial, stats carried, episode end, game over, bad levels. */
#include "player.h"
#include "sessionfix.h"

#include "crc32.h"
#include "episode.h"
#include "level.h"
#include "world.h"

static void the_episode_lists_the_built_in_levels_in_order(void **state)
{
	(void)state;
	static const char *const stems[] = { "e1l1", "e1l2", "e1l3", "e1l4", "e1l5", "e1l6", "e1l7", "e1l8", "e1l9",
		"e1l10" };

	assert_int_equal(episode_level_count, ARRAY_LEN(stems));
	for (size_t i = 0; i < ARRAY_LEN(stems); i++)
		assert_string_equal(episode_levels[i], stems[i]);
	for (int i = 0; i < episode_level_count; i++)
		assert_non_null(level_find(episode_levels[i]));
}

/* Mid-level stats, then the exit: what LEVEL_DONE shows and the next level gets. */
static void finish_level_with(uint32_t score, uint8_t health, uint8_t lives, uint8_t bombs)
{
	s.world.score = score;
	s.world.health = health;
	s.world.lives = lives;
	s.world.bombs = bombs;
	s.world.level_done = true;
	idle(1);                                /* the frame in which the exit was touched */
}

static void level_done_shows_the_interstitial_at_140_hz(void **state)
{
	(void)state;
	new_game();
	idle(3);
	finish_level_with(1234, 2, 2, 3);
	assert_int_equal(s.mode, SESSION_LEVEL_DONE);
	assert_true(ev.mode_changed);
	assert_true(ev.world_ticked);           /* that frame still ran */
	assert_true(saw("session: level done level=1 score=1234"));
	assert_int_equal(session_pit_ticks(&s), 1);
	assert_false(session_shows_world(&s));
	assert_int_equal(s.stats.score, 1234);
	assert_int_equal(s.stats.health, 2);
	assert_int_equal(s.stats.lives, 2);
	assert_int_equal(s.stats.bombs, 3);
}

/* Keys are ignored for SESSION_SCREEN_MIN_TICKS (a held jump must not skip it), then one goes on. */
static void level_done_then_the_next_level_with_stats_carried(void **state)
{
	(void)state;
	new_game();
	finish_level_with(1234, 2, 2, 3);
	for (int i = 1; i < SESSION_SCREEN_MIN_TICKS; i++) {
		press(JUMP);
		assert_row(s.mode == SESSION_LEVEL_DONE, "tick %d: mode %d", i, s.mode);
	}
	forget();
	press(JUMP);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(saw("session: level 2 start name=e1l2"));
	assert_int_equal(s.level, 1);
	assert_string_equal(s.level_name, "e1l2");
	assert_int_equal(s.world.tick, 0);
	assert_false(s.world.level_done);
	assert_int_equal(s.world.score, 1234);
	assert_int_equal(s.world.health, 2);
	assert_int_equal(s.world.lives, 2);
	assert_int_equal(s.world.bombs, 3);
	assert_int_equal(session_pit_ticks(&s), WORLD_PIT_TICKS_PER_FRAME);
}

static void level_done_goes_on_by_itself(void **state)
{
	(void)state;
	new_game();
	finish_level_with(10, 3, 3, 0);
	idle(SESSION_LEVEL_DONE_TICKS - 1);
	assert_int_equal(s.mode, SESSION_LEVEL_DONE);
	idle(1);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_int_equal(s.level, 1);
	assert_int_equal(s.world.score, 10);
}

/* The stats the world had when the exit was touched, not what it had at the level's start. */
static void stats_carry_what_happened_in_the_level(void **state)
{
	(void)state;
	new_game();
	world_add_score(&s.world, 500);
	s.world.bombs = 2;
	world_hurt_player(&s.world);
	s.world.level_done = true;
	idle(1);
	idle(SESSION_LEVEL_DONE_TICKS);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_int_equal(s.world.score, 500);
	assert_int_equal(s.world.health, PLAYER_MAX_HEALTH - 1);
	assert_int_equal(s.world.bombs, 2);
	assert_int_equal(s.world.hurt_cooldown, 0);     /* only the stats carry */
}

static void stats_apply_redraws_the_status_and_never_starts_dead(void **state)
{
	PlayerStats p = { .score = 77, .health = 0, .lives = 1, .bombs = 9 };
	uint32_t v;

	(void)state;
	v = s.world.status_version;
	stats_apply(&s.world, &p);
	assert_int_not_equal(s.world.status_version, v);
	assert_int_equal(s.world.score, 77);
	assert_int_equal(s.world.health, 1);
	assert_int_equal(s.world.lives, 1);
	assert_int_equal(s.world.bombs, 9);
	stats_new_game(&p);
	assert_int_equal(p.score, 0);
	assert_int_equal(p.health, PLAYER_MAX_HEALTH);
	assert_int_equal(p.lives, PLAYER_START_LIVES);
	assert_int_equal(p.bombs, 0);
}

static void last_level_done_ends_the_episode_then_the_title(void **state)
{
	(void)state;
	table_full(1000000);                    /* 2500 does not make the table: no name prompt */
	new_game();
	for (int k = 1; k < episode_level_count; k++) {
		finish_level_with(100u * (uint32_t)k, 3, 3, 0);
		idle(SESSION_LEVEL_DONE_TICKS);
		assert_int_equal(s.level, k);
	}
	forget();
	finish_level_with(2500, 1, 2, 1);
	assert_int_equal(s.mode, SESSION_LEVEL_DONE);
	assert_true(saw("session: level done level=10 score=2500"));
	idle(SESSION_LEVEL_DONE_TICKS);
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	assert_true(saw("session: episode end score=2500"));
	assert_int_equal(s.stats.score, 2500);
	idle(10 * SESSION_GAME_OVER_TICKS);     /* waits for a key */
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_TITLE);
	assert_true(saw("session: title"));
}

static void a_new_game_after_the_episode_starts_afresh(void **state)
{
	(void)state;
	table_full(1000000);
	new_game();
	for (int k = 0; k < episode_level_count; k++) {
		finish_level_with(100u + 400u * (uint32_t)k, 1, 1, 4);
		idle(SESSION_LEVEL_DONE_TICKS);
	}
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	press(ENTER);                           /* too soon: a held key must not skip it */
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	idle(SESSION_SCREEN_MIN_TICKS);
	press(ENTER);
	new_game();
	assert_int_equal(s.level, 0);
	assert_int_equal(s.world.score, 0);
	assert_int_equal(s.world.health, PLAYER_MAX_HEALTH);
	assert_int_equal(s.world.lives, PLAYER_START_LIVES);
	assert_int_equal(s.world.bombs, 0);
}

/* The last life lost: the final score, then the title (by a key after the minimum, or by itself). */
static void game_over_shows_the_score_then_the_title(void **state)
{
	(void)state;
	for (int by_key = 0; by_key < 2; by_key++) {
		fresh_session(NULL);
		table_full(4321);               /* a tie does not make the table (as the original) */
		new_game();
		s.world.score = 4321;
		s.world.game_over = true;
		idle(1);
		assert_int_equal(s.mode, SESSION_GAME_OVER);
		assert_true(saw("session: game over score=4321"));
		assert_int_equal(s.stats.score, 4321);
		press(ENTER);
		assert_int_equal(s.mode, SESSION_GAME_OVER);    /* too soon */
		if (by_key) {
			idle(SESSION_SCREEN_MIN_TICKS);
			tick_keys(0, 0, SKEY_ANY);
		} else {
			idle(SESSION_GAME_OVER_TICKS - 2);
			assert_int_equal(s.mode, SESSION_GAME_OVER);
			idle(1);
		}
		assert_int_equal(s.mode, SESSION_TITLE);
	}
}

/* The real thing: three lives lost in the pit of the test level. */
static void falling_into_the_pit_three_times_is_game_over(void **state)
{
	int n = 0;

	(void)state;
	new_game();
	while (s.mode == SESSION_PLAYING && n < 1000) {
		Actor *p = &s.world.actors[s.world.player];

		p->x = 55;                      /* over the pit, every frame */
		tick_keys(0, 0, 0);
		n++;
	}
	assert_int_equal(s.mode, SESSION_GAME_OVER);
	assert_int_equal(s.world.lives, 0);
	assert_true(saw("session: game over score=0"));
}

static void level_option_plays_one_level_then_the_title(void **state)
{
	(void)state;
	session_play_level(&s, "seeds");
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_true(s.single);
	assert_true(saw("session: level 1 start name=seeds"));
	idle(2);
	assert_int_equal(s.world.tick, 2);
	finish_level_with(50, 3, 3, 0);
	assert_int_equal(s.mode, SESSION_LEVEL_DONE);
	idle(SESSION_LEVEL_DONE_TICKS);
	assert_int_equal(s.mode, SESSION_TITLE);
}

static const uint8_t *fake_data;
static size_t fake_len;

static bool fake_find(void *ctx, const char *name, const uint8_t **data, size_t *len)
{
	(void)ctx;
	if (strcmp(name, "missing") == 0)
		return false;
	*data = fake_data;
	*len = fake_len;
	return true;
}

/* A level that is not there or does not load: the red screen, its line on the log, Enter: title. */
static void bad_or_missing_levels_show_the_error_screen(void **state)
{
	static uint8_t bad[8192];
	const LevelBlob *good = level_find("test");
	SessionHooks hooks = { .log = capture, .find = fake_find };

	(void)state;
	assert_true(good->len <= sizeof bad);
	memcpy(bad, good->data, good->len);
	bad[LEVEL_HEADER_SIZE] ^= 0x55;         /* the CRC no longer matches */
	fake_data = bad;
	fake_len = good->len;
	session_init(&s, &hooks);
	session_play_level(&s, "disk");
	assert_int_equal(s.mode, SESSION_ERROR);
	assert_string_equal(s.error_what, "BAD LEVEL FILE");
	assert_true(saw_prefix("ERROR: BAD LEVEL FILE: level: "));
	assert_non_null(strstr(s.error_detail, "CRC"));
	press(RIGHT);
	idle(100);
	assert_int_equal(s.mode, SESSION_ERROR);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_TITLE);

	forget();
	session_play_level(&s, "missing");
	assert_int_equal(s.mode, SESSION_ERROR);
	assert_true(saw("ERROR: LEVEL NOT FOUND: missing"));
	tick_keys(0, PAUSE, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_TITLE);

	fake_data = good->data;                 /* found through the hook: it plays */
	session_play_level(&s, "disk");
	assert_int_equal(s.mode, SESSION_PLAYING);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(the_episode_lists_the_built_in_levels_in_order, fresh_session),
		cmocka_unit_test_setup(level_done_shows_the_interstitial_at_140_hz, fresh_session),
		cmocka_unit_test_setup(level_done_then_the_next_level_with_stats_carried, fresh_session),
		cmocka_unit_test_setup(level_done_goes_on_by_itself, fresh_session),
		cmocka_unit_test_setup(stats_carry_what_happened_in_the_level, fresh_session),
		cmocka_unit_test_setup(stats_apply_redraws_the_status_and_never_starts_dead, fresh_session),
		cmocka_unit_test_setup(last_level_done_ends_the_episode_then_the_title, fresh_session),
		cmocka_unit_test_setup(a_new_game_after_the_episode_starts_afresh, fresh_session),
		cmocka_unit_test_setup(game_over_shows_the_score_then_the_title, fresh_session),
		cmocka_unit_test_setup(falling_into_the_pit_three_times_is_game_over, fresh_session),
		cmocka_unit_test_setup(level_option_plays_one_level_then_the_title, fresh_session),
		cmocka_unit_test_setup(bad_or_missing_levels_show_the_error_screen, fresh_session),
	};

	if (testmain_filter("session_flow", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
