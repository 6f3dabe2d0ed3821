/* test_collide_cosmo.c: TestSpriteMove's west/east rules (map edges, slopes) one by one, and shards held by them. */
#include "shardfix.h"

#include "collide.h"
#include "dir.h"

#define LEFT_SLOPE ((uint16_t)(MAP_SOLID_BASE + TILE_SLOPE_UL))  /* sloped, blocks south only */

static Map m;

static const char *result_name(MoveResult r)
{
	return r == MOVE_FREE ? "FREE" : r == MOVE_BLOCKED ? "BLOCKED" : r == MOVE_SLOPED ? "SLOPED" : "?";
}

/*
 * ORIGINAL: TestSpriteMove — a west move whose target x is 0 is refused,
 * whatever the map holds: nothing steps into the first column sideways.
 * Column 1 is still free. Heights 1..3, on a 12x12 map of air.
 */
static void west_into_column_0_is_blocked(void **state)
{
	(void)state;
	map_init(&m, 12, 12);
	for (int h = 1; h <= 3; h++) {
		assert_int_equal(test_area_move(&m, DIR4_WEST, 2, h, 0, 6), MOVE_BLOCKED);
		assert_int_equal(test_area_move(&m, DIR4_WEST, 2, h, 1, 6), MOVE_FREE);
	}
	/* The player's own test has no such rule. */
	assert_int_equal(test_area_block(&m, DIR4_WEST, 2, 2, 0, 6), MOVE_FREE);
}

/* ORIGINAL: TestSpriteMove — an east move with x + width == map width (right edge in the last column) is refused. */
static void east_to_the_last_column_is_blocked(void **state)
{
	(void)state;
	map_init(&m, 12, 12);
	for (int wd = 1; wd <= 3; wd++) {
		assert_row(test_area_move(&m, DIR4_EAST, wd, 2, 12 - wd, 6) == MOVE_BLOCKED,
		    "width %d into column 11", wd);
		assert_row(test_area_move(&m, DIR4_EAST, wd, 2, 11 - wd, 6) == MOVE_FREE,
		    "width %d into column 10", wd);
	}
	assert_int_equal(test_area_block(&m, DIR4_EAST, 2, 2, 10, 6), MOVE_FREE);
}

/*
 * The slope rule, table-driven: a 2x3 area at left column 4, bottom row
 * 6 (columns 4-5, rows 4-6) moving west (leading column 4) or east
 * (leading column 5). `below` goes into the leading column's bottom cell,
 * `above` into the cell over it (0 = air).
 */
struct slope_row {
	const char *what;
	int dir;
	int col, row;                   /* where `below` goes */
	uint16_t below, above;
	MoveResult want;
};

static void run_slope_rows(const struct slope_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		MoveResult got;

		map_init(&m, 12, 12);
		map_set_tile(&m, rows[i].col, rows[i].row, rows[i].below);
		if (rows[i].above)
			map_set_tile(&m, rows[i].col, rows[i].row - 1, rows[i].above);
		got = test_area_move(&m, rows[i].dir, 2, 3, 4, 6);
		assert_row(got == rows[i].want, "%s: got %s, want %s", rows[i].what, result_name(got),
		    result_name(rows[i].want));
	}
}

/*
 * ORIGINAL: TestSpriteMove — west/east: MOVE_SLOPED when the leading
 * column's bottom cell is sloped and the cell above does not block the
 * way; with a cell above that blocks it, the ordinary block test answers.
 */
static void west_and_east_slope_rule(void **state)
{
	static const struct slope_row rows[] = {
		{ "west, slope, air above", DIR4_WEST, 4, 6, SLOPE, 0, MOVE_SLOPED },
		{ "west, other slope, air above", DIR4_WEST, 4, 6, LEFT_SLOPE, 0, MOVE_SLOPED },
		{ "west, slope, ledge above (blocks south only)", DIR4_WEST, 4, 6, SLOPE, LEDGE, MOVE_SLOPED },
		{ "west, slope, brick above (blocks west)", DIR4_WEST, 4, 6, SLOPE, BRICK, MOVE_BLOCKED },
		{ "west, slope in the trailing column", DIR4_WEST, 5, 6, SLOPE, 0, MOVE_FREE },
		{ "west, slope one row up (not the bottom row)", DIR4_WEST, 4, 5, SLOPE, 0, MOVE_FREE },
		{ "west, slope under the bottom row", DIR4_WEST, 4, 7, SLOPE, 0, MOVE_FREE },
		{ "east, slope, air above", DIR4_EAST, 5, 6, SLOPE, 0, MOVE_SLOPED },
		{ "east, slope, ledge above", DIR4_EAST, 5, 6, SLOPE, LEDGE, MOVE_SLOPED },
		{ "east, slope, brick above (blocks east)", DIR4_EAST, 5, 6, SLOPE, BRICK, MOVE_BLOCKED },
		{ "east, slope in the trailing column", DIR4_EAST, 4, 6, SLOPE, 0, MOVE_FREE },
		{ "east, slope one row up", DIR4_EAST, 5, 5, SLOPE, 0, MOVE_FREE },
	};

	(void)state;
	run_slope_rows(rows, ARRAY_LEN(rows));
}

/* The slope rule comes first on the bottom row: a blocking cell higher in the column does not hide it. */
static void the_slope_rule_comes_before_the_rows_above(void **state)
{
	(void)state;
	map_init(&m, 12, 12);
	map_set_tile(&m, 4, 6, SLOPE);
	map_set_tile(&m, 4, 4, BRICK);          /* the top row of the column blocks west */
	assert_int_equal(test_area_move(&m, DIR4_WEST, 2, 3, 4, 6), MOVE_SLOPED);
	assert_int_equal(test_area_block(&m, DIR4_WEST, 2, 3, 4, 6), MOVE_BLOCKED);
	/* The player's block-only test ignores the slope. */
	map_set_tile(&m, 4, 4, 0);
	assert_int_equal(test_area_block(&m, DIR4_WEST, 2, 3, 4, 6), MOVE_FREE);
}

/*
 * Shards (seed 001): the sideways test is one over and one down (x +/- 1,
 * y + 1). Each row: x-mode, start x, the x after ticks 1..4, on a 20x40
 * map with the view over it, thrown at row 30 (rising in open air).
 */
struct shard_x_row {
	const char *what;
	int xmode, x0;
	int x[4];
	int slope_col;                  /* -1: none; else a slope at (slope_col, 31) */
	uint16_t above;                 /* what sits over that slope (0 = air) */
};

static void run_shard_rows(const struct shard_x_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int slot;

		world_init(&w, 1);
		open_map(20, 40, 0, 20);
		if (rows[i].slope_col >= 0) {
			map_set_tile(&w.map, rows[i].slope_col, 31, SLOPE);
			if (rows[i].above)
				map_set_tile(&w.map, rows[i].slope_col, 30, rows[i].above);
		}
		slot = new_shard(rows[i].xmode, rows[i].x0, 30);
		for (int t = 0; t < 4; t++) {
			step();
			assert_row(w.shards.slot[slot].x == rows[i].x[t], "%s: tick %d x=%d, want %d",
			    rows[i].what, t + 1, w.shards.slot[slot].x, rows[i].x[t]);
		}
	}
}

/*
 * ORIGINAL: seed 001 + TestSpriteMove. At the map's edges a shard stops
 * one column short: never x = 0 going west, never the last column going
 * east (a double-speed shard tests only its first tile, so it can still
 * land in the last column from two away). The project let one walk to
 * x = -1 (demo seeds, tick 17, shard 3).
 */
static void shard_trace_at_both_map_edges(void **state)
{
	static const struct shard_x_row rows[] = {
		{ "west, double speed from 5", 4, 5, { 3, 1, 1, 1 }, -1, 0 },
		{ "west, single speed from 3", 1, 3, { 2, 1, 1, 1 }, -1, 0 },
		{ "east, double speed from 12", 3, 12, { 14, 16, 18, 18 }, -1, 0 },
		{ "east, single speed from 15", 0, 15, { 16, 17, 17, 17 }, -1, 0 },
	};

	(void)state;
	run_shard_rows(rows, ARRAY_LEN(rows));
}

/*
 * ORIGINAL: seed 001 + TestSpriteMove's slope rule: a shard beside a
 * sloped cell (the test cell one over and one down is the slope) stays
 * put; the next tick it has risen past it and moves on. The case:
 * x-mode 4 held at its x. With a brick above the slope the block test
 * stops it just the same; with a ledge above, the slope rule still holds.
 */
static void the_double_speed_shard_against_a_slope(void **state)
{
	static const struct shard_x_row rows[] = {
		{ "x-mode 4 beside a slope", 4, 10, { 10, 8, 6, 4 }, 9, 0 },
		{ "x-mode 4, slope with a ledge above", 4, 10, { 10, 8, 6, 4 }, 9, LEDGE },
		{ "x-mode 4, slope with brick above", 4, 10, { 10, 8, 6, 4 }, 9, BRICK },
		{ "x-mode 3 beside a slope", 3, 8, { 8, 10, 12, 14 }, 10, 0 },
		{ "x-mode 1 beside a slope", 1, 10, { 10, 9, 8, 7 }, 9, 0 },
		{ "x-mode 4, slope two columns away: only the first is tested", 4, 11, { 9, 7, 5, 3 }, 9, 0 },
	};

	(void)state;
	run_shard_rows(rows, ARRAY_LEN(rows));
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(west_into_column_0_is_blocked),
	T(east_to_the_last_column_is_blocked),
	T(west_and_east_slope_rule),
	T(the_slope_rule_comes_before_the_rows_above),
	T(shard_trace_at_both_map_edges),
	T(the_double_speed_shard_against_a_slope),
};

int main(int argc, char **argv)
{
	if (testmain_filter("collide_cosmo", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("collide_cosmo", tests, NULL, NULL);
}
