/* cellplan.c: the presenter's plan — keys, diff, then the plan stage: grid cells as keys against the page's, the dirty cells sorted. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "cellkeys.h"
#include "celldiff.h"
#include "cellplan.h"
#include "frame.h"
#include "gfx.h"
#include "stages.h"

typedef uint32_t __attribute__((may_alias)) word;       /* four cell bytes or two grid codes at once */

#if __STDC_HOSTED__
StageLog present_stage_log;             /* (host only: the tests' count of the stages, stages.h) */
#endif

/* Keys equal as far as they are set: the head (code, n, mark) and n layers. */
static inline bool same_key(const CellKey *a, const CellKey *b)
{
	if (a->head != b->head)
		return false;
	for (int l = 0; l < a->n; l++)
		if (a->layer[l] != b->layer[l])
			return false;
	return true;
}

/* Can a cell with grid code `code` and nothing over it be one picture (a tile, or a pre-drawn masked tile)? */
static inline bool code_is_picture(unsigned code, unsigned mtiles, unsigned tiles)
{
	unsigned id = code & GRID_ID;

	return (code & GRID_MASKED) ? id < mtiles && tiles : id < tiles;
}

/* What match_keys fills as it goes: the pictures found, the other dirty cells listed for sort_cells. */
typedef struct CodeMarks {
	FrameKeys *fk;
	CellPlan *plan;
	int16_t *list;
	int npic, nlist;
	unsigned mtiles, tiles;         /* (tiles 0: no empty tile, no masked tile is a picture) */
} CodeMarks;

/*
 * A grid cell whose code changed: with nothing over it (most of them),
 * straight to the pictures, with a key of its own; else listed for
 * sort_cells. A cell an overlay fill covers does not show its code.
 */
static inline __attribute__((always_inline)) void mark_code(CodeMarks *m, int cell, unsigned code)
{
	FrameKeys *fk = m->fk;
	bool keyed = fk->at[cell] == fk->stamp;

	if (m->plan->dirty[cell] || (keyed && fk->cur[cell].mark == MARK_COVERED))
		return;
	m->plan->dirty[cell] = 1;
	if (!keyed && code_is_picture(code, m->mtiles, m->tiles)) {
		cellcomp_plain_key(&fk->cur[cell], (uint16_t)code);
		m->plan->key[m->npic] = &fk->cur[cell];
		m->plan->pic[m->npic++] = (int16_t)cell;
	} else {
		m->list[m->nlist++] = (int16_t)cell;
	}
}

/*
 * The grid's codes and keys against the page's; the page then holds this
 * frame's. same_grid: the page's codes are this grid's (else every code
 * counts as changed).
 */
static void match_keys(CellPlanner *pl, const Frame *f, PlanPage *p, bool same_grid)
{
	FrameKeys *fk = &pl->keys;
	const uint16_t *g = f->grid;
	uint8_t *dirty = pl->plan.dirty;
	int w = fk->gx1 - fk->gx0;
	CodeMarks m = {
		.fk = fk, .plan = &pl->plan, .list = pl->dirty_list, .npic = 0, .nlist = pl->ndirty,
		.mtiles = gfx_mtile_count, .tiles = TILE_EMPTY < gfx_tile_count ? gfx_tile_count : 0,
	};
	bool ovl_same = cellkeys_same_overlays(fk, &p->ovls);

	for (int r = 0; r < fk->gy1 - fk->gy0; r++) {
		const uint16_t *now = g + r * w;
		uint16_t *was = p->code + r * w;
		int c0 = (fk->gy0 + r) * CELL_COLS + fk->gx0;
		const word *n4 = (const word *)(const void *)now;
		word *w4 = (word *)(void *)was;
		int pairs = (((uintptr_t)now | (uintptr_t)was) & 3) || !same_grid ? 0 : w / 2;

		for (int q = 0; q < pairs; q++)
			if (n4[q] != w4[q]) {
				if (now[2 * q] != was[2 * q])
					mark_code(&m, c0 + 2 * q, now[2 * q]);
				if (now[2 * q + 1] != was[2 * q + 1])
					mark_code(&m, c0 + 2 * q + 1, now[2 * q + 1]);
				w4[q] = n4[q];
			}
		for (int k = 2 * pairs; k < w; k++)
			if (now[k] != was[k] || !same_grid) {
				was[k] = now[k];
				mark_code(&m, c0 + k, now[k]);
			}
	}
	for (int i = 0; i < p->nlaid; i++) {
		int cell = p->laid_list[i];

		if (fk->at[cell] != fk->stamp || !ovl_same) {
			p->laid[cell] = 0;
			if (!dirty[cell]) {     /* nothing over it now, or its overlays changed */
				dirty[cell] = 1;
				m.list[m.nlist++] = (int16_t)cell;
			}
		}
	}
	for (int i = 0; i < fk->nlist; i++) {
		int cell = fk->list[i];
		CellKey *k = &fk->cur[cell];

		k->code = k->mark == MARK_COVERED ? 0 : g[fk->gidx[cell]];
		if (k->mark == MARK_ALL || !p->laid[cell] || fk->cur_ovl[cell] != p->ovl[cell] ||
		    !same_key(k, &p->key[cell])) {
			if (!dirty[cell]) {
				dirty[cell] = 1;
				m.list[m.nlist++] = (int16_t)cell;
			}
			p->key[cell] = *k;
			p->ovl[cell] = fk->cur_ovl[cell];
		}
		p->laid[cell] = 1;
		p->laid_list[i] = (int16_t)cell;
	}
	p->nlaid = fk->nlist;
	if (!ovl_same)
		celldiff_keep_copy(&p->ovls, fk->ovl, fk->ovl_text, fk->novl);
	pl->ndirty = m.nlist;
	pl->plan.npic = m.npic;
}

/* Cell `cell` into one of the plan's sets and its spans (listed in plan->set, to be cleared next time). */
static void put(CellPlan *plan, uint8_t *set, CellSpans *sp, int *n, int cell)
{
	int cx = cell % CELL_COLS, cy = cell / CELL_COLS;

	set[cell] = 1;
	(*n)++;
	if (sp->lo[cy] > cx)
		sp->lo[cy] = (int8_t)cx;
	if (sp->hi[cy] < cx)
		sp->hi[cy] = (int8_t)cx;
	if (plan->nset < CELL_COUNT * 3)
		plan->set[plan->nset++] = &set[cell];
}

/* The dirty cells listed, sorted: a picture (then post-grid commands where overlays are), commands, or everything. */
static void sort_cells(CellPlanner *pl, const Frame *f)
{
	FrameKeys *fk = &pl->keys;
	CellPlan *plan = &pl->plan;
	int npic = plan->npic, mtiles = gfx_mtile_count, tiles = gfx_tile_count;
	int16_t *pic = plan->pic;
	const CellKey **key = plan->key;

	for (int i = 0; i < pl->ndirty; i++) {
		int cell = pl->dirty_list[i], gi = fk->gidx[cell];
		unsigned code, id;
		CellKey *k;

		if (gi < 0) {
			put(plan, plan->pre, &plan->pre_span, &plan->npre, cell);
			put(plan, plan->post, &plan->post_span, &plan->npost, cell);
			continue;
		}
		code = f->grid[gi];
		id = code & GRID_ID;
		k = &fk->cur[cell];
		if (fk->at[cell] == fk->stamp && k->mark == MARK_COVERED) {
			put(plan, plan->post, &plan->post_span, &plan->npost, cell);    /* the overlays draw all of it */
			continue;
		}
		if (!((code & GRID_MASKED) ? id < (unsigned)mtiles && TILE_EMPTY < tiles : id < (unsigned)tiles)) {
			if (fk->at[cell] == fk->stamp) {
				put(plan, plan->all, &plan->all_span, &plan->nall, cell);
			} else {                /* nothing under it but what came before the grid */
				put(plan, plan->pre, &plan->pre_span, &plan->npre, cell);
				put(plan, plan->post, &plan->post_span, &plan->npost, cell);
			}
			continue;
		}
		if (fk->at[cell] != fk->stamp) {
			cellcomp_plain_key(k, (uint16_t)code);  /* (a key of its own this frame) */
		} else if (k->mark != MARK_PICTURE) {
			put(plan, plan->all, &plan->all_span, &plan->nall, cell);
			continue;
		} else {
			if (fk->cur_ovl[cell])
				put(plan, plan->post, &plan->post_span, &plan->npost, cell);
		}
		key[npic] = k;
		pic[npic++] = (int16_t)cell;
	}
	plan->npic = npic;
}

/* The plan's sets emptied (only the bytes the last plan set, when it kept count of them). */
static void clear_sets(CellPlan *plan)
{
	plan->npic = plan->nall = plan->npre = plan->npost = 0;
	if (plan->nset >= CELL_COUNT * 3) {
		for (int i = 0; i < CELL_COUNT; i++)
			plan->pre[i] = plan->post[i] = plan->all[i] = 0;
	} else {
		for (int i = 0; i < plan->nset; i++)
			*plan->set[i] = 0;
	}
	plan->nset = 0;
	for (int r = 0; r < CELL_ROWS; r++) {
		plan->pre_span.lo[r] = plan->post_span.lo[r] = plan->all_span.lo[r] = CELL_COLS;
		plan->pre_span.hi[r] = plan->post_span.hi[r] = plan->all_span.hi[r] = -1;
	}
}

/*
 * The plan stage: the diff's ndiff dirty cells (plan->dirty) and, when the
 * frames are keyed (frames[sf] has the grid), the keys against the page's;
 * then every dirty cell sorted into the plan's pictures and sets.
 */
static void plan_cells(CellPlanner *pl, const Frame *const *frames, int sf, bool keyed, int ndiff, PlanPage *page)
{
	CellPlan *plan = &pl->plan;

	STAGE_ENTERED(STAGE_PLAN);
	clear_sets(plan);
	plan->keyed = keyed;
	if (!keyed) {
		page->keyed = false;
		plan->count = ndiff;
		return;
	}
	plan->grid_frame = sf;
	plan->sprite = pl->keys.sprite;
	pl->ndirty = ndiff;
	if (ndiff == CELL_COUNT) {
		for (int i = 0; i < CELL_COUNT; i++)
			pl->dirty_list[i] = (int16_t)i;
	} else if (ndiff) {                     /* the cells the commands changed, listed */
		const word *d4 = (const word *)(const void *)plan->dirty;

		pl->ndirty = 0;
		for (int q = 0; q < CELL_COUNT / 4; q++)
			if (d4[q])
				for (int cell = q * 4; cell < q * 4 + 4; cell++)
					if (plan->dirty[cell])
						pl->dirty_list[pl->ndirty++] = (int16_t)cell;
	}
	match_keys(pl, frames[sf], page, page->keyed && page->grid_frame == sf && ndiff < CELL_COUNT);
	page->keyed = true;
	page->grid_frame = (int8_t)sf;
	plan->count = pl->ndirty + plan->npic;
	sort_cells(pl, frames[sf]);
}

/* Which of frames[0..n-1] holds the grid: -1 none, n or more two of them (then no keys). */
static int grid_frame(const Frame *const *frames, int n)
{
	int sf = -1;

	for (int s = 0; s < n; s++)
		if (frames[s]->grid_cmd >= 0 && frames[s]->grid_cmd < frames[s]->count)
			sf = sf < 0 ? s : CELLDIFF_FRAMES;
	return sf;
}

/* One page, top down: keys -> diff -> plan, each once. */
CellPlan *cellplan_frames(CellPlanner *pl, const Frame *const *frames, int n, PlanPage *page)
{
	int sf, ndiff;
	bool keyed;

	if (n > CELLDIFF_FRAMES)
		n = CELLDIFF_FRAMES;
	sf = grid_frame(frames, n);

	/* keys: the grid cells something is drawn over (cellkeys.c) */
	keyed = cellkeys_build(&pl->keys, frames, n, sf);
	if (keyed && (!page->keyed || page->grid_frame != sf)) {
		page->cmds.valid = false;       /* its lists and keys describe other frames */
		page->nlaid = 0;
		for (int i = 0; i < CELL_COUNT; i++)
			page->laid[i] = 0;
	}

	/* diff: the commands but the keys' sprites against the page's (celldiff.c) */
	if (keyed)
		ndiff = celldiff_frames_without(frames, n, &page->cmds, pl->plan.dirty, sf, pl->keys.sprite);
	else
		ndiff = celldiff_frames(frames, n, &page->cmds, pl->plan.dirty);

	/* plan: the keys against the page's, and every dirty cell sorted */
	plan_cells(pl, frames, sf, keyed, ndiff, page);
	return &pl->plan;
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
