/* test_present.c: one page through the presenter enters keys, diff, plan and draw once each, in that order — every frame of every demo. */
#include "testmain.h"

#include "assets.h"
#include "celldiff.h"
#include "demoframes.h"
#include "frame.h"
#include "gfx.h"
#include "gfxcache.h"
#include "present.h"
#include "stages.h"
#include "title.h"
#include "vga.h"

/*
 * kernel/present/present.c is linked as it is; the VGA driver and the
 * picture cache under it are stubbed here: they check what they are given
 * lies on the screen and count the pictures copied.
 */
static long copied;                     /* cells vga_copy_tiles was given */
static long filled;                     /* pixels vga_fill_rect was given */
static VgaBitmap any_bitmap;

int vga_front_page(void) { return 0; }
void vga_copy_page(int from, int to) { assert_true(from != to); }
void vga_set_clip(int x0, int y0, int x1, int y1) { (void)x0; (void)y0; (void)x1; (void)y1; }
void vga_set_cell_mask(const uint8_t *mask) { (void)mask; }
void vga_read_plane(int page, int plane, uint8_t *out) { (void)page; (void)plane; memset(out, 0, VGA_PAGE_BYTES); }
void vga_text(int page, int x, int y, const char *s, int color) { (void)page; (void)x; (void)y; (void)s; (void)color; }

void vga_fill_rect(int page, int x, int y, int w, int h, int color)
{
	(void)page;
	(void)color;
	assert_true(x >= 0 && y >= 0 && x + w <= VGA_W && y + h <= VGA_H);
	filled += (long)w * h;
}

void vga_draw_tile(int page, int x, int y, int tile)
{
	(void)page;
	assert_true(x >= 0 && y >= 0 && x + 8 <= VGA_W && y + 8 <= VGA_H && tile >= 0);
}

void vga_draw_tile_row(int page, int x, int y, const int16_t *tiles, int n)
{
	(void)page;
	(void)tiles;
	assert_true(x >= 0 && y >= 0 && x + 8 * n <= VGA_W && y + 8 <= VGA_H && n > 0);
}

void vga_copy_tiles(int page, const int16_t *cells, const int16_t *tiles, int n)
{
	(void)page;
	for (int i = 0; i < n; i++)
		assert_true(cells[i] >= 0 && cells[i] < CELL_COUNT);
	(void)tiles;
	copied += n;
}

void vga_blit_masked(int page, int x, int y, const VgaBitmap *b, int flags, int color)
{
	(void)page;
	(void)x;
	(void)y;
	(void)flags;
	(void)color;
	assert_non_null(b);
}

const VgaBitmap *gfxcache_image(int id) { return id >= 0 && id < gfx_image_count ? &any_bitmap : NULL; }
const VgaBitmap *gfxcache_image_shifted(int id, int sh) { (void)id; (void)sh; return NULL; }
const VgaBitmap *gfxcache_mtile(int id) { return id >= 0 && id < gfx_mtile_count ? &any_bitmap : NULL; }
int gfxcache_mtile_on_empty(int id) { return id >= 0 && id < gfx_mtile_count ? gfx_tile_count + id : -1; }
int gfxcache_cell_held(const CellKey *k) { (void)k; return -1; }
int gfxcache_cell(const CellKey *k) { assert_true(k->n > 0 && k->mark == MARK_PICTURE); return 4096; }

static World world;
static Frame view, status;

/* present_frames on one page; its stages entered, as a hex digit (stage + 1) each, in order. */
static uint32_t present_page(const Frame *const *fr, int n, int page, int *cells)
{
	StageLog before = present_stage_log;

	present_stage_log.order = 0;
	*cells = present_frames(fr, n, page);
	for (int s = 0; s < STAGE_COUNT; s++)
		assert_int_equal(present_stage_log.calls[s], before.calls[s] + 1);
	return present_stage_log.order;
}

#define ONCE_EACH_IN_ORDER 0x1234u      /* keys, diff, plan, draw */

/*
 * Every built-in demo presented as the kernel presents it (the view with
 * its DEMO label, then the status bar, onto the two pages in turn): each
 * frame enters keys, diff, plan and draw exactly once, in that order,
 * whether it redraws many cells, a few or none.
 */
static void every_demo_frame_enters_each_stage_once_in_order(void **state)
{
	(void)state;
	for (uint32_t d = 0; d < game_demo_count; d++) {
		static DemoFrames df;
		long frames = 0, idle = 0;

		demoframes_open(&df, d, &world, &view, &status);
		present_forget();
		copied = 0;
		while (demoframes_next(&df)) {
			const Frame *fr[2] = { &view, &status };
			int cells;
			uint32_t order = present_page(fr, 2, (int)(df.t & 1), &cells);

			assert_row(order == ONCE_EACH_IN_ORDER, "demo %s tick %u: stages entered %x, not %x",
			    game_demos[d].name, (unsigned)df.t, (unsigned)order, ONCE_EACH_IN_ORDER);
			frames++;
			idle += cells == 0;
		}
		print_message("%-8s %ld frames (%ld with nothing to redraw), %ld pictures copied\n",
		    game_demos[d].name, frames, idle, copied);
		assert_true(frames > 1 && copied > 0);
	}
}

/* A frame with no grid (a text screen) is not keyed but goes through the same stages; so does one that changed nothing. */
static void a_frame_without_a_grid_and_an_unchanged_one_enter_each_stage_once(void **state)
{
	static Frame text;
	const Frame *fr[1] = { &text };
	int cells;

	(void)state;
	present_forget();
	frame_clear(&text);
	frame_fill(&text, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_text(&text, 16, 16, "HELLO", 15);
	assert_int_equal(present_page(fr, 1, 0, &cells), ONCE_EACH_IN_ORDER);
	assert_int_equal(cells, CELL_COUNT);    /* a page that holds nothing known: all of it */
	assert_int_equal(present_page(fr, 1, 0, &cells), ONCE_EACH_IN_ORDER);
	assert_int_equal(cells, 0);             /* the same again: nothing to draw, the stages all the same */
}

/*
 * Pages known cleared (present_cleared, after vga_init): the title's first
 * frame redraws only the cells its commands after the fill touch, and not
 * that fill (its pixels are there); once a page was drawn, or forgotten,
 * the fill is drawn again where cells are dirty.
 */
static void on_a_cleared_page_the_title_draws_neither_the_black_cells_nor_its_fill(void **state)
{
	static TitleState t;
	static Frame title;
	const Frame *fr[1] = { &title };
	int cells;

	(void)state;
	title_init(&t);
	title_draw(&t, &title);
	present_cleared(0);
	filled = 0;
	assert_int_equal(present_page(fr, 1, 1, &cells), ONCE_EACH_IN_ORDER);
	assert_true(cells > 0 && cells < CELL_COUNT - CELL_COUNT / 3);
	assert_int_equal(filled, 0);
	present_page(fr, 1, 0, &cells);         /* the other page, cleared too */
	assert_int_equal(filled, 0);

	title_draw(&t, &title);                 /* the same picture, drawn anew: nothing changed */
	title.cmds[1].id ^= 1;                  /* but one star: its cell, over the fill */
	present_page(fr, 1, 1, &cells);
	assert_int_equal(cells, 1);
	assert_int_equal(filled, 64);

	present_forget();
	filled = 0;
	present_page(fr, 1, 1, &cells);
	assert_int_equal(cells, CELL_COUNT);
	assert_int_equal(filled, SCREEN_W * SCREEN_H);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(every_demo_frame_enters_each_stage_once_in_order),
	cmocka_unit_test(a_frame_without_a_grid_and_an_unchanged_one_enter_each_stage_once),
	cmocka_unit_test(on_a_cleared_page_the_title_draws_neither_the_black_cells_nor_its_fill),
};

int main(int argc, char **argv)
{
	if (testmain_filter("present", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("present", tests, NULL, NULL);
}
