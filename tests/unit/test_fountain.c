/* test_fountain.c: seed 003 mud fountains — heights and pauses, corner cells, riding, the stream, drawing. */
#include "testmain.h"
#include "tracecap.h"

#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "frame.h"
#include "map.h"
#include "platform.h"
#include "render.h"
#include "sound.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */
static Frame got, want;

#define MAP_W 40
#define MAP_H 40
#define X0    20                        /* where the level places the fountain */
#define Y0    30
#define FX    (X0 - 1)                  /* the spray's left column */
#define FY    (Y0 - 1)                  /* its surface row at height 0 */

#define BRICK (MAP_SOLID_BASE + TILE_BRICK)

static int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, MAP_W, MAP_H);
	return 0;
}

static Fountain *fnt(int i)
{
	return &w.platforms.fnt[i];
}

static Fountain *new_fountain(int x, int y, int height)
{
	assert_true(fountain_new(&w.platforms, x, y, height));
	return fnt(w.platforms.fcount - 1);
}

static Actor *new_player(int x, int y)
{
	Actor *p = actor_spawn(&w, ACT_PLAYER, x, y);

	assert_non_null(p);
	assert_ptr_equal(p, world_player(&w));
	return p;
}

static void ticks(int n)
{
	for (int i = 0; i < n; i++)
		fountain_update(&w.platforms, &w);
}

/*
 * Seed 003's cycle for a kind with step_max m, as the height after tick t:
 * rise a tile a tick for m - 1 ticks; the m-th step turns it instead and
 * starts a 10-tick pause; fall for m - 1 ticks; turn and pause 10 again.
 */
static int model_height(int m, int t)
{
	int period = 2 * (m - 1) + 2 * (1 + FOUNTAIN_PAUSE);
	int k = (t - 1) % period;               /* 0-based tick within the cycle */

	if (k < m - 1)
		return k + 1;                   /* rising */
	k -= m - 1;
	if (k < 1 + FOUNTAIN_PAUSE)
		return m - 1;                   /* turning, paused at the top */
	k -= 1 + FOUNTAIN_PAUSE;
	if (k < m - 1)
		return m - 2 - k;               /* falling */
	return 0;                               /* turning, paused at the bottom */
}

static void trace_now(void)
{
	traced.n = 0;
	platform_trace(&w.platforms, w.tick, capture, NULL);
}

static void tiles_are_what_the_tests_assume(void **state)
{
	(void)state;
	assert_true(map_attr(fountain_top_cell) & TILE_BLOCK_SOUTH);
	assert_true(map_is_solid(BRICK));
	assert_int_equal(image_tiles_w(actor_kind_image(ACT_PLAYER)), 2);
	for (int i = 0; i < FOUNTAIN_FRAMES; i++)
		assert_row(fountain_images[i] >= 0 && fountain_images[i] < IMG_COUNT, "frame %d: image %d", i,
		    fountain_images[i]);
}

/*
 * Seed 003 / the loader: the spray's left column and surface row are one
 * left of and one above where the level puts it; it starts at height 0,
 * rising, no steps, no pause, and writes nothing until it moves.
 */
static void a_new_fountain_rests_one_up_and_left_of_its_place(void **state)
{
	static const int kinds[] = { FOUNTAIN_SMALL, FOUNTAIN_MEDIUM, FOUNTAIN_LARGE, FOUNTAIN_HUGE };

	(void)state;
	map_set_tile(&w.map, FX, FY, BRICK);
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++) {
		Fountain *f = new_fountain(X0 + 5 * (int)i, Y0, kinds[i]);

		assert_row(f->x == X0 + 5 * (int)i - 1 && f->y == Y0 - 1, "kind %d at (%d,%d)", kinds[i], f->x,
		    f->y);
		assert_row(f->dir == DIR4_NORTH && f->height == 0 && f->step == 0 && f->delay == 0 &&
		    f->step_max == kinds[i], "kind %d: dir %u height %u step %u delay %u max %u", kinds[i],
		    f->dir, f->height, f->step, f->delay, f->step_max);
	}
	assert_int_equal(map_get_tile(&w.map, FX, FY), BRICK);
	assert_int_equal(map_get_tile(&w.map, FX + 2, FY), MAP_AIR);
	assert_int_equal(FOUNTAIN_SMALL, 6);
	assert_int_equal(FOUNTAIN_MEDIUM, 9);
	assert_int_equal(FOUNTAIN_LARGE, 12);
	assert_int_equal(FOUNTAIN_HUGE, 15);
}

/* NOTE: our guard — only the four kinds, and ten at most. */
static void fountain_new_takes_only_the_four_kinds_and_ten(void **state)
{
	static const int bad[] = { 0, 1, 5, 7, 16, -6, 30 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++)
		assert_row(!fountain_new(&w.platforms, X0, Y0, bad[i]), "height %d taken", bad[i]);
	for (int i = 0; i < MAX_FOUNTAINS; i++)
		assert_row(fountain_new(&w.platforms, 2 + 3 * i, Y0, FOUNTAIN_SMALL), "fountain %d refused", i);
	assert_false(fountain_new(&w.platforms, X0, Y0, FOUNTAIN_SMALL));
	assert_int_equal(w.platforms.fcount, MAX_FOUNTAINS);
}

/*
 * Seed 003, the small fountain (step_max 6) tick by tick.
 * ORIGINAL: seed 003 — the sixth step turns it round instead of moving, so
 * it rises 5 tiles, not 6, and stands still 11 ticks at each end (the turn
 * plus 10 of pause).
 */
static void small_fountain_tick_by_tick(void **state)
{
	static const struct {
		int tick, height, step, delay;
		const char *state;
	} rows[] = {
		{ 1, 1, 1, 0, "rising" }, { 2, 2, 2, 0, "rising" }, { 3, 3, 3, 0, "rising" },
		{ 4, 4, 4, 0, "rising" }, { 5, 5, 5, 0, "rising" },
		{ 6, 5, 0, 10, "paused" },              /* step 6 == 6: turn, pause 10 */
		{ 7, 5, 0, 9, "paused" }, { 15, 5, 0, 1, "paused" },
		{ 16, 5, 0, 0, "falling" },             /* the pause is over; moves next tick */
		{ 17, 4, 1, 0, "falling" }, { 18, 3, 2, 0, "falling" }, { 19, 2, 3, 0, "falling" },
		{ 20, 1, 4, 0, "falling" }, { 21, 0, 5, 0, "falling" },
		{ 22, 0, 0, 10, "paused" },             /* turn at the bottom */
		{ 31, 0, 0, 1, "paused" }, { 32, 0, 0, 0, "rising" },
		{ 33, 1, 1, 0, "rising" },              /* the cycle again: 32 ticks long */
	};
	Fountain *f;
	int t = 0;

	(void)state;
	f = new_fountain(X0, Y0, FOUNTAIN_SMALL);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char line[TRACE_LINE];

		ticks(rows[i].tick - t);
		t = rows[i].tick;
		w.tick = (uint32_t)t;
		assert_row(f->height == rows[i].height && f->step == rows[i].step && f->delay == rows[i].delay,
		    "tick %d: height %u step %u delay %u", t, f->height, f->step, f->delay);
		assert_row(f->y == FY - rows[i].height && f->x == FX, "tick %d: at (%d,%d)", t, f->x, f->y);
		snprintf(line, sizeof line, "T=%d fountain 0 x=%d y=%d height=%d step=%d state=%s", t, FX,
		    FY - rows[i].height, rows[i].height, rows[i].step, rows[i].state);
		trace_now();
		assert_row(traced.n == 1 && strcmp(traced.line[0], line) == 0, "tick %d: \"%s\", want \"%s\"",
		    t, traced.line[0], line);
	}
}

/*
 * All four kinds side by side, two full cycles: heights follow the model,
 * the surface row is the resting row minus the height, and the two corner
 * cells sit on it (the middle column stays air).
 */
static void every_kind_through_two_cycles(void **state)
{
	static const int kinds[] = { FOUNTAIN_SMALL, FOUNTAIN_MEDIUM, FOUNTAIN_LARGE, FOUNTAIN_HUGE };
	enum { Y = 36 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++)
		new_fountain(4 + 8 * (int)i, Y, kinds[i]);
	for (int t = 1; t <= 2 * (2 * FOUNTAIN_HUGE + 20); t++) {
		fountain_update(&w.platforms, &w);
		for (size_t i = 0; i < ARRAY_LEN(kinds); i++) {
			const Fountain *f = fnt((int)i);
			int h = model_height(kinds[i], t);

			assert_row(f->height == h && f->y == Y - 1 - h, "kind %d tick %d: height %u y %d, want %d",
			    kinds[i], t, f->height, f->y, h);
			assert_row(map_get_tile(&w.map, f->x, f->y) == fountain_top_cell &&
			    map_get_tile(&w.map, f->x + 2, f->y) == fountain_top_cell &&
			    map_get_tile(&w.map, f->x + 1, f->y) == MAP_AIR,
			    "kind %d tick %d: corner cells", kinds[i], t);
		}
	}
	/* The tallest each reaches: step_max - 1. */
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++) {
		int top = 0;

		for (int t = 1; t <= 2 * kinds[i] + 20; t++)
			if (model_height(kinds[i], t) > top)
				top = model_height(kinds[i], t);
		assert_row(top == kinds[i] - 1, "kind %d tops out at %d", kinds[i], top);
	}
}

/*
 * ORIGINAL: seed 003 — the corners are erased to air, not restored: every
 * cell they pass over is gone, including the one at the resting row on the
 * first move. The middle column (never written) keeps its tiles.
 */
static void the_corners_erase_every_cell_they_pass(void **state)
{
	Fountain *f;

	(void)state;
	for (int y = FY - 8; y <= FY; y++)
		for (int x = FX; x <= FX + 2; x++)
			map_set_tile(&w.map, x, y, BRICK);
	f = new_fountain(X0, Y0, FOUNTAIN_SMALL);
	ticks(1);
	assert_int_equal(map_get_tile(&w.map, FX, FY), MAP_AIR);
	assert_int_equal(map_get_tile(&w.map, FX + 2, FY), MAP_AIR);
	assert_int_equal(map_get_tile(&w.map, FX, FY - 1), fountain_top_cell);
	assert_int_equal(map_get_tile(&w.map, FX + 2, FY - 1), fountain_top_cell);
	ticks(2 * FOUNTAIN_SMALL + 20 - 1);     /* the rest of the cycle: back at rest */
	assert_int_equal(f->height, 0);
	for (int y = FY - 8; y <= FY; y++) {
		uint16_t want_corner = y == FY ? fountain_top_cell : y >= FY - 5 ? MAP_AIR : BRICK;

		assert_row(map_get_tile(&w.map, FX, y) == want_corner &&
		    map_get_tile(&w.map, FX + 2, y) == want_corner, "row %d: corners %04x %04x want %04x", y,
		    map_get_tile(&w.map, FX, y), map_get_tile(&w.map, FX + 2, y), want_corner);
		assert_row(map_get_tile(&w.map, FX + 1, y) == BRICK, "row %d: middle column touched", y);
	}
}

/*
 * Seed 003: a player whose feet are on the row above the surface rides up
 * and down with it, through the pauses — and stands safely on the spray.
 * Fountains move (and carry) even while platforms are frozen.
 */
static void a_player_on_the_spray_rides_up_and_down(void **state)
{
	Fountain *f;
	Actor *pl;
	int lowest = FY - 1, highest = FY - 1;

	(void)state;
	w.platforms.active = false;
	f = new_fountain(X0, Y0, FOUNTAIN_HUGE);
	pl = new_player(FX, FY - 1);
	for (int t = 1; t <= 2 * (2 * FOUNTAIN_HUGE + 20); t++) {
		fountain_update(&w.platforms, &w);
		assert_row(pl->y == f->y - 1 && pl->x == FX, "tick %d: player (%d,%d) surface row %d", t, pl->x,
		    pl->y, f->y);
		if (pl->y < highest)
			highest = pl->y;
		if (pl->y > lowest)
			lowest = pl->y;
	}
	assert_int_equal(highest, FY - 1 - (FOUNTAIN_HUGE - 1));
	assert_int_equal(lowest, FY - 1);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

/* Seed 003: either of the player's edge columns over x .. x + 2 is carried; others are not. */
static void only_a_player_over_the_spray_is_carried(void **state)
{
	static const struct {
		const char *what;
		int x;
		bool carried;
	} rows[] = {
		{ "two left: right column off the spray", FX - 2, false },
		{ "right column on the left corner", FX - 1, true },
		{ "on the left corner", FX, true },
		{ "left column on the right corner", FX + 2, true },
		{ "one right of the spray", FX + 3, false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *pl;

		fresh_world(NULL);
		new_fountain(X0, Y0, FOUNTAIN_SMALL);
		pl = new_player(rows[i].x, FY - 1);
		ticks(3);
		assert_row(pl->y == FY - 1 - (rows[i].carried ? 3 : 0) && pl->x == rows[i].x,
		    "%s: player at (%d,%d)", rows[i].what, pl->x, pl->y);
	}
}

/* Seed 003: a dead player, or one on the scooter, is not carried. */
static void no_ride_when_dead_or_on_the_scooter(void **state)
{
	Actor *pl;

	(void)state;
	new_fountain(X0, Y0, FOUNTAIN_SMALL);
	pl = new_player(FX, FY - 1);
	pl->dead = true;
	ticks(1);
	assert_int_equal(pl->y, FY - 1);
	pl->dead = false;
	pl->y = FY - 2;                         /* on the surface again */
	w.scooter = true;
	ticks(1);
	assert_int_equal(pl->y, FY - 2);
	assert_int_equal(fnt(0)->height, 2);
}

/*
 * Seed 003: the stream hurts on touch; several stream tiles touching in
 * one tick, and the following ticks, cost one point — the hurt cooldown.
 */
static void the_stream_hurts_once_then_the_cooldown_protects(void **state)
{
	Actor *pl;

	(void)state;
	new_fountain(X0, Y0, FOUNTAIN_SMALL);
	pl = new_player(FX + 1, Y0);            /* standing in the stream's path */
	ticks(1);                               /* height 1: two stream tiles on the player */
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	assert_int_equal(w.hurt_cooldown, HURT_COOLDOWN_FRAMES);
	assert_int_equal(w.sound, SND_HURT);
	ticks(5);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	w.hurt_cooldown = 0;                    /* the blinking is over */
	ticks(1);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 2);
	assert_int_equal(pl->x, FX + 1);        /* not carried: feet far below the surface */
	assert_int_equal(pl->y, Y0);
}

/* Standing clear of the middle column, beside the corners, is safe. */
static void beside_the_stream_is_safe(void **state)
{
	static const int xs[] = { FX - 6, FX - 2, FX + 4, FX + 8 };

	(void)state;
	new_fountain(X0, Y0, FOUNTAIN_MEDIUM);
	for (size_t i = 0; i < ARRAY_LEN(xs); i++) {
		Actor *pl = world_player(&w);

		if (!pl)
			pl = new_player(xs[i], Y0);
		pl->x = (int16_t)xs[i];
		ticks(2 * FOUNTAIN_MEDIUM + 20);
		assert_row(w.health == PLAYER_MAX_HEALTH, "at x %d: health %u", xs[i], w.health);
	}
}

/*
 * Seed 003 (DrawFountains): the animation counter runs at half the tick
 * rate — frames 1, 1, 0, 0, 1, 1, ... for the spray, 2 more for the stream.
 * The spray hangs with its bottom row one below the surface; height + 1
 * stream tiles follow under it, the first on the spray's lower row
 * (ORIGINAL: seed 003), the last on the resting row.
 */
static void draw_spray_and_stream_at_half_rate(void **state)
{
	static const int frames[] = { 1, 1, 0, 0, 1, 1, 0, 0, 1 };

	(void)state;
	new_fountain(X0, Y0, FOUNTAIN_LARGE);
	w.cam_x = 0;
	w.cam_y = 14;                           /* rows 14..31: all of it at these heights */
	for (size_t i = 0; i < ARRAY_LEN(frames); i++) {
		const Fountain *f = fnt(0);
		int fr = frames[i];

		ticks(1);
		assert_row(w.platforms.slow_count % 2 == fr, "tick %zu: frame %d", i + 1,
		    w.platforms.slow_count % 2);
		frame_clear(&got);
		frame_clear(&want);
		render_fountains(&w, &got);
		render_sprite(&w, &want, fountain_images[fr], FX, f->y + 1, 0, 0);
		for (int t = 0; t <= f->height; t++)
			render_sprite(&w, &want, fountain_images[fr + 2], FX + 1, f->y + 1 + t, 0, 0);
		assert_row(got.count == 1 + f->height + 1 && got.count == want.count,
		    "tick %zu: %u commands, want %u", i + 1, got.count, 1 + f->height + 1);
		assert_row(memcmp(got.cmds, want.cmds, sizeof got.cmds[0] * got.count) == 0,
		    "tick %zu: commands differ", i + 1);
		assert_row(got.cmds[0].kind == DRAW_IMAGE && got.cmds[0].id == fountain_images[fr],
		    "tick %zu: spray image %u", i + 1, got.cmds[0].id);
		for (int c = 1; c < got.count; c++)
			assert_row(got.cmds[c].id == fountain_images[fr + 2], "tick %zu: stream %d image %u", i + 1,
			    c, got.cmds[c].id);
	}
	/* The lowest stream tile is on the resting row, Y0. */
	frame_clear(&want);
	render_sprite(&w, &want, fountain_images[frames[ARRAY_LEN(frames) - 1] + 2], FX + 1, Y0, 0, 0);
	assert_memory_equal(&got.cmds[got.count - 1], &want.cmds[0], sizeof want.cmds[0]);
}

/* Nothing drawn for a fountain out of the view. */
static void draw_skips_a_fountain_out_of_view(void **state)
{
	(void)state;
	new_fountain(X0, Y0, FOUNTAIN_SMALL);
	ticks(3);
	w.cam_x = 0;
	w.cam_y = 0;                            /* rows 0..17: the fountain is at 23..30 */
	frame_clear(&got);
	render_fountains(&w, &got);
	assert_int_equal(got.count, 0);
}

static void trace_lists_platforms_then_fountains(void **state)
{
	(void)state;
	new_fountain(X0, Y0, FOUNTAIN_SMALL);
	new_fountain(5, 20, FOUNTAIN_HUGE);
	assert_true(platform_new(&w.platforms, &w.map, 30, 10));
	w.tick = 3;
	trace_now();
	assert_int_equal(traced.n, 3);
	assert_string_equal(traced.line[0], "T=3 platform 0 x=30 y=10 step=0 state=moving");
	assert_string_equal(traced.line[1], "T=3 fountain 0 x=19 y=29 height=0 step=0 state=rising");
	assert_string_equal(traced.line[2], "T=3 fountain 1 x=4 y=19 height=0 step=0 state=rising");
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(tiles_are_what_the_tests_assume),
	T(a_new_fountain_rests_one_up_and_left_of_its_place),
	T(fountain_new_takes_only_the_four_kinds_and_ten),
	T(small_fountain_tick_by_tick),
	T(every_kind_through_two_cycles),
	T(the_corners_erase_every_cell_they_pass),
	T(a_player_on_the_spray_rides_up_and_down),
	T(only_a_player_over_the_spray_is_carried),
	T(no_ride_when_dead_or_on_the_scooter),
	T(the_stream_hurts_once_then_the_cooldown_protects),
	T(beside_the_stream_is_safe),
	T(draw_spray_and_stream_at_half_rate),
	T(draw_skips_a_fountain_out_of_view),
	T(trace_lists_platforms_then_fountains),
};

int main(int argc, char **argv)
{
	if (testmain_filter("fountain", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("fountain", tests, NULL, NULL);
}
