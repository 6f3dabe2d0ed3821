/* test_map.c: the tile map — size clamping, bounds-safe reads and writes, cell kinds and attribute bits. */
#include "testmain.h"

#include <limits.h>

#include "assets.h"
#include "gfx.h"
#include "map.h"

#define SENTINEL 0x5A5A                 /* a cell value no test writes on purpose */

/* On the heap, exactly sizeof(Map): ASan catches any read or write past cells[MAP_MAX_CELLS - 1]. */
static Map *m;

static int setup(void **state)
{
	(void)state;
	m = malloc(sizeof *m);
	assert_non_null(m);
	for (size_t i = 0; i < MAP_MAX_CELLS; i++)
		m->cells[i] = SENTINEL;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(m);
	m = NULL;
	return 0;
}

/* A w x h map whose cell (x, y) holds 100 + y * w + x, so any misplaced read or write shows. */
static void numbered_map(int w, int h)
{
	map_init(m, w, h);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			map_set_tile(m, x, y, (uint16_t)(100 + y * w + x));
}

static void init_clamps_the_size_to_the_limits(void **state)
{
	static const struct {
		int w, h;
		uint16_t want_w, want_h;
	} rows[] = {
		{ 38, 18, 38, 18 },             /* a normal size is kept */
		{ 1, 1, 1, 1 },
		{ 0, 0, 1, 1 },                 /* at least 1 x 1 */
		{ -5, 10, 1, 10 },
		{ 10, -5, 10, 1 },
		{ INT_MIN, INT_MIN, 1, 1 },
		{ 2000, 10, MAP_MAX_W, 10 },    /* width at most 1024 */
		{ 10, 300, 10, MAP_MAX_H },     /* height at most 256 */
		{ INT_MAX, INT_MAX, MAP_MAX_W, 64 },    /* 1024 x 256 is too many cells: h = 65536 / 1024 */
		{ MAP_MAX_W, MAP_MAX_H, MAP_MAX_W, 64 },
		{ MAP_MAX_W, 64, MAP_MAX_W, 64 },       /* exactly MAP_MAX_CELLS */
		{ 256, 256, 256, 256 },         /* exactly MAP_MAX_CELLS */
		{ 257, 256, 257, 255 },         /* 257 * 256 > 65536: h = 65536 / 257 = 255 */
		{ 300, 300, 300, 218 },         /* h 300 -> 256, then 300 * 256 > 65536: h = 218 */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		map_init(m, rows[i].w, rows[i].h);
		assert_row(m->w == rows[i].want_w && m->h == rows[i].want_h,
		    "map_init(%d, %d) gave %ux%u, want %ux%u", rows[i].w, rows[i].h,
		    m->w, m->h, rows[i].want_w, rows[i].want_h);
		assert_row((long)m->w * m->h <= MAP_MAX_CELLS, "map_init(%d, %d): %ux%u cells do not fit",
		    rows[i].w, rows[i].h, m->w, m->h);
	}
}

static void init_makes_every_cell_air(void **state)
{
	(void)state;
	map_init(m, MAP_MAX_W, 64);
	for (int y = 0; y < 64; y++)
		for (int x = 0; x < MAP_MAX_W; x++)
			assert_row(map_get_tile(m, x, y) == MAP_AIR, "(%d,%d) = 0x%04X after init", x, y,
			    map_get_tile(m, x, y));
}

static void set_then_get_round_trips_at_the_corners(void **state)
{
	static const uint16_t values[] = { MAP_AIR, 1, MAP_PATH_LAST, MAP_SOLID_BASE + TILE_BRICK,
	    MAP_MASKED_FLAG | MTILE_ROPE, 0x7FFF };

	(void)state;
	map_init(m, 5, 3);
	for (size_t i = 0; i < ARRAY_LEN(values); i++) {
		map_set_tile(m, 0, 0, values[i]);
		map_set_tile(m, 4, 2, values[i]);
		assert_row(map_get_tile(m, 0, 0) == values[i] && map_get_tile(m, 4, 2) == values[i],
		    "value 0x%04X did not round-trip", values[i]);
	}
	/* Row-major: (x, y) is cells[y * w + x]. */
	numbered_map(5, 3);
	assert_int_equal(m->cells[2 * 5 + 3], 100 + 2 * 5 + 3);
	assert_int_equal(map_get_tile(m, 3, 2), 100 + 13);
}

/* Reads outside a w x h map, and the cell an unchecked y * w + x would have hit. */
static const struct {
	int x, y;
	const char *what;
} outside[] = {
	{ -1, 0, "x = -1" },
	{ 0, -1, "y = -1" },
	{ -1, -1, "both -1" },
	{ 5, 0, "x = w (would alias (0, 1))" },
	{ 5, 2, "x = w on the last row (would read past the map)" },
	{ 0, 3, "y = h" },
	{ 4, 3, "y = h at the last column" },
	{ -1, 1, "x = -1 on row 1 (would alias (4, 0))" },
	{ INT_MIN, 0, "x = INT_MIN" },
	{ 0, INT_MIN, "y = INT_MIN" },
	{ INT_MAX, 0, "x = INT_MAX" },
	{ 0, INT_MAX, "y = INT_MAX" },
	{ INT_MAX, INT_MAX, "both INT_MAX" },
};

static void get_outside_returns_map_outside(void **state)
{
	(void)state;
	numbered_map(5, 3);
	for (size_t i = 0; i < ARRAY_LEN(outside); i++) {
		assert_row(map_get_tile(m, outside[i].x, outside[i].y) == MAP_OUTSIDE,
		    "get(%d, %d) [%s] = 0x%04X, want MAP_OUTSIDE", outside[i].x, outside[i].y,
		    outside[i].what, map_get_tile(m, outside[i].x, outside[i].y));
		assert_row(!map_inside(m, outside[i].x, outside[i].y), "inside(%d, %d) [%s]",
		    outside[i].x, outside[i].y, outside[i].what);
	}
	assert_true(map_inside(m, 0, 0));
	assert_true(map_inside(m, 4, 2));
}

static void get_on_a_1x1_map_reads_only_its_one_cell(void **state)
{
	(void)state;
	map_init(m, 1, 1);
	map_set_tile(m, 0, 0, 42);
	/* cells[1..] still hold SENTINEL from setup: an unchecked read would return it. */
	assert_int_equal(map_get_tile(m, 0, 0), 42);
	assert_int_equal(map_get_tile(m, 1, 0), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, 0, 1), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, 1, 1), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, -1, 0), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, 0, -1), MAP_OUTSIDE);
	assert_int_equal(m->cells[1], SENTINEL);
}

static void get_on_the_largest_map_stays_inside_the_array(void **state)
{
	(void)state;
	/* 1024 x 64 fills cells[] exactly: one row or column further is past the end (ASan). */
	map_init(m, MAP_MAX_W, 64);
	map_set_tile(m, MAP_MAX_W - 1, 63, 77);
	assert_int_equal(map_get_tile(m, MAP_MAX_W - 1, 63), 77);
	assert_int_equal(m->cells[MAP_MAX_CELLS - 1], 77);
	assert_int_equal(map_get_tile(m, MAP_MAX_W, 63), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, 0, 64), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, MAP_MAX_W - 1, 64), MAP_OUTSIDE);
	assert_int_equal(map_get_tile(m, MAP_MAX_W, 64), MAP_OUTSIDE);
	assert_int_equal(map_attr_at(m, MAP_MAX_W, 64), TILE_BLOCK_ALL);
}

static void set_outside_is_ignored_and_touches_no_cell(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(outside); i++) {
		numbered_map(5, 3);
		map_set_tile(m, outside[i].x, outside[i].y, 999);
		for (int y = 0; y < 3; y++)
			for (int x = 0; x < 5; x++)
				assert_row(map_get_tile(m, x, y) == 100 + y * 5 + x,
				    "set(%d, %d) [%s] changed (%d,%d) to %u", outside[i].x, outside[i].y,
				    outside[i].what, x, y, map_get_tile(m, x, y));
		/* Nor the storage right after the map. */
		assert_row(m->cells[15] == SENTINEL && m->cells[16] == SENTINEL,
		    "set(%d, %d) [%s] wrote past the map", outside[i].x, outside[i].y, outside[i].what);
	}
}

static void set_outside_the_largest_map_stays_inside_the_array(void **state)
{
	(void)state;
	map_init(m, MAP_MAX_W, 64);
	map_set_tile(m, 0, 64, 999);            /* cells[65536]: ASan would report it */
	map_set_tile(m, MAP_MAX_W, 63, 999);
	map_set_tile(m, MAP_MAX_W, 64, 999);
	assert_int_equal(m->cells[0], MAP_AIR);
	assert_int_equal(m->cells[MAP_MAX_CELLS - 1], MAP_AIR);
}

static void cell_kinds(void **state)
{
	static const struct {
		uint16_t cell;
		bool path, solid, masked;
	} rows[] = {
		{ MAP_AIR, false, false, false },
		{ 1, true, false, false },
		{ MAP_PATH_LAST, true, false, false },
		{ MAP_SOLID_BASE + 1, false, true, false },
		{ MAP_SOLID_BASE + TILE_BRICK, false, true, false },
		{ 0x7FFF, false, true, false },
		{ MAP_MASKED_FLAG, false, false, true },
		{ MAP_MASKED_FLAG | MTILE_FENCE, false, false, true },
		{ MAP_OUTSIDE, false, false, false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		uint16_t c = rows[i].cell;

		assert_row(map_is_path(c) == rows[i].path, "is_path(0x%04X)", c);
		assert_row(map_is_solid(c) == rows[i].solid, "is_solid(0x%04X)", c);
		assert_row(map_is_masked(c) == rows[i].masked, "is_masked(0x%04X)", c);
	}
}

static void attr_of_air_and_path_tiles_is_0(void **state)
{
	(void)state;
	assert_int_equal(map_attr(MAP_AIR), 0);
	for (uint16_t c = 1; c <= MAP_PATH_LAST; c++)
		assert_row(map_attr(c) == 0, "path tile %u has attrs 0x%02X", c, map_attr(c));
}

static void attr_of_solid_and_masked_tiles_comes_from_the_tables(void **state)
{
	(void)state;
	/* Grass top is ground: it blocks all four ways. */
	assert_int_equal(map_attr(MAP_SOLID_BASE + TILE_GRASS_TOP) & TILE_BLOCK_ALL, TILE_BLOCK_ALL);
	/* The blue platform is only something to stand on. */
	assert_int_equal(map_attr(MAP_SOLID_BASE + TILE_PLATFORM_BLUE) & TILE_BLOCK_ALL, TILE_BLOCK_SOUTH);
	/* A sky tile is scenery. */
	assert_int_equal(map_attr(MAP_SOLID_BASE + TILE_SKY_STAR), 0);
	/* A rope is a masked tile that blocks nothing; a slope edge is a masked tile you stand on. */
	assert_int_equal(map_attr(MAP_MASKED_FLAG | MTILE_ROPE), 0);
	assert_int_equal(map_attr(MAP_MASKED_FLAG | MTILE_SLOPE_EDGE_UR) & (TILE_BLOCK_ALL | TILE_SLOPED),
	    TILE_BLOCK_SOUTH | TILE_SLOPED);

	/* Every tile of both tables, exactly. */
	for (uint16_t s = 1; s < gfx_tile_count; s++)
		assert_row(map_attr((uint16_t)(MAP_SOLID_BASE + s)) == gfx_tile_attrs[s],
		    "solid tile %u: 0x%02X, table 0x%02X", s, map_attr((uint16_t)(MAP_SOLID_BASE + s)),
		    gfx_tile_attrs[s]);
	for (uint16_t k = 0; k < gfx_mtile_count; k++)
		assert_row(map_attr((uint16_t)(MAP_MASKED_FLAG | k)) == gfx_mtile_attrs[k],
		    "masked tile %u: 0x%02X, table 0x%02X", k, map_attr((uint16_t)(MAP_MASKED_FLAG | k)),
		    gfx_mtile_attrs[k]);
}

static void attr_of_unknown_tiles_and_outside_blocks_all(void **state)
{
	static const struct {
		uint16_t cell;
		const char *what;
	} rows[] = {
		{ MAP_SOLID_BASE + TILE_COUNT, "first solid index past the tileset" },
		{ 0x7FFF, "largest solid index" },
		{ MAP_MASKED_FLAG | MTILE_COUNT, "first masked index past the tileset" },
		{ 0xFFFE, "largest masked index" },
		{ MAP_OUTSIDE, "MAP_OUTSIDE" },
	};

	(void)state;
	assert_int_equal(gfx_tile_count, TILE_COUNT);
	assert_int_equal(gfx_mtile_count, MTILE_COUNT);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row(map_attr(rows[i].cell) == TILE_BLOCK_ALL, "%s (0x%04X): attrs 0x%02X, want 0x%02X",
		    rows[i].what, rows[i].cell, map_attr(rows[i].cell), TILE_BLOCK_ALL);
}

static void attr_at_reads_the_cell_or_blocks_outside(void **state)
{
	(void)state;
	map_init(m, 4, 4);
	map_set_tile(m, 2, 3, MAP_SOLID_BASE + TILE_PLATFORM_BLUE);
	assert_int_equal(map_attr_at(m, 2, 3), gfx_tile_attrs[TILE_PLATFORM_BLUE]);
	assert_int_equal(map_attr_at(m, 1, 3), 0);
	assert_int_equal(map_attr_at(m, -1, 3), TILE_BLOCK_ALL);
	assert_int_equal(map_attr_at(m, 4, 3), TILE_BLOCK_ALL);
	assert_int_equal(map_attr_at(m, 2, -1), TILE_BLOCK_ALL);
	assert_int_equal(map_attr_at(m, 2, 4), TILE_BLOCK_ALL);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
static const struct CMUnitTest tests[] = {
	T(init_clamps_the_size_to_the_limits),
	T(init_makes_every_cell_air),
	T(set_then_get_round_trips_at_the_corners),
	T(get_outside_returns_map_outside),
	T(get_on_a_1x1_map_reads_only_its_one_cell),
	T(get_on_the_largest_map_stays_inside_the_array),
	T(set_outside_is_ignored_and_touches_no_cell),
	T(set_outside_the_largest_map_stays_inside_the_array),
	T(cell_kinds),
	T(attr_of_air_and_path_tiles_is_0),
	T(attr_of_solid_and_masked_tiles_comes_from_the_tables),
	T(attr_of_unknown_tiles_and_outside_blocks_all),
	T(attr_at_reads_the_cell_or_blocks_outside),
};

int main(int argc, char **argv)
{
	if (testmain_filter("map", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("map", tests, NULL, NULL);
}
