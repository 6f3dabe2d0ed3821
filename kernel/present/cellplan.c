/* cellplan.c: a frame against what a page shows, cell by cell: grid cells as keys, the other commands diffed. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "cellkeys.h"
#include "celldiff.h"
#include "cellplan.h"
#include "frame.h"
#include "gfx.h"
#include "latebss.h"

typedef uint32_t __attribute__((may_alias)) word;       /* four cell bytes, two grid codes or a key's quarter */

static LATE_BSS uint8_t *put_list[CELL_COUNT * 3];       /* the plan's set bytes, cleared before the next plan */
static int nput;
static CellPlan *put_plan;

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
	int w = fk.gx1 - fk.gx0, npic = 0, n = ndl;
	unsigned mtiles = gfx_mtile_count, tiles = TILE_EMPTY < gfx_tile_count ? gfx_tile_count : 0;
	bool ovl_same = cellkeys_same_overlays(&p->ovls);

/*
 * A grid cell whose code changed: with nothing over it (most of them),
 * straight to the pictures; else listed for classify.
 */
#define MARK_CODE(cell, code) do { \
		int c_ = (cell); \
		unsigned v_ = (code), id_ = v_ & GRID_ID; \
		if (!dirty[c_] && !(fk.at[c_] == fk.stamp && fk.cur[c_].pad == KEY_COVERED)) { \
			dirty[c_] = 1; \
			if (fk.at[c_] != fk.stamp && ((v_ & GRID_MASKED) ? id_ < mtiles && tiles : id_ < tiles)) { \
				*(word *)(void *)&fk.cur[c_] = v_;         /* (code, n 0, pad 0) */ \
				plan->key[npic] = &fk.cur[c_]; \
				plan->pic[npic++] = (int16_t)c_; \
			} else { \
				dl[n++] = (int16_t)c_; \
			} \
		} \
	} while (0)

	for (int r = 0; r < fk.gy1 - fk.gy0; r++) {
		const uint16_t *now = g + r * w;
		uint16_t *was = p->code + r * w;
		int c0 = (fk.gy0 + r) * CELL_COLS + fk.gx0;
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

		if (fk.at[cell] != fk.stamp || !ovl_same) {
			p->laid[cell] = 0;
			if (!dirty[cell]) {     /* nothing over it now, or its overlays changed */
				dirty[cell] = 1;
				dl[n++] = (int16_t)cell;
			}
		}
	}
	for (int i = 0; i < fk.nlist; i++) {
		int cell = fk.list[i];
		CellKey *k = &fk.cur[cell];

		k->code = k->pad == KEY_COVERED ? 0 : g[fk.gidx[cell]];
		if (k->pad == KEY_ALL || !p->laid[cell] || fk.cur_ovl[cell] != p->ovl[cell] || !same_key(k, &p->key[cell])) {
			if (!dirty[cell]) {
				dirty[cell] = 1;
				dl[n++] = (int16_t)cell;
			}
			p->key[cell] = *k;
			p->ovl[cell] = fk.cur_ovl[cell];
		}
		p->laid[cell] = 1;
		p->laid_list[i] = (int16_t)cell;
	}
	p->nlaid = fk.nlist;
	if (!ovl_same)
		cellkeys_keep_overlays(&p->ovls);
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
		int cell = dl[i], gi = fk.gidx[cell];
		unsigned code, id;
		CellKey *k;

		if (gi < 0) {
			put(plan->pre, &plan->pre_span, &plan->npre, cell);
			put(plan->post, &plan->post_span, &plan->npost, cell);
			continue;
		}
		code = f->grid[gi];
		id = code & GRID_ID;
		k = &fk.cur[cell];
		if (fk.at[cell] == fk.stamp && k->pad == KEY_COVERED) {
			put(plan->post, &plan->post_span, &plan->npost, cell);  /* the overlays draw all of it */
			continue;
		}
		if (!((code & GRID_MASKED) ? id < (unsigned)mtiles && TILE_EMPTY < tiles : id < (unsigned)tiles)) {
			if (fk.at[cell] == fk.stamp) {
				put(plan->all, &plan->all_span, &plan->nall, cell);
			} else {                /* nothing under it but what came before the grid */
				put(plan->pre, &plan->pre_span, &plan->npre, cell);
				put(plan->post, &plan->post_span, &plan->npost, cell);
			}
			continue;
		}
		if (fk.at[cell] != fk.stamp) {
			*(word *)(void *)k = code;      /* (code, n 0, pad 0: a key of its own this frame) */
		} else if (k->pad) {
			put(plan->all, &plan->all_span, &plan->nall, cell);
			continue;
		} else {
			if (fk.cur_ovl[cell])
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
	plan->keyed = sf >= 0 && sf < n && cellkeys_build(frames, n, sf);
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
	plan->sprite = fk.sprite;
	ndl = celldiff_frames_without(frames, n, &page->cmds, plan->dirty, sf, fk.sprite);
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
