/* test_riding.c: seed 003 platforms carrying the player — platform_carry_player, wall clings, view centering. */
#include "platformfix.h"

#include "assets.h"
#include "collide.h"
#include "input.h"

/* Seed 003: a player whose feet are on the row above the platform moves with it, any direction. */
static void a_rider_moves_with_the_platform(void **state)
{
	static const struct {
		int dir, dx, dy;
	} rows[] = {
		{ DIR8_NORTH, 0, -1 }, { DIR8_NORTHEAST, 1, -1 }, { DIR8_EAST, 1, 0 },
		{ DIR8_SOUTHEAST, 1, 1 }, { DIR8_SOUTH, 0, 1 }, { DIR8_SOUTHWEST, -1, 1 },
		{ DIR8_WEST, -1, 0 }, { DIR8_NORTHWEST, -1, -1 }, { DIR8_NONE, 0, 0 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *pl;

		fresh_world(NULL);
		path(20, 15, rows[i].dir);
		new_platform(20, 15);
		pl = new_player(19, 14);
		platform_update(&w.platforms, &w);
		assert_row(pl->x == 19 + rows[i].dx && pl->y == 14 + rows[i].dy,
		    "dir %d: player at (%d,%d)", rows[i].dir, pl->x, pl->y);
	}
}

/* A rider goes all the way round the octagon and stays put on the platform. */
static void a_rider_goes_round_the_loop(void **state)
{
	Platform *p;
	Actor *pl;

	(void)state;
	lay_octagon();
	p = new_platform(10, 10);
	pl = new_player(11, 9);
	for (int t = 1; t <= 16; t++) {
		platform_update(&w.platforms, &w);
		assert_row(pl->x == p->x + 1 && pl->y == p->y - 1, "tick %d: player (%d,%d) platform (%d,%d)",
		    t, pl->x, pl->y, p->x, p->y);
	}
	assert_int_equal(pl->x, 11);
	assert_int_equal(pl->y, 9);
}

/*
 * Seed 003: the player is carried when either edge column is over the
 * span (x - 2 .. x + 2); the feet row must be the row above. Frame 0 of
 * the player is 2 tiles wide.
 */
static void only_a_player_over_the_span_is_carried(void **state)
{
	static const struct {
		const char *what;
		int x, y;
		bool carried;
	} rows[] = {
		{ "two left: right column off the span", 16, 14, false },
		{ "right column on the west end", 17, 14, true },
		{ "in the middle", 19, 14, true },
		{ "left column on the east end", 22, 14, true },
		{ "one right of the east end", 23, 14, false },
		{ "feet on the platform's row", 19, 15, false },
		{ "feet two rows up (jumping)", 19, 13, false },
		{ "feet far above", 19, 2, false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *pl;

		fresh_world(NULL);
		path(20, 15, DIR8_EAST);
		new_platform(20, 15);
		pl = new_player(rows[i].x, rows[i].y);
		platform_update(&w.platforms, &w);
		assert_row(pl->x == rows[i].x + (rows[i].carried ? 1 : 0) && pl->y == rows[i].y,
		    "%s: player at (%d,%d)", rows[i].what, pl->x, pl->y);
	}
}

/*
 * ORIGINAL: seed 003 — the right column comes from frame 0's width, not the
 * frame showing. A player drawn as nothing (1 tile wide) with its left
 * column one west of the span is still carried by its frame-0 right column.
 */
static void the_riders_width_is_frame_0s(void **state)
{
	Actor *pl;

	(void)state;
	path(20, 15, DIR8_EAST);
	new_platform(20, 15);
	pl = new_player(17, 14);
	pl->anim.action = ACTION_NONE;
	assert_int_equal(image_tiles_w(actor_image(pl)), 1);
	platform_update(&w.platforms, &w);
	assert_int_equal(pl->x, 18);
}

/* Seed 003: MovePlayerPlatform ignores a player on the scooter; a dead player is not looked at. */
static void no_ride_on_the_scooter_or_when_dead(void **state)
{
	Actor *pl;

	(void)state;
	path(20, 15, DIR8_EAST);
	path(21, 15, DIR8_EAST);
	new_platform(20, 15);
	pl = new_player(19, 14);
	w.scooter = true;
	platform_update(&w.platforms, &w);
	assert_int_equal(pl->x, 19);
	w.scooter = false;
	pl->dead = true;
	platform_update(&w.platforms, &w);
	assert_int_equal(pl->x, 19);
	assert_int_equal(plat(0)->x, 22);
}

/*
 * Seed 003: something blocking south under the feet releases a wall cling
 * — tested before the overlap, so even a platform elsewhere on that row
 * releases it. Air under the feet keeps it.
 */
static void carry_releases_a_cling_over_something_solid(void **state)
{
	Actor *pl;

	(void)state;
	pl = new_player(10, 14);
	w.cling_dir = DIR4_WEST;
	platform_carry_player(&w, 30, 34, DIR8_EAST, DIR8_EAST);
	assert_int_equal(w.cling_dir, DIR4_WEST);               /* air under the feet */
	map_set_tile(&w.map, 11, 15, MAP_SOLID_BASE + TILE_PLATFORM_BLUE);
	platform_carry_player(&w, 30, 34, DIR8_EAST, DIR8_EAST);
	assert_int_equal(w.cling_dir, DIR4_NONE);
	assert_int_equal(pl->x, 10);                            /* not over the span: not moved */
	assert_int_equal(pl->y, 14);
}

/*
 * ORIGINAL: seed 003 — MovePlatforms lifts the platform's own tiles before
 * carrying, so the cling test under a clinging rider sees the map without
 * that platform: the rider is carried but stays clinging.
 */
static void a_platform_does_not_release_a_cling_by_itself(void **state)
{
	Actor *pl;

	(void)state;
	path(20, 15, DIR8_EAST);
	path(21, 15, DIR8_EAST);
	new_platform(20, 15);
	platform_update(&w.platforms, &w);                    /* now drawn at (21, 15) */
	pl = new_player(20, 14);
	w.cling_dir = DIR4_EAST;
	platform_update(&w.platforms, &w);
	assert_int_equal(pl->x, 21);
	assert_int_equal(w.cling_dir, DIR4_EAST);
}

/*
 * Seed 003's view centering after a ride (VIEW_W 38 = SCROLLW, VIEW_H 18 =
 * SCROLLH, map 100 x 60). Positions are the player's before the ride.
 */
static void carry_centres_the_view_by_the_seeds_rules(void **state)
{
	enum { UP = BTN_BIT(BTN_UP), DOWN = BTN_BIT(BTN_DOWN), LEFT = BTN_BIT(BTN_LEFT),
	       RIGHT = BTN_BIT(BTN_RIGHT) };
	static const struct {
		const char *what;
		int px, py, cx, cy, x_dir, y_dir;
		uint16_t held;
		int want_cx, want_cy;
	} rows[] = {
		{ "still, mid-view: nothing", 50, 30, 30, 20, DIR8_NONE, DIR8_NONE, 0, 30, 20 },
		{ "down to row 18: a row, then the falling row", 50, 37, 30, 20, DIR8_NONE, DIR8_SOUTH, 0, 30, 22 },
		{ "down to row 16: the falling row only", 50, 35, 30, 20, DIR8_NONE, DIR8_SOUTH, 0, 30, 21 },
		{ "down to row 14: nothing", 50, 33, 30, 20, DIR8_NONE, DIR8_SOUTH, 0, 30, 20 },
		{ "still at row 18: one row", 50, 38, 30, 20, DIR8_NONE, DIR8_NONE, 0, 30, 21 },
		{ "up to row 1: a row, then the rising row", 50, 22, 30, 20, DIR8_NONE, DIR8_NORTH, 0, 30, 18 },
		{ "up to row 2: one row", 50, 23, 30, 20, DIR8_NONE, DIR8_NORTH, 0, 30, 19 },
		{ "up to row 3: nothing", 50, 24, 30, 20, DIR8_NONE, DIR8_NORTH, 0, 30, 20 },
		{ "still at row 2: one row", 50, 22, 30, 20, DIR8_NONE, DIR8_NONE, 0, 30, 19 },
		{ "east to column 24: a column", 53, 30, 30, 20, DIR8_EAST, DIR8_NONE, 0, 31, 20 },
		{ "east to column 23: nothing", 52, 30, 30, 20, DIR8_EAST, DIR8_NONE, 0, 30, 20 },
		{ "east at the map's right end: nothing", 86, 30, 62, 20, DIR8_EAST, DIR8_NONE, 0, 62, 20 },
		{ "west to column 11: a column", 42, 30, 30, 20, DIR8_WEST, DIR8_NONE, 0, 29, 20 },
		{ "west to column 12: nothing", 43, 30, 30, 20, DIR8_WEST, DIR8_NONE, 0, 30, 20 },
		{ "west at the map's left end: nothing", 5, 30, 0, 20, DIR8_WEST, DIR8_NONE, 0, 0, 20 },
		{ "Up alone looks up a row", 50, 30, 30, 20, DIR8_NONE, DIR8_NONE, UP, 30, 19 },
		{ "Up at the map's top: nothing", 50, 10, 30, 0, DIR8_NONE, DIR8_NONE, UP, 30, 0 },
		{ "Up with the feet on row 17: nothing", 50, 37, 30, 20, DIR8_NONE, DIR8_NONE, UP, 30, 20 },
		{ "Up with Left: no look", 50, 30, 30, 20, DIR8_NONE, DIR8_NONE, UP | LEFT, 30, 20 },
		{ "Down alone looks down a row", 50, 30, 30, 20, DIR8_NONE, DIR8_NONE, DOWN, 30, 21 },
		{ "Down with the feet on row 4: nothing", 50, 24, 30, 20, DIR8_NONE, DIR8_NONE, DOWN, 30, 20 },
		{ "Down riding down to row 4: a row", 50, 23, 30, 20, DIR8_NONE, DIR8_SOUTH, DOWN, 30, 21 },
		{ "Down with Right: no look", 50, 30, 30, 20, DIR8_NONE, DIR8_NONE, DOWN | RIGHT, 30, 20 },
		{ "Up and Down: one each way", 50, 30, 30, 20, DIR8_NONE, DIR8_NONE, UP | DOWN, 30, 20 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *pl;

		world_init(&w, 1);
		map_init(&w.map, 100, 60);
		pl = new_player(rows[i].px, rows[i].py);
		w.cam_x = rows[i].cx;
		w.cam_y = rows[i].cy;
		w.in.held = rows[i].held;
		platform_carry_player(&w, rows[i].px, rows[i].px + 4, rows[i].x_dir, rows[i].y_dir);
		assert_row(pl->x == rows[i].px + dir8_x[rows[i].x_dir] &&
		    pl->y == rows[i].py + dir8_y[rows[i].y_dir], "%s: player at (%d,%d)", rows[i].what, pl->x, pl->y);
		assert_row(w.cam_x == rows[i].want_cx && w.cam_y == rows[i].want_cy,
		    "%s: camera (%d,%d), want (%d,%d)", rows[i].what, w.cam_x, w.cam_y, rows[i].want_cx,
		    rows[i].want_cy);
	}
}

/* Seed 003: a player not over the span returns before the view is touched. */
static void no_overlap_no_view_change(void **state)
{
	(void)state;
	map_init(&w.map, 100, 60);
	new_player(50, 38);                     /* row 18 of the view: would scroll */
	w.cam_x = 30;
	w.cam_y = 20;
	w.in.held = BTN_BIT(BTN_DOWN);
	platform_carry_player(&w, 60, 64, DIR8_SOUTH, DIR8_SOUTH);
	assert_int_equal(w.cam_x, 30);
	assert_int_equal(w.cam_y, 20);
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(a_rider_moves_with_the_platform),
	T(a_rider_goes_round_the_loop),
	T(only_a_player_over_the_span_is_carried),
	T(the_riders_width_is_frame_0s),
	T(no_ride_on_the_scooter_or_when_dead),
	T(carry_releases_a_cling_over_something_solid),
	T(a_platform_does_not_release_a_cling_by_itself),
	T(carry_centres_the_view_by_the_seeds_rules),
	T(no_overlap_no_view_change),
};

int main(int argc, char **argv)
{
	if (testmain_filter("riding", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("riding", tests, NULL, NULL);
}
