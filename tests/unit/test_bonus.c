/* test_bonus.c: the hidden bonus exit, hidden prizes as secrets, and the episode's way to its bonus level and back. */
#include "play.h"
#include "worldfix.h"
#include "mapfix.h"
#include "sessionfix.h"

#include "acts.h"
#include "demo.h"
#include "episode.h"
#include "gfx.h"
#include "level.h"
#include "session_int.h"

#define FLOOR 12

/* A tile drawn in front of sprites that blocks nothing (the hedge). */
static uint16_t hedge(void)
{
	for (uint16_t t = 1; t < gfx_tile_count; t++)
		if (gfx_tile_attrs[t] == TILE_IN_FRONT)
			return (uint16_t)(MAP_SOLID_BASE + t);
	fail_msg("tiles.json has no tile drawn in front");
	return 0;
}

/* A floor on row FLOOR, the player at x=4; walks right until the level is done or `frames` pass. */
static void walk_right(int frames)
{
	GameInput in = { BTN_BIT(BTN_RIGHT), 0 };

	for (int i = 0; i < frames && !w.level_done; i++)
		world_tick(&w, &in);
}

static void floor_and_player(void)
{
	world_init(&w, 1);
	map_row(&w.map, FLOOR, 0, VIEW_W - 1, block());
	assert_non_null(actor_spawn(&w, ACT_PLAYER, 4, FLOOR - 1));
}

static void a_bonus_exit_finishes_the_level_as_a_secret(void **state)
{
	(void)state;
	floor_and_player();
	assert_non_null(actor_spawn(&w, ACT_EXIT_BONUS, 12, FLOOR - 1));
	assert_string_equal(actor_kinds[ACT_EXIT_BONUS].name, "EXIT_BONUS");
	walk_right(40);
	assert_true(w.level_done);
	assert_true(w.bonus_exit);
	assert_int_equal(w.secrets_found, 1);
}

static void an_ordinary_exit_is_no_bonus(void **state)
{
	(void)state;
	floor_and_player();
	assert_non_null(actor_spawn(&w, ACT_EXIT, 12, FLOOR - 1));
	walk_right(40);
	assert_true(w.level_done);
	assert_false(w.bonus_exit);
	assert_int_equal(w.secrets_found, 0);
}

/* A prize on a cell drawn in front of the player (hidden in a hedge) is a secret; one in the open is not. */
static void a_prize_in_a_hedge_is_a_secret_one_in_the_open_is_not(void **state)
{
	(void)state;
	floor_and_player();
	assert_non_null(actor_spawn(&w, ACT_GOURD, 9, FLOOR - 1));
	map_row(&w.map, FLOOR - 1, 15, 17, hedge());
	map_row(&w.map, FLOOR - 2, 15, 17, hedge());
	assert_non_null(actor_spawn(&w, ACT_DIAMOND, 16, FLOOR - 1));
	walk_right(7);                          /* at x=10: the gourd collected, the hedge ahead */
	assert_int_equal(w.prizes_found, 1);
	assert_int_equal(w.secrets_found, 0);
	walk_right(20);
	assert_int_equal(w.prizes_found, 2);
	assert_int_equal(w.secrets_found, 1);
}

/* The episode table: Hedgerow holds the one bonus exit, and the bonus level is built in. */
static void hedgerow_hides_the_bonus_exit_and_the_vault_is_built_in(void **state)
{
	const LevelBlob *b = level_find(episode_levels[episode_bonus_from]);
	char err[128];
	int bonus_exits = 0;

	(void)state;
	assert_string_equal(episode_levels[episode_bonus_from], "e1l8");
	assert_non_null(b);
	assert_true(world_load_level(&w, b->data, b->len, SESSION_LEVEL_SEED, err, sizeof err));
	for (int i = 0; i < MAX_ACTORS; i++)
		bonus_exits += w.actors[i].kind == ACT_EXIT_BONUS;
	assert_int_equal(bonus_exits, 1);
	assert_non_null(level_find(episode_bonus_level));
	assert_true(episode_bonus_from + 1 < episode_level_count);
}

/*
 * In the episode: leaving Hedgerow by its bonus exit, the next screen says
 * so and Enter starts the vault with the stats carried; the vault's exit
 * leads on to the level after Hedgerow.
 */
static void the_bonus_exit_leads_to_the_vault_then_on(void **state)
{
	static DemoPlayer pl;
	const DemoBlob *db = demo_find(episode_bonus_level);
	char err[DEMO_ERR_SIZE];
	Actor *p;

	fresh_session(state);
	new_game();
	session_start_episode_level(&s, episode_bonus_from, &ev);
	assert_string_equal(s.level_name, "e1l8");
	p = &s.world.actors[s.world.player];
	for (int i = 0; i < MAX_ACTORS; i++)
		if (s.world.actors[i].kind == ACT_EXIT_BONUS) {
			p->x = s.world.actors[i].x;
			p->y = s.world.actors[i].y;
		}
	idle(1);
	assert_int_equal(s.mode, SESSION_LEVEL_DONE);
	assert_int_equal(s.stats.secrets, 1);
	idle(SESSION_SCREEN_MIN_TICKS);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_string_equal(s.level_name, episode_bonus_level);
	assert_true(s.bonus);
	assert_non_null(db);
	assert_true(demo_open(&pl, db->data, db->len, err, sizeof err));
	while (s.mode == SESSION_PLAYING && !demo_ended(&pl)) {
		GameInput in;

		demo_next(&pl, &in);
		tick_keys(in.held, in.pressed, 0);
	}
	assert_int_equal(s.mode, SESSION_LEVEL_DONE);
	assert_true(s.stats.prizes >= 10);
	idle(SESSION_SCREEN_MIN_TICKS);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_PLAYING);
	assert_false(s.bonus);
	assert_int_equal(s.level, episode_bonus_from + 1);
	assert_string_equal(s.level_name, episode_levels[episode_bonus_from + 1]);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_bonus_exit_finishes_the_level_as_a_secret),
		cmocka_unit_test(an_ordinary_exit_is_no_bonus),
		cmocka_unit_test(a_prize_in_a_hedge_is_a_secret_one_in_the_open_is_not),
		cmocka_unit_test(hedgerow_hides_the_bonus_exit_and_the_vault_is_built_in),
		cmocka_unit_test(the_bonus_exit_leads_to_the_vault_then_on),
	};

	if (testmain_filter("bonus", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
