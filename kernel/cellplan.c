/* cellplan.c: a frame against what a page shows, cell by cell: grid cells as keys, the other commands diffed. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "celldiff.h"
#include "cellplan.h"
#include "frame.h"
#include "gfx.h"

typedef uint32_t __attribute__((may_alias)) word;       /* four cell bytes, two grid codes or a key's quarter */

/*
 * This frame's keys, built only for the cells something is drawn over
 * (stamp): the sprites' layers in cur[] (only the first n are set; .pad 1:
 * a cell no key describes, drawn by every command), the overlay bits in
 * cur_ovl[]. Nothing to clear between frames.
 */
#define KEY_ALL         1               /* CellKey.pad */
#define KEY_COVERED     2               /* an overlay fill covers the cell: nothing under it shows */
static uint16_t stamp, at[CELL_COUNT];
static CellKey cur[CELL_COUNT];
static uint32_t cur_ovl[CELL_COUNT];
static int16_t list[CELL_COUNT];        /* the cells stamped, in order */
static int nlist;
static int16_t gidx[CELL_COUNT];        /* a cell's index in the grid (for gx0.. below), -1 off it */
static uint8_t sprite[FRAME_MAX_CMDS];  /* commands of the grid frame taken as layers */
static const DrawCmd *ovl[CELLPLAN_OVERLAYS + 1];       /* the overlays the bits name, and their texts */
static const char *ovl_text[CELLPLAN_OVERLAYS + 1];
static int novl;
static int gx0, gy0, gx1, gy1;          /* the grid, in cells */
static int gidx_for[4] = { -1 };        /* the grid gidx[] was made for */
static uint8_t *put_list[CELL_COUNT * 3];       /* the plan's set bytes, cleared before the next plan */
static int nput;
static CellPlan *put_plan;

/* Cell `cell` of the grid gets a key this frame. */
static inline __attribute__((always_inline)) void touch(int cell)
{
	if (at[cell] == stamp)
		return;
	at[cell] = stamp;
	cur[cell].n = 0;
	cur[cell].pad = 0;
	cur_ovl[cell] = 0;
	list[nlist++] = (int16_t)cell;
}

/* Where command c may put pixels, unclipped (grids too), in cells of the grid: false if none. */
static bool grid_cells(const DrawCmd *c, const char *text, int r[4])
{
	int x0 = c->x, y0 = c->y, x1, y1;

	switch (c->kind) {
	case DRAW_FILL:
		x1 = x0 + c->w;
		y1 = y0 + c->h;
		break;
	case DRAW_GRID:
	case DRAW_GRID_FRONT:
		x1 = x0 + c->w * 8;
		y1 = y0 + c->h * 8;
		break;
	case DRAW_IMAGE:
		if (c->id >= gfx_image_count)
			return false;
		x0 -= gfx_images[c->id].ox;
		y0 -= gfx_images[c->id].oy;
		x1 = x0 + gfx_images[c->id].w;
		y1 = y0 + gfx_images[c->id].h;
		break;
	case DRAW_TEXT:
		x1 = x0;
		for (const char *t = &text[c->id]; *t; t++)
			x1 += 8;
		y1 = y0 + 8;
		break;
	case DRAW_TILE:
	case DRAW_MTILE:
		x1 = x0 + 8;
		y1 = y0 + 8;
		break;
	default:
		return false;                   /* a clip draws nothing */
	}
	r[0] = x0 < gx0 * 8 ? gx0 : x0 >> 3;
	r[1] = y0 < gy0 * 8 ? gy0 : y0 >> 3;
	r[2] = x1 > gx1 * 8 ? gx1 : (x1 + 7) >> 3;
	r[3] = y1 > gy1 * 8 ? gy1 : (y1 + 7) >> 3;
	return r[0] < r[2] && r[1] < r[3];
}

/*
 * A command drawn over the grid that is not a layer: before the front
 * pass its cells take every command (the front pass would have to be
 * redrawn over it); after, it gets the next overlay bit (past
 * CELLPLAN_OVERLAYS of them: every command there too), set in its cells
 * by overlay_bits.
 */
static void overlay(const DrawCmd *c, const char *text, bool front)
{
	int r[4];

	if (c->kind == DRAW_CLIP || (c->kind != DRAW_IMAGE && c->y >= gy1 * 8))
		return;                         /* (all below the grid: an image may reach above its y, nothing else) */
	if (!grid_cells(c, text, r))
		return;
	if (front && novl < CELLPLAN_OVERLAYS) {
		ovl[novl] = c;
		ovl_text[novl++] = text;
		return;
	}
	for (int cy = r[1]; cy < r[3]; cy++)
		for (int cell = cy * CELL_COLS + r[0]; cell < cy * CELL_COLS + r[2]; cell++) {
			touch(cell);
			cur[cell].pad = KEY_ALL;
		}
}

/* Are this frame's overlays the ones k holds, in the same order? */
static bool same_overlays(const OverlayCopy *k)
{
	if (k->n != novl)
		return false;
	for (int b = 0; b < novl; b++)
		if (!celldiff_same_cmd(ovl[b], ovl_text[b], &k->cmd[b], k->text))
			return false;
	return true;
}

/* k = copies of this frame's overlays. */
static void keep_overlays(OverlayCopy *k)
{
	int used = 0;

	k->n = novl;
	for (int b = 0; b < novl; b++) {
		k->cmd[b] = *ovl[b];
		if (ovl[b]->kind != DRAW_TEXT)
			continue;
		k->cmd[b].id = (uint16_t)used;
		for (const char *t = &ovl_text[b][ovl[b]->id]; used < CELLPLAN_OVL_TEXT - 1; t++) {
			k->text[used++] = *t;
			if (!*t)
				break;
		}
		if (used >= CELLPLAN_OVL_TEXT - 1)
			k->n = -1;              /* (too much text to keep: never the same) */
	}
}

/*
 * The overlays' bits into the cells they touch. A cell a fill covers
 * whole shows nothing of what came before it: its key keeps only that
 * fill's bit and the later ones (KEY_COVERED: no grid code, no layers), so
 * a label over a scrolling view leaves the cells it covers alone. The same
 * overlays as last time (a label that stays put) replay the cells, bits
 * and covers found then.
 */
static void overlay_bits(void)
{
	static OverlayCopy last = { .n = -1 };
	static int16_t cells[CELL_COUNT];
	static uint32_t bits[CELL_COUNT];
	static uint8_t cover[CELL_COUNT];       /* 1 + the bit of the last fill covering the cell, 0: none */
	static int ncells;
	static int16_t seen[CELL_COUNT];       /* (+1: its place in cells[]) */

	if (!same_overlays(&last)) {
		ncells = 0;
		for (int b = 0; b < novl; b++) {
			const DrawCmd *c = ovl[b];
			int r[4];

			grid_cells(c, ovl_text[b], r);
			for (int cy = r[1]; cy < r[3]; cy++)
				for (int cell = cy * CELL_COLS + r[0]; cell < cy * CELL_COLS + r[2]; cell++) {
					int i, x = cell % CELL_COLS * 8;

					if (!seen[cell]) {
						cells[ncells] = (int16_t)cell;
						bits[ncells] = 0;
						cover[ncells++] = 0;
						seen[cell] = (int16_t)ncells;
					}
					i = seen[cell] - 1;
					bits[i] |= 1u << b;
					if (c->kind == DRAW_FILL && c->x <= x && c->x + c->w >= x + 8 && c->y <= cy * 8 &&
					    c->y + c->h >= cy * 8 + 8) {
						bits[i] = 1u << b;      /* (what came before it is hidden) */
						cover[i] = (uint8_t)(b + 1);
					}
				}
		}
		for (int i = 0; i < ncells; i++)
			seen[cells[i]] = 0;
		keep_overlays(&last);
	}
	for (int i = 0; i < ncells; i++) {
		int cell = cells[i];

		touch(cell);
		if (cover[i]) {
			cur[cell].pad = KEY_COVERED;
			cur[cell].n = 0;
			cur_ovl[cell] = bits[i];
		} else {
			cur_ovl[cell] |= bits[i];
		}
	}
}

/* An image that is one of the keys' layers: its left edge on a byte, all of it that shows on the grid. */
static bool layer(const DrawCmd *c, const int k[4])
{
	const GfxImage *im;
	int x0, y0, cx0, cy0, xa, xb, ya, yb;
	uint32_t base;

	if (c->kind != DRAW_IMAGE || c->id >= gfx_image_count || c->id > 0xFF || k[0] < 0 ||
	    (c->flags & ~(DRAWF_FLIP_V | DRAWF_SILHOUETTE)))
		return false;
	im = &gfx_images[c->id];
	x0 = c->x - im->ox;
	y0 = c->y - im->oy;
	if ((x0 & 7) || im->w > 8 * 16 || im->h > 120 || !im->w || !im->h)
		return false;
	cx0 = x0 >> 3;                          /* (arithmetic shifts: floor) */
	cy0 = y0 >> 3;
	/* the cells under the image and the clip; all of them on the grid, or it is no layer */
	xa = cx0 > k[0] ? cx0 : k[0];
	xb = ((x0 + im->w - 1) >> 3) + 1;
	xb = xb < k[2] ? xb : k[2];
	ya = cy0 > k[1] ? cy0 : k[1];
	yb = ((y0 + im->h - 1) >> 3) + 1;
	yb = yb < k[3] ? yb : k[3];
	if (xa < xb && ya < yb && (xa < gx0 || ya < gy0 || xb > gx1 || yb > gy1))
		return false;
	base = CELLCOMP_LAYER(c->id, 0, 0, c->flags, c->color & 15);
	for (int cy = ya; cy < yb; cy++) {
		uint32_t v = base | CELLCOMP_LAYER(0, xa - cx0, cy * 8 - y0, 0, 0);

		for (int cell = cy * CELL_COLS + xa; cell < cy * CELL_COLS + xb; cell++, v += 1u << 8) {
			CellKey *key = &cur[cell];
			int n;

			touch(cell);
			n = key->n;
			if (n >= CELLCOMP_LAYERS) {
				key->pad = KEY_ALL;
				continue;
			}
			key->layer[n] = v;
			key->n = (uint8_t)(n + 1);
		}
	}
	return true;
}

/*
 * Layers and overlay bits from every command after the grid (f is
 * frames[sf]). False when the frame is not one keys describe: a grid off
 * the cell lattice or the screen, no front pass, or two of them.
 */
static bool build_keys(const Frame *const *frames, int n, int sf)
{
	const Frame *f = frames[sf];
	const DrawCmd *g = &f->cmds[f->grid_cmd];
	int k[4] = { 0, 0, CELL_COLS, CELL_ROWS };      /* the clip in cells; k[0] -1: off the lattice */
	bool front = false;

	gx0 = g->x >> 3;
	gy0 = g->y >> 3;
	gx1 = gx0 + g->w;
	gy1 = gy0 + g->h;
	if ((g->x & 7) || (g->y & 7) || g->x < 0 || g->y < 0 || gx1 > CELL_COLS || gy1 > CELL_ROWS)
		return false;
	if (gidx_for[0] != gx0 || gidx_for[1] != gy0 || gidx_for[2] != gx1 || gidx_for[3] != gy1) {
		for (int cell = 0; cell < CELL_COUNT; cell++) {
			int cx = cell % CELL_COLS, cy = cell / CELL_COLS;

			gidx[cell] = (int16_t)(cx >= gx0 && cx < gx1 && cy >= gy0 && cy < gy1 ?
			    (cy - gy0) * (gx1 - gx0) + cx - gx0 : -1);
		}
		gidx_for[0] = gx0;
		gidx_for[1] = gy0;
		gidx_for[2] = gx1;
		gidx_for[3] = gy1;
	}
	if (++stamp == 0) {                     /* (wrapped: forget every old mark) */
		for (int i = 0; i < CELL_COUNT; i++)
			at[i] = 0;
		stamp = 1;
	}
	nlist = 0;
	novl = 0;
	for (int i = 0; i < f->count; i++)
		sprite[i] = 0;
	for (int i = 0; i < f->count; i++) {
		const DrawCmd *c = &f->cmds[i];

		if (c->kind == DRAW_CLIP) {             /* (each frame starts unclipped: only f's matter to layers) */
			k[0] = ((c->x | c->y | c->w | c->h) & 7) ? -1 : c->x >> 3;
			k[1] = c->y >> 3;
			k[2] = (c->x + c->w) >> 3;
			k[3] = (c->y + c->h) >> 3;
		} else if (i <= f->grid_cmd) {
			continue;                       /* under the grid, which hides all of it */
		} else if (c->kind == DRAW_GRID_FRONT) {
			if (front)
				return false;
			front = true;
		} else if (!front && layer(c, k)) {
			sprite[i] = 1;
		} else {
			overlay(c, f->text, front);
		}
	}
	for (int s = sf + 1; s < n; s++) {
		static const Frame *clear_of;   /* a frame found to draw nothing over the grid, as it was */
		static uint32_t clear_gen;
		int before = novl, listed = nlist;

		if (frames[s] == clear_of && frames[s]->gen == clear_gen)
			continue;
		for (int i = 0; i < frames[s]->count; i++)
			overlay(&frames[s]->cmds[i], frames[s]->text, true);
		if (novl == before && nlist == listed) {
			clear_of = frames[s];
			clear_gen = frames[s]->gen;
		}
	}
	overlay_bits();
	return front;
}

/* Keys equal as far as they are set: the head (code, n, KEY_ALL) and n layers. */
static inline bool same_key(const CellKey *a, const CellKey *b)
{
	if (*(const word *)(const void *)a != *(const word *)(const void *)b)
		return false;
	for (int l = 0; l < a->n; l++)
		if (a->layer[l] != b->layer[l])
			return false;
	return true;
}

static int16_t dl[CELL_COUNT];          /* the dirty cells, listed */
static int ndl;


/* The grid's codes and keys against the page's; the page then holds this frame's. */
static void diff_keys(const Frame *f, PlanPage *p, CellPlan *plan, bool same_grid)
{
	const uint16_t *g = f->grid;
	uint8_t *dirty = plan->dirty;
	int w = gx1 - gx0, npic = 0, n = ndl;
	unsigned mtiles = gfx_mtile_count, tiles = TILE_EMPTY < gfx_tile_count ? gfx_tile_count : 0;
	bool ovl_same = same_overlays(&p->ovls);

/*
 * A grid cell whose code changed: with nothing over it (most of them),
 * straight to the pictures; else listed for classify.
 */
#define MARK_CODE(cell, code) do { \
		int c_ = (cell); \
		unsigned v_ = (code), id_ = v_ & GRID_ID; \
		if (!dirty[c_] && !(at[c_] == stamp && cur[c_].pad == KEY_COVERED)) { \
			dirty[c_] = 1; \
			if (at[c_] != stamp && ((v_ & GRID_MASKED) ? id_ < mtiles && tiles : id_ < tiles)) { \
				*(word *)(void *)&cur[c_] = v_;         /* (code, n 0, pad 0) */ \
				plan->key[npic] = &cur[c_]; \
				plan->pic[npic++] = (int16_t)c_; \
			} else { \
				dl[n++] = (int16_t)c_; \
			} \
		} \
	} while (0)

	for (int r = 0; r < gy1 - gy0; r++) {
		const uint16_t *now = g + r * w;
		uint16_t *was = p->code + r * w;
		int c0 = (gy0 + r) * CELL_COLS + gx0;
		const word *n4 = (const word *)(const void *)now;
		word *w4 = (word *)(void *)was;
		int pairs = (((uintptr_t)now | (uintptr_t)was) & 3) || !same_grid ? 0 : w / 2;

		for (int q = 0; q < pairs; q++)
			if (n4[q] != w4[q]) {
				if (now[2 * q] != was[2 * q])
					MARK_CODE(c0 + 2 * q, now[2 * q]);
				if (now[2 * q + 1] != was[2 * q + 1])
					MARK_CODE(c0 + 2 * q + 1, now[2 * q + 1]);
				w4[q] = n4[q];
			}
		for (int k = 2 * pairs; k < w; k++)
			if (now[k] != was[k] || !same_grid) {
				was[k] = now[k];
				MARK_CODE(c0 + k, now[k]);
			}
	}
#undef MARK_CODE
	for (int i = 0; i < p->nlaid; i++) {
		int cell = p->laid_list[i];

		if (at[cell] != stamp || !ovl_same) {
			p->laid[cell] = 0;
			if (!dirty[cell]) {     /* nothing over it now, or its overlays changed */
				dirty[cell] = 1;
				dl[n++] = (int16_t)cell;
			}
		}
	}
	for (int i = 0; i < nlist; i++) {
		int cell = list[i];
		CellKey *k = &cur[cell];

		k->code = k->pad == KEY_COVERED ? 0 : g[gidx[cell]];
		if (k->pad == KEY_ALL || !p->laid[cell] || cur_ovl[cell] != p->ovl[cell] || !same_key(k, &p->key[cell])) {
			if (!dirty[cell]) {
				dirty[cell] = 1;
				dl[n++] = (int16_t)cell;
			}
			p->key[cell] = *k;
			p->ovl[cell] = cur_ovl[cell];
		}
		p->laid[cell] = 1;
		p->laid_list[i] = (int16_t)cell;
	}
	p->nlaid = nlist;
	if (!ovl_same)
		keep_overlays(&p->ovls);
	ndl = n;
	plan->npic = npic;
}

/* Cell `cell` into one of the plan's sets and its spans (its cells are listed, to be cleared next time). */
static void put(uint8_t *set, CellSpans *sp, int *n, int cell)
{
	int cx = cell % CELL_COLS, cy = cell / CELL_COLS;

	set[cell] = 1;
	(*n)++;
	if (sp->lo[cy] > cx)
		sp->lo[cy] = (int8_t)cx;
	if (sp->hi[cy] < cx)
		sp->hi[cy] = (int8_t)cx;
	if (nput < CELL_COUNT * 3)
		put_list[nput++] = &set[cell];
}

/* The dirty cells, sorted: a picture (then post-grid commands where overlays are), commands, or everything. */
static void classify(const Frame *f, CellPlan *plan)
{
	int npic = plan->npic, mtiles = gfx_mtile_count, tiles = gfx_tile_count;
	int16_t *pic = plan->pic;
	const CellKey **key = plan->key;

	for (int i = 0; i < ndl; i++) {
		int cell = dl[i], gi = gidx[cell];
		unsigned code, id;
		CellKey *k;

		if (gi < 0) {
			put(plan->pre, &plan->pre_span, &plan->npre, cell);
			put(plan->post, &plan->post_span, &plan->npost, cell);
			continue;
		}
		code = f->grid[gi];
		id = code & GRID_ID;
		k = &cur[cell];
		if (at[cell] == stamp && k->pad == KEY_COVERED) {
			put(plan->post, &plan->post_span, &plan->npost, cell);  /* the overlays draw all of it */
			continue;
		}
		if (!((code & GRID_MASKED) ? id < (unsigned)mtiles && TILE_EMPTY < tiles : id < (unsigned)tiles)) {
			if (at[cell] == stamp) {
				put(plan->all, &plan->all_span, &plan->nall, cell);
			} else {                /* nothing under it but what came before the grid */
				put(plan->pre, &plan->pre_span, &plan->npre, cell);
				put(plan->post, &plan->post_span, &plan->npost, cell);
			}
			continue;
		}
		if (at[cell] != stamp) {
			*(word *)(void *)k = code;      /* (code, n 0, pad 0: a key of its own this frame) */
		} else if (k->pad) {
			put(plan->all, &plan->all_span, &plan->nall, cell);
			continue;
		} else {
			if (cur_ovl[cell])
				put(plan->post, &plan->post_span, &plan->npost, cell);
		}
		key[npic] = k;
		pic[npic++] = (int16_t)cell;
	}
	plan->npic = npic;
}

void cellplan_frames(const Frame *const *frames, int n, PlanPage *page, CellPlan *plan)
{
	int sf = -1;

	if (n > CELLDIFF_FRAMES)
		n = CELLDIFF_FRAMES;
	for (int s = 0; s < n; s++)
		if (frames[s]->grid_cmd >= 0 && frames[s]->grid_cmd < frames[s]->count)
			sf = sf < 0 ? s : CELLDIFF_FRAMES;      /* (two grids: no keys) */
	plan->keyed = sf >= 0 && sf < n && build_keys(frames, n, sf);
	plan->npic = plan->nall = plan->npre = plan->npost = 0;
	if (nput >= CELL_COUNT * 3 || plan != put_plan) {
		for (int i = 0; i < CELL_COUNT; i++)
			plan->pre[i] = plan->post[i] = plan->all[i] = 0;
	} else {
		for (int i = 0; i < nput; i++)
			*put_list[i] = 0;
	}
	nput = 0;
	put_plan = plan;
	for (int r = 0; r < CELL_ROWS; r++) {
		plan->pre_span.lo[r] = plan->post_span.lo[r] = plan->all_span.lo[r] = CELL_COLS;
		plan->pre_span.hi[r] = plan->post_span.hi[r] = plan->all_span.hi[r] = -1;
	}
	if (!plan->keyed) {
		page->keyed = false;
		plan->count = celldiff_frames(frames, n, &page->cmds, plan->dirty);
		return;
	}
	if (!page->keyed || page->grid_frame != sf) {
		page->cmds.valid = false;       /* its lists and keys describe other frames */
		page->nlaid = 0;
		for (int i = 0; i < CELL_COUNT; i++)
			page->laid[i] = 0;
	}
	plan->grid_frame = sf;
	plan->sprite = sprite;
	ndl = celldiff_frames_without(frames, n, &page->cmds, plan->dirty, sf, sprite);
	if (ndl == CELL_COUNT) {
		for (int i = 0; i < CELL_COUNT; i++)
			dl[i] = (int16_t)i;
	} else if (ndl) {                       /* the cells the commands changed, listed */
		const word *d4 = (const word *)(const void *)plan->dirty;

		ndl = 0;
		for (int q = 0; q < CELL_COUNT / 4; q++)
			if (d4[q])
				for (int cell = q * 4; cell < q * 4 + 4; cell++)
					if (plan->dirty[cell])
						dl[ndl++] = (int16_t)cell;
	}
	diff_keys(frames[sf], page, plan, page->keyed && page->grid_frame == sf && ndl < CELL_COUNT);
	page->keyed = true;
	page->grid_frame = (int8_t)sf;
	plan->count = ndl + plan->npic;
	classify(frames[sf], plan);
}

void cellplan_forget(PlanPage *page)
{
	page->cmds.valid = false;
	page->keyed = false;
}

void cellplan_copy(PlanPage *to, const PlanPage *from)
{
	celldiff_copy(&to->cmds, &from->cmds);
	to->keyed = from->keyed;
	to->grid_frame = from->grid_frame;
	for (int i = 0; i < FRAME_GRID_CELLS; i++)
		to->code[i] = from->code[i];
	for (int i = 0; i < CELL_COUNT; i++)
		to->laid[i] = from->laid[i];
	to->nlaid = from->nlaid;
	for (int i = 0; i < from->nlaid; i++) {
		int cell = from->laid_list[i];

		to->laid_list[i] = (int16_t)cell;
		to->key[cell] = from->key[cell];
		to->ovl[cell] = from->ovl[cell];
	}
	to->ovls = from->ovls;
}
