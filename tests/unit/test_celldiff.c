/* test_celldiff.c: which cells a frame changes — exact over every built-in demo, and case by case. */
#include "testmain.h"

#include "celldiff.h"
#include "demoframes.h"
#include "demo.h"
#include "frame.h"
#include "hud.h"
#include "level.h"
#include "play.h"
#include "raster.h"
#include "render.h"
#include "session.h"
#include "title.h"
#include "world.h"

static World world;
static Frame view, status, a, b;
static CellPage pages[2], page;
static uint8_t dirty[CELL_COUNT] __attribute__((aligned(4)));
static uint8_t full[SCREEN_W * SCREEN_H], shown[2][SCREEN_W * SCREEN_H];

static int count_dirty(void)
{
	int n = 0;

	for (int i = 0; i < CELL_COUNT; i++)
		n += dirty[i];
	return n;
}

static int diff(const Frame *f)
{
	const Frame *fr[1] = { f };
	int n = celldiff_frames(fr, 1, &page, dirty);

	assert_int_equal(n, count_dirty());    /* the count is the cells marked */
	return n;
}

static bool cell_dirty(int x, int y)
{
	return dirty[(y / 8) * CELL_COLS + x / 8];
}

/* Copy the dirty cells of `full` into a page's pixels: what a presenter that draws only those does. */
static void copy_dirty(uint8_t *px)
{
	for (int y = 0; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++)
			if (cell_dirty(x, y))
				px[y * SCREEN_W + x] = full[y * SCREEN_W + x];
}

/*
 * Every built-in demo through two pages, as the kernel flips them: each
 * frame's view and status bar are diffed against the page they go to, only
 * the dirty cells are taken from the full render, and the page must then
 * equal the full render everywhere: no cell that changed was missed.
 */
static void every_demo_frame_redraws_every_changed_cell(void **state)
{
	(void)state;
	for (uint32_t d = 0; d < game_demo_count; d++) {
		static DemoFrames df;
		long redrawn = 0, frames = 0;

		demoframes_open(&df, d, &world, &view, &status);
		memset(pages, 0, sizeof pages);
		memset(shown, 0, sizeof shown);
		while (demoframes_next(&df)) {
			const Frame *fr[2] = { &view, &status };
			uint32_t t = df.t;
			uint8_t *px = shown[t & 1];

			raster_frame(&view, full);
			raster_frame(&status, full);
			redrawn += celldiff_frames(fr, 2, &pages[t & 1], dirty);
			frames++;
			copy_dirty(px);
			for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
				assert_row(px[i] == full[i], "demo %s tick %u: pixel %d,%d changed but its cell is not dirty",
				    game_demos[d].name, (unsigned)t, i % SCREEN_W, i / SCREEN_W);
		}
		/* and it is worth it: most cells stay as they are */
		assert_row(redrawn < frames * CELL_COUNT / 3, "demo %s: %ld of %ld cells redrawn",
		    game_demos[d].name, redrawn, frames * CELL_COUNT);
	}
}

static int fresh(void **state)
{
	(void)state;
	memset(&page, 0, sizeof page);
	frame_clear(&a);
	frame_clear(&b);
	return 0;
}

static void a_new_page_is_all_dirty_then_the_same_frame_is_clean(void **state)
{
	(void)state;
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 1);
	assert_int_equal(diff(&a), CELL_COUNT);
	assert_int_equal(diff(&a), 0);
	page.valid = false;                     /* drawn on by something else */
	assert_int_equal(diff(&a), CELL_COUNT);
}

static void a_moved_image_marks_where_it_was_and_where_it_is(void **state)
{
	(void)state;
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_mtile(&a, 16, 16, 0);
	diff(&a);
	frame_clear(&a);
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_mtile(&a, 36, 16, 0);             /* not on a cell boundary: two cells */
	assert_int_equal(diff(&a), 3);
	assert_true(cell_dirty(16, 16) && cell_dirty(32, 16) && cell_dirty(40, 16));
}

static void a_command_added_in_the_middle_leaves_the_others_clean(void **state)
{
	(void)state;
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_mtile(&a, 8, 8, 0);
	frame_mtile(&a, 200, 100, 0);
	diff(&a);
	frame_fill(&b, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_mtile(&b, 8, 8, 0);
	frame_mtile(&b, 80, 80, 0);             /* a new one */
	frame_mtile(&b, 200, 100, 0);
	assert_int_equal(diff(&b), 1);
	assert_true(cell_dirty(80, 80));
}

static void a_changed_text_marks_its_cells_only(void **state)
{
	(void)state;
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 0);
	frame_text(&a, 8, 8, "SCORE", 15);
	frame_text(&a, 56, 8, "0000100", 14);
	diff(&a);
	frame_clear(&a);
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 0);
	frame_text(&a, 8, 8, "SCORE", 15);
	frame_text(&a, 56, 8, "0000200", 14);
	assert_int_equal(diff(&a), 1);          /* the same length: only the digit that changed */
	assert_true(cell_dirty(88, 8) && !cell_dirty(80, 8) && !cell_dirty(96, 8) && !cell_dirty(8, 8));
	frame_clear(&a);
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 0);
	frame_text(&a, 8, 8, "SCORE", 15);
	frame_text(&a, 56, 8, "00002000", 14);  /* longer: all of both */
	assert_int_equal(diff(&a), 8);
}

static void after_a_changed_clip_everything_is_marked(void **state)
{
	(void)state;
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_clip(&a, 0, 0, 160, 200);
	frame_mtile(&a, 152, 0, 0);
	diff(&a);
	frame_clear(&a);
	frame_fill(&a, 0, 0, SCREEN_W, SCREEN_H, 1);
	frame_clip(&a, 0, 0, 156, 200);         /* cuts the same masked tile */
	frame_mtile(&a, 152, 0, 0);
	assert_int_equal(diff(&a), 1);
	assert_true(cell_dirty(152, 0));
}

static void a_grid_marks_the_cells_whose_code_changed(void **state)
{
	uint16_t *g;

	(void)state;
	g = frame_grid(&a, 8, 8, 4, 2);
	for (int i = 0; i < 8; i++)
		g[i] = 1;
	frame_grid_front(&a);
	diff(&a);
	frame_clear(&a);
	g = frame_grid(&a, 8, 8, 4, 2);
	for (int i = 0; i < 8; i++)
		g[i] = 1;
	g[5] = GRID_MASKED | 0;                 /* row 1, column 1 */
	frame_grid_front(&a);
	assert_int_equal(diff(&a), 1);
	assert_true(cell_dirty(16, 16));
}

static void a_grid_flattens_to_the_tiles_it_stands_for(void **state)
{
	uint16_t *g;

	(void)state;
	g = frame_grid(&a, 8, 16, 2, 1);
	g[0] = 3;
	g[1] = GRID_MASKED | GRID_FRONT | 2;
	frame_clip(&a, 0, 0, 100, 100);
	frame_grid_front(&a);
	assert_null(frame_grid(&a, 0, 0, 1, 1));        /* one grid a frame */
	frame_flatten(&a, &b);
	assert_int_equal(b.count, 5);
	assert_true(b.cmds[0].kind == DRAW_TILE && b.cmds[0].x == 8 && b.cmds[0].y == 16 && b.cmds[0].id == 3);
	assert_true(b.cmds[1].kind == DRAW_TILE && b.cmds[1].x == 16 && b.cmds[1].id == 0);
	assert_true(b.cmds[2].kind == DRAW_MTILE && b.cmds[2].x == 16 && b.cmds[2].id == 2);
	assert_true(b.cmds[3].kind == DRAW_CLIP);
	assert_true(b.cmds[4].kind == DRAW_MTILE && b.cmds[4].x == 16 && b.cmds[4].id == 2);
}

/*
 * A page copied with celldiff_copy (a VGA page that became a latched copy
 * of the other) diffs every later frame of a demo as the original does.
 */
static void a_copied_page_diffs_as_the_original(void **state)
{
	static DemoFrames df;
	static CellPage copy;
	static uint8_t d2[CELL_COUNT];

	(void)state;
	demoframes_open(&df, 0, &world, &view, &status);
	while (demoframes_next(&df)) {
		const Frame *fr[2] = { &view, &status };
		uint32_t t = df.t;
		int n;

		if (t % 7 == 0)
			celldiff_copy(&copy, &page);
		n = celldiff_frames(fr, 2, &page, dirty);
		assert_int_equal(celldiff_frames(fr, 2, &copy, d2), n);
		assert_memory_equal(dirty, d2, CELL_COUNT);
	}
}

/*
 * A page cleared to 0 (vga_init) and known as such: the title's first frame
 * redraws only the cells its commands after the fill touch, and the page
 * is then the title's full render everywhere. Any other first frame (a
 * fill of another colour, two frames) is redrawn whole.
 */
static void a_cleared_page_takes_the_title_redrawing_only_what_differs(void **state)
{
	static TitleState t;
	static uint8_t px[SCREEN_W * SCREEN_H];
	const Frame *two[2] = { &a, &b };
	int n, black = 0;

	(void)state;
	title_init(&t);
	title_draw(&t, &a);
	celldiff_cleared(&page, 0);
	memset(px, 0, sizeof px);               /* what the cleared page holds */
	n = diff(&a);
	raster_frame(&a, full);
	copy_dirty(px);
	assert_memory_equal(px, full, sizeof px);
	for (int c = 0; c < CELL_COUNT; c++) {
		bool all0 = true;

		for (int y = 0; y < 8; y++)
			for (int x = 0; x < 8; x++)
				all0 = all0 && !full[((c / CELL_COLS) * 8 + y) * SCREEN_W + (c % CELL_COLS) * 8 + x];
		black += all0;
	}
	assert_true(black > CELL_COUNT / 2);    /* the title is mostly its black fill ... */
	assert_true(n < CELL_COUNT - CELL_COUNT / 3);   /* ... which is not drawn again */
	assert_int_equal(diff(&a), 0);          /* and the page holds the frame now */

	celldiff_cleared(&page, 0);
	frame_clear(&b);
	frame_fill(&b, 0, 0, SCREEN_W, SCREEN_H, 1);
	assert_int_equal(diff(&b), CELL_COUNT);
	celldiff_cleared(&page, 1);
	assert_int_equal(diff(&b), 0);          /* the page is that fill already */
	celldiff_cleared(&page, 1);
	frame_tile(&b, 8, 16, 1);
	assert_int_equal(diff(&b), 1);          /* the tile's cell only */
	assert_true(dirty[2 * CELL_COLS + 1]);
	celldiff_cleared(&page, 0);
	assert_int_equal(celldiff_frames(two, 2, &page, dirty), CELL_COUNT);
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	cmocka_unit_test(every_demo_frame_redraws_every_changed_cell),
	T(a_new_page_is_all_dirty_then_the_same_frame_is_clean),
	T(a_moved_image_marks_where_it_was_and_where_it_is),
	T(a_command_added_in_the_middle_leaves_the_others_clean),
	T(a_changed_text_marks_its_cells_only),
	T(after_a_changed_clip_everything_is_marked),
	T(a_grid_marks_the_cells_whose_code_changed),
	T(a_copied_page_diffs_as_the_original),
	T(a_grid_flattens_to_the_tiles_it_stands_for),
	T(a_cleared_page_takes_the_title_redrawing_only_what_differs),
};

int main(int argc, char **argv)
{
	if (testmain_filter("celldiff", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("celldiff", tests, NULL, NULL);
}
