/* test_treasure.c: prizes and their floaters, the basket, the satellite, the frozen friend. */
#include "castfix.h"

static const uint8_t burst_prizes[] = { ACT_GOURD, ACT_TOMATO, ACT_DIAMOND, ACT_EMERALD };

static int expected_prize(void)
{
	Rng r = w.rng;

	return burst_prizes[rng_below(&r, 4)];
}

/* Each prize, touched: its points, a floater showing them, the pickup sound, gone. */
static void prizes_give_their_points_and_a_floater(void **state)
{
	static const struct {
		int kind;
		uint32_t points;
		int image;
	} rows[] = {
		{ ACT_GOURD, 200, IMG_POINTS_200 }, { ACT_TOMATO, 200, IMG_POINTS_200 },
		{ ACT_DIAMOND, 1000, IMG_POINTS_1000 }, { ACT_EMERALD, 500, IMG_POINTS_500 },
		{ ACT_HAMBURGER, 100, IMG_POINTS_100 },
	};

	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *f;

		floor_40x30(state);
		player_at(8);
		actor_spawn(&w, rows[i].kind, 9, 14);
		tick();
		assert_row(count_kind(rows[i].kind) == 0 && w.score == rows[i].points,
		    "%s: score %u", actor_kinds[rows[i].kind].name, w.score);
		assert_row(w.sound == SND_PICKUP, "%s: sound %d", actor_kinds[rows[i].kind].name, w.sound);
		f = find_kind(ACT_FLOATER);
		assert_row(f && actor_image(f) == rows[i].image && f->x == 9 && f->y == 12,
		    "%s: no floater, or the wrong one", actor_kinds[rows[i].kind].name);
	}
}

/* Like the barrel (seeds 000, 001): four shards, a random treasure rising through a spawner, 100 points. */
static void basket_pounced_or_bombed_bursts_with_a_prize(void **state)
{
	static const HitKind hows[] = { HIT_POUNCE, HIT_BOMB };

	for (size_t i = 0; i < ARRAY_LEN(hows); i++) {
		Actor *b;
		int want;

		floor_40x30(state);
		b = actor_spawn(&w, ACT_BASKET, 10, 14);
		assert_int_equal(actor_image(b), IMG_BASKET);
		want = expected_prize();
		assert_true(actor_hit(&w, b, hows[i]));
		assert_true(b->dead);
		assert_int_equal(busy_shards(), 4);
		assert_int_equal(busy_spawners(), 1);
		assert_int_equal(first_spawner()->actor, want);
		assert_int_equal(first_spawner()->x, 10);
		assert_int_equal(first_spawner()->y, 14);
		assert_int_equal(w.score, 100);
		assert_int_equal(actor_image(find_kind(ACT_FLOATER)), IMG_POINTS_100);
	}
}

/* Shots and kicks pass barrels and baskets by: the hit is not used up. */
static void barrel_and_basket_ignore_shots_and_kicks(void **state)
{
	Actor *a, *b;

	(void)state;
	a = actor_spawn(&w, ACT_BARREL, 4, 14);
	b = actor_spawn(&w, ACT_BASKET, 10, 14);
	assert_false(actor_hit(&w, a, HIT_SHOT));
	assert_false(actor_hit(&w, b, HIT_KICK));
	assert_false(a->dead || b->dead);
	assert_int_equal(busy_shards() + busy_spawners() + (int)w.score, 0);
}

static void basket_falls_until_it_rests(void **state)
{
	Actor *b;

	(void)state;
	b = actor_spawn(&w, ACT_BASKET, 10, 10);
	ticks(6);
	assert_int_equal(b->y, 14);
	assert_ptr_equal(b->tick, act_barrel_sit);
}

/* Two shots (hp 2) or one bomb: shards and a hamburger through a spawner (seed 000), 500 points. */
static void satellite_destroyed_releases_a_hamburger(void **state)
{
	Actor *s;

	(void)state;
	s = actor_spawn(&w, ACT_SATELLITE, 10, 14);
	assert_false(actor_hit(&w, s, HIT_POUNCE));
	assert_true(actor_hit(&w, s, HIT_SHOT));
	assert_false(s->dead);
	assert_int_equal(s->hp, 1);
	assert_int_equal(w.sound, SND_ENEMY_HIT);
	assert_int_equal(busy_spawners(), 0);
	assert_true(actor_hit(&w, s, HIT_KICK));
	assert_true(s->dead);
	assert_int_equal(first_spawner()->actor, ACT_HAMBURGER);
	assert_int_equal(first_spawner()->x, 10);
	assert_int_equal(busy_shards(), 4);
	assert_int_equal(w.score, 500);

	s = actor_spawn(&w, ACT_SATELLITE, 20, 14);
	assert_true(actor_hit(&w, s, HIT_BOMB));
	assert_true(s->dead);
	assert_int_equal(busy_spawners(), 2);
	ticks(11);                                      /* both spawners done: two hamburgers */
	assert_int_equal(count_kind(ACT_HAMBURGER), 2);
}

/*
 * Touched: the ice breaks, a hamburger rises (seed 000), 1000 points; the
 * friend thaws and walks away from the player a tile a frame, gone after
 * 24 frames. Touching it again gives nothing more.
 */
static void frozen_friend_rescued_by_a_touch(void **state)
{
	Actor *f;

	(void)state;
	player_at(10);
	f = actor_spawn(&w, ACT_FROZEN_FRIEND, 11, 14);
	assert_int_equal(actor_image(f), IMG_FRIEND_FROZEN);
	tick();
	assert_ptr_equal(f->tick, act_friend_leave);
	assert_int_equal(w.score, 1000);
	assert_int_equal(w.sound, SND_PICKUP);
	assert_int_equal(busy_shards(), 4);
	assert_int_equal(new_spawners(), 1);
	assert_int_equal(first_spawner()->actor, ACT_HAMBURGER);
	assert_int_equal(f->dir, 1);                    /* away from the player */
	assert_in_range(actor_image(f) - IMG_FRIEND_R0, 0, 1);         /* walking east */
	for (int t = 1; t < 24; t++) {
		tick();
		assert_row(!f->dead && f->x == 11 + t, "leaving %d: x %d", t, f->x);
		assert_row(new_spawners() == 0, "leaving %d: another spawner", t);
	}
	tick();
	assert_int_equal(count_kind(ACT_FROZEN_FRIEND), 0);
	assert_false(actor_hit(&w, f, HIT_POUNCE));
}

/* Pounced: the same rescue; a second pounce finds nothing to rescue. Shots do not reach it. */
static void frozen_friend_rescued_by_a_pounce(void **state)
{
	Actor *f;

	(void)state;
	f = actor_spawn(&w, ACT_FROZEN_FRIEND, 11, 14);
	assert_false(actor_hit(&w, f, HIT_SHOT));
	assert_false(actor_hit(&w, f, HIT_BOMB));
	assert_true(actor_hit(&w, f, HIT_POUNCE));
	assert_int_equal(busy_spawners(), 1);
	assert_int_equal(w.score, 1000);
	assert_false(actor_hit(&w, f, HIT_POUNCE));
	assert_int_equal(busy_spawners(), 1);
	assert_int_equal(w.score, 1000);
}

#define T(fn) cmocka_unit_test_setup(fn, floor_40x30)
static const struct CMUnitTest tests[] = {
	T(prizes_give_their_points_and_a_floater),
	T(basket_pounced_or_bombed_bursts_with_a_prize),
	T(barrel_and_basket_ignore_shots_and_kicks),
	T(basket_falls_until_it_rests),
	T(satellite_destroyed_releases_a_hamburger),
	T(frozen_friend_rescued_by_a_touch),
	T(frozen_friend_rescued_by_a_pounce),
};

int main(int argc, char **argv)
{
	if (testmain_filter("treasure", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("treasure", tests, NULL, NULL);
}
