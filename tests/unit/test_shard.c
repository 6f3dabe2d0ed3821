/* test_shard.c: seed 001 shards — up 2,2,2,2,1, hang 2, down 1 then 2 a tick; one bounce; ejection loop; expiry. */
#include "testmain.h"
#include "tracecap.h"

#include "assets.h"
#include "collide.h"
#include "frame.h"
#include "map.h"
#include "render.h"
#include "shard.h"
#include "sound.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */
static Frame frame, want_frame;

#define IMG     IMG_SHARD0              /* 2x2 tiles (checked below): columns x, x+1, rows y-1, y */
#define BRICK   ((uint16_t)(MAP_SOLID_BASE + TILE_BRICK))       /* blocks all four ways */
#define LEDGE   ((uint16_t)(MAP_SOLID_BASE + TILE_PLATFORM_BLUE)) /* blocks south only */
#define SLOPE   ((uint16_t)(MAP_SOLID_BASE + TILE_SLOPE_UR))    /* south-blocking slope */
#define GONE    0                       /* "next age" of a removed shard */
#define XMODES  5                       /* 0 east, 1 west, 2 none, 3 east x2, 4 west x2 */

static int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	return 0;
}

/* An all-air map of width x height with the view's top-left at (cam_x, cam_y). */
static void open_map(int width, int height, int cam_x, int cam_y)
{
	map_init(&w.map, width, height);
	w.cam_x = cam_x;
	w.cam_y = cam_y;
}

/* Brick over columns x0..x1, rows y0..y1 (inclusive). */
static void fill(int x0, int y0, int x1, int y1, uint16_t tile)
{
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++)
			map_set_tile(&w.map, x, y, tile);
}

/* A shard with a chosen x-mode (the counter is world state: set it, then create). Returns its slot. */
static int new_shard(int xmode, int x, int y)
{
	w.shards.next_xmode = (uint8_t)xmode;
	shard_new(&w, IMG, x, y);
	for (int i = 0; i < MAX_SHARDS; i++) {
		const Shard *s = &w.shards.slot[i];

		if (s->image != SHARD_IDLE && s->age == 1 && s->x == x && s->y == y && s->xmode == xmode)
			return i;
	}
	fail_msg("shard_new(%d, %d) made no shard", x, y);
	return -1;
}

/* One tick of shards as world_tick runs it: the sound is per tick. */
static void step(void)
{
	w.sound = SND_NONE;
	shard_update(&w);
	w.tick++;
}

static bool idle(int slot)
{
	return w.shards.slot[slot].image == SHARD_IDLE;
}

/*
 * One tick of one shard: `age` is the age it runs this tick with, (x, y)
 * where it is after the tick, `next` the age stored after (GONE: removed),
 * `bounce` whether the bounce sound was asked for.
 */
typedef struct TickRow {
	int age, x, y, next;
	bool bounce;
} TickRow;

static void walk(int slot, const TickRow *rows, size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		const TickRow *r = &rows[i];
		const Shard *s = &w.shards.slot[slot];

		assert_row(!idle(slot) && s->age == r->age, "%s tick %zu: age %u, want %d", what, i + 1,
		    s->age, r->age);
		step();
		if (r->next == GONE) {
			assert_row(idle(slot) && s->age == 0, "%s tick %zu: still there at (%d,%d)",
			    what, i + 1, s->x, s->y);
			assert_row(w.shards.draw[slot].image == SHARD_IDLE, "%s tick %zu: drawn", what, i + 1);
		} else {
			assert_row(s->x == r->x && s->y == r->y && s->age == r->next,
			    "%s tick %zu (age %d): at (%d,%d) age %u, want (%d,%d) age %d", what, i + 1,
			    r->age, s->x, s->y, s->age, r->x, r->y, r->next);
		}
		assert_row((w.sound == SND_SHARD_BOUNCE) == r->bounce, "%s tick %zu: sound %d", what,
		    i + 1, w.sound);
	}
}

static void test_tiles_and_image_are_as_assumed(void **state)
{
	(void)state;
	assert_int_equal(map_attr(BRICK) & TILE_BLOCK_ALL, TILE_BLOCK_ALL);
	assert_int_equal(map_attr(LEDGE) & (TILE_BLOCK_ALL | TILE_SLOPED), TILE_BLOCK_SOUTH);
	assert_true(map_attr(SLOPE) & TILE_SLOPED);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(image_tiles_w(IMG_SHARD0 + i), 2);
		assert_int_equal(image_tiles_h(IMG_SHARD0 + i), 2);
	}
}

/* Seed 001, NewShard: the first shard is in slot 0 with age 1, not bounced, x-mode 1. */
static void new_shard_takes_the_lowest_idle_slot_at_age_1(void **state)
{
	(void)state;
	shard_new(&w, IMG_SHARD2, 7, 9);
	shard_new(&w, IMG_SHARD3, 8, 10);
	assert_int_equal(w.shards.slot[0].image, IMG_SHARD2);
	assert_int_equal(w.shards.slot[0].x, 7);
	assert_int_equal(w.shards.slot[0].y, 9);
	assert_int_equal(w.shards.slot[0].age, 1);
	assert_int_equal(w.shards.slot[0].xmode, 1);
	assert_false(w.shards.slot[0].bounced);
	assert_int_equal(w.shards.slot[1].image, IMG_SHARD3);
	assert_int_equal(w.shards.slot[1].xmode, 2);
	for (int i = 2; i < MAX_SHARDS; i++)
		assert_row(idle(i) && w.shards.slot[i].age == 0, "slot %d busy", i);
}

/* Seed 001: x-modes are dealt 1, 2, 3, 4, 0, 1, ... across every shard made. */
static void xmode_counter_runs_1_2_3_4_0_1(void **state)
{
	static const int want[] = { 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(want); i++) {
		shard_new(&w, IMG, 10, 10);
		assert_row(w.shards.slot[i].xmode == want[i], "shard %zu: xmode %u, want %d", i,
		    w.shards.slot[i].xmode, want[i]);
	}
}

/*
 * NOTE: seed 001 — Cosmo's counter is a function-static nothing resets (a
 * demo replayed without restarting the game can differ). Ours is world
 * state: shard_init, run at level start by world_init, deals from 1 again.
 */
static void shard_init_resets_the_counter_and_every_slot(void **state)
{
	(void)state;
	for (int i = 0; i < 3; i++)
		shard_new(&w, IMG, 10, 10);
	step();
	shard_init(&w);
	for (int i = 0; i < MAX_SHARDS; i++) {
		assert_row(idle(i) && w.shards.slot[i].age == 0, "slot %d busy", i);
		assert_row(w.shards.draw[i].image == SHARD_IDLE, "slot %d still drawn", i);
	}
	shard_new(&w, IMG, 10, 10);
	assert_int_equal(w.shards.slot[0].xmode, 1);

	shard_new(&w, IMG, 10, 10);
	world_init(&w, 2);                      /* a level start */
	assert_true(idle(0) && idle(1));
	shard_new(&w, IMG, 10, 10);
	assert_int_equal(w.shards.slot[0].xmode, 1);
}

/*
 * Seed 001: with all 16 slots busy the 17th shard is dropped silently.
 * ORIGINAL: the counter moves on before the slot search, so the dropped
 * shard still uses up its x-mode: the next one made gets the mode after it.
 */
static void the_17th_shard_is_dropped_but_uses_up_its_xmode(void **state)
{
	Shard before[MAX_SHARDS];

	(void)state;
	open_map(100, 40, 60, 0);               /* slot 0 is out of view: removed when 17 */
	shard_new(&w, IMG, 10, 12);             /* slot 0, xmode 1 */
	step();
	for (int i = 1; i < MAX_SHARDS; i++)    /* slots 1..15: xmodes 2,3,4,0,1,... ,0,1 */
		shard_new(&w, IMG, 70, 12);
	assert_int_equal(w.shards.slot[15].xmode, 1);
	memcpy(before, w.shards.slot, sizeof before);
	shard_new(&w, IMG_SHARD1, 70, 5);       /* the 17th would get xmode 2 */
	assert_memory_equal(before, w.shards.slot, sizeof before);
	assert_int_equal(w.shards.next_xmode, 3);

	for (int t = 2; t <= 16; t++)           /* slot 0 runs ages 2..16 */
		step();
	assert_false(idle(0));
	step();                                 /* age 17, out of view */
	assert_true(idle(0));
	for (int i = 1; i < MAX_SHARDS; i++)
		assert_row(!idle(i), "slot %d went too", i);
	shard_new(&w, IMG, 70, 12);
	assert_int_equal(w.shards.slot[0].xmode, 3);
}

/* NOTE: an image outside the table is refused and leaves the counter alone. */
static void new_shard_refuses_images_outside_the_table(void **state)
{
	static const int bad[] = { -1, IMG_COUNT, SHARD_IDLE };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++)
		shard_new(&w, bad[i], 10, 10);
	for (int i = 0; i < MAX_SHARDS; i++)
		assert_row(idle(i), "slot %d busy", i);
	shard_new(&w, IMG, 10, 10);
	assert_int_equal(w.shards.slot[0].xmode, 1);
}

/*
 * Seed 001, all five x-modes in open air from (50, 12), view rows 0..17.
 * Up 2 at ages 1..4, 1 at age 5, hang at 6 and 7, down 1 at 8, then 2 a
 * tick. Sideways every tick: east, west, none, east 2, west 2. At age 17
 * (older than 16) each is tested where it is, row 20, out of view: removed.
 */
static void five_xmodes_in_open_air(void **state)
{
	static const struct {
		int age, y;
		int x[XMODES];
	} rows[] = {
		/* age  y    mode 0  1   2   3   4 */
		{ 1, 10, { 51, 49, 50, 52, 48 } },
		{ 2, 8, { 52, 48, 50, 54, 46 } },
		{ 3, 6, { 53, 47, 50, 56, 44 } },
		{ 4, 4, { 54, 46, 50, 58, 42 } },
		{ 5, 3, { 55, 45, 50, 60, 40 } },
		{ 6, 3, { 56, 44, 50, 62, 38 } },
		{ 7, 3, { 57, 43, 50, 64, 36 } },
		{ 8, 4, { 58, 42, 50, 66, 34 } },
		{ 9, 6, { 59, 41, 50, 68, 32 } },
		{ 10, 8, { 60, 40, 50, 70, 30 } },
		{ 11, 10, { 61, 39, 50, 72, 28 } },
		{ 12, 12, { 62, 38, 50, 74, 26 } },
		{ 13, 14, { 63, 37, 50, 76, 24 } },
		{ 14, 16, { 64, 36, 50, 78, 22 } },
		{ 15, 18, { 65, 35, 50, 80, 20 } },
		{ 16, 20, { 66, 34, 50, 82, 18 } },
	};
	int slot[XMODES];

	(void)state;
	open_map(100, 40, 31, 0);
	for (int m = 0; m < XMODES; m++)
		slot[m] = new_shard(m, 50, 12);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		step();
		for (int m = 0; m < XMODES; m++) {
			const Shard *s = &w.shards.slot[slot[m]];

			assert_row(s->x == rows[i].x[m] && s->y == rows[i].y && s->age == rows[i].age + 1,
			    "age %d, mode %d: at (%d,%d) age %u, want (%d,%d) age %d", rows[i].age, m, s->x,
			    s->y, s->age, rows[i].x[m], rows[i].y, rows[i].age + 1);
		}
	}
	step();
	for (int m = 0; m < XMODES; m++)
		assert_row(idle(slot[m]), "mode %d still there at age 17", m);
}

/*
 * Seed 001: thrown from the floor (row 16, bottom row 15), it falls back
 * to 15 at age 12; at age 13 the ground is under it: it bounces (age back
 * to 3, the bounce sound, the move restarts: 2 up). Then up 2, 1, hang,
 * down 1, and from age 9 it sinks through the floor 2 a tick, untested.
 * Out of view (row 27) at age 17: removed.
 */
static void bounces_once_then_falls_through_the_floor(void **state)
{
	static const TickRow rows[] = {
		/* age  x   y  next bounce */
		{ 1, 10, 13, 2, 0 },
		{ 2, 10, 11, 3, 0 },
		{ 3, 10, 9, 4, 0 },
		{ 4, 10, 7, 5, 0 },
		{ 5, 10, 6, 6, 0 },
		{ 6, 10, 6, 7, 0 },
		{ 7, 10, 6, 8, 0 },
		{ 8, 10, 7, 9, 0 },
		{ 9, 10, 9, 10, 0 },
		{ 10, 10, 11, 11, 0 },
		{ 11, 10, 13, 12, 0 },
		{ 12, 10, 15, 13, 0 },
		{ 13, 10, 13, 4, 1 },        /* ground: bounce */
		{ 4, 10, 11, 5, 0 },
		{ 5, 10, 10, 6, 0 },
		{ 6, 10, 10, 7, 0 },
		{ 7, 10, 10, 8, 0 },
		{ 8, 10, 11, 9, 0 },
		{ 9, 10, 13, 10, 0 },
		{ 10, 10, 15, 11, 0 },
		{ 11, 10, 17, 12, 0 },             /* into the floor */
		{ 12, 10, 19, 13, 0 },
		{ 13, 10, 21, 14, 0 },
		{ 14, 10, 23, 15, 0 },
		{ 15, 10, 25, 16, 0 },
		{ 16, 10, 27, 17, 0 },
		{ 17, 0, 0, GONE, 0 },
	};
	int slot;

	(void)state;
	open_map(40, 40, 0, 0);
	fill(0, 16, 39, 25, BRICK);
	slot = new_shard(2, 10, 15);
	walk(slot, rows, 7, "rise");
	assert_false(w.shards.slot[slot].bounced);
	walk(slot, rows + 7, 6, "fall");
	assert_true(w.shards.slot[slot].bounced);
	walk(slot, rows + 13, ARRAY_LEN(rows) - 13, "bounced");
}

/*
 * Seed 001: the ground is found by either of the two one-tile fall steps;
 * either way the shard was resting on it (row 15) and bounces to row 13.
 * A south-only ledge stops it too, and a slope counts as ground.
 */
static void the_bounce_comes_from_the_resting_row_whatever_the_fall_parity(void **state)
{
	static const struct {
		int y0;
		uint16_t floor;
		int bounce_tick;
	} rows[] = {
		{ 15, BRICK, 13 },              /* 15 at 12; ground under it at once */
		{ 14, BRICK, 13 },              /* 14 at 12; 15 on the first step, ground on the second */
		{ 13, BRICK, 14 },
		{ 12, BRICK, 14 },
		{ 11, BRICK, 15 },
		{ 15, LEDGE, 13 },
		{ 15, SLOPE, 13 },              /* MOVE_SLOPED is not MOVE_FREE */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		int slot;

		world_init(&w, 1);
		open_map(40, 40, 0, 0);
		fill(0, 16, 39, 16, rows[i].floor);
		slot = new_shard(2, 10, rows[i].y0);
		for (int t = 1; t < rows[i].bounce_tick; t++) {
			step();
			assert_row(w.sound == SND_NONE && !w.shards.slot[slot].bounced,
			    "row %zu: bounced at tick %d", i, t);
		}
		step();
		assert_row(w.sound == SND_SHARD_BOUNCE && w.shards.slot[slot].bounced,
		    "row %zu: no bounce at tick %d", i, rows[i].bounce_tick);
		assert_row(w.shards.slot[slot].y == 13 && w.shards.slot[slot].age == 4,
		    "row %zu: y %d age %u after the bounce, want 13 and 4", i, w.shards.slot[slot].y,
		    w.shards.slot[slot].age);
	}
}

/*
 * ORIGINAL: seed 001 — the sideways test looks one row below the shard,
 * so one thrown from ground level does not move sideways on its first
 * tick (the floor row blocks east and west), only from the second.
 */
static void thrown_from_the_ground_it_starts_moving_sideways_on_tick_2(void **state)
{
	static const struct {
		int xmode, x1, x2;
	} rows[] = {
		{ 0, 20, 21 },
		{ 1, 20, 19 },
		{ 2, 20, 20 },
		{ 3, 20, 22 },
		{ 4, 20, 18 },
	};

	(void)state;
	open_map(40, 40, 0, 0);
	fill(0, 16, 39, 25, BRICK);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		int slot = new_shard(rows[i].xmode, 20, 15);

		step();
		assert_row(w.shards.slot[slot].x == rows[i].x1, "mode %d: x %d after tick 1, want %d",
		    rows[i].xmode, w.shards.slot[slot].x, rows[i].x1);
		step();
		assert_row(w.shards.slot[slot].x == rows[i].x2, "mode %d: x %d after tick 2, want %d",
		    rows[i].xmode, w.shards.slot[slot].x, rows[i].x2);
		shard_init(&w);
	}
}

/*
 * ORIGINAL: seed 001 — the ejection loop (the E1M8 demo). From row 30 the
 * apex is row 21, inside a ceiling of rows 20..22; at age 8 the row below
 * (22) is solid: age back to 3 and 2 down, the rerun's 2 up cancel it, so
 * it hangs. Ages 4 and 5 climb 3 more; at the next age 8 the row below
 * (19) is clear: down 1. Now falling at age 9 onto the top of the ceiling
 * it bounces (sound), rises 5, then sinks through the ceiling and the floor
 * (rows 31..) and leaves the view (rows 15..32) at age 19.
 */
static void ejected_from_a_low_ceiling_it_bounces_on_top_then_falls_through(void **state)
{
	static const TickRow rows[] = {
		/* age  x   y  next bounce */
		{ 1, 10, 28, 2, 0 },
		{ 2, 10, 26, 3, 0 },
		{ 3, 10, 24, 4, 0 },
		{ 4, 10, 22, 5, 0 },
		{ 5, 10, 21, 6, 0 },
		{ 6, 10, 21, 7, 0 },
		{ 7, 10, 21, 8, 0 },
		{ 8, 10, 21, 4, 0 },               /* ejected: row 22 is ceiling */
		{ 4, 10, 19, 5, 0 },
		{ 5, 10, 18, 6, 0 },
		{ 6, 10, 18, 7, 0 },
		{ 7, 10, 18, 8, 0 },
		{ 8, 10, 19, 9, 0 },               /* row 19 is clear */
		{ 9, 10, 17, 4, 1 },         /* on top of the ceiling: bounce */
		{ 4, 10, 15, 5, 0 },
		{ 5, 10, 14, 6, 0 },
		{ 6, 10, 14, 7, 0 },
		{ 7, 10, 14, 8, 0 },
		{ 8, 10, 15, 9, 0 },
		{ 9, 10, 17, 10, 0 },
		{ 10, 10, 19, 11, 0 },
		{ 11, 10, 21, 12, 0 },             /* through the ceiling */
		{ 12, 10, 23, 13, 0 },
		{ 13, 10, 25, 14, 0 },
		{ 14, 10, 27, 15, 0 },
		{ 15, 10, 29, 16, 0 },
		{ 16, 10, 31, 17, 0 },             /* through the floor */
		{ 17, 10, 33, 18, 0 },             /* rows 30..31 still in view before the fall */
		{ 18, 10, 35, 19, 0 },             /* row 32 still in view */
		{ 19, 0, 0, GONE, 0 },
	};

	(void)state;
	open_map(40, 60, 0, 15);
	fill(0, 31, 39, 45, BRICK);
	fill(0, 20, 39, 22, BRICK);
	walk(new_shard(2, 10, 30), rows, ARRAY_LEN(rows), "E1M8");
}

/*
 * ORIGINAL: seed 001 — ceilings of several heights over a shard thrown
 * from row 30 (apex 21). Each ejection happens at age 8 and costs 5 ticks
 * (hang, 2 up, 1 up, hang, hang) for 3 rows: the tests at ticks 8, 13,
 * 18, ... look at rows 22, 19, 16, ... until one is clear, then it drops
 * into it. Ejections are silent, and a shard stuck long enough outlives 40
 * ticks since its age keeps going back to 3.
 */
static void the_ejection_loop_climbs_3_rows_per_5_ticks_until_clear(void **state)
{
	static const struct {
		int top, bottom;                /* ceiling rows */
		int ejections;
	} rows[] = {
		{ 18, 21, 0 },                  /* the apex pokes into it, but row 22 is clear */
		{ 20, 22, 1 },
		{ 17, 22, 2 },
		{ 14, 22, 3 },
		{ 2, 22, 7 },                   /* released at tick 43 */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		int slot, k = rows[i].ejections, t = 0;
		const Shard *s;

		world_init(&w, 1);
		open_map(40, 60, 0, 15);
		fill(0, rows[i].top, 39, rows[i].bottom, BRICK);
		slot = new_shard(2, 10, 30);
		s = &w.shards.slot[slot];
		for (int j = 0; j <= k; j++) {
			while (t < 8 + 5 * j - 1) {
				step();
				t++;
				assert_row(w.sound == SND_NONE, "row %zu: sound at tick %d", i, t);
			}
			assert_row(s->age == 8 && s->y == 21 - 3 * j,
			    "row %zu: before tick %d age %u y %d, want 8 and %d", i, t + 1, s->age, s->y,
			    21 - 3 * j);
			step();
			t++;
			if (j < k)
				assert_row(s->age == 4 && s->y == 21 - 3 * j,
				    "row %zu: tick %d should eject (age %u y %d)", i, t, s->age, s->y);
			else
				assert_row(s->age == 9 && s->y == 22 - 3 * j,
				    "row %zu: tick %d should drop to %d (age %u y %d)", i, t, 22 - 3 * j,
				    s->age, s->y);
			assert_row(w.sound == SND_NONE, "row %zu: sound at tick %d", i, t);
		}
		assert_row(t == 8 + 5 * k, "row %zu: released at tick %d", i, t);
	}
}

/*
 * ORIGINAL: seed 001 — with solid ceiling up to the top of the map, every
 * test fails (cells outside the map block too): the shard climbs 3 rows
 * every 5 ticks forever, into negative rows, and is never removed.
 */
static void a_ceiling_to_the_top_of_the_map_ejects_forever(void **state)
{
	int slot, t = 0;
	const Shard *s;

	(void)state;
	open_map(40, 60, 0, 15);
	fill(0, 0, 39, 22, BRICK);
	slot = new_shard(2, 10, 30);
	s = &w.shards.slot[slot];
	for (int j = 0; j < 60; j++) {
		while (t < 8 + 5 * j) {
			step();
			t++;
		}
		assert_row(!idle(slot) && s->age == 4 && s->y == 21 - 3 * j,
		    "tick %d: age %u y %d, want 4 and %d", t, s->age, s->y, 21 - 3 * j);
	}
	assert_true(s->y < -150);
}

/*
 * ORIGINAL: seed 001 — double-speed shards test one tile and move two.
 * A wall (rows 15..45) an even number of free columns away stops them
 * flush; an odd number puts them one column into it, and at age 8 the
 * south test sees the wall: ejected. Single-speed shards stop flush.
 * Wall east: columns 24..27; wall west: columns 12..15. From row 30.
 */
static void double_speed_enters_walls_an_odd_distance_away(void **state)
{
	static const struct {
		int xmode, x0, x1, x2;          /* x at the start, after tick 1, after ticks 2..8 */
		bool ejected;                   /* at age 8 */
	} rows[] = {
		/* east x2: free columns between the shard's right column (x0 + 1) and 24 */
		{ 3, 22, 22, 22, false },       /* 0 */
		{ 3, 21, 23, 23, 1 },        /* 1: ends in column 24 */
		{ 3, 20, 22, 22, false },       /* 2 */
		{ 3, 19, 21, 23, 1 },        /* 3 */
		{ 3, 18, 20, 22, false },       /* 4 */
		/* west x2: free columns between 15 and the shard's left column x0 */
		{ 4, 16, 16, 16, false },       /* 0 */
		{ 4, 17, 15, 15, 1 },        /* 1: ends in column 15 */
		{ 4, 18, 16, 16, false },       /* 2 */
		{ 4, 19, 17, 15, 1 },        /* 3 */
		{ 4, 20, 18, 16, false },       /* 4 */
		/* single speed never enters */
		{ 0, 21, 22, 22, false },
		{ 0, 20, 21, 22, false },
		{ 1, 17, 16, 16, false },
		{ 1, 18, 17, 16, false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const Shard *s;
		int slot;

		world_init(&w, 1);
		open_map(60, 60, 0, 15);
		fill(24, 15, 27, 45, BRICK);
		fill(12, 15, 15, 45, BRICK);
		slot = new_shard(rows[i].xmode, rows[i].x0, 30);
		s = &w.shards.slot[slot];
		step();
		assert_row(s->x == rows[i].x1, "row %zu: x %d after tick 1, want %d", i, s->x, rows[i].x1);
		for (int t = 2; t <= 8; t++) {
			step();
			assert_row(s->x == rows[i].x2, "row %zu: x %d after tick %d, want %d", i, s->x, t,
			    rows[i].x2);
		}
		assert_row(s->age == (rows[i].ejected ? 4 : 9) && s->y == (rows[i].ejected ? 21 : 22),
		    "row %zu: age %u y %d after age 8, %s", i, s->age, s->y,
		    rows[i].ejected ? "want an ejection" : "want a drop");
	}
}

/*
 * ORIGINAL: seed 001 — a double-speed shard one column into a wall walks
 * up it: ejected at ticks 8, 13, 18 (rows 22, 19, 16 under it are wall),
 * and as soon as the rows it tests sideways (y and y + 1) clear the top
 * of the wall (row 15) it moves on east, two a tick, over the wall.
 */
static void a_shard_in_a_wall_walks_up_it_and_over(void **state)
{
	static const TickRow rows[] = {
		/* age  x   y  next bounce */
		{ 1, 23, 28, 2, 0 },               /* column 24 is wall */
		{ 2, 23, 26, 3, 0 },
		{ 3, 23, 24, 4, 0 },
		{ 4, 23, 22, 5, 0 },
		{ 5, 23, 21, 6, 0 },
		{ 6, 23, 21, 7, 0 },
		{ 7, 23, 21, 8, 0 },
		{ 8, 23, 21, 4, 0 },               /* ejected */
		{ 4, 23, 19, 5, 0 },
		{ 5, 23, 18, 6, 0 },
		{ 6, 23, 18, 7, 0 },
		{ 7, 23, 18, 8, 0 },
		{ 8, 23, 18, 4, 0 },               /* ejected */
		{ 4, 23, 16, 5, 0 },
		{ 5, 23, 15, 6, 0 },
		{ 6, 23, 15, 7, 0 },
		{ 7, 23, 15, 8, 0 },
		{ 8, 23, 15, 4, 0 },               /* ejected */
		{ 4, 23, 13, 5, 0 },               /* sideways test rows 16, 15: wall */
		{ 5, 25, 12, 6, 0 },               /* rows 14, 13: clear */
		{ 6, 27, 12, 7, 0 },
		{ 7, 29, 12, 8, 0 },
		{ 8, 31, 13, 9, 0 },
		{ 9, 33, 15, 10, 0 },
	};

	(void)state;
	open_map(60, 60, 0, 15);
	fill(24, 15, 27, 45, BRICK);
	walk(new_shard(3, 21, 30), rows, ARRAY_LEN(rows), "wall");
}

/*
 * Seed 001: the older-than-16 test is made only from age 9 on, before the
 * tick's fall: out of view the whole time, a shard still runs ages 1..16
 * and goes at 17, never drawn on screen.
 */
static void out_of_view_it_lives_until_age_17(void **state)
{
	int slot;

	(void)state;
	open_map(100, 40, 60, 0);               /* view columns 60..97: the shard never is */
	slot = new_shard(2, 10, 12);
	for (int age = 1; age <= 16; age++) {
		step();
		assert_row(!idle(slot) && w.shards.slot[slot].age == age + 1, "gone at age %d", age);
		assert_row(w.shards.draw[slot].image == IMG, "age %d not drawn", age);
		frame_clear(&frame);
		shard_draw(&w, &frame);
		assert_row(frame.count == 0, "age %d: %u commands off screen", age, frame.count);
	}
	step();
	assert_true(idle(slot));
	assert_int_equal(w.shards.draw[slot].image, SHARD_IDLE);
}

/*
 * Seed 001: the view test uses where the shard is before the tick's fall.
 * From row 10 it is at row 18 (rows 17..18, row 17 in the view 0..17)
 * when it runs age 17: kept, falls to 20 out of view; gone at age 18.
 */
static void the_view_test_comes_before_the_fall(void **state)
{
	static const TickRow rows[] = {
		/* age  x   y  next bounce */
		{ 12, 10, 10, 13, 0 },
		{ 13, 10, 12, 14, 0 },
		{ 14, 10, 14, 15, 0 },
		{ 15, 10, 16, 16, 0 },
		{ 16, 10, 18, 17, 0 },
		{ 17, 10, 20, 18, 0 },
		{ 18, 0, 0, GONE, 0 },
	};
	int slot;

	(void)state;
	open_map(40, 40, 0, 0);
	slot = new_shard(2, 10, 10);
	for (int t = 1; t < 12; t++)
		step();
	walk(slot, rows, ARRAY_LEN(rows), "view");
}

/*
 * Seed 001: kept in view (the camera follows it, as when the player
 * follows one), a shard runs ages 1..40 and is drawn at age 40, then
 * removed: on the next tick there is nothing to draw.
 */
static void in_view_it_is_drawn_at_age_40_then_removed(void **state)
{
	int slot;
	const Shard *s;

	(void)state;
	open_map(40, 120, 0, 0);
	slot = new_shard(2, 10, 20);
	s = &w.shards.slot[slot];
	for (int age = 1; age <= 40; age++) {
		assert_row(!idle(slot) && s->age == age, "age %u, want %d", s->age, age);
		w.cam_y = s->y - 9;
		step();
	}
	assert_true(idle(slot));
	assert_int_equal(w.shards.draw[slot].image, IMG);
	assert_int_equal(w.shards.draw[slot].flags, DRAWF_FLIP_V);
	assert_int_equal(w.shards.draw[slot].y, 20 + 2 * (40 - 12));
	frame_clear(&frame);
	shard_draw(&w, &frame);
	assert_int_equal(frame.count, 1);
	step();
	assert_int_equal(w.shards.draw[slot].image, SHARD_IDLE);
	frame_clear(&frame);
	shard_draw(&w, &frame);
	assert_int_equal(frame.count, 0);
}

/*
 * Seed 001: the first tick is a white outline the right way up, every
 * later tick the piece upside down — both where the tick left it.
 */
static void drawn_white_outline_first_then_upside_down(void **state)
{
	static const struct {
		int flags, color;
	} rows[] = {
		{ DRAWF_SILHOUETTE, 15 },
		{ DRAWF_FLIP_V, 0 },
		{ DRAWF_FLIP_V, 0 },
		{ DRAWF_FLIP_V, 0 },
	};
	int slot;

	(void)state;
	open_map(40, 40, 0, 0);
	slot = new_shard(0, 10, 12);
	frame_clear(&frame);
	shard_draw(&w, &frame);
	assert_int_equal(frame.count, 0);       /* not drawn before its first update */
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const Shard *s = &w.shards.slot[slot];

		step();
		frame_clear(&frame);
		shard_draw(&w, &frame);
		frame_clear(&want_frame);
		render_sprite(&w, &want_frame, IMG, s->x, s->y, rows[i].flags, rows[i].color);
		assert_row(frame.count == 1 && want_frame.count == 1, "tick %zu: %u commands", i + 1,
		    frame.count);
		assert_row(frame.cmds[0].kind == DRAW_IMAGE && frame.cmds[0].id == IMG,
		    "tick %zu: not the shard image", i + 1);
		assert_row(frame.cmds[0].flags == rows[i].flags && frame.cmds[0].color == rows[i].color,
		    "tick %zu: flags %u colour %u, want %d %d", i + 1, frame.cmds[0].flags,
		    frame.cmds[0].color, rows[i].flags, rows[i].color);
		assert_row(frame.cmds[0].x == want_frame.cmds[0].x && frame.cmds[0].y == want_frame.cmds[0].y,
		    "tick %zu: drawn at (%d,%d), want (%d,%d)", i + 1, frame.cmds[0].x, frame.cmds[0].y,
		    want_frame.cmds[0].x, want_frame.cmds[0].y);
	}
}

/* Shards are drawn in slot order; a shard made after the update waits for the next one. */
static void draw_follows_the_last_update(void **state)
{
	(void)state;
	open_map(40, 40, 0, 0);
	shard_new(&w, IMG_SHARD0, 5, 12);
	shard_new(&w, IMG_SHARD1, 15, 12);
	step();
	shard_new(&w, IMG_SHARD2, 25, 12);
	frame_clear(&frame);
	shard_draw(&w, &frame);
	assert_int_equal(frame.count, 2);
	assert_int_equal(frame.cmds[0].id, IMG_SHARD0);
	assert_int_equal(frame.cmds[1].id, IMG_SHARD1);
	step();
	frame_clear(&frame);
	shard_draw(&w, &frame);
	assert_int_equal(frame.count, 3);
	assert_int_equal(frame.cmds[2].id, IMG_SHARD2);
	assert_int_equal(frame.cmds[2].flags, DRAWF_SILHOUETTE);
}

/* "T=<tick> shard <slot> x= y= age= xmode= bounced=" per busy slot, in slot order. */
static void trace_lists_busy_slots(void **state)
{
	(void)state;
	open_map(40, 40, 0, 0);
	fill(0, 16, 39, 25, BRICK);
	traced.n = 0;
	shard_trace(&w, capture, NULL);
	assert_int_equal(traced.n, 0);

	shard_new(&w, IMG, 30, 15);             /* xmode 1, on the floor: no move on tick 1 */
	new_shard(0, 20, 12);                   /* slot 1, in the air */
	step();
	traced.n = 0;
	shard_trace(&w, capture, NULL);
	assert_int_equal(traced.n, 2);
	assert_string_equal(traced.line[0], "T=1 shard 0 x=30 y=13 age=2 xmode=1 bounced=0");
	assert_string_equal(traced.line[1], "T=1 shard 1 x=21 y=10 age=2 xmode=0 bounced=0");
	for (int t = 2; t <= 13; t++)           /* west at ticks 2..12; bounce at 13 */
		step();
	traced.n = 0;
	shard_trace(&w, capture, NULL);
	assert_string_equal(traced.line[0], "T=13 shard 0 x=19 y=13 age=4 xmode=1 bounced=1");
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)

static const struct CMUnitTest tests[] = {
	T(test_tiles_and_image_are_as_assumed),
	T(new_shard_takes_the_lowest_idle_slot_at_age_1),
	T(xmode_counter_runs_1_2_3_4_0_1),
	T(shard_init_resets_the_counter_and_every_slot),
	T(the_17th_shard_is_dropped_but_uses_up_its_xmode),
	T(new_shard_refuses_images_outside_the_table),
	T(five_xmodes_in_open_air),
	T(bounces_once_then_falls_through_the_floor),
	T(the_bounce_comes_from_the_resting_row_whatever_the_fall_parity),
	T(thrown_from_the_ground_it_starts_moving_sideways_on_tick_2),
	T(ejected_from_a_low_ceiling_it_bounces_on_top_then_falls_through),
	T(the_ejection_loop_climbs_3_rows_per_5_ticks_until_clear),
	T(a_ceiling_to_the_top_of_the_map_ejects_forever),
	T(double_speed_enters_walls_an_odd_distance_away),
	T(a_shard_in_a_wall_walks_up_it_and_over),
	T(out_of_view_it_lives_until_age_17),
	T(the_view_test_comes_before_the_fall),
	T(in_view_it_is_drawn_at_age_40_then_removed),
	T(drawn_white_outline_first_then_upside_down),
	T(draw_follows_the_last_update),
	T(trace_lists_busy_slots),
};

int main(int argc, char **argv)
{
	if (testmain_filter("shard", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("shard", tests, NULL, NULL);
}
