/* test_raster.c: the software renderer — fills, tiles, images and text clipped to 320x200, pixel for pixel. */
#include "testmain.h"

#include "assets.h"
#include "frame.h"
#include "gfx.h"
#include "raster.h"

#define BG 0x77                         /* not a colour: marks pixels nothing drew */

static Frame frame;
static uint8_t *fb;                     /* exactly 64000 bytes on the heap, so ASan sees any overrun */

static int setup(void **state)
{
	(void)state;
	fb = malloc(SCREEN_W * SCREEN_H);
	assert_non_null(fb);
	memset(fb, BG, SCREEN_W * SCREEN_H);
	frame_clear(&frame);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(fb);
	fb = NULL;
	return 0;
}

static int at(int x, int y)
{
	return fb[y * SCREEN_W + x];
}

/*
 * Check the whole screen: inside [x0, x1) x [y0, y1) every pixel is colour,
 * outside every pixel is still BG.
 */
static void assert_only_rect(const char *what, int x0, int y0, int x1, int y1, int colour)
{
	for (int y = 0; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++) {
			int want = (x >= x0 && x < x1 && y >= y0 && y < y1) ? colour : BG;

			assert_row(at(x, y) == want, "%s: pixel (%d,%d) = 0x%02X, want 0x%02X",
			    what, x, y, at(x, y), want);
		}
}

static int count_not_bg(void)
{
	int n = 0;

	for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
		n += fb[i] != BG;
	return n;
}

static void empty_frame_draws_nothing(void **state)
{
	(void)state;
	raster_frame(&frame, fb);
	assert_int_equal(count_not_bg(), 0);
}

static void fill_inside_the_screen(void **state)
{
	(void)state;
	frame_fill(&frame, 10, 20, 30, 5, 4);
	raster_frame(&frame, fb);
	assert_only_rect("fill 10,20 30x5", 10, 20, 40, 25, 4);
}

/* Fills hanging off each edge keep only their on-screen part. */
static void fill_clipped_at_all_four_edges(void **state)
{
	static const struct {
		const char *edge;
		int x, y, w, h;
		int x0, y0, x1, y1;             /* what remains on screen */
	} rows[] = {
		{ "left",         -5,  50,  10,  4,    0,  50,   5,  54 },
		{ "top",          60,  -3,   4, 10,   60,   0,  64,   7 },
		{ "right",       315, 100,  20,  2,  315, 100, 320, 102 },
		{ "bottom",      100, 197,   3, 20,  100, 197, 103, 200 },
		{ "top-left",    -7,  -9,   10, 10,    0,   0,   3,   1 },
		{ "bottom-right", 318, 198, 50, 50,  318, 198, 320, 200 },
		{ "all around", -100, -100, 1000, 1000, 0,  0, 320, 200 },
		{ "all left",   -20,  10,   20, 10,    0,   0,   0,   0 },
		{ "all below",   10, 200,   20, 10,    0,   0,   0,   0 },
		{ "all right",  320,  10,   20, 10,    0,   0,   0,   0 },
		{ "all above",   10, -10,   20, 10,    0,   0,   0,   0 },
		{ "zero size",   10,  10,    0,  0,    0,   0,   0,   0 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		memset(fb, BG, SCREEN_W * SCREEN_H);
		frame_clear(&frame);
		frame_fill(&frame, rows[i].x, rows[i].y, rows[i].w, rows[i].h, 12);
		raster_frame(&frame, fb);
		assert_only_rect(rows[i].edge, rows[i].x0, rows[i].y0, rows[i].x1, rows[i].y1, 12);
	}
}

/* Later commands cover earlier ones (back to front). */
static void commands_drawn_back_to_front(void **state)
{
	(void)state;
	frame_fill(&frame, 0, 0, 20, 20, 1);
	frame_fill(&frame, 10, 10, 20, 20, 2);
	raster_frame(&frame, fb);
	assert_int_equal(at(5, 5), 1);
	assert_int_equal(at(15, 15), 2);
	assert_int_equal(at(25, 25), 2);
	assert_int_equal(at(25, 5), BG);
}

/* The tile's 64 pixels at (x, y); rows outside [0, SCREEN_H) are not checked. */
static void assert_tile_at(int id, int tx, int ty)
{
	for (int y = 0; y < GFX_TILE_H; y++)
		for (int x = 0; x < GFX_TILE_W; x++)
			if (ty + y >= 0 && ty + y < SCREEN_H)
				assert_row(at(tx + x, ty + y) == gfx_tiles[id][y * GFX_TILE_W + x],
				    "tile %d pixel (%d,%d)", id, x, y);
}

static void tile_drawn_at_a_multiple_of_8(void **state)
{
	(void)state;
	frame_tile(&frame, 16, 24, TILE_CHECKER);
	raster_frame(&frame, fb);
	assert_tile_at(TILE_CHECKER, 16, 24);
	assert_int_equal(count_not_bg(), 64);
}

static void tile_at_x_312_is_the_last_column(void **state)
{
	(void)state;
	frame_tile(&frame, 312, 0, TILE_CHECKER);
	raster_frame(&frame, fb);
	assert_tile_at(TILE_CHECKER, 312, 0);
	assert_int_equal(count_not_bg(), 64);
}

/* Tiles must sit on byte boundaries (the VGA path writes whole bytes): others are skipped. */
static void tile_at_x_not_multiple_of_8_is_skipped(void **state)
{
	static const int xs[] = { 1, 4, 7, 13, 311, -4 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(xs); i++)
		frame_tile(&frame, xs[i], 40, TILE_CHECKER);
	frame_tile(&frame, -8, 40, TILE_CHECKER);       /* left of the screen: skipped too */
	frame_tile(&frame, 320, 40, TILE_CHECKER);      /* right of the screen */
	frame_tile(&frame, 0, 40, TILE_COUNT);          /* no such tile */
	raster_frame(&frame, fb);
	assert_int_equal(count_not_bg(), 0);
}

/* y is free: a tile at y=196 keeps its top 4 rows, one at y=-4 its bottom 4. */
static void tile_rows_clipped_at_top_and_bottom(void **state)
{
	(void)state;
	frame_tile(&frame, 40, 196, TILE_CHECKER);
	frame_tile(&frame, 80, -4, TILE_CHECKER);
	frame_tile(&frame, 120, 200, TILE_CHECKER);     /* entirely below */
	raster_frame(&frame, fb);
	assert_tile_at(TILE_CHECKER, 40, 196);
	assert_tile_at(TILE_CHECKER, 80, -4);
	assert_int_equal(count_not_bg(), 32 + 32);
}

/* Every tile in the set draws its own data, all 64 pixels (tiles are solid). */
static void every_tile_draws_its_data(void **state)
{
	(void)state;
	assert_int_equal(gfx_tile_count, TILE_COUNT);
	for (int id = 0; id < gfx_tile_count; id++)
		frame_tile(&frame, (id % 40) * 8, (id / 40) * 8, id);
	raster_frame(&frame, fb);
	for (int id = 0; id < gfx_tile_count; id++)
		assert_tile_at(id, (id % 40) * 8, (id / 40) * 8);
	assert_int_equal(count_not_bg(), 64 * gfx_tile_count);
}

/*
 * What image `id` drawn at (x, y) with flags should leave at screen (sx, sy):
 * the picture's top-left is at (x - ox, y - oy).
 */
static int expected_image_pixel(int id, int x, int y, int flags, int colour, int sx, int sy)
{
	const GfxImage *im = &gfx_images[id];
	int ix = sx - (x - im->ox), iy = sy - (y - im->oy), p;

	if (ix < 0 || ix >= im->w || iy < 0 || iy >= im->h)
		return BG;
	if (flags & DRAWF_FLIP_V)
		iy = im->h - 1 - iy;
	p = im->px[iy * im->w + ix];
	if (p == GFX_TRANSPARENT)
		return BG;
	return (flags & DRAWF_SILHOUETTE) ? colour : p;
}

static void assert_image_drawn(int id, int x, int y, int flags, int colour)
{
	for (int sy = 0; sy < SCREEN_H; sy++)
		for (int sx = 0; sx < SCREEN_W; sx++) {
			int want = expected_image_pixel(id, x, y, flags, colour, sx, sy);

			assert_row(at(sx, sy) == want, "image %d flags %d: screen (%d,%d) = 0x%02X, want 0x%02X",
			    id, flags, sx, sy, at(sx, sy), want);
		}
}

/* The test images must be worth testing: an origin off the corner, opaque and transparent pixels. */
static void assert_interesting_image(int id)
{
	const GfxImage *im = &gfx_images[id];
	int opaque = 0, clear = 0;

	assert_true(id < gfx_image_count);
	assert_true(im->ox != 0 || im->oy != 0);
	for (int i = 0; i < im->w * im->h; i++) {
		opaque += im->px[i] != GFX_TRANSPARENT;
		clear += im->px[i] == GFX_TRANSPARENT;
	}
	assert_true(opaque > 0);
	assert_true(clear > 0);
}

/* The origin pixel lands on (x, y); transparent pixels leave what was there. */
static void image_drawn_at_its_origin_with_transparency(void **state)
{
	const GfxImage *im = &gfx_images[IMG_PLAYER_R0];
	int x = 100, y = 80;

	(void)state;
	assert_interesting_image(IMG_PLAYER_R0);
	frame_image(&frame, x, y, IMG_PLAYER_R0, 0, 0);
	raster_frame(&frame, fb);
	assert_image_drawn(IMG_PLAYER_R0, x, y, 0, 0);

	/* Spelled out for the top-left pixel: screen (x - ox, y - oy) is px[0]. */
	assert_int_equal(at(x - im->ox, y - im->oy), im->px[0] == GFX_TRANSPARENT ? BG : im->px[0]);
	/* And the origin pixel itself. */
	assert_int_equal(at(x, y), im->px[im->oy * im->w + im->ox] == GFX_TRANSPARENT ? BG :
	    im->px[im->oy * im->w + im->ox]);
}

/* Every image in the set, drawn alone, matches its data. */
static void every_image_drawn_with_its_origin(void **state)
{
	(void)state;
	for (int id = 0; id < gfx_image_count; id++) {
		memset(fb, BG, SCREEN_W * SCREEN_H);
		frame_clear(&frame);
		frame_image(&frame, 150, 120, id, 0, 0);
		raster_frame(&frame, fb);
		assert_image_drawn(id, 150, 120, 0, 0);
	}
}

static void flip_v_swaps_rows(void **state)
{
	const GfxImage *im = &gfx_images[IMG_CRITTER0];
	int x = 60, y = 100;

	(void)state;
	assert_interesting_image(IMG_CRITTER0);
	frame_image(&frame, x, y, IMG_CRITTER0, DRAWF_FLIP_V, 0);
	raster_frame(&frame, fb);
	assert_image_drawn(IMG_CRITTER0, x, y, DRAWF_FLIP_V, 0);
	/* The picture's bottom row is now at the top, at screen row y - oy. */
	for (int ix = 0; ix < im->w; ix++) {
		int p = im->px[(im->h - 1) * im->w + ix];

		assert_int_equal(at(x - im->ox + ix, y - im->oy), p == GFX_TRANSPARENT ? BG : p);
	}
}

static void silhouette_paints_every_opaque_pixel_in_the_colour(void **state)
{
	const GfxImage *im = &gfx_images[IMG_PLAYER_R0];
	int opaque = 0;

	(void)state;
	for (int i = 0; i < im->w * im->h; i++)
		opaque += im->px[i] != GFX_TRANSPARENT;
	frame_image(&frame, 200, 150, IMG_PLAYER_R0, DRAWF_SILHOUETTE, 13);
	raster_frame(&frame, fb);
	assert_image_drawn(IMG_PLAYER_R0, 200, 150, DRAWF_SILHOUETTE, 13);
	assert_int_equal(count_not_bg(), opaque);
	for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
		assert_true(fb[i] == BG || fb[i] == 13);
}

static void flip_and_silhouette_together(void **state)
{
	(void)state;
	frame_image(&frame, 30, 40, IMG_SHARD0, DRAWF_FLIP_V | DRAWF_SILHOUETTE, 6);
	raster_frame(&frame, fb);
	assert_image_drawn(IMG_SHARD0, 30, 40, DRAWF_FLIP_V | DRAWF_SILHOUETTE, 6);
}

/* Images hanging off any edge are clipped (and nothing is written outside the buffer). */
static void image_clipped_at_the_edges(void **state)
{
	static const int at_xy[][2] = { { -5, 100 }, { 312, 100 }, { 150, 3 }, { 150, 205 }, { -3, 2 }, { 318, 214 } };
	static const int flag_sets[] = { 0, DRAWF_FLIP_V, DRAWF_FLIP_V | DRAWF_SILHOUETTE };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(at_xy); i++)
		for (size_t k = 0; k < ARRAY_LEN(flag_sets); k++) {
			memset(fb, BG, SCREEN_W * SCREEN_H);
			frame_clear(&frame);
			frame_image(&frame, at_xy[i][0], at_xy[i][1], IMG_PLAYER_L1, flag_sets[k], 5);
			raster_frame(&frame, fb);
			assert_image_drawn(IMG_PLAYER_L1, at_xy[i][0], at_xy[i][1], flag_sets[k], 5);
		}
}

static void unknown_image_draws_nothing(void **state)
{
	(void)state;
	frame_image(&frame, 100, 100, gfx_image_count, 0, 0);
	frame_image(&frame, 100, 100, 0xFFFF, DRAWF_SILHOUETTE, 3);
	raster_frame(&frame, fb);
	assert_int_equal(count_not_bg(), 0);
}

/* Text: each set glyph bit is the colour, every other pixel is left alone; 8 pixels a character. */
static void assert_text_drawn(const char *s, int x, int y, int colour)
{
	for (int i = 0; s[i]; i++) {
		const uint8_t *g = gfx_font[(uint8_t)s[i] & 0x7F];

		for (int gy = 0; gy < 8; gy++)
			for (int gx = 0; gx < 8; gx++) {
				int sx = x + i * 8 + gx, sy = y + gy;
				int want = (g[gy] & (0x80 >> gx)) ? colour : BG;

				if (sx >= 0 && sx < SCREEN_W && sy >= 0 && sy < SCREEN_H)
					assert_row(at(sx, sy) == want, "'%c' bit (%d,%d) at (%d,%d)", s[i], gx, gy, sx, sy);
			}
	}
}

static int glyph_bits(char ch)
{
	int n = 0;

	for (int y = 0; y < 8; y++)
		n += __builtin_popcount(gfx_font[(uint8_t)ch][y]);
	return n;
}

static void text_draws_glyph_bits_in_the_colour(void **state)
{
	(void)state;
	assert_true(glyph_bits('A') > 0 && glyph_bits('A') < 64);
	assert_int_equal(glyph_bits(' '), 0);
	frame_text(&frame, 16, 72, "A", 14);
	raster_frame(&frame, fb);
	assert_text_drawn("A", 16, 72, 14);
	assert_int_equal(count_not_bg(), glyph_bits('A'));
}

static void text_string_advances_8_pixels_a_character(void **state)
{
	const char *s = "Hi 0.5s";
	int bits = 0;

	(void)state;
	for (int i = 0; s[i]; i++)
		bits += glyph_bits(s[i]);
	frame_text(&frame, 3, 5, s, 10);
	raster_frame(&frame, fb);
	assert_text_drawn(s, 3, 5, 10);
	assert_int_equal(count_not_bg(), bits);
}

/* Text over a fill keeps the fill between the strokes (transparent background). */
static void text_background_is_transparent(void **state)
{
	(void)state;
	frame_fill(&frame, 0, 0, 64, 16, 1);
	frame_text(&frame, 4, 4, "W", 15);
	raster_frame(&frame, fb);
	for (int y = 0; y < 8; y++)
		for (int x = 0; x < 8; x++)
			assert_int_equal(at(4 + x, 4 + y), (gfx_font['W'][y] & (0x80 >> x)) ? 15 : 1);
	assert_int_equal(at(0, 0), 1);
}

/* Bytes 128..255 use the glyph of their low seven bits. */
static void text_high_bytes_use_the_low_seven_bits(void **state)
{
	(void)state;
	frame_text(&frame, 40, 40, "\xC1", 9);          /* 0xC1 & 0x7F = 'A' */
	raster_frame(&frame, fb);
	assert_text_drawn("A", 40, 40, 9);
}

static void text_clipped_at_the_edges(void **state)
{
	(void)state;
	frame_text(&frame, 314, 196, "AB", 7);
	frame_text(&frame, -4, -3, "MW", 8);
	raster_frame(&frame, fb);
	assert_text_drawn("AB", 314, 196, 7);
	assert_text_drawn("MW", -4, -3, 8);
}

/* The frame holds its own copy: changing the caller's buffer after frame_text changes nothing. */
static void text_from_a_reused_buffer_draws_the_original(void **state)
{
	char buf[8] = "ABC";
	uint8_t *first = malloc(SCREEN_W * SCREEN_H);

	(void)state;
	assert_non_null(first);
	frame_text(&frame, 20, 20, buf, 12);
	strcpy(buf, "xyz");
	raster_frame(&frame, fb);
	assert_text_drawn("ABC", 20, 20, 12);

	memcpy(first, fb, SCREEN_W * SCREEN_H);
	memset(fb, BG, SCREEN_W * SCREEN_H);
	raster_frame(&frame, fb);
	assert_memory_equal(fb, first, SCREEN_W * SCREEN_H);
	free(first);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
static const struct CMUnitTest tests[] = {
	T(empty_frame_draws_nothing),
	T(fill_inside_the_screen),
	T(fill_clipped_at_all_four_edges),
	T(commands_drawn_back_to_front),
	T(tile_drawn_at_a_multiple_of_8),
	T(tile_at_x_312_is_the_last_column),
	T(tile_at_x_not_multiple_of_8_is_skipped),
	T(tile_rows_clipped_at_top_and_bottom),
	T(every_tile_draws_its_data),
	T(image_drawn_at_its_origin_with_transparency),
	T(every_image_drawn_with_its_origin),
	T(flip_v_swaps_rows),
	T(silhouette_paints_every_opaque_pixel_in_the_colour),
	T(flip_and_silhouette_together),
	T(image_clipped_at_the_edges),
	T(unknown_image_draws_nothing),
	T(text_draws_glyph_bits_in_the_colour),
	T(text_string_advances_8_pixels_a_character),
	T(text_background_is_transparent),
	T(text_high_bytes_use_the_low_seven_bits),
	T(text_clipped_at_the_edges),
	T(text_from_a_reused_buffer_draws_the_original),
};

int main(int argc, char **argv)
{
	if (testmain_filter("raster", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("raster", tests, NULL, NULL);
}
