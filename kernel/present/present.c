/* present.c: puts the game's frames on the VGA pages, redrawing only the cells that changed — the pipeline's top and its draw stage. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "celldiff.h"
#include "cellplan.h"
#include "cmdbox.h"
#include "crc32.h"
#include "frame.h"
#include "gfx.h"
#include "gfxcache.h"
#include "latebss.h"
#include "present.h"
#include "stages.h"
#include "vga.h"

typedef uint32_t __attribute__((may_alias)) word;       /* four cells of a mask at once */

/*
 * The draw stage's state while it draws one page: the cells it may draw
 * into and the frame's clip. Every function below takes it; it is set
 * up by draw_plan and left as it found the driver (no mask, no clip).
 */
typedef struct DrawCtx {
	int page;
	const uint8_t *mask;            /* the cells drawn into (NULL: all) */
	const CellSpans *spans;         /* the columns of each cell row the mask has */
	CellSpans found;                /* the spans find_spans found (mask given without) */
	int clip_x0, clip_y0, clip_x1, clip_y1;         /* the frame's clip */
	int box_x0, box_y0, box_x1, box_y1;             /* the mask's cells lie inside */
	uint8_t covered[CELL_COUNT] __attribute__((aligned(4)));    /* mark_covered */
	int8_t cov_lo[CELL_ROWS], cov_hi[CELL_ROWS];    /* covered columns of each row (lo > hi: none) */
	bool bare;                      /* the page holds only the fill frames[0] starts with: it is not drawn again */
} DrawCtx;

/* The presenter: what each page holds (cell by cell), the plan's and the draw stage's state. */
static LATE_BSS PlanPage shown[VGA_PAGES];
static LATE_BSS CellPlanner planner;
static LATE_BSS DrawCtx draw_ctx;
static bool bare[VGA_PAGES];            /* the page holds only what present_cleared says: shown[].cmds is that fill */

/* Which columns of each cell row are dirty, so commands and grid rows away from them cost a test. */
static void find_spans(CellSpans *found, const uint8_t *mask)
{
	for (int r = 0; r < CELL_ROWS; r++) {
		const uint8_t *d = mask + r * CELL_COLS;
		const word *w = (const word *)(const void *)d;     /* (rows of 40 bytes: 10 words) */
		int lo = 0, hi = CELL_COLS - 1, a = 0, b = CELL_COLS / 4 - 1;

		while (a <= b && !w[a])
			a++;
		if (a > b) {
			found->lo[r] = CELL_COLS;
			found->hi[r] = -1;
			continue;
		}
		while (!w[b])
			b--;
		for (lo = a * 4; !d[lo]; lo++)
			;
		for (hi = b * 4 + 3; !d[hi]; hi--)
			;
		found->lo[r] = (int8_t)lo;
		found->hi[r] = (int8_t)hi;
	}
}

static void set_clip(DrawCtx *dc, int x0, int y0, int x1, int y1);

/*
 * The cells the driver and the tests below draw into: mask (NULL: all),
 * with its spans (NULL: found here). The driver's clip and the fills stay
 * inside the box around those cells, so a big sprite over a few of them
 * costs a few rows, not all of its own.
 */
static void use_mask(DrawCtx *dc, const uint8_t *mask, const CellSpans *sp)
{
	const CellSpans *spans = sp ? sp : &dc->found;

	dc->mask = mask;
	dc->spans = spans;
	if (mask && !sp)
		find_spans(&dc->found, mask);
	vga_set_cell_mask(mask);
	dc->box_x0 = dc->box_y0 = 0;
	dc->box_x1 = VGA_W;
	dc->box_y1 = VGA_H;
	if (mask) {
		int r0 = 0, r1 = CELL_ROWS - 1, lo = CELL_COLS, hi = -1;

		while (r0 <= r1 && spans->lo[r0] > spans->hi[r0])
			r0++;
		while (r1 >= r0 && spans->lo[r1] > spans->hi[r1])
			r1--;
		for (int r = r0; r <= r1; r++) {
			lo = spans->lo[r] < lo ? spans->lo[r] : lo;
			hi = spans->hi[r] > hi ? spans->hi[r] : hi;
		}
		dc->box_x0 = lo * 8;
		dc->box_y0 = r0 * 8;
		dc->box_x1 = (hi + 1) * 8;
		dc->box_y1 = (r1 + 1) * 8;
	}
	set_clip(dc, dc->clip_x0, dc->clip_y0, dc->clip_x1, dc->clip_y1);
}

/* May the rectangle [x0, x1) x [y0, y1) touch a dirty cell? (false: skip the command) */
static bool touches_dirty(const DrawCtx *dc, int x0, int y0, int x1, int y1)
{
	const CellSpans *spans = dc->spans;
	int cx0, cx1;

	if (x0 < 0) x0 = 0;
	if (y0 < 0) y0 = 0;
	if (x1 > VGA_W) x1 = VGA_W;
	if (y1 > VGA_H) y1 = VGA_H;
	if (x0 >= x1 || y0 >= y1)
		return false;
	cx0 = x0 >> 3;
	cx1 = (x1 - 1) >> 3;
	for (int r = y0 >> 3; r <= (y1 - 1) >> 3; r++)
		if (spans->lo[r] <= cx1 && spans->hi[r] >= cx0)
			return true;
	return false;
}

static void draw_cmds(DrawCtx *dc, const Frame *f, int from, int to, const uint8_t *skip);

/* The frame's clip; the driver gets it inside the mask's box. */
static void set_clip(DrawCtx *dc, int x0, int y0, int x1, int y1)
{
	dc->clip_x0 = x0;
	dc->clip_y0 = y0;
	dc->clip_x1 = x1;
	dc->clip_y1 = y1;
	vga_set_clip(x0 > dc->box_x0 ? x0 : dc->box_x0, y0 > dc->box_y0 ? y0 : dc->box_y0,
	    x1 < dc->box_x1 ? x1 : dc->box_x1, y1 < dc->box_y1 ? y1 : dc->box_y1);
}

/* Is the 8x8 cell at x, y wholly inside the clip rectangle? */
static bool clip_whole(const DrawCtx *dc, int x, int y)
{
	return x >= dc->clip_x0 && y >= dc->clip_y0 && x + 8 <= dc->clip_x1 && y + 8 <= dc->clip_y1;
}

/* The rectangle command c may draw in (false: none; clips and grids look for themselves). */
static bool cmd_rect(const Frame *f, const DrawCmd *c, int r[4])
{
	int b[4];                       /* in registers: r is the caller's */

	if (!frame_cmd_box(c, f->text, b))
		return false;
	r[0] = b[0] < 0 ? 0 : b[0];
	r[1] = b[1] < 0 ? 0 : b[1];
	r[2] = b[2] > VGA_W ? VGA_W : b[2];
	r[3] = b[3] > VGA_H ? VGA_H : b[3];
	return r[0] < r[2] && r[1] < r[3];
}

/*
 * Cells some command other than a grid drew into this frame: the only
 * ones where the grid's front pass can change pixels (elsewhere it draws
 * a cell's tile, or its masked tile, over the same again).
 */
static void mark_covered(DrawCtx *dc, const int r[4])
{
	for (int cy = r[1] >> 3; cy <= (r[3] - 1) >> 3; cy++) {
		if (dc->cov_lo[cy] > r[0] >> 3)
			dc->cov_lo[cy] = (int8_t)(r[0] >> 3);
		if (dc->cov_hi[cy] < (r[2] - 1) >> 3)
			dc->cov_hi[cy] = (int8_t)((r[2] - 1) >> 3);
		for (int cx = r[0] >> 3; cx <= (r[2] - 1) >> 3; cx++)
			dc->covered[cy * CELL_COLS + cx] = 1;
	}
}

/*
 * A grid (frame.h) cell by cell, only the cells the mask allows: the tile
 * (the empty one under a masked tile) and the masked tile; the front pass
 * draws the GRID_FRONT cells again. A grid off the cell lattice is drawn
 * as the commands it stands for.
 */
static void draw_grid(DrawCtx *dc, const Frame *f, const DrawCmd *c)
{
	const uint8_t *mask = dc->mask;
	int page = dc->page;
	const uint16_t *g = f->grid;
	bool front = c->kind == DRAW_GRID_FRONT;
	int tiles = gfx_tile_count;

	if ((c->x & 7) || (c->y & 7) || c->x < 0 || c->y < 0 || c->x + c->w * 8 > VGA_W ||
	    c->y + c->h * 8 > VGA_H) {
		static LATE_BSS Frame one, flat;

		frame_clear(&one);
		one.cmds[0] = *c;
		one.count = 1;
		for (int i = 0; i < c->w * c->h && i < FRAME_GRID_CELLS; i++)
			one.grid[i] = f->grid[i];
		one.grid_cmd = 0;
		frame_flatten(&one, &flat);
		draw_cmds(dc, &flat, 0, flat.count, NULL);
		return;
	}
	for (int r = 0; r < c->h; r++) {
		int cr = (c->y >> 3) + r, k0 = 0, k1 = c->w - 1, y = c->y + r * 8, blits = 0;
		int16_t ids[CELL_COLS];
		uint8_t late[CELL_COLS];        /* columns whose masked tile is blitted after the row */
		const uint16_t *grow;
		const uint8_t *mrow, *crow;

		if (mask) {                     /* only this row's dirty columns */
			k0 = dc->spans->lo[cr] - (c->x >> 3);
			k1 = dc->spans->hi[cr] - (c->x >> 3);
			k0 = k0 < 0 ? 0 : k0;
			k1 = k1 >= c->w ? c->w - 1 : k1;
		}
		if (front) {                    /* only where something was drawn over the grid */
			k0 = k0 > dc->cov_lo[cr] - (c->x >> 3) ? k0 : dc->cov_lo[cr] - (c->x >> 3);
			k1 = k1 < dc->cov_hi[cr] - (c->x >> 3) ? k1 : dc->cov_hi[cr] - (c->x >> 3);
		}
		if (k0 > k1)
			continue;
		grow = g + r * c->w;
		mrow = mask ? mask + cr * CELL_COLS + (c->x >> 3) : NULL;
		crow = dc->covered + cr * CELL_COLS + (c->x >> 3);
		for (int k = k0; k <= k1; k++) {
			uint16_t code = grow[k], id = code & GRID_ID;
			int x = c->x + k * 8, t;

			ids[k] = -1;
			if (mrow && !mrow[k])
				continue;
			if (!(code & GRID_MASKED)) {
				if (id < tiles && (!front || ((code & GRID_FRONT) && crow[k])))
					ids[k] = (int16_t)id;
			} else if (front && (!(code & GRID_FRONT) || !crow[k])) {
				continue;
			} else if (!front && clip_whole(dc, x, y) && (t = gfxcache_mtile_on_empty(id)) >= 0) {
				ids[k] = (int16_t)t;    /* the pair, pre-drawn */
			} else {
				if (!front)
					ids[k] = TILE_EMPTY;
				late[blits++] = (uint8_t)k;
			}
		}
		vga_draw_tile_row(page, c->x + k0 * 8, y, &ids[k0], k1 - k0 + 1);
		for (int b = 0; b < blits; b++) {
			const VgaBitmap *bm = gfxcache_mtile(g[r * c->w + late[b]] & GRID_ID);

			if (bm)
				vga_blit_masked(page, c->x + late[b] * 8, y, bm, 0, 0);
		}
	}
}

/*
 * Commands [from, to) of f but those with skip[i] set (the grid's sprites
 * and front pass, drawn as pictures), only where the cell mask allows
 * (tiles checked here, the rest in the driver).
 */
static void draw_cmds(DrawCtx *dc, const Frame *f, int from, int to, const uint8_t *skip)
{
	const uint8_t *mask = dc->mask;
	int page = dc->page;

	for (int i = from; i < to; i++) {
		const DrawCmd *c = &f->cmds[i];
		const VgaBitmap *b, *sb;
		int flags, x, y;

		int r[4];

		if (skip && (skip[i] || c->kind == DRAW_GRID_FRONT))
			continue;
		if (c->kind != DRAW_CLIP && c->kind != DRAW_GRID && c->kind != DRAW_GRID_FRONT) {
			if (!cmd_rect(f, c, r) || (mask && !touches_dirty(dc, r[0], r[1], r[2], r[3])))
				continue;       /* nowhere near a dirty cell */
			mark_covered(dc, r);
		}
		switch (c->kind) {
		case DRAW_FILL:
			x = c->x > dc->box_x0 ? c->x : dc->box_x0;      /* (a fill ignores the clip; the mask's box holds) */
			y = c->y > dc->box_y0 ? c->y : dc->box_y0;
			vga_fill_rect(page, x, y, (c->x + c->w < dc->box_x1 ? c->x + c->w : dc->box_x1) - x,
			    (c->y + c->h < dc->box_y1 ? c->y + c->h : dc->box_y1) - y, c->color);
			break;
		case DRAW_TILE:
			if (mask && !(c->y & 7) && c->y >= 0 && c->y < VGA_H && c->x >= 0 && c->x < VGA_W &&
			    !mask[(c->y >> 3) * CELL_COLS + (c->x >> 3)])
				break;                  /* the common case without a call */
			if (c->id < gfx_tile_count)
				vga_draw_tile(page, c->x, c->y, c->id);
			break;
		case DRAW_IMAGE:
			b = gfxcache_image(c->id);
			if (!b)
				break;
			flags = ((c->flags & DRAWF_FLIP_V) ? VGA_BLIT_FLIP_V : 0) |
			    ((c->flags & DRAWF_SILHOUETTE) ? VGA_BLIT_SILHOUETTE : 0);
			x = c->x - gfx_images[c->id].ox;
			sb = gfxcache_image_shifted(c->id, x & 7);
			if (sb)
				vga_blit_masked(page, x - (x & 7), c->y - gfx_images[c->id].oy, sb, flags, c->color);
			else
				vga_blit_masked(page, x, c->y - gfx_images[c->id].oy, b, flags, c->color);
			break;
		case DRAW_TEXT:
			vga_text(page, c->x, c->y, &f->text[c->id], c->color);
			break;
		case DRAW_CLIP:
			set_clip(dc, c->x, c->y, c->x + c->w, c->y + c->h);
			break;
		case DRAW_MTILE:
			b = gfxcache_mtile(c->id);
			if (b)
				vga_blit_masked(page, c->x, c->y, b, 0, 0);
			break;
		case DRAW_GRID:
		case DRAW_GRID_FRONT:
			draw_grid(dc, f, c);
			break;
		}
	}
}

/*
 * The dirty grid cells that are one picture each: the tile, the masked
 * tile over the empty one (pre-drawn), or a composed cell (gfxcache: a
 * slot that holds another picture is composed first, ~1,000 instructions;
 * a level's first frames compose a few dozen). All one latched copy each.
 * A cell with no picture to be had goes to the every-command drawing.
 */
static void draw_pictures(DrawCtx *dc, CellPlan *plan)
{
	static int16_t tiles[CELL_COUNT];       /* (scratch: the VRAM tile of each picture) */
	int from = 0;                           /* pictures not copied yet: from..i-1 */

	for (int i = 0; i < plan->npic; i++) {
		const CellKey *k = plan->key[i];
		int t;

		if (!k->n) {
			t = (k->code & GRID_MASKED) ? gfxcache_mtile_on_empty(k->code & GRID_ID) : k->code & GRID_ID;
		} else if ((t = gfxcache_cell_held(k)) < 0) {
			/* composing may reuse the slot of a picture not copied yet: copy those first */
			vga_copy_tiles(dc->page, plan->pic + from, tiles + from, i - from);
			from = i;
			t = gfxcache_cell(k);
		}
		if (t < 0) {                    /* (no room in VRAM for it: never with the game's pictures) */
			int cx = plan->pic[i] % CELL_COLS, cy = plan->pic[i] / CELL_COLS;

			plan->all[plan->pic[i]] = 1;
			plan->nall++;
			plan->all_span.lo[cy] = (int8_t)(cx < plan->all_span.lo[cy] ? cx : plan->all_span.lo[cy]);
			plan->all_span.hi[cy] = (int8_t)(cx > plan->all_span.hi[cy] ? cx : plan->all_span.hi[cy]);
		}
		tiles[i] = (int16_t)t;
	}
	vga_copy_tiles(dc->page, plan->pic + from, tiles + from, plan->npic - from);
}

/* Every command of every frame, each from an unclipped start, where mask allows (NULL: everywhere). */
static void draw_all(DrawCtx *dc, const Frame *const *frames, int n, const uint8_t *mask, const CellSpans *sp)
{
	for (int i = 0; i < CELL_COUNT / 4; i++)
		((word *)(void *)dc->covered)[i] = 0;
	for (int i = 0; i < CELL_ROWS; i++) {
		dc->cov_lo[i] = CELL_COLS;
		dc->cov_hi[i] = -1;
	}
	use_mask(dc, mask, sp);
	for (int i = 0; i < n; i++) {
		set_clip(dc, 0, 0, VGA_W, VGA_H);
		draw_cmds(dc, frames[i], i == 0 && dc->bare ? 1 : 0, frames[i]->count, NULL);
	}
}

/*
 * The commands that are not the grid or its sprites: before the grid where
 * plan->pre says, after it where plan->post says (over the pictures).
 */
static void draw_overlays(DrawCtx *dc, const CellPlan *plan, const Frame *const *frames, int n)
{
	const Frame *g = frames[plan->grid_frame];

	use_mask(dc, plan->pre, &plan->pre_span);
	for (int s = 0; s < plan->grid_frame; s++) {
		set_clip(dc, 0, 0, VGA_W, VGA_H);
		draw_cmds(dc, frames[s], 0, frames[s]->count, NULL);
	}
	set_clip(dc, 0, 0, VGA_W, VGA_H);
	draw_cmds(dc, g, 0, g->grid_cmd, NULL);
	use_mask(dc, plan->post, &plan->post_span);
	draw_cmds(dc, g, g->grid_cmd + 1, g->count, plan->sprite);
	for (int s = plan->grid_frame + 1; s < n; s++) {
		set_clip(dc, 0, 0, VGA_W, VGA_H);
		draw_cmds(dc, frames[s], 0, frames[s]->count, NULL);
	}
}

/*
 * The draw stage: the plan onto `page` — the pictures, the cells every
 * command draws, the commands over and under the grid — then the driver
 * left unmasked and unclipped.
 */
static void draw_plan(DrawCtx *dc, CellPlan *plan, const Frame *const *frames, int n, int page, bool on_bare)
{
	STAGE_ENTERED(STAGE_DRAW);
	if (!plan->count)
		return;
	dc->page = page;
	dc->bare = on_bare && !plan->keyed;
	dc->mask = NULL;
	dc->spans = &dc->found;
	dc->clip_x0 = dc->clip_y0 = dc->box_x0 = dc->box_y0 = 0;
	dc->clip_x1 = dc->box_x1 = VGA_W;
	dc->clip_y1 = dc->box_y1 = VGA_H;
	if (!plan->keyed) {
		draw_all(dc, frames, n, plan->count == CELL_COUNT ? NULL : plan->dirty, NULL);
	} else {
		draw_pictures(dc, plan);
		if (plan->nall)
			draw_all(dc, frames, n, plan->all, &plan->all_span);
		if (plan->npre || plan->npost)
			draw_overlays(dc, plan, frames, n);
	}
	set_clip(dc, 0, 0, VGA_W, VGA_H);
	use_mask(dc, NULL, NULL);
}

/*
 * One page, top down: a page that holds nothing known starts as a copy of
 * the other; then keys -> diff -> plan (cellplan_frames) and draw.
 */
int present_frames(const Frame *const *frames, int n, int page)
{
	PlanPage *pp = &shown[page & 1];
	CellPlan *plan;
	/*
	 * A page that holds only the cleared fill (present_cleared), given
	 * frames that start with that same fill: its dirty cells are that fill
	 * already, so the fill is not drawn again (every pixel it would write
	 * is the colour there). The title's first frame: a third of its bytes.
	 */
	bool on_bare = bare[page & 1] && n > 0 && frames[0]->count > 0 &&
	    celldiff_same_cmd(&frames[0]->cmds[0], frames[0]->text, &pp->cmds.cmds[0][0], pp->cmds.text[0]);

	bare[page & 1] = false;

	if (!pp->cmds.valid && shown[!(page & 1)].cmds.valid) {
		/* (a level's first frames: the other page is the best start) */
		vga_copy_page(!(page & 1), page & 1);
		cellplan_copy(pp, &shown[!(page & 1)]);
	}
	plan = cellplan_frames(&planner, frames, n, pp);
	draw_plan(&draw_ctx, plan, frames, n, page, on_bare);
	return plan->count;
}

void present_forget(void)
{
	for (int p = 0; p < VGA_PAGES; p++) {
		cellplan_forget(&shown[p]);
		bare[p] = false;
	}
}

/*
 * vga_init cleared both pages: each holds one full-screen fill of `color`.
 * The title's frame starts with that fill, so its first present draws only
 * the cells its other commands touch (a VGA write is a trip to QEMU's VGA
 * model each: about half of the title's bytes are not written).
 */
void present_cleared(int color)
{
	for (int p = 0; p < VGA_PAGES; p++) {
		cellplan_forget(&shown[p]);
		celldiff_cleared(&shown[p].cmds, color);
		bare[p] = true;
	}
}

uint32_t present_displayed_crc(void)
{
	static uint8_t plane[VGA_PAGE_BYTES];
	uint32_t crc = 0;

	for (int p = 0; p < 4; p++) {
		vga_read_plane(vga_front_page(), p, plane);
		crc = crc32_update(crc, plane, sizeof plane);
	}
	return crc;
}
