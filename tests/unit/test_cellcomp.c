/* test_cellcomp.c: composed cells — the cells chosen and their pictures equal the full render, over every demo. */
#include "testmain.h"

#include "assets.h"
#include "cellcomp.h"
#include "demoframes.h"
#include "demo.h"
#include "frame.h"
#include "gfx.h"
#include "hud.h"
#include "level.h"
#include "play.h"
#include "raster.h"
#include "render.h"
#include "session.h"
#include "world.h"

static World world;
static Frame view, status, a;
static CellKey keys[CELL_COUNT];
static int cells[CELL_COUNT];
static uint8_t full[SCREEN_W * SCREEN_H], dirty[CELL_COUNT];

/* The cell's pixels in the full render equal what its key composes to. */
static bool cell_matches(int cell, char *why, size_t n)
{
	uint8_t px[64];
	int x0 = (cell % CELL_COLS) * 8, y0 = (cell / CELL_COLS) * 8;

	cellcomp_pixels(&keys[cell], px);
	for (int y = 0; y < 8; y++)
		for (int x = 0; x < 8; x++)
			if (px[y * 8 + x] != full[(y0 + y) * SCREEN_W + x0 + x]) {
				snprintf(why, n, "pixel %d,%d is %d, composed %d", x0 + x, y0 + y,
				    full[(y0 + y) * SCREEN_W + x0 + x], px[y * 8 + x]);
				return false;
			}
	return true;
}

/*
 * Every frame of every built-in demo (view with the DEMO label, status
 * bar), every cell dirty: each cell the plan composes is a grid cell with
 * sprites, listed once, and its composed picture equals the host render of
 * the whole frame there. And the plan is worth it: sprites get composed.
 */
static void every_demo_frame_composes_cells_as_they_are_drawn(void **state)
{
	(void)state;
	for (uint32_t d = 0; d < game_demo_count; d++) {
		static DemoFrames df;
		char why[80];
		long composed = 0;

		demoframes_open(&df, d, &world, &view, &status);
		while (demoframes_next(&df)) {
			const Frame *fr[2] = { &view, &status };
			uint32_t t = df.t;
			int n;

			raster_frame(&view, full);
			raster_frame(&status, full);
			memset(dirty, 0, sizeof dirty);
			n = cellcomp_plan(fr, 2, NULL, cells, keys);
			composed += n;
			for (int i = 0; i < n; i++) {
				assert_true(dirty[cells[i]] == 0);      /* each cell once */
				dirty[cells[i]] = 1;
				assert_in_range(keys[cells[i]].n, 1, CELLCOMP_LAYERS);
				assert_row(cell_matches(cells[i], why, sizeof why), "demo %s tick %u cell %d: %s",
				    game_demos[d].name, (unsigned)t, cells[i], why);
			}
		}
		assert_row(composed > 0, "demo %s: no cell composed", game_demos[d].name);
	}
}

static int fresh(void **state)
{
	(void)state;
	frame_clear(&a);
	return 0;
}

/* A grid of empty tiles with its front pass; returns the grid. */
static uint16_t *grid_frame(void)
{
	uint16_t *g;

	frame_clip(&a, 0, 0, SCREEN_W, SCREEN_H);
	g = frame_grid(&a, 8, 8, 10, 10);
	for (int i = 0; i < 100; i++)
		g[i] = TILE_EMPTY;
	return g;
}

static int plan(const uint8_t *d)
{
	const Frame *fr[1] = { &a };

	return cellcomp_plan(fr, 1, d, cells, keys);
}

/* The first 16x16 sprite among the images (the player's). */
static int sprite16(void)
{
	for (int i = 0; i < gfx_image_count; i++)
		if (gfx_images[i].w == 16 && gfx_images[i].h == 16)
			return i;
	return -1;
}

static void a_sprite_on_the_lattice_gives_its_cells_one_layer_each(void **state)
{
	int img = sprite16();

	(void)state;
	assert_true(img >= 0);
	grid_frame();
	frame_image(&a, 16 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);
	frame_grid_front(&a);
	assert_int_equal(plan(NULL), 4);
	for (int i = 0; i < 4; i++) {
		int cx = cells[i] % CELL_COLS - 2, cy = cells[i] / CELL_COLS - 2;

		assert_in_range(cx, 0, 1);
		assert_in_range(cy, 0, 1);
		assert_int_equal(keys[cells[i]].n, 1);
		assert_int_equal(keys[cells[i]].layer[0], CELLCOMP_LAYER(img, cx, cy * 8, 0, 0));
		assert_int_equal(keys[cells[i]].layer[1], 0);
	}
}

static void a_sprite_between_cell_rows_covers_three_rows(void **state)
{
	int img = sprite16();

	(void)state;
	grid_frame();
	frame_image(&a, 16 + gfx_images[img].ox, 20 + gfx_images[img].oy, img, 0, 0);     /* 4 px down */
	frame_grid_front(&a);
	assert_int_equal(plan(NULL), 6);
	for (int i = 0; i < 6; i++) {
		int cx = cells[i] % CELL_COLS - 2, cy = cells[i] / CELL_COLS - 2;

		assert_int_equal(keys[cells[i]].layer[0], CELLCOMP_LAYER(img, cx, cy * 8 - 4, 0, 0));
	}
}

static void only_dirty_cells_are_planned(void **state)
{
	int img = sprite16();
	static uint8_t d[CELL_COUNT];

	(void)state;
	grid_frame();
	frame_image(&a, 16 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);
	frame_grid_front(&a);
	d[2 * CELL_COLS + 3] = 1;
	assert_int_equal(plan(d), 1);
	assert_int_equal(cells[0], 2 * CELL_COLS + 3);
}

static void off_the_lattice_text_or_no_front_pass_leave_cells_to_the_usual_drawing(void **state)
{
	int img = sprite16();

	(void)state;
	grid_frame();
	frame_image(&a, 20 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);     /* 4 px off */
	frame_grid_front(&a);
	assert_int_equal(plan(NULL), 0);

	frame_clear(&a);
	grid_frame();
	frame_image(&a, 16 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);
	frame_text(&a, 16, 16, "A", 15);                        /* over the sprite's top left cell */
	frame_grid_front(&a);
	assert_int_equal(plan(NULL), 3);

	frame_clear(&a);
	grid_frame();
	frame_image(&a, 16 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);
	assert_int_equal(plan(NULL), 0);                        /* no front pass */

	frame_clear(&a);
	grid_frame();
	frame_grid_front(&a);
	frame_image(&a, 16 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);
	assert_int_equal(plan(NULL), 0);                        /* over the front pass */
}

static void more_layers_than_a_key_holds_are_drawn_as_usual(void **state)
{
	int img = sprite16();

	(void)state;
	grid_frame();
	for (int i = 0; i <= CELLCOMP_LAYERS; i++)
		frame_image(&a, 16 + gfx_images[img].ox, 16 + gfx_images[img].oy, img, 0, 0);
	frame_grid_front(&a);
	assert_int_equal(plan(NULL), 0);
}

static void a_front_tile_covers_the_sprite(void **state)
{
	int img = sprite16();
	CellKey k = { .n = 1 };
	uint8_t px[64];

	(void)state;
	for (int t = 0; t < gfx_tile_count; t++) {
		if (!(gfx_tile_attrs[t] & TILE_IN_FRONT))
			continue;
		k.code = (uint16_t)(t | GRID_FRONT);
		k.layer[0] = CELLCOMP_LAYER(img, 0, 8, 0, 0);
		cellcomp_pixels(&k, px);
		assert_memory_equal(px, gfx_tiles[t], 64);
		return;
	}
	skip();
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	cmocka_unit_test(every_demo_frame_composes_cells_as_they_are_drawn),
	T(a_sprite_on_the_lattice_gives_its_cells_one_layer_each),
	T(a_sprite_between_cell_rows_covers_three_rows),
	T(only_dirty_cells_are_planned),
	T(off_the_lattice_text_or_no_front_pass_leave_cells_to_the_usual_drawing),
	T(more_layers_than_a_key_holds_are_drawn_as_usual),
	T(a_front_tile_covers_the_sprite),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cellcomp", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cellcomp", tests, NULL, NULL);
}
