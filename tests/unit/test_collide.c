/* test_collide.c: leading-edge tile tests (Cosmo's TestSpriteMove): which row or column, edge length, map edges. */
#include "collidefix.h"

static void tileset_has_the_tiles_these_tests_use(void **state)
{
	(void)state;
	/* The named tiles the picks in collidefix.h stand for today. */
	assert_int_equal(gfx_tile_attrs[TILE_BRICK] & ATTR_KIND, TILE_BLOCK_ALL);
	assert_int_equal(gfx_tile_attrs[TILE_PLATFORM_BLUE] & ATTR_KIND, TILE_BLOCK_SOUTH);
	assert_int_equal(gfx_tile_attrs[TILE_SLOPE_UR] & ATTR_KIND, TILE_BLOCK_SOUTH | TILE_SLOPED);
	assert_true(map_is_solid(BLOCK) && map_is_solid(PLATFORM) && map_is_solid(SLOPE));
	assert_true(map_is_masked(masked_with(TILE_BLOCK_SOUTH | TILE_SLOPED)));
}

/*
 * One tile placed on an empty 10x10 map, then a 2x2 area at left tile 4,
 * bottom tile 6 (it covers columns 4-5, rows 5-6) asks to be there having
 * moved in dir. Only the edge facing the move counts.
 */
struct area_row {
	const char *what;
	int dir;
	int tx, ty;                     /* where the tile goes */
	int which;                      /* 0 block, 1 platform, 2 slope, 3 scenery, 4 masked slope */
	MoveResult want;
};

static uint16_t tile_of(int which)
{
	switch (which) {
	case 0: return BLOCK;
	case 1: return PLATFORM;
	case 2: return SLOPE;
	case 3: return SCENERY;
	default: return masked_with(TILE_BLOCK_SOUTH | TILE_SLOPED);
	}
}

static void run_area_rows(const struct area_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		MoveResult got;

		map_init(&map, 10, 10);
		map_set_tile(&map, rows[i].tx, rows[i].ty, tile_of(rows[i].which));
		got = test_area_move(&map, rows[i].dir, 2, 2, 4, 6);
		assert_row(got == rows[i].want, "%s: %s with tile at (%d,%d) gave %s, want %s",
		    rows[i].what, dir_name(rows[i].dir), rows[i].tx, rows[i].ty, result_name(got),
		    result_name(rows[i].want));
	}
}

static void north_tests_only_the_top_row_for_block_north(void **state)
{
	static const struct area_row rows[] = {
		{ "block at top-left", DIR4_NORTH, 4, 5, 0, MOVE_BLOCKED },
		{ "block at top-right", DIR4_NORTH, 5, 5, 0, MOVE_BLOCKED },
		{ "block right of the top row", DIR4_NORTH, 6, 5, 0, MOVE_FREE },
		{ "block left of the top row", DIR4_NORTH, 3, 5, 0, MOVE_FREE },
		{ "block above the top row", DIR4_NORTH, 4, 4, 0, MOVE_FREE },
		{ "block in the body's bottom row", DIR4_NORTH, 4, 6, 0, MOVE_FREE },
		{ "platform in the top row: jump up through it", DIR4_NORTH, 4, 5, 1, MOVE_FREE },
		{ "slope in the top row", DIR4_NORTH, 5, 5, 2, MOVE_FREE },
		{ "scenery in the top row", DIR4_NORTH, 4, 5, 3, MOVE_FREE },
	};

	(void)state;
	run_area_rows(rows, ARRAY_LEN(rows));
}

static void south_tests_only_the_bottom_row_for_slope_then_block_south(void **state)
{
	static const struct area_row rows[] = {
		{ "block at bottom-left", DIR4_SOUTH, 4, 6, 0, MOVE_BLOCKED },
		{ "block at bottom-right", DIR4_SOUTH, 5, 6, 0, MOVE_BLOCKED },
		{ "block right of the bottom row", DIR4_SOUTH, 6, 6, 0, MOVE_FREE },
		{ "block below the bottom row", DIR4_SOUTH, 4, 7, 0, MOVE_FREE },
		{ "block in the body's top row", DIR4_SOUTH, 5, 5, 0, MOVE_FREE },
		{ "platform under the feet: stand on it", DIR4_SOUTH, 4, 6, 1, MOVE_BLOCKED },
		{ "slope (also BLOCK_SOUTH) is SLOPED, not BLOCKED", DIR4_SOUTH, 4, 6, 2, MOVE_SLOPED },
		{ "slope under the right foot", DIR4_SOUTH, 5, 6, 2, MOVE_SLOPED },
		{ "masked slope edge", DIR4_SOUTH, 5, 6, 4, MOVE_SLOPED },
		{ "scenery under the feet", DIR4_SOUTH, 4, 6, 3, MOVE_FREE },
	};

	(void)state;
	run_area_rows(rows, ARRAY_LEN(rows));
}

static void west_tests_only_the_left_column_for_block_west(void **state)
{
	static const struct area_row rows[] = {
		{ "block at bottom-left", DIR4_WEST, 4, 6, 0, MOVE_BLOCKED },
		{ "block at top-left", DIR4_WEST, 4, 5, 0, MOVE_BLOCKED },
		{ "block above the left column", DIR4_WEST, 4, 4, 0, MOVE_FREE },
		{ "block below the left column", DIR4_WEST, 4, 7, 0, MOVE_FREE },
		{ "block left of the left column", DIR4_WEST, 3, 6, 0, MOVE_FREE },
		{ "block in the body's right column", DIR4_WEST, 5, 6, 0, MOVE_FREE },
		{ "platform in the left column", DIR4_WEST, 4, 6, 1, MOVE_FREE },
		{ "slope in the left column: the slope rule (test_collide_cosmo.c)", DIR4_WEST, 4, 6, 2, MOVE_SLOPED },
		{ "slope in the left column's top row", DIR4_WEST, 4, 5, 2, MOVE_FREE },
	};

	(void)state;
	run_area_rows(rows, ARRAY_LEN(rows));
}

static void east_tests_only_the_right_column_for_block_east(void **state)
{
	static const struct area_row rows[] = {
		{ "block at bottom-right", DIR4_EAST, 5, 6, 0, MOVE_BLOCKED },
		{ "block at top-right", DIR4_EAST, 5, 5, 0, MOVE_BLOCKED },
		{ "block above the right column", DIR4_EAST, 5, 4, 0, MOVE_FREE },
		{ "block right of the right column", DIR4_EAST, 6, 6, 0, MOVE_FREE },
		{ "block in the body's left column", DIR4_EAST, 4, 6, 0, MOVE_FREE },
		{ "platform in the right column", DIR4_EAST, 5, 6, 1, MOVE_FREE },
		{ "scenery in the right column", DIR4_EAST, 5, 5, 3, MOVE_FREE },
	};

	(void)state;
	run_area_rows(rows, ARRAY_LEN(rows));
}

/*
 * ORIGINAL (cosmore's TestSpriteMove): south walks the bottom row left to
 * right and, per tile, asks SLOPED before BLOCK_SOUTH — the first tile
 * that says anything decides.
 */
static void south_decides_by_the_leftmost_tile_that_stops_the_move(void **state)
{
	(void)state;
	map_set_tile(&map, 4, 6, SLOPE);
	map_set_tile(&map, 5, 6, BLOCK);
	assert_int_equal(test_area_move(&map, DIR4_SOUTH, 2, 2, 4, 6), MOVE_SLOPED);

	map_set_tile(&map, 4, 6, BLOCK);
	map_set_tile(&map, 5, 6, SLOPE);
	assert_int_equal(test_area_move(&map, DIR4_SOUTH, 2, 2, 4, 6), MOVE_BLOCKED);
}

/* A 1x3 area tests three rows west/east and one column north/south; a 3x1 the other way round. */
static void the_edge_is_as_long_as_the_area(void **state)
{
	(void)state;
	map_set_tile(&map, 4, 4, BLOCK);        /* top of a 1x3 at (4, 6) */
	assert_int_equal(test_area_move(&map, DIR4_WEST, 1, 3, 4, 6), MOVE_BLOCKED);
	assert_int_equal(test_area_move(&map, DIR4_EAST, 1, 3, 4, 6), MOVE_BLOCKED);
	assert_int_equal(test_area_move(&map, DIR4_WEST, 1, 2, 4, 6), MOVE_FREE);
	assert_int_equal(test_area_move(&map, DIR4_NORTH, 1, 3, 4, 6), MOVE_BLOCKED);
	assert_int_equal(test_area_move(&map, DIR4_SOUTH, 1, 3, 4, 6), MOVE_FREE);

	map_init(&map, 10, 10);
	map_set_tile(&map, 6, 6, BLOCK);        /* right end of a 3x1 at (4, 6) */
	assert_int_equal(test_area_move(&map, DIR4_SOUTH, 3, 1, 4, 6), MOVE_BLOCKED);
	assert_int_equal(test_area_move(&map, DIR4_NORTH, 3, 1, 4, 6), MOVE_BLOCKED);
	assert_int_equal(test_area_move(&map, DIR4_SOUTH, 2, 1, 4, 6), MOVE_FREE);
	assert_int_equal(test_area_move(&map, DIR4_EAST, 3, 1, 4, 6), MOVE_BLOCKED);
	assert_int_equal(test_area_move(&map, DIR4_WEST, 3, 1, 4, 6), MOVE_FREE);
}

/* On an empty 10x10 map, a 2x2 area whose leading edge leaves the map, or enters its first or last column sideways, is blocked. */
static void map_edges_block_in_every_direction(void **state)
{
	static const struct {
		const char *what;
		int dir, x, y;
		MoveResult want;
	} rows[] = {
		{ "west, left column 1", DIR4_WEST, 1, 6, MOVE_FREE },
		{ "west, left column 0 (Cosmo refuses x == 0)", DIR4_WEST, 0, 6, MOVE_BLOCKED },
		{ "west, left column -1", DIR4_WEST, -1, 6, MOVE_BLOCKED },
		{ "east, right column 8", DIR4_EAST, 7, 6, MOVE_FREE },
		{ "east, right column 9 (Cosmo refuses x + w == map width)", DIR4_EAST, 8, 6, MOVE_BLOCKED },
		{ "east, right column 10 (x + w past the edge)", DIR4_EAST, 9, 6, MOVE_BLOCKED },
		{ "south, bottom row 9", DIR4_SOUTH, 4, 9, MOVE_FREE },
		{ "south, bottom row 10", DIR4_SOUTH, 4, 10, MOVE_BLOCKED },
		{ "north, top row 0", DIR4_NORTH, 4, 1, MOVE_FREE },
		{ "north, top row -1", DIR4_NORTH, 4, 0, MOVE_BLOCKED },
		{ "north, top row -1 at the left edge", DIR4_NORTH, 0, 0, MOVE_BLOCKED },
		{ "north, half off the left edge", DIR4_NORTH, -1, 6, MOVE_BLOCKED },
		{ "south, half off the right edge", DIR4_SOUTH, 9, 6, MOVE_BLOCKED },
		{ "west, bottom row below the map", DIR4_WEST, 4, 10, MOVE_BLOCKED },
		{ "east, top row above the map", DIR4_EAST, 4, 0, MOVE_BLOCKED },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		MoveResult got = test_area_move(&map, rows[i].dir, 2, 2, rows[i].x, rows[i].y);

		assert_row(got == rows[i].want, "%s: (%d,%d) gave %s, want %s", rows[i].what,
		    rows[i].x, rows[i].y, result_name(got), result_name(rows[i].want));
	}
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_map)
static const struct CMUnitTest tests[] = {
	T(tileset_has_the_tiles_these_tests_use),
	T(north_tests_only_the_top_row_for_block_north),
	T(south_tests_only_the_bottom_row_for_slope_then_block_south),
	T(west_tests_only_the_left_column_for_block_west),
	T(east_tests_only_the_right_column_for_block_east),
	T(south_decides_by_the_leftmost_tile_that_stops_the_move),
	T(the_edge_is_as_long_as_the_area),
	T(map_edges_block_in_every_direction),
};

int main(int argc, char **argv)
{
	if (testmain_filter("collide", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("collide", tests, NULL, NULL);
}
