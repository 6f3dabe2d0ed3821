/* test_cellcomp.c: what a composed cell looks like — a tile, sprite pieces over it, the front tile again. */
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

/* The first 16x16 sprite among the images (the player's). */
static int sprite16(void)
{
	for (int i = 0; i < gfx_image_count; i++)
		if (gfx_images[i].w == 16 && gfx_images[i].h == 16)
			return i;
	return -1;
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

/* A layer is the image's 8x8 piece from its byte column and top row, drawn where it is opaque; rows off it are clear. */
static void a_layer_is_its_image_from_the_cell_on(void **state)
{
	int img = sprite16();
	CellKey k = { .code = TILE_EMPTY, .n = 1 };
	uint8_t px[64];
	const GfxImage *im;

	(void)state;
	assert_true(img >= 0);
	im = &gfx_images[img];
	k.layer[0] = CELLCOMP_LAYER(img, 1, 12, 0, 0);  /* right half, rows 12..19 (16.. off the image) */
	cellcomp_pixels(&k, px);
	for (int r = 0; r < 8; r++)
		for (int x = 0; x < 8; x++) {
			uint8_t want = gfx_tiles[TILE_EMPTY][r * 8 + x];

			if (12 + r < im->h && im->px[(12 + r) * im->w + 8 + x] != GFX_TRANSPARENT)
				want = im->px[(12 + r) * im->w + 8 + x];
			assert_int_equal(px[r * 8 + x], want);
		}
}

/* GRID_MASKED: the masked tile over the empty one; DRAWF_SILHOUETTE: the opaque pixels in the layer's colour. */
static void a_masked_tile_shows_the_empty_tile_and_a_silhouette_its_colour(void **state)
{
	int img = sprite16();
	CellKey k = { .code = GRID_MASKED | 0, .n = 0 };
	uint8_t px[64];

	(void)state;
	assert_true(gfx_mtile_count > 0 && img >= 0);
	cellcomp_pixels(&k, px);
	for (int i = 0; i < 64; i++)
		assert_int_equal(px[i], gfx_mtiles[0][i] != GFX_TRANSPARENT ? gfx_mtiles[0][i] : gfx_tiles[TILE_EMPTY][i]);
	k = (CellKey){ .code = TILE_EMPTY, .n = 1 };
	k.layer[0] = CELLCOMP_LAYER(img, 0, 0, DRAWF_SILHOUETTE, 13);
	cellcomp_pixels(&k, px);
	for (int r = 0; r < 8; r++)
		for (int x = 0; x < 8; x++)
			assert_int_equal(px[r * 8 + x], gfx_images[img].px[r * gfx_images[img].w + x] != GFX_TRANSPARENT ?
			    13 : gfx_tiles[TILE_EMPTY][r * 8 + x]);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(a_front_tile_covers_the_sprite),
	cmocka_unit_test(a_layer_is_its_image_from_the_cell_on),
	cmocka_unit_test(a_masked_tile_shows_the_empty_tile_and_a_silhouette_its_colour),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cellcomp", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cellcomp", tests, NULL, NULL);
}
