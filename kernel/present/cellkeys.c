/* cellkeys.c: the keys stage — a frame's grid cells as keys: the sprites over them as layers, the commands over them as overlay bits. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "cellkeys.h"
#include "celldiff.h"
#include "cmdbox.h"
#include "frame.h"
#include "gfx.h"
#include "stages.h"

/* Cell `cell` of the grid gets a key this frame. */
static inline __attribute__((always_inline)) void touch(FrameKeys *fk, int cell)
{
	if (fk->at[cell] == fk->stamp)
		return;
	fk->at[cell] = fk->stamp;
	fk->cur[cell].n = 0;
	fk->cur[cell].mark = MARK_PICTURE;
	fk->cur_ovl[cell] = 0;
	fk->list[fk->nlist++] = (int16_t)cell;
}

/* Where command c may put pixels, unclipped (grids too), in cells of the grid: false if none. */
static bool grid_cells(const FrameKeys *fk, const DrawCmd *c, const char *text, int r[4])
{
	int b[4];

	if (c->kind == DRAW_GRID || c->kind == DRAW_GRID_FRONT) {
		b[0] = c->x;
		b[1] = c->y;
		b[2] = c->x + c->w * 8;
		b[3] = c->y + c->h * 8;
	} else if (!frame_cmd_box(c, text, b)) {
		return false;                   /* a clip draws nothing */
	}
	r[0] = b[0] < fk->gx0 * 8 ? fk->gx0 : b[0] >> 3;
	r[1] = b[1] < fk->gy0 * 8 ? fk->gy0 : b[1] >> 3;
	r[2] = b[2] > fk->gx1 * 8 ? fk->gx1 : (b[2] + 7) >> 3;
	r[3] = b[3] > fk->gy1 * 8 ? fk->gy1 : (b[3] + 7) >> 3;
	return r[0] < r[2] && r[1] < r[3];
}

/*
 * A command drawn over the grid that is not a layer: before the front
 * pass its cells take every command (the front pass would have to be
 * redrawn over it); after, it gets the next overlay bit (past
 * CELLKEYS_OVERLAYS of them: every command there too), set in its cells
 * by overlay_bits.
 */
static void overlay(FrameKeys *fk, const DrawCmd *c, const char *text, bool front)
{
	int r[4];

	if (c->kind == DRAW_CLIP || (c->kind != DRAW_IMAGE && c->y >= fk->gy1 * 8))
		return;                         /* (all below the grid: an image may reach above its y, nothing else) */
	if (!grid_cells(fk, c, text, r))
		return;
	if (front && fk->novl < CELLKEYS_OVERLAYS) {
		fk->ovl[fk->novl] = c;
		fk->ovl_text[fk->novl++] = text;
		return;
	}
	for (int cy = r[1]; cy < r[3]; cy++)
		for (int cell = cy * CELL_COLS + r[0]; cell < cy * CELL_COLS + r[2]; cell++) {
			touch(fk, cell);
			fk->cur[cell].mark = MARK_ALL;
		}
}

/*
 * The overlays' bits into the cells they touch. A cell a fill covers
 * whole shows nothing of what came before it: its key keeps only that
 * fill's bit and the later ones (MARK_COVERED: no grid code, no layers), so
 * a label over a scrolling view leaves the cells it covers alone. The same
 * overlays as last time (a label that stays put) replay the cells, bits
 * and covers found then.
 */
static void overlay_bits(FrameKeys *fk)
{
	OverlayCache *oc = &fk->ovl_cache;

	if (!cellkeys_same_overlays(fk, &oc->of)) {
		oc->ncells = 0;
		for (int b = 0; b < fk->novl; b++) {
			const DrawCmd *c = fk->ovl[b];
			int r[4];

			grid_cells(fk, c, fk->ovl_text[b], r);
			for (int cy = r[1]; cy < r[3]; cy++)
				for (int cell = cy * CELL_COLS + r[0]; cell < cy * CELL_COLS + r[2]; cell++) {
					int i, x = cell % CELL_COLS * 8;

					if (!oc->seen[cell]) {
						oc->cells[oc->ncells] = (int16_t)cell;
						oc->bits[oc->ncells] = 0;
						oc->cover[oc->ncells++] = 0;
						oc->seen[cell] = (int16_t)oc->ncells;
					}
					i = oc->seen[cell] - 1;
					oc->bits[i] |= 1u << b;
					if (c->kind == DRAW_FILL && c->x <= x && c->x + c->w >= x + 8 && c->y <= cy * 8 &&
					    c->y + c->h >= cy * 8 + 8) {
						oc->bits[i] = 1u << b;  /* (what came before it is hidden) */
						oc->cover[i] = (uint8_t)(b + 1);
					}
				}
		}
		for (int i = 0; i < oc->ncells; i++)
			oc->seen[oc->cells[i]] = 0;
		celldiff_keep_copy(&oc->of, fk->ovl, fk->ovl_text, fk->novl);
	}
	for (int i = 0; i < oc->ncells; i++) {
		int cell = oc->cells[i];

		touch(fk, cell);
		if (oc->cover[i]) {
			fk->cur[cell].mark = MARK_COVERED;
			fk->cur[cell].n = 0;
			fk->cur_ovl[cell] = oc->bits[i];
		} else {
			fk->cur_ovl[cell] |= oc->bits[i];
		}
	}
}

/* An image that is one of the keys' layers: its left edge on a byte, all of it that shows on the grid. */
static bool layer(FrameKeys *fk, const DrawCmd *c, const int k[4])
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
	if (xa < xb && ya < yb && (xa < fk->gx0 || ya < fk->gy0 || xb > fk->gx1 || yb > fk->gy1))
		return false;
	base = CELLCOMP_LAYER(c->id, 0, 0, c->flags, c->color & 15);
	for (int cy = ya; cy < yb; cy++) {
		uint32_t v = base | CELLCOMP_LAYER(0, xa - cx0, cy * 8 - y0, 0, 0);

		for (int cell = cy * CELL_COLS + xa; cell < cy * CELL_COLS + xb; cell++, v += 1u << 8) {
			CellKey *key = &fk->cur[cell];
			int n;

			touch(fk, cell);
			n = key->n;
			if (n >= CELLCOMP_LAYERS) {
				key->mark = MARK_ALL;
				continue;
			}
			key->layer[n] = v;
			key->n = (uint8_t)(n + 1);
		}
	}
	return true;
}

/* fk->gidx[] for the grid fk->gx0..gy1, unless it is made for that grid already. */
static void grid_index(FrameKeys *fk)
{
	if (fk->gidx_made && fk->gidx_for[0] == fk->gx0 && fk->gidx_for[1] == fk->gy0 &&
	    fk->gidx_for[2] == fk->gx1 && fk->gidx_for[3] == fk->gy1)
		return;
	for (int cell = 0; cell < CELL_COUNT; cell++) {
		int cx = cell % CELL_COLS, cy = cell / CELL_COLS;

		fk->gidx[cell] = (int16_t)(cx >= fk->gx0 && cx < fk->gx1 && cy >= fk->gy0 && cy < fk->gy1 ?
		    (cy - fk->gy0) * (fk->gx1 - fk->gx0) + cx - fk->gx0 : -1);
	}
	fk->gidx_made = true;
	fk->gidx_for[0] = fk->gx0;
	fk->gidx_for[1] = fk->gy0;
	fk->gidx_for[2] = fk->gx1;
	fk->gidx_for[3] = fk->gy1;
}

bool cellkeys_build(FrameKeys *fk, const Frame *const *frames, int n, int sf)
{
	const Frame *f;
	const DrawCmd *g;
	int k[4] = { 0, 0, CELL_COLS, CELL_ROWS };      /* the clip in cells; k[0] -1: off the lattice */
	bool front = false;

	STAGE_ENTERED(STAGE_KEYS);
	if (sf < 0 || sf >= n)
		return false;
	f = frames[sf];
	g = &f->cmds[f->grid_cmd];
	fk->gx0 = g->x >> 3;
	fk->gy0 = g->y >> 3;
	fk->gx1 = fk->gx0 + g->w;
	fk->gy1 = fk->gy0 + g->h;
	if ((g->x & 7) || (g->y & 7) || g->x < 0 || g->y < 0 || fk->gx1 > CELL_COLS || fk->gy1 > CELL_ROWS)
		return false;
	grid_index(fk);
	if (++fk->stamp == 0) {                    /* (wrapped: forget every old mark) */
		for (int i = 0; i < CELL_COUNT; i++)
			fk->at[i] = 0;
		fk->stamp = 1;
	}
	fk->nlist = 0;
	fk->novl = 0;
	for (int i = 0; i < f->count; i++)
		fk->sprite[i] = 0;
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
		} else if (!front && layer(fk, c, k)) {
			fk->sprite[i] = 1;
		} else {
			overlay(fk, c, f->text, front);
		}
	}
	for (int s = sf + 1; s < n; s++) {
		int before = fk->novl, listed = fk->nlist;

		if (frames[s] == fk->clear_of && frames[s]->gen == fk->clear_gen)
			continue;
		for (int i = 0; i < frames[s]->count; i++)
			overlay(fk, &frames[s]->cmds[i], frames[s]->text, true);
		if (fk->novl == before && fk->nlist == listed) {
			fk->clear_of = frames[s];
			fk->clear_gen = frames[s]->gen;
		}
	}
	overlay_bits(fk);
	return front;
}
