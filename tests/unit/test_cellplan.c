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
static CellPlanner planner;
static CellPlan *plan;          /* the planner's */
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
 * What kernel/present/present.c does with a plan, on a page of pixels: the
 * pictures (cellcomp_pixels), the every-command cells (the full render
 * there), then the commands that are not the grid's: before the grid under
 * pre[], after it (sprites and front pass left out) under post[].
 */
static void present(const Frame *const *fr, int n, uint8_t *px)
{
	if (!plan->keyed) {
		for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
			if (plan->dirty[(i / SCREEN_W / 8) * CELL_COLS + i % SCREEN_W / 8])
				px[i] = full[i];
		return;
	}
	for (int i = 0; i < plan->npic; i++) {
		int cell = plan->pic[i], x0 = cell % CELL_COLS * 8, y0 = cell / CELL_COLS * 8;
		uint8_t pic[64];

		cellcomp_pixels(plan->key[i], pic);
		for (int y = 0; y < 8; y++)
			memcpy(&px[(y0 + y) * SCREEN_W + x0], &pic[y * 8], 8);
	}
	for (int i = 0; i < SCREEN_W * SCREEN_H; i++)
		if (plan->all[(i / SCREEN_W / 8) * CELL_COLS + i % SCREEN_W / 8])
			px[i] = full[i];
	for (int s = 0; s < n; s++) {
		const Frame *f = fr[s];
		int g = s == plan->grid_frame ? f->grid_cmd : s < plan->grid_frame ? f->count : -1;

		frame_clear(&part);
		for (int i = 0; i < g; i++)
			append(&part, &f->cmds[i], f->text);
		draw_part(px, plan->pre);
		if (s < plan->grid_frame)
			continue;
		frame_clear(&part);
		for (int i = 0; i < g; i++)     /* the clip as it stands at the grid */
			if (f->cmds[i].kind == DRAW_CLIP)
				append(&part, &f->cmds[i], f->text);
		for (int i = g + 1; i < f->count; i++)
			if (!(s == plan->grid_frame && (plan->sprite[i] || f->cmds[i].kind == DRAW_GRID_FRONT)))
				append(&part, &f->cmds[i], f->text);
		draw_part(px, plan->post);
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
			plan = cellplan_frames(&planner, fr, 2, &pages[t & 1]);
			assert_true(plan->keyed);
			assert_int_equal(plan->count, count(plan->dirty));
			for (int i = 0; i < plan->npic; i++) {
				assert_true(plan->dirty[plan->pic[i]] && !plan->all[plan->pic[i]]);
				pics++;
			}
			for (int c = 0; c < CELL_COUNT; c++)
				assert_true(!plan->all[c] || plan->dirty[c]);
			assert_int_equal(count(plan->all), plan->nall);
			assert_int_equal(count(plan->pre), plan->npre);
			assert_int_equal(count(plan->post), plan->npost);
			planned += plan->count;
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

static PlanPage pg;
static Frame a;

static int fresh(void **state)
{
	(void)state;
	memset(&pg, 0, sizeof pg);
	frame_clear(&a);
	return 0;
}

/* The first 16x16 sprite among the images (the player's). */
static int sprite16(void)
{
	for (int i = 0; i < gfx_image_count; i++)
		if (gfx_images[i].w == 16 && gfx_images[i].h == 16)
			return i;
	return -1;
}

/* A 10x10 grid of empty tiles at cell (1, 1) under a clip on the lattice; the caller adds sprites and the front pass. */
static uint16_t *grid_frame(uint16_t code)
{
	uint16_t *g;

	frame_clear(&a);
	frame_clip(&a, 0, 0, SCREEN_W, SCREEN_H);
	g = frame_grid(&a, 8, 8, 10, 10);
	for (int i = 0; i < 100; i++)
		g[i] = code;
	return g;
}

/* The 16x16 sprite with its top left corner at (x, y). */
static void sprite_at(int x, int y)
{
	int img = sprite16();

	frame_image(&a, x + gfx_images[img].ox, y + gfx_images[img].oy, img, 0, 0);
}

static void plan1(void)
{
	const Frame *fr[1] = { &a };

	plan = cellplan_frames(&planner, fr, 1, &pg);
}

/* The picture plan gives cell (cx, cy), NULL if it is not one. */
static const CellKey *pic(int cx, int cy)
{
	for (int i = 0; i < plan->npic; i++)
		if (plan->pic[i] == cy * CELL_COLS + cx)
			return plan->key[i];
	return NULL;
}

static void a_sprite_on_the_lattice_is_four_pictures_of_one_layer_then_nothing(void **state)
{
	int img = sprite16();

	(void)state;
	assert_true(img >= 0);
	grid_frame(TILE_EMPTY);
	sprite_at(16, 16);
	frame_grid_front(&a);
	plan1();
	assert_true(plan->keyed);
	assert_int_equal(plan->count, CELL_COUNT);       /* a new page: everything */
	for (int cy = 2; cy <= 3; cy++)
		for (int cx = 2; cx <= 3; cx++) {
			const CellKey *k = pic(cx, cy);

			assert_non_null(k);
			assert_int_equal(k->n, 1);
			assert_int_equal(k->layer[0], CELLCOMP_LAYER(img, cx - 2, (cy - 2) * 8, 0, 0));
		}
	assert_int_equal(pic(4, 2)->n, 0);              /* beside it: the tile alone */
	grid_frame(TILE_EMPTY);
	sprite_at(16, 16);
	frame_grid_front(&a);
	plan1();
	assert_int_equal(plan->count, 0);                /* the same frame again: nothing to draw */
}

static void a_sprite_a_cell_to_the_right_redraws_the_nine_cells_it_was_and_is_over(void **state)
{
	(void)state;
	grid_frame(TILE_EMPTY);
	sprite_at(16, 20);                              /* 4 pixels down: three cell rows */
	frame_grid_front(&a);
	plan1();
	grid_frame(TILE_EMPTY);
	sprite_at(24, 20);
	frame_grid_front(&a);
	plan1();
	assert_int_equal(plan->count, 9);
	for (int cy = 2; cy <= 4; cy++)
		for (int cx = 2; cx <= 4; cx++)
			assert_true(plan->dirty[cy * CELL_COLS + cx]);
	assert_int_equal(pic(2, 3)->n, 0);              /* where it was: the tile again */
}

static void a_changed_grid_code_redraws_that_cell_only(void **state)
{
	uint16_t *g;

	(void)state;
	grid_frame(TILE_EMPTY);
	frame_grid_front(&a);
	plan1();
	g = grid_frame(TILE_EMPTY);
	g[5 * 10 + 6] = GRID_MASKED | 0;
	frame_grid_front(&a);
	plan1();
	assert_int_equal(plan->count, 1);
	assert_non_null(pic(7, 6));
	assert_int_equal(pic(7, 6)->code, GRID_MASKED | 0);
}

static void off_the_lattice_and_too_many_layers_are_drawn_by_commands_every_frame(void **state)
{
	int img = sprite16();

	(void)state;
	for (int round = 0; round < 2; round++) {
		grid_frame(TILE_EMPTY);
		sprite_at(44, 16);                      /* 4 pixels off the byte lattice */
		for (int i = 0; i <= CELLCOMP_LAYERS; i++)
			frame_image(&a, 64 + gfx_images[img].ox, 64 + gfx_images[img].oy, img, 0, 0);
		frame_grid_front(&a);
		plan1();
		assert_true(plan->all[2 * CELL_COLS + 5] && plan->all[3 * CELL_COLS + 7]);       /* the shifted one */
		assert_true(plan->all[8 * CELL_COLS + 8] && plan->all[9 * CELL_COLS + 9]);       /* nine layers */
		assert_int_equal(plan->nall, 6 + 4);
	}
}

static void text_over_the_grid_is_an_overlay_its_cells_redrawn_when_it_changes(void **state)
{
	(void)state;
	for (int round = 0; round < 3; round++) {
		grid_frame(TILE_EMPTY);
		frame_grid_front(&a);
		frame_text(&a, 16, 16, round < 2 ? "AB" : "AC", 15);
		plan1();
		if (round == 0)
			continue;
		if (round == 1) {
			assert_int_equal(plan->count, 0);        /* the same text: nothing */
			continue;
		}
		assert_int_equal(plan->count, 2);        /* another text: its two cells, a picture then the text */
		assert_true(plan->post[2 * CELL_COLS + 2] && plan->post[2 * CELL_COLS + 3]);
		assert_non_null(pic(2, 2));
	}
}

static void a_cell_a_fill_covers_whole_stays_drawn_while_the_grid_under_it_changes(void **state)
{
	uint16_t *g;

	(void)state;
	for (int round = 0; round < 2; round++) {
		g = grid_frame(TILE_EMPTY);
		if (round)
			for (int i = 0; i < 100; i++)
				g[i] = GRID_MASKED | 0;         /* the whole grid changes */
		frame_grid_front(&a);
		frame_fill(&a, 16, 14, 16, 12, 9);      /* covers cells (2..3, 2) whole, rows 1 and 3 in part */
		plan1();
	}
	assert_false(plan->dirty[2 * CELL_COLS + 2] || plan->dirty[2 * CELL_COLS + 3]);
	assert_true(plan->dirty[1 * CELL_COLS + 2] && plan->post[1 * CELL_COLS + 2]);
	assert_true(plan->dirty[3 * CELL_COLS + 3] && plan->post[3 * CELL_COLS + 3]);
	assert_int_equal(plan->count, 100 - 2);
}

static void a_grid_without_its_front_pass_is_not_keyed(void **state)
{
	(void)state;
	grid_frame(TILE_EMPTY);
	sprite_at(16, 16);
	plan1();
	assert_false(plan->keyed);
	assert_int_equal(plan->count, CELL_COUNT);
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	cmocka_unit_test(every_demo_frame_presented_from_its_plan_is_the_full_render),
	T(a_sprite_on_the_lattice_is_four_pictures_of_one_layer_then_nothing),
	T(a_sprite_a_cell_to_the_right_redraws_the_nine_cells_it_was_and_is_over),
	T(a_changed_grid_code_redraws_that_cell_only),
	T(off_the_lattice_and_too_many_layers_are_drawn_by_commands_every_frame),
	T(text_over_the_grid_is_an_overlay_its_cells_redrawn_when_it_changes),
	T(a_cell_a_fill_covers_whole_stays_drawn_while_the_grid_under_it_changes),
	T(a_grid_without_its_front_pass_is_not_keyed),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cellplan", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cellplan", tests, NULL, NULL);
}
