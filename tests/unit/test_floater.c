/* test_floater.c: floating score points (seed 004's floating_points_go) in our units. */
#include "castfix.h"

/* 75 Tommy frames are 33 of ours; 75 pixels up are a tile every 7 frames; then gone. */
static void floater_rises_a_tile_every_7_frames_and_is_gone_after_33(void **state)
{
	Actor *f;

	(void)state;
	f = floater_new(&w, 10, 10, 100);
	assert_non_null(f);
	assert_int_equal(f->kind, ACT_FLOATER);
	for (int t = 1; t < FLOATER_FRAMES; t++) {
		tick();
		assert_row(!f->dead && f->kind == ACT_FLOATER && f->y == 10 - t / 7 && f->x == 10,
		    "tick %d: at (%d,%d), want (10,%d)", t, f->x, f->y, 10 - t / 7);
	}
	assert_int_equal(f->y, 6);                      /* 4 tiles up after 28 frames */
	tick();
	assert_int_equal(count_kind(ACT_FLOATER), 0);
	assert_int_equal(FLOATER_FRAMES, 75 * 4 / 9);
}

/* Through walls, and never above the map's top row. */
static void floater_passes_walls_and_stops_at_the_top(void **state)
{
	Actor *f, *g;

	(void)state;
	map_row(&w.map, 8, 0, 39, block());
	f = floater_new(&w, 10, 9, 200);
	g = floater_new(&w, 20, 1, 200);
	ticks(14);
	assert_int_equal(f->y, 7);
	assert_int_equal(g->y, 0);
}

/* The art: exact values, else the largest below, 100 for anything smaller. */
static void floater_art_follows_the_points(void **state)
{
	static const struct {
		uint32_t points;
		int image;
	} rows[] = {
		{ 1, IMG_POINTS_100 }, { 100, IMG_POINTS_100 }, { 150, IMG_POINTS_100 },
		{ 200, IMG_POINTS_200 }, { 499, IMG_POINTS_200 }, { 500, IMG_POINTS_500 },
		{ 1000, IMG_POINTS_1000 }, { 4999, IMG_POINTS_1000 }, { 5000, IMG_POINTS_5000 },
		{ 100000, IMG_POINTS_5000 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *f = floater_new(&w, 1, 5, rows[i].points);

		assert_non_null(f);
		assert_row(actor_image(f) == rows[i].image, "%u points: image %d, want %d",
		    rows[i].points, actor_image(f), rows[i].image);
	}
	assert_null(floater_new(&w, 1, 5, 0));          /* no points, no floater */
	assert_int_equal(w.score, 0);                   /* a floater is only a picture */
}

static void floater_with_a_full_pool_is_null(void **state)
{
	(void)state;
	while (actor_spawn(&w, ACT_BARREL, 1, 1))
		;
	assert_null(floater_new(&w, 1, 5, 100));
}

/* Centred over the actor, just above its top row; nothing can hit it. */
static void floater_over_sits_above_the_middle(void **state)
{
	Actor *b, *f;

	(void)state;
	b = actor_spawn(&w, ACT_BOSS, 10, 14);           /* 4x4 tiles */
	f = floater_over(&w, b, 5000);
	assert_int_equal(f->x, 11);
	assert_int_equal(f->y, 10);
	assert_false(actor_hit(&w, f, HIT_SHOT));
	assert_false(actor_hit(&w, f, HIT_POUNCE));
}

#define T(fn) cmocka_unit_test_setup(fn, empty_40x30)
static const struct CMUnitTest tests[] = {
	T(floater_rises_a_tile_every_7_frames_and_is_gone_after_33),
	T(floater_passes_walls_and_stops_at_the_top),
	T(floater_art_follows_the_points),
	T(floater_with_a_full_pool_is_null),
	T(floater_over_sits_above_the_middle),
};

int main(int argc, char **argv)
{
	if (testmain_filter("floater", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("floater", tests, NULL, NULL);
}
