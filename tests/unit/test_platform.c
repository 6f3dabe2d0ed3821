/* test_platform.c: seed 003 platform paths — the stash, steps, loops that restore the map, halts, freeze, the pool, trace. */
#include "platformfix.h"
#include "tracecap.h"

#include "assets.h"
#include "collide.h"

static Map before, after;               /* whole-map snapshots */

#define BRICK  (MAP_SOLID_BASE + TILE_BRICK)            /* blocks every way */
#define ROPE   (MAP_MASKED_FLAG | MTILE_ROPE)           /* a masked tile */

static void snapshot(Map *m)
{
	memcpy(m, &w.map, sizeof *m);
}

static bool same_map(const Map *a, const Map *b)
{
	return a->w == b->w && a->h == b->h &&
	    memcmp(a->cells, b->cells, sizeof a->cells[0] * a->w * a->h) == 0;
}

/* Put a platform's stash back, as its next update would, to see the map without it. */
static void lift(const Platform *p)
{
	for (int i = 0; i < PLATFORM_W; i++)
		map_set_tile(&w.map, p->x - 2 + i, p->y, p->mapstash[i]);
}

static bool platform_drawn(const Platform *p)
{
	for (int i = 0; i < PLATFORM_W; i++)
		if (map_get_tile(&w.map, p->x - 2 + i, p->y) != platform_cells[i])
			return false;
	return true;
}

/* Scenery all round (x0..x1, y0..y1) wherever there is air: bricks, masked ropes and air. */
static void scatter_scenery(int x0, int y0, int x1, int y1)
{
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++)
			if (map_get_tile(&w.map, x, y) == MAP_AIR && (x + y) % 3 != 2)
				map_set_tile(&w.map, x, y, (x + y) % 3 ? ROPE : BRICK);
}

static void trace_now(void)
{
	traced.n = 0;
	platform_trace(&w.platforms, w.tick, capture, NULL);
}

static void tiles_are_what_the_tests_assume(void **state)
{
	(void)state;
	assert_true(map_is_solid(BRICK) && map_is_masked(ROPE));
	for (int i = 0; i < PLATFORM_W; i++)
		assert_row(map_attr(platform_cells[i]) & TILE_BLOCK_SOUTH, "platform cell %d", i);
	assert_int_equal(image_tiles_w(actor_kind_image(ACT_PLAYER)), 2);
	assert_int_equal(dir8_x[DIR8_NORTHEAST], 1);
	assert_int_equal(dir8_y[DIR8_NORTHEAST], -1);
}

static void init_empties_the_pools_and_activates(void **state)
{
	(void)state;
	new_platform(10, 10);
	w.platforms.active = false;
	platform_init(&w.platforms);
	assert_int_equal(w.platforms.count, 0);
	assert_int_equal(w.platforms.fcount, 0);
	assert_true(w.platforms.active);
	trace_now();
	assert_int_equal(traced.n, 0);
}

/*
 * Seed 003 / the loader: a new platform stashes the cells under its five
 * tiles; nothing is written until its first tick.
 */
static void a_new_platform_stashes_its_cells_and_appears_on_its_first_tick(void **state)
{
	Platform *p;

	(void)state;
	map_set_tile(&w.map, 8, 10, BRICK);
	map_set_tile(&w.map, 12, 10, ROPE);
	map_set_tile(&w.map, 14, 10, BRICK);
	path(10, 10, DIR8_EAST);
	snapshot(&before);
	p = new_platform(10, 10);
	assert_true(same_map(&w.map, &before));
	assert_int_equal(p->mapstash[0], BRICK);
	assert_int_equal(p->mapstash[1], MAP_AIR);
	assert_int_equal(p->mapstash[2], DIR8_EAST);
	assert_int_equal(p->mapstash[3], MAP_AIR);
	assert_int_equal(p->mapstash[4], ROPE);
	assert_int_equal(p->step, DIR8_NONE);
	assert_false(p->halted);

	platform_update(&w.platforms, &w);
	assert_int_equal(p->x, 11);
	assert_int_equal(p->y, 10);
	assert_int_equal(p->step, DIR8_EAST);
	assert_true(platform_drawn(p));
	assert_int_equal(map_get_tile(&w.map, 8, 10), BRICK);           /* left behind, restored */
	assert_int_equal(p->mapstash[0], MAP_AIR);
	assert_int_equal(p->mapstash[1], DIR8_EAST);
	assert_int_equal(p->mapstash[3], ROPE);
	assert_int_equal(p->mapstash[4], MAP_AIR);
	lift(p);
	assert_true(same_map(&w.map, &before));
}

/* Seed 003: cell values 1..8 are N, NE, E, SE, S, SW, W, NW — one tile a tick; 0 halts. */
static void each_path_value_is_one_dir8_step(void **state)
{
	static const struct {
		int dir, dx, dy;
	} rows[] = {
		{ DIR8_NORTH, 0, -1 }, { DIR8_NORTHEAST, 1, -1 }, { DIR8_EAST, 1, 0 },
		{ DIR8_SOUTHEAST, 1, 1 }, { DIR8_SOUTH, 0, 1 }, { DIR8_SOUTHWEST, -1, 1 },
		{ DIR8_WEST, -1, 0 }, { DIR8_NORTHWEST, -1, -1 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Platform *p;

		fresh_world(NULL);
		assert_int_equal(rows[i].dir, (int)i + 1);
		path(20, 15, rows[i].dir);
		p = new_platform(20, 15);
		platform_update(&w.platforms, &w);
		assert_row(p->x == 20 + rows[i].dx && p->y == 15 + rows[i].dy && p->step == rows[i].dir,
		    "dir %d: at (%d,%d) step %u", rows[i].dir, p->x, p->y, p->step);
		assert_row(!p->halted && platform_drawn(p), "dir %d: halted or not drawn", rows[i].dir);
		/* The next cell is 0: it stays. */
		platform_update(&w.platforms, &w);
		assert_row(p->x == 20 + rows[i].dx && p->y == 15 + rows[i].dy, "dir %d moved on", rows[i].dir);
		assert_row(p->halted && p->step == DIR8_NONE, "dir %d: halted %d step %u", rows[i].dir,
		    p->halted, p->step);
	}
}

/* Seed 003 tick by tick: the step read at the old centre moves it one tile, diagonals included. */
static void octagon_path_tick_by_tick(void **state)
{
	static const struct {
		int tick, x, y, step;
	} rows[] = {
		{ 1, 11, 9, DIR8_NORTHEAST }, { 2, 12, 9, DIR8_EAST }, { 3, 13, 10, DIR8_SOUTHEAST },
		{ 4, 13, 11, DIR8_SOUTH }, { 5, 12, 12, DIR8_SOUTHWEST }, { 6, 11, 12, DIR8_WEST },
		{ 7, 10, 11, DIR8_NORTHWEST }, { 8, 10, 10, DIR8_NORTH }, { 9, 11, 9, DIR8_NORTHEAST },
	};
	Platform *p;

	(void)state;
	lay_octagon();
	p = new_platform(10, 10);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		platform_update(&w.platforms, &w);
		assert_row(p->x == rows[i].x && p->y == rows[i].y && p->step == rows[i].step,
		    "tick %d: at (%d,%d) step %u, want (%d,%d) step %d", rows[i].tick, p->x, p->y, p->step,
		    rows[i].x, rows[i].y, rows[i].step);
		assert_row(platform_drawn(p) && !p->halted, "tick %d: not drawn or halted", rows[i].tick);
	}
}

/* A full loop puts back every cell it covered: the map without the platform is the one it began on. */
static void a_full_loop_restores_the_map_exactly(void **state)
{
	Platform *p;

	(void)state;
	lay_octagon();
	scatter_scenery(6, 7, 17, 14);
	snapshot(&before);
	p = new_platform(10, 10);
	platform_update(&w.platforms, &w);
	snapshot(&after);                       /* tick 1: at (11,9) */
	for (int t = 2; t <= 9; t++)
		platform_update(&w.platforms, &w);
	assert_int_equal(p->x, 11);
	assert_int_equal(p->y, 9);
	assert_true(same_map(&w.map, &after));  /* tick 9 == tick 1, platform and all */
	for (int t = 10; t <= 16; t++)
		platform_update(&w.platforms, &w);
	assert_int_equal(p->x, 10);
	assert_int_equal(p->y, 10);
	lift(p);
	assert_true(same_map(&w.map, &before));
}

/*
 * Seed 003: a path may only cross itself diagonally at right angles — a
 * figure eight. (10,10) SE to (14,14), N to (14,11), SW to (10,15), N to
 * (10,10): the SE and SW strands cross between (12,12)-(13,13) and
 * (13,12)-(12,13) without sharing a cell.
 */
static const struct {
	int x, y, dir;
} eight[] = {
	{ 10, 10, DIR8_SOUTHEAST }, { 11, 11, DIR8_SOUTHEAST }, { 12, 12, DIR8_SOUTHEAST },
	{ 13, 13, DIR8_SOUTHEAST }, { 14, 14, DIR8_NORTH }, { 14, 13, DIR8_NORTH },
	{ 14, 12, DIR8_NORTH }, { 14, 11, DIR8_SOUTHWEST }, { 13, 12, DIR8_SOUTHWEST },
	{ 12, 13, DIR8_SOUTHWEST }, { 11, 14, DIR8_SOUTHWEST }, { 10, 15, DIR8_NORTH },
	{ 10, 14, DIR8_NORTH }, { 10, 13, DIR8_NORTH }, { 10, 12, DIR8_NORTH }, { 10, 11, DIR8_NORTH },
};

static void a_figure_eight_crosses_itself_diagonally(void **state)
{
	Platform *p;
	size_t n = ARRAY_LEN(eight);

	(void)state;
	for (size_t i = 0; i < n; i++)
		path(eight[i].x, eight[i].y, eight[i].dir);
	scatter_scenery(6, 8, 18, 17);
	snapshot(&before);
	p = new_platform(10, 10);
	for (int lap = 0; lap < 2; lap++) {
		for (size_t i = 0; i < n; i++) {
			size_t next = (i + 1) % n;

			platform_update(&w.platforms, &w);
			assert_row(p->x == eight[next].x && p->y == eight[next].y && p->step == eight[i].dir,
			    "lap %d tick %zu: at (%d,%d) step %u, want (%d,%d) step %d", lap, i + 1, p->x, p->y,
			    p->step, eight[next].x, eight[next].y, eight[i].dir);
			assert_row(!p->halted, "lap %d tick %zu: halted", lap, i + 1);
		}
	}
	lift(p);
	assert_true(same_map(&w.map, &before));
}

/* Seed 003: 0 under the centre halts it indefinitely — the end of an open path. */
static void a_zero_cell_stops_the_platform_for_good(void **state)
{
	static const struct {
		int tick, x;
		const char *state;
	} rows[] = {
		{ 1, 11, "moving" }, { 2, 12, "moving" }, { 3, 12, "halted" }, { 4, 12, "halted" },
		{ 20, 12, "halted" },
	};
	Platform *p;
	int t = 0;

	(void)state;
	path(10, 10, DIR8_EAST);
	path(11, 10, DIR8_EAST);
	snapshot(&before);
	p = new_platform(10, 10);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		while (t < rows[i].tick) {
			platform_update(&w.platforms, &w);
			t++;
		}
		w.tick = (uint32_t)t;
		trace_now();
		assert_row(p->x == rows[i].x && p->y == 10, "tick %d: at (%d,%d)", t, p->x, p->y);
		assert_row(strstr(traced.line[0], rows[i].state) != NULL, "tick %d: %s", t, traced.line[0]);
		assert_row(platform_drawn(p), "tick %d: not drawn", t);
	}
	lift(p);
	assert_true(same_map(&w.map, &before));
}

/*
 * Seed 003: with an unpressed foot switch (active false) platforms do all
 * their work — lift, read, stash, redraw — but do not move, and carry
 * nobody. The map is the same after every frozen tick.
 */
static void frozen_platforms_redraw_in_place(void **state)
{
	Platform *p;
	Actor *pl;

	(void)state;
	lay_octagon();
	scatter_scenery(6, 7, 17, 14);
	snapshot(&before);
	pl = new_player(9, 9);                  /* standing on it */
	w.platforms.active = false;
	p = new_platform(10, 10);
	platform_update(&w.platforms, &w);
	snapshot(&after);
	assert_true(platform_drawn(p));
	for (int t = 2; t <= 10; t++) {
		platform_update(&w.platforms, &w);
		assert_row(p->x == 10 && p->y == 10, "tick %d: moved to (%d,%d)", t, p->x, p->y);
		assert_row(p->step == DIR8_NORTHEAST && !p->halted, "tick %d: step %u halted %d", t, p->step,
		    p->halted);
		assert_row(same_map(&w.map, &after), "tick %d: map changed", t);
		assert_row(pl->x == 9 && pl->y == 9, "tick %d: player carried to (%d,%d)", t, pl->x, pl->y);
	}
	trace_now();
	assert_string_equal(traced.line[0], "T=0 platform 0 x=10 y=10 step=2 state=frozen");
	lift(p);
	assert_true(same_map(&w.map, &before));
	platform_update(&w.platforms, &w);                    /* still frozen: put it back */

	/* The switch is pressed: off it goes, rider and all. */
	w.platforms.active = true;
	platform_update(&w.platforms, &w);
	assert_int_equal(p->x, 11);
	assert_int_equal(p->y, 9);
	assert_int_equal(pl->x, 10);
	assert_int_equal(pl->y, 8);
}

/*
 * NOTE (deliberate fix of seed 003's out-of-bounds read): a solid or
 * masked tile under the centre halts the platform where it is instead of
 * indexing past the direction tables. It keeps lifting and redrawing, so
 * the tile it sits on is still there underneath.
 */
static void a_tile_under_the_centre_halts_it_cleanly(void **state)
{
	static const struct {
		const char *what;
		uint16_t cell;
	} rows[] = {
		{ "solid", BRICK },
		{ "masked", ROPE },
		{ "solid past the last tile", MAP_SOLID_BASE + 0x7000 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Platform *p;

		fresh_world(NULL);
		path(10, 10, DIR8_EAST);
		map_set_tile(&w.map, 11, 10, rows[i].cell);
		snapshot(&before);
		p = new_platform(10, 10);
		platform_update(&w.platforms, &w);                    /* onto the tile */
		assert_row(p->x == 11 && !p->halted, "%s: tick 1 at %d", rows[i].what, p->x);
		for (int t = 2; t <= 6; t++) {
			platform_update(&w.platforms, &w);
			assert_row(p->x == 11 && p->y == 10 && p->halted && p->step == DIR8_NONE,
			    "%s: tick %d at (%d,%d) halted %d step %u", rows[i].what, t, p->x, p->y, p->halted,
			    p->step);
			assert_row(platform_drawn(p), "%s: tick %d not drawn", rows[i].what, t);
		}
		lift(p);
		assert_row(same_map(&w.map, &before), "%s: map not restored", rows[i].what);
	}
}

/*
 * NOTE (deliberate fix): a path step that would put any of the five tiles
 * outside the map halts the platform instead; nothing is read or written
 * past the map's edges.
 */
static void a_path_off_the_map_edge_halts_at_the_edge(void **state)
{
	static const struct {
		const char *what;
		int x0, y0, dir, x, y;          /* start, its one step, where it stops */
	} rows[] = {
		{ "east edge", 16, 5, DIR8_EAST, 17, 5 },
		{ "west edge", 3, 5, DIR8_WEST, 2, 5 },
		{ "top edge", 10, 1, DIR8_NORTH, 10, 0 },
		{ "bottom edge", 10, 10, DIR8_SOUTH, 10, 11 },
		{ "north-east corner", 16, 1, DIR8_NORTHEAST, 17, 0 },
		{ "south-west corner", 3, 10, DIR8_SOUTHWEST, 2, 11 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Platform *p;

		world_init(&w, 1);
		map_init(&w.map, 20, 12);
		/* The path runs on past the edge: every cell along it says go on. */
		for (int k = 0; k < 3; k++)
			path(rows[i].x0 + k * dir8_x[rows[i].dir], rows[i].y0 + k * dir8_y[rows[i].dir], rows[i].dir);
		snapshot(&before);
		p = new_platform(rows[i].x0, rows[i].y0);
		for (int t = 1; t <= 4; t++)
			platform_update(&w.platforms, &w);
		assert_row(p->x == rows[i].x && p->y == rows[i].y && p->halted,
		    "%s: at (%d,%d) halted %d, want (%d,%d)", rows[i].what, p->x, p->y, p->halted, rows[i].x,
		    rows[i].y);
		lift(p);
		assert_row(same_map(&w.map, &before), "%s: map not restored", rows[i].what);
	}
}

/* NOTE: our guard — a platform must fit in the map and in the pool of ten. */
static void platform_new_refuses_a_full_pool_or_a_span_off_the_map(void **state)
{
	(void)state;
	assert_false(platform_new(&w.platforms, &w.map, 1, 5));           /* x - 2 = -1 */
	assert_false(platform_new(&w.platforms, &w.map, MAP_W - 2, 5));   /* x + 2 = MAP_W */
	assert_false(platform_new(&w.platforms, &w.map, 10, -1));
	assert_false(platform_new(&w.platforms, &w.map, 10, MAP_H));
	assert_true(platform_new(&w.platforms, &w.map, 2, 0));
	assert_true(platform_new(&w.platforms, &w.map, MAP_W - 3, MAP_H - 1));
	for (int i = 2; i < MAX_PLATFORMS; i++)
		assert_row(platform_new(&w.platforms, &w.map, 10, i), "platform %d refused", i);
	assert_false(platform_new(&w.platforms, &w.map, 10, 20));
	assert_int_equal(w.platforms.count, MAX_PLATFORMS);
}

static void trace_has_one_line_per_platform(void **state)
{
	(void)state;
	path(10, 10, DIR8_SOUTHEAST);
	new_platform(10, 10);
	new_platform(20, 5);                    /* on air: halts */
	trace_now();
	assert_int_equal(traced.n, 2);
	assert_string_equal(traced.line[0], "T=0 platform 0 x=10 y=10 step=0 state=moving");
	assert_string_equal(traced.line[1], "T=0 platform 1 x=20 y=5 step=0 state=moving");
	platform_update(&w.platforms, &w);
	w.tick = 7;
	trace_now();
	assert_string_equal(traced.line[0], "T=7 platform 0 x=11 y=11 step=4 state=moving");
	assert_string_equal(traced.line[1], "T=7 platform 1 x=20 y=5 step=0 state=halted");
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(tiles_are_what_the_tests_assume),
	T(init_empties_the_pools_and_activates),
	T(a_new_platform_stashes_its_cells_and_appears_on_its_first_tick),
	T(each_path_value_is_one_dir8_step),
	T(octagon_path_tick_by_tick),
	T(a_full_loop_restores_the_map_exactly),
	T(a_figure_eight_crosses_itself_diagonally),
	T(a_zero_cell_stops_the_platform_for_good),
	T(frozen_platforms_redraw_in_place),
	T(a_tile_under_the_centre_halts_it_cleanly),
	T(a_path_off_the_map_edge_halts_at_the_edge),
	T(platform_new_refuses_a_full_pool_or_a_span_off_the_map),
	T(trace_has_one_line_per_platform),
};

int main(int argc, char **argv)
{
	if (testmain_filter("platform", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("platform", tests, NULL, NULL);
}
