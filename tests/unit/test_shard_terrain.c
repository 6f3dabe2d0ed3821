/* test_shard_terrain.c: seed 001 shards against the map — one bounce, the ejection loop, walls. */
#include "shardfix.h"

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
		shard_init(&w.shards);
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

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(bounces_once_then_falls_through_the_floor),
	T(the_bounce_comes_from_the_resting_row_whatever_the_fall_parity),
	T(thrown_from_the_ground_it_starts_moving_sideways_on_tick_2),
	T(ejected_from_a_low_ceiling_it_bounces_on_top_then_falls_through),
	T(the_ejection_loop_climbs_3_rows_per_5_ticks_until_clear),
	T(a_ceiling_to_the_top_of_the_map_ejects_forever),
	T(double_speed_enters_walls_an_odd_distance_away),
	T(a_shard_in_a_wall_walks_up_it_and_over),
};

int main(int argc, char **argv)
{
	if (testmain_filter("shard_terrain", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("shard_terrain", tests, NULL, NULL);
}
