/* test_boss.c: the boss tick by tick — pacing, periodic launches, hp, flash, bounce, burst. */
#include "castfix.h"

#include "cast.h"

static int expected_launch(void)
{
	Rng r = w.rng;

	return rng_below(&r, 2) ? ACT_PARACHUTE : ACT_BLUE_BALL;
}

/* Walls at columns 8 and 17 around the 4-wide boss: a tile every other frame, turning at each. */
static void boss_paces_every_other_frame_turning_at_walls(void **state)
{
	static const int8_t x[] = { 10, 9, 9, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 13 };
	static const int8_t dir[] = { -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1 };
	Actor *b;

	(void)state;
	map_column(&w.map, 8, 0, 14, block());
	map_column(&w.map, 17, 0, 14, block());
	b = actor_spawn(&w, ACT_BOSS, 10, 14);
	assert_int_equal(b->hp, 12);
	for (size_t i = 0; i < ARRAY_LEN(x); i++) {
		tick();
		assert_row(b->x == x[i] && b->dir == dir[i] && b->y == 14, "tick %zu: x %d dir %d",
		    i + 1, b->x, b->dir);
	}
}

/* Boxed in: a launch from its back every 60 frames; angry (hp 6 of 12) every 30. */
static void boss_launches_every_60_frames_then_30_when_angry(void **state)
{
	Actor *b;
	int want;

	(void)state;
	map_column(&w.map, 9, 0, 14, block());
	map_column(&w.map, 14, 0, 14, block());
	b = actor_spawn(&w, ACT_BOSS, 10, 14);
	for (int t = 1; t < 60; t++) {
		tick();
		assert_row(busy_spawners() == 0, "tick %d", t);
	}
	want = expected_launch();
	tick();
	assert_int_equal(new_spawners(), 1);
	assert_int_equal(first_spawner()->actor, want);
	assert_int_equal(first_spawner()->x, 11);
	assert_int_equal(first_spawner()->y, 11 - 2);   /* from its top row, up 2 in the first tick */
	b->hp = 6;
	for (int t = 61; t < 90; t++) {
		tick();
		assert_row(new_spawners() == 0, "tick %d", t);
	}
	tick();
	assert_int_equal(new_spawners(), 1);
}

static void boss_out_of_view_launches_nothing(void **state)
{
	(void)state;
	map_init(&w.map, 80, 30);
	map_row(&w.map, FLOOR_Y, 0, 79, block());
	map_column(&w.map, 59, 0, 14, block());
	map_column(&w.map, 64, 0, 14, block());
	actor_spawn(&w, ACT_BOSS, 60, 14);
	ticks(120);
	assert_int_equal(busy_spawners(), 0);
}

/*
 * Twelve hits: each costs a point of hp, flashes white for 4 frames (hits
 * meanwhile are used up but harmless) with a sound; the twelfth bursts it
 * into 12 shards for 5000 points and a 5000 floater.
 */
static void boss_takes_twelve_hits_then_bursts(void **state)
{
	Actor *b, *f;

	(void)state;
	map_column(&w.map, 9, 0, 14, block());
	map_column(&w.map, 14, 0, 14, block());
	b = actor_spawn(&w, ACT_BOSS, 10, 14);           /* boxed in: it turns on the spot */
	for (int i = 1; i < 12; i++) {
		assert_true(actor_hit(&w, b, i % 2 ? HIT_SHOT : HIT_KICK));
		assert_int_equal(b->hp, 12 - i);
		assert_int_equal(w.sound, SND_ENEMY_HIT);
		assert_int_equal(actor_image(b), b->dir < 0 ? IMG_BOSS_HURT_L : IMG_BOSS_HURT_R);
		assert_true(actor_hit(&w, b, HIT_SHOT));        /* flashing: no harm */
		assert_int_equal(b->hp, 12 - i);
		ticks(3);
		assert_int_equal(actor_image(b), b->dir < 0 ? IMG_BOSS_HURT_L : IMG_BOSS_HURT_R);
		assert_true(actor_hit(&w, b, HIT_SHOT));
		assert_int_equal(b->hp, 12 - i);
		tick();
		assert_in_range(actor_image(b) - (b->dir < 0 ? IMG_BOSS_L0 : IMG_BOSS_R0), 0, 1);  /* walking */
	}
	assert_int_equal(w.score, 0);
	assert_int_equal(busy_shards(), 0);
	assert_true(actor_hit(&w, b, HIT_SHOT));
	assert_true(b->dead);
	assert_int_equal(w.score, 5000);
	assert_int_equal(busy_shards(), 12);
	assert_int_equal(w.sound, SND_EXPLOSION);
	assert_non_null(f = find_kind(ACT_FLOATER));
	assert_int_equal(actor_image(f), IMG_POINTS_5000);
	assert_false(actor_hit(&w, b, HIT_SHOT));       /* gone */
}

/* A bomb costs 2 hp; a pounce 1, with its own sound. */
static void boss_bomb_costs_two_pounce_one(void **state)
{
	Actor *b;

	(void)state;
	b = actor_spawn(&w, ACT_BOSS, 10, 14);
	assert_true(actor_hit(&w, b, HIT_BOMB));
	assert_int_equal(b->hp, 10);
	ticks(4);
	assert_true(actor_hit(&w, b, HIT_POUNCE));
	assert_int_equal(b->hp, 9);
	assert_int_equal(w.sound, SND_POUNCE);
	ticks(4);
	b->hp = 2;
	assert_true(actor_hit(&w, b, HIT_BOMB));
	assert_true(b->dead);
}

/* Falling onto it: the pounce costs it a point and the player bounces. */
static void boss_pounced_by_a_falling_player_bounces_it(void **state)
{
	Actor *b, *p;

	(void)state;
	map_column(&w.map, 9, 0, 14, block());
	map_column(&w.map, 14, 0, 14, block());
	b = actor_spawn(&w, ACT_BOSS, 10, 14);           /* rows 11-14 */
	p = actor_spawn(&w, ACT_PLAYER, 11, 5);
	for (int t = 0; t < 8 && b->hp == 12; t++)
		tick();
	assert_int_equal(b->hp, 11);
	assert_ptr_equal(p->tick, act_player_jump);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

static void boss_hurts_on_touch(void **state)
{
	(void)state;
	map_column(&w.map, 9, 0, 14, block());
	map_column(&w.map, 16, 0, 14, block());
	player_at(14);
	actor_spawn(&w, ACT_BOSS, 10, 14);
	ticks(4);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
}

#define T(fn) cmocka_unit_test_setup(fn, floor_40x30)
static const struct CMUnitTest tests[] = {
	T(boss_paces_every_other_frame_turning_at_walls),
	T(boss_launches_every_60_frames_then_30_when_angry),
	T(boss_out_of_view_launches_nothing),
	T(boss_takes_twelve_hits_then_bursts),
	T(boss_bomb_costs_two_pounce_one),
	T(boss_pounced_by_a_falling_player_bounces_it),
	T(boss_hurts_on_touch),
};

int main(int argc, char **argv)
{
	if (testmain_filter("boss", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("boss", tests, NULL, NULL);
}
