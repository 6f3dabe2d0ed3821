/* test_cellplan.c: the presenter's plan, drawn as the presenter draws it, gives the full render — every demo, every frame. */
#include "testmain.h"

#include "assets.h"
#include "cellcomp.h"
#include "celldiff.h"
#include "cellplan.h"
#include "demoframes.h"
#include "frame.h"
#include "gfx.h"
#include "raster.h"

static World world;
static Frame view, status, part;
static PlanPage pages[2];
static CellPlan plan;
static uint8_t full[SCREEN_W * SCREEN_H], shown[2][SCREEN_W * SCREEN_H], tmp[SCREEN_W * SCREEN_H];

/* Command c of a frame with texts `text` appended to `to` (no grids: the plan never draws them this way). */
static void append(Frame *to, const DrawCmd *c, const char *text)
{
	switch (c->kind) {
	case DRAW_FILL: frame_fill(to, c->x, c->y, c->w, c->h, c->color); break;
	case DRAW_TILE: frame_tile(to, c->x, c->y, c->id); break;
	case DRAW_IMAGE: frame_image(to, c->x, c->y, c->id, c->flags, c->color); break;
	case DRAW_TEXT: frame_text(to, c->x, c->y, &text[c->id], c->color); break;
	case DRAW_MTILE: frame_mtile(to, c->x, c->y, c->id); break;
	case DRAW_CLIP: frame_clip(to, c->x, c->y, c->w, c->h); break;
	default: fail_msg("a grid among the commands drawn one by one"); break;
	}
}

/* Draw `part` over px, keeping only the cells mask allows: what the driver's cell mask does. */
static void draw_part(uint8_t *px, const uint8_t *mask)
{
	memcpy(tmp, px, sizeof tmp);
	raster_frame(&part, tmp);
	for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
		if (mask[(i / SCREEN_W / 8) * CELL_COLS + i % SCREEN_W / 8])
			px[i] = tmp[i];
}

/*
 * What kernel/present.c does with a plan, on a page of pixels: the
 * pictures (cellcomp_pixels), the every-command cells (the full render
 * there), then the commands that are not the grid's: before the grid under
 * pre[], after it (sprites and front pass left out) under post[].
 */
static void present(const Frame *const *fr, int n, uint8_t *px)
{
	if (!plan.keyed) {
		for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
			if (plan.dirty[(i / SCREEN_W / 8) * CELL_COLS + i % SCREEN_W / 8])
				px[i] = full[i];
		return;
	}
	for (int i = 0; i < plan.npic; i++) {
		int cell = plan.pic[i], x0 = cell % CELL_COLS * 8, y0 = cell / CELL_COLS * 8;
		uint8_t pic[64];

		cellcomp_pixels(plan.key[i], pic);
		for (int y = 0; y < 8; y++)
			memcpy(&px[(y0 + y) * SCREEN_W + x0], &pic[y * 8], 8);
	}
	for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
		if (plan.all[(i / SCREEN_W / 8) * CELL_COLS + i % SCREEN_W / 8])
			px[i] = full[i];
	for (int s = 0; s < n; s++) {
		const Frame *f = fr[s];
		int g = s == plan.grid_frame ? f->grid_cmd : s < plan.grid_frame ? f->count : -1;

		frame_clear(&part);
		for (int i = 0; i < g; i++)
			append(&part, &f->cmds[i], f->text);
		draw_part(px, plan.pre);
		if (s < plan.grid_frame)
			continue;
		frame_clear(&part);
		for (int i = 0; i < g; i++)     /* the clip as it stands at the grid */
			if (f->cmds[i].kind == DRAW_CLIP)
				append(&part, &f->cmds[i], f->text);
		for (int i = g + 1; i < f->count; i++)
			if (!(s == plan.grid_frame && (plan.sprite[i] || f->cmds[i].kind == DRAW_GRID_FRONT)))
				append(&part, &f->cmds[i], f->text);
		draw_part(px, plan.post);
	}
}

static int count(const uint8_t *m)
{
	int n = 0;

	for (int i = 0; i < CELL_COUNT; i++)
		n += m[i] != 0;
	return n;
}

/*
 * Every built-in demo through two pages, flipped as the kernel flips them:
 * after each frame is presented from its plan, the page equals the full
 * render everywhere. The plan is consistent (every dirty cell drawn one
 * way, nothing else) and worth it: far fewer cells than celldiff's.
 */
static void every_demo_frame_presented_from_its_plan_is_the_full_render(void **state)
{
	(void)state;
	for (uint32_t d = 0; d < game_demo_count; d++) {
		static DemoFrames df;
		long planned = 0, pictures = 0, frames = 0;

		demoframes_open(&df, d, &world, &view, &status);
		memset(pages, 0, sizeof pages);
		memset(shown, 0, sizeof shown);
		while (demoframes_next(&df)) {
			const Frame *fr[2] = { &view, &status };
			uint32_t t = df.t;
			uint8_t *px = shown[t & 1];
			int pics = 0;

			raster_frame(&view, full);
			raster_frame(&status, full);
			cellplan_frames(fr, 2, &pages[t & 1], &plan);
			assert_true(plan.keyed);
			assert_int_equal(plan.count, count(plan.dirty));
			for (int i = 0; i < plan.npic; i++) {
				assert_true(plan.dirty[plan.pic[i]] && !plan.all[plan.pic[i]]);
				pics++;
			}
			for (int c = 0; c < CELL_COUNT; c++)
				assert_true(!plan.all[c] || plan.dirty[c]);
			assert_int_equal(count(plan.all), plan.nall);
			assert_int_equal(count(plan.pre), plan.npre);
			assert_int_equal(count(plan.post), plan.npost);
			planned += plan.count;
			pictures += pics;
			frames++;
			present(fr, 2, px);
			for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
				assert_row(px[i] == full[i], "demo %s tick %u: pixel %d,%d is %d, not %d",
				    game_demos[d].name, (unsigned)t, i % SCREEN_W, i / SCREEN_W, px[i], full[i]);
		}
		print_message("%-8s %ld frames, %ld cells planned (%ld a frame), %ld%% of them pictures\n",
		    game_demos[d].name, frames, planned, planned / frames, pictures * 100 / (planned ? planned : 1));
		assert_row(planned < frames * CELL_COUNT / 3, "demo %s: %ld of %ld cells redrawn", game_demos[d].name,
		    planned, frames * CELL_COUNT);
	}
}

#define T(f) cmocka_unit_test(f)
static const struct CMUnitTest tests[] = {
	T(every_demo_frame_presented_from_its_plan_is_the_full_render),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cellplan", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cellplan", tests, NULL, NULL);
}
