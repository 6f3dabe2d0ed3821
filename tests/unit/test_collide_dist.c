/* test_collide_dist.c: image sizes in tiles, pixel distances to a wall (Tommy), rectangles. */
#include "collidefix.h"

static void image_size_in_whole_tiles(void **state)
{
	static const struct {
		int image;
		int w, h;
	} rows[] = {
		{ IMG_PLAYER_R0, 2, 2 },        /* 16x16 */
		{ IMG_SHARD0, 2, 2 },           /* 10x10 rounds up */
		{ IMG_LOGO, 29, 4 },            /* 225x28 */
		{ -1, 1, 1 },                   /* not an image: one tile */
		{ IMG_COUNT, 1, 1 },
	};

	(void)state;
	assert_int_equal(gfx_images[IMG_PLAYER_R0].w, 16);
	assert_int_equal(gfx_images[IMG_PLAYER_R0].h, 16);
	assert_int_equal(gfx_images[IMG_SHARD0].w, 10);
	assert_int_equal(gfx_images[IMG_SHARD0].h, 10);
	assert_int_equal(gfx_images[IMG_LOGO].w, 225);
	assert_int_equal(gfx_images[IMG_LOGO].h, 28);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row(image_tiles_w(rows[i].image) == rows[i].w && image_tiles_h(rows[i].image) == rows[i].h,
		    "image %d: %dx%d tiles, want %dx%d", rows[i].image, image_tiles_w(rows[i].image),
		    image_tiles_h(rows[i].image), rows[i].w, rows[i].h);
}

static void sprite_move_uses_the_image_size_in_tiles(void **state)
{
	static const int images[] = { IMG_PLAYER_R0, IMG_SHARD0 };      /* 16x16 and 10x10: both 2x2 */

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(images); i++) {
		int img = images[i];

		map_init(&map, 10, 10);
		map_set_tile(&map, 5, 6, BLOCK);        /* bottom-right tile of the image at (4, 6) */
		assert_row(test_sprite_move(&map, DIR4_SOUTH, img, 4, 6) == MOVE_BLOCKED, "image %d south", img);
		assert_row(test_sprite_move(&map, DIR4_EAST, img, 4, 6) == MOVE_BLOCKED, "image %d east", img);
		assert_row(test_sprite_move(&map, DIR4_WEST, img, 4, 6) == MOVE_FREE, "image %d west", img);
		assert_row(test_sprite_move(&map, DIR4_NORTH, img, 4, 6) == MOVE_FREE, "image %d north", img);

		map_init(&map, 10, 10);
		map_set_tile(&map, 4, 5, BLOCK);        /* top-left */
		assert_row(test_sprite_move(&map, DIR4_NORTH, img, 4, 6) == MOVE_BLOCKED, "image %d north", img);
		assert_row(test_sprite_move(&map, DIR4_WEST, img, 4, 6) == MOVE_BLOCKED, "image %d west", img);
		assert_row(test_sprite_move(&map, DIR4_SOUTH, img, 4, 6) == MOVE_FREE, "image %d south", img);
		assert_row(test_sprite_move(&map, DIR4_EAST, img, 4, 6) == MOVE_FREE, "image %d east", img);

		map_init(&map, 10, 10);
		map_set_tile(&map, 6, 6, BLOCK);        /* just past a 2-wide image */
		map_set_tile(&map, 4, 4, BLOCK);        /* just above a 2-high image */
		for (int d = DIR4_NORTH; d <= DIR4_EAST; d++)
			assert_row(test_sprite_move(&map, d, img, 4, 6) == MOVE_FREE, "image %d %s", img, dir_name(d));
	}
}

/*
 * how_far: a full block at tile (5, 5) = pixels x 40..47, y 40..47 on the
 * 10x10 map (80x80 pixels). An 8x8 rectangle in line with it, at a known
 * gap, moves towards it.
 */
static void how_far_stops_at_a_wall_in_each_direction(void **state)
{
	static const struct {
		int dir;
		Rect r;
		int max, want;
	} rows[] = {
		/* East: right edge at x + 7, wall starts at 40. */
		{ DIR4_EAST, { 32, 40, 8, 8 }, 16, 0 },
		{ DIR4_EAST, { 29, 40, 8, 8 }, 16, 3 },
		{ DIR4_EAST, { 24, 40, 8, 8 }, 16, 8 },
		{ DIR4_EAST, { 10, 40, 8, 8 }, 16, 16 },       /* 22 away: max */
		{ DIR4_EAST, { 10, 40, 8, 8 }, 22, 22 },
		/* West: wall ends at 47. */
		{ DIR4_WEST, { 48, 40, 8, 8 }, 16, 0 },
		{ DIR4_WEST, { 51, 40, 8, 8 }, 16, 3 },
		{ DIR4_WEST, { 56, 40, 8, 8 }, 16, 8 },
		{ DIR4_WEST, { 70, 40, 8, 8 }, 16, 16 },
		/* North: wall's bottom row is 47. */
		{ DIR4_NORTH, { 40, 48, 8, 8 }, 16, 0 },
		{ DIR4_NORTH, { 40, 51, 8, 8 }, 16, 3 },
		{ DIR4_NORTH, { 40, 56, 8, 8 }, 16, 8 },
		{ DIR4_NORTH, { 40, 70, 8, 8 }, 16, 16 },
		/* South: wall's top row is 40. */
		{ DIR4_SOUTH, { 40, 32, 8, 8 }, 16, 0 },
		{ DIR4_SOUTH, { 40, 29, 8, 8 }, 16, 3 },
		{ DIR4_SOUTH, { 40, 24, 8, 8 }, 16, 8 },
		{ DIR4_SOUTH, { 40, 5, 8, 8 }, 16, 16 },
		/* The edge is the whole side: one pixel of overlap with the wall's rows/columns counts. */
		{ DIR4_EAST, { 29, 47, 8, 8 }, 16, 3 },        /* top row 47 is the wall's last row */
		{ DIR4_EAST, { 29, 48, 8, 8 }, 16, 16 },       /* one lower: passes under (to the map edge 43 away) */
		{ DIR4_EAST, { 29, 33, 8, 8 }, 16, 3 },        /* bottom row 40 */
		{ DIR4_EAST, { 29, 32, 8, 8 }, 16, 16 },       /* bottom row 39: passes over */
		{ DIR4_SOUTH, { 47, 29, 8, 8 }, 16, 3 },
		{ DIR4_SOUTH, { 48, 29, 8, 8 }, 16, 16 },
		{ DIR4_SOUTH, { 33, 29, 8, 8 }, 16, 3 },
		{ DIR4_SOUTH, { 32, 29, 8, 8 }, 16, 16 },
		{ DIR4_NORTH, { 33, 51, 8, 8 }, 16, 3 },       /* right column 40 */
		{ DIR4_NORTH, { 32, 51, 8, 8 }, 16, 16 },      /* right column 39: passes beside */
		{ DIR4_NORTH, { 47, 51, 8, 8 }, 16, 3 },
		{ DIR4_NORTH, { 48, 51, 8, 8 }, 16, 16 },
		{ DIR4_WEST, { 51, 33, 8, 8 }, 16, 3 },
		{ DIR4_WEST, { 51, 32, 8, 8 }, 16, 16 },
		{ DIR4_WEST, { 51, 47, 8, 8 }, 16, 3 },
		{ DIR4_WEST, { 51, 48, 8, 8 }, 16, 16 },
		/* No room to look: max 0. */
		{ DIR4_EAST, { 10, 40, 8, 8 }, 0, 0 },
	};

	(void)state;
	map_set_tile(&map, 5, 5, BLOCK);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Rect r = rows[i].r;
		int got = how_far(&map, r, rows[i].dir, rows[i].max);

		assert_row(got == rows[i].want, "%s from {%d,%d,%d,%d} max %d: %d, want %d",
		    dir_name(rows[i].dir), r.x, r.y, r.w, r.h, rows[i].max, got, rows[i].want);
	}
}

static void how_far_stops_at_the_map_edges(void **state)
{
	static const struct {
		int dir;
		Rect r;
		int want;
	} rows[] = {
		{ DIR4_WEST, { 0, 20, 12, 10 }, 0 },
		{ DIR4_WEST, { 5, 20, 12, 10 }, 5 },
		{ DIR4_NORTH, { 20, 0, 12, 10 }, 0 },
		{ DIR4_NORTH, { 20, 6, 12, 10 }, 6 },
		{ DIR4_EAST, { 68, 20, 12, 10 }, 0 },          /* right edge pixel 79 */
		{ DIR4_EAST, { 61, 20, 12, 10 }, 7 },
		{ DIR4_SOUTH, { 20, 70, 12, 10 }, 0 },         /* bottom pixel 79 */
		{ DIR4_SOUTH, { 20, 68, 12, 10 }, 2 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Rect r = rows[i].r;
		int got = how_far(&map, r, rows[i].dir, 20);

		assert_row(got == rows[i].want, "%s from {%d,%d,%d,%d}: %d, want %d", dir_name(rows[i].dir),
		    r.x, r.y, r.w, r.h, got, rows[i].want);
	}
}

static void how_far_asks_only_the_bit_of_the_direction(void **state)
{
	Rect above = { 40, 24, 8, 8 }, below = { 40, 51, 8, 8 };

	(void)state;
	map_set_tile(&map, 5, 5, PLATFORM);     /* pixels 40..47 both ways */
	assert_int_equal(how_far(&map, above, DIR4_SOUTH, 16), 8);      /* lands on it */
	assert_int_equal(how_far(&map, below, DIR4_NORTH, 16), 16);     /* jumps through it */
	assert_int_equal(how_far(&map, (Rect){ 29, 40, 8, 8 }, DIR4_EAST, 16), 16);
	assert_int_equal(how_far(&map, (Rect){ 51, 40, 8, 8 }, DIR4_WEST, 16), 16);
	/* Not a direction: no distance. */
	assert_int_equal(how_far(&map, above, DIR4_NONE, 16), 0);
}

static void can_move_is_one_free_pixel(void **state)
{
	(void)state;
	map_set_tile(&map, 5, 5, BLOCK);
	assert_false(can_move(&map, (Rect){ 32, 40, 8, 8 }, DIR4_EAST));       /* touching the wall */
	assert_true(can_move(&map, (Rect){ 31, 40, 8, 8 }, DIR4_EAST));        /* one pixel short */
	assert_false(can_move(&map, (Rect){ 48, 40, 8, 8 }, DIR4_WEST));
	assert_true(can_move(&map, (Rect){ 48, 40, 8, 8 }, DIR4_EAST));
	assert_false(can_move(&map, (Rect){ 40, 32, 8, 8 }, DIR4_SOUTH));
	assert_false(can_move(&map, (Rect){ 40, 48, 8, 8 }, DIR4_NORTH));
	assert_false(can_move(&map, (Rect){ 0, 0, 8, 8 }, DIR4_NORTH));        /* map top */
	assert_true(can_move(&map, (Rect){ 0, 0, 8, 8 }, DIR4_SOUTH));
}

static void rect_overlap_needs_shared_area(void **state)
{
	static const struct {
		const char *what;
		Rect b;
		bool want;
	} rows[] = {
		/* a is { 0, 0, 8, 8 } */
		{ "the same rectangle", { 0, 0, 8, 8 }, true },
		{ "touching on the right", { 8, 0, 8, 8 }, false },
		{ "one pixel into the right", { 7, 0, 8, 8 }, true },
		{ "touching below", { 0, 8, 8, 8 }, false },
		{ "one pixel into the bottom", { 0, 7, 8, 8 }, true },
		{ "touching on the left", { -8, 0, 8, 8 }, false },
		{ "touching above", { 0, -8, 8, 8 }, false },
		{ "touching corner to corner", { 8, 8, 8, 8 }, false },
		{ "one pixel at the corner", { 7, 7, 8, 8 }, true },
		{ "inside", { 2, 2, 2, 2 }, true },
		{ "around", { -4, -4, 16, 16 }, true },
		{ "far away", { 100, 100, 8, 8 }, false },
		{ "same columns, other rows", { 0, 20, 8, 8 }, false },
		{ "same rows, other columns", { 20, 0, 8, 8 }, false },
	};
	Rect a = { 0, 0, 8, 8 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		assert_row(rect_overlap(a, rows[i].b) == rows[i].want, "a vs %s", rows[i].what);
		assert_row(rect_overlap(rows[i].b, a) == rows[i].want, "%s vs a", rows[i].what);
	}
}

static void sprite_rect_tiles_hangs_up_from_the_bottom_left_tile(void **state)
{
	static const struct {
		int image, x, y;
		Rect want;
	} rows[] = {
		{ IMG_PLAYER_R0, 5, 10, { 5, 9, 2, 2 } },
		{ IMG_SHARD0, 5, 10, { 5, 9, 2, 2 } },
		{ IMG_LOGO, 5, 10, { 5, 7, 29, 4 } },
		{ IMG_PLAYER_R0, 0, 0, { 0, -1, 2, 2 } },
		{ -1, 5, 10, { 5, 10, 1, 1 } },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Rect r = sprite_rect_tiles(rows[i].image, rows[i].x, rows[i].y), w = rows[i].want;

		assert_row(r.x == w.x && r.y == w.y && r.w == w.w && r.h == w.h,
		    "image %d at (%d,%d): {%d,%d,%d,%d}, want {%d,%d,%d,%d}", rows[i].image, rows[i].x,
		    rows[i].y, r.x, r.y, r.w, r.h, w.x, w.y, w.w, w.h);
	}
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_map)
static const struct CMUnitTest tests[] = {
	T(image_size_in_whole_tiles),
	T(sprite_move_uses_the_image_size_in_tiles),
	T(how_far_stops_at_a_wall_in_each_direction),
	T(how_far_stops_at_the_map_edges),
	T(how_far_asks_only_the_bit_of_the_direction),
	T(can_move_is_one_free_pixel),
	T(rect_overlap_needs_shared_area),
	T(sprite_rect_tiles_hangs_up_from_the_bottom_left_tile),
};

int main(int argc, char **argv)
{
	if (testmain_filter("collide_dist", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("collide_dist", tests, NULL, NULL);
}
