/* test_platform.c: seed 003 platforms — paths tick by tick, the stash, freeze, riding, view centering. */
#include "testmain.h"
#include "tracecap.h"

#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "input.h"
#include "map.h"
#include "platform.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */
static Map before, after;               /* whole-map snapshots */

#define MAP_W 40
#define MAP_H 30

#define BRICK  (MAP_SOLID_BASE + TILE_BRICK)            /* blocks every way */
#define ROPE   (MAP_MASKED_FLAG | MTILE_ROPE)           /* a masked tile */

static int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, MAP_W, MAP_H);
	return 0;
}

static void path(int x, int y, int dir)
{
	map_set_tile(&w.map, x, y, (uint16_t)dir);
}

static Platform *plat(int i)
{
	return &w.platforms.plat[i];
}

static Platform *new_platform(int x, int y)
{
	assert_true(platform_new(&w, x, y));
	return plat(w.platforms.count - 1);
}

static Actor *new_player(int x, int y)
{
	Actor *p = actor_spawn(&w, ACT_PLAYER, x, y);

	assert_non_null(p);
	assert_ptr_equal(p, world_player(&w));
	return p;
}

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
	platform_trace(&w, capture, NULL);
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
	platform_init(&w);
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

	platform_update(&w);
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
		platform_update(&w);
		assert_row(p->x == 20 + rows[i].dx && p->y == 15 + rows[i].dy && p->step == rows[i].dir,
		    "dir %d: at (%d,%d) step %u", rows[i].dir, p->x, p->y, p->step);
		assert_row(!p->halted && platform_drawn(p), "dir %d: halted or not drawn", rows[i].dir);
		/* The next cell is 0: it stays. */
		platform_update(&w);
		assert_row(p->x == 20 + rows[i].dx && p->y == 15 + rows[i].dy, "dir %d moved on", rows[i].dir);
		assert_row(p->halted && p->step == DIR8_NONE, "dir %d: halted %d step %u", rows[i].dir,
		    p->halted, p->step);
	}
}

/* An octagon through all eight directions: (10,10) NE, E, SE, S, SW, W, NW, N back to (10,10). */
static const struct {
	int x, y, dir;
} octagon[] = {
	{ 10, 10, DIR8_NORTHEAST }, { 11, 9, DIR8_EAST }, { 12, 9, DIR8_SOUTHEAST },
	{ 13, 10, DIR8_SOUTH }, { 13, 11, DIR8_SOUTHWEST }, { 12, 12, DIR8_WEST },
	{ 11, 12, DIR8_NORTHWEST }, { 10, 11, DIR8_NORTH },
};

static void lay_octagon(void)
{
	for (size_t i = 0; i < ARRAY_LEN(octagon); i++)
		path(octagon[i].x, octagon[i].y, octagon[i].dir);
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
		platform_update(&w);
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
	platform_update(&w);
	snapshot(&after);                       /* tick 1: at (11,9) */
	for (int t = 2; t <= 9; t++)
		platform_update(&w);
	assert_int_equal(p->x, 11);
	assert_int_equal(p->y, 9);
	assert_true(same_map(&w.map, &after));  /* tick 9 == tick 1, platform and all */
	for (int t = 10; t <= 16; t++)
		platform_update(&w);
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

			platform_update(&w);
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
			platform_update(&w);
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
	platform_update(&w);
	snapshot(&after);
	assert_true(platform_drawn(p));
	for (int t = 2; t <= 10; t++) {
		platform_update(&w);
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
	platform_update(&w);                    /* still frozen: put it back */

	/* The switch is pressed: off it goes, rider and all. */
	w.platforms.active = true;
	platform_update(&w);
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
		platform_update(&w);                    /* onto the tile */
		assert_row(p->x == 11 && !p->halted, "%s: tick 1 at %d", rows[i].what, p->x);
		for (int t = 2; t <= 6; t++) {
			platform_update(&w);
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
			platform_update(&w);
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
	assert_false(platform_new(&w, 1, 5));           /* x - 2 = -1 */
	assert_false(platform_new(&w, MAP_W - 2, 5));   /* x + 2 = MAP_W */
	assert_false(platform_new(&w, 10, -1));
	assert_false(platform_new(&w, 10, MAP_H));
	assert_true(platform_new(&w, 2, 0));
	assert_true(platform_new(&w, MAP_W - 3, MAP_H - 1));
	for (int i = 2; i < MAX_PLATFORMS; i++)
		assert_row(platform_new(&w, 10, i), "platform %d refused", i);
	assert_false(platform_new(&w, 10, 20));
	assert_int_equal(w.platforms.count, MAX_PLATFORMS);
}

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
		platform_update(&w);
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
		platform_update(&w);
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
		platform_update(&w);
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
	platform_update(&w);
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
	platform_update(&w);
	assert_int_equal(pl->x, 19);
	w.scooter = false;
	pl->dead = true;
	platform_update(&w);
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
	platform_update(&w);                    /* now drawn at (21, 15) */
	pl = new_player(20, 14);
	w.cling_dir = DIR4_EAST;
	platform_update(&w);
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
	platform_update(&w);
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
	T(a_rider_moves_with_the_platform),
	T(a_rider_goes_round_the_loop),
	T(only_a_player_over_the_span_is_carried),
	T(the_riders_width_is_frame_0s),
	T(no_ride_on_the_scooter_or_when_dead),
	T(carry_releases_a_cling_over_something_solid),
	T(a_platform_does_not_release_a_cling_by_itself),
	T(carry_centres_the_view_by_the_seeds_rules),
	T(no_overlap_no_view_change),
	T(trace_has_one_line_per_platform),
};

int main(int argc, char **argv)
{
	if (testmain_filter("platform", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("platform", tests, NULL, NULL);
}
