/* cellcomp.c: finds the grid cells whose picture is a tile with whole-cell sprites over it, and composes them. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "cmdbox.h"
#include "frame.h"
#include "gfx.h"

/*
 * Per cell, the plan's stamp when a command we do not compose touched it
 * (slow) or when its layers were counted (lay_at, lay_n): nothing to clear
 * between frames. Only cells of the grid are marked.
 */
static uint16_t stamp, slow[CELL_COUNT], lay_at[CELL_COUNT];
static uint8_t lay_n[CELL_COUNT];
static int gx0, gy0, gx1, gy1;          /* the grid, in cells */

/* Cells of [x0, x1) x [y0, y1) (pixels) inside the grid to the usual drawing. */
static void mark_slow(int x0, int y0, int x1, int y1)
{
	x0 = x0 < gx0 * 8 ? gx0 : x0 >> 3;
	y0 = y0 < gy0 * 8 ? gy0 : y0 >> 3;
	x1 = x1 > gx1 * 8 ? gx1 : (x1 + 7) >> 3;
	y1 = y1 > gy1 * 8 ? gy1 : (y1 + 7) >> 3;
	for (int cy = y0; cy < y1; cy++)
		for (int cx = x0; cx < x1; cx++)
			slow[cy * CELL_COLS + cx] = stamp;
}

/* Where command c may put pixels, as mark_slow takes it (clips and grids: nowhere). */
static void mark_cmd_slow(const Frame *f, const DrawCmd *c)
{
	int r[4];

	if (frame_cmd_box(c, f->text, r))
		mark_slow(r[0], r[1], r[2], r[3]);
}

/* Is a grid code one cellcomp_pixels can draw (a tile, or a masked tile, that exists)? */
static bool code_ok(uint16_t code)
{
	uint16_t id = code & GRID_ID;

	return (code & GRID_MASKED) ? id < gfx_mtile_count && TILE_EMPTY < gfx_tile_count : id < gfx_tile_count;
}

int cellcomp_plan(const Frame *const *frames, int n, const uint8_t *dirty, int cells[CELL_COUNT],
    CellKey keys[CELL_COUNT])
{
	static int16_t laid[CELL_COUNT], laid_at[CELL_COUNT];  /* cells given a layer, in that order; their grid index */
	const Frame *f = 0;
	const DrawCmd *g;
	int nlaid = 0, count = 0, front = 0;
	int kx0 = 0, ky0 = 0, kx1 = CELL_COLS, ky1 = CELL_ROWS;         /* the clip in cells, -1: off the lattice */

	for (int s = 0; s < n && !f; s++)
		if (frames[s]->grid_cmd >= 0 && frames[s]->grid_cmd < frames[s]->count)
			f = frames[s];
	if (!f)
		return 0;
	g = &f->cmds[f->grid_cmd];
	gx0 = g->x >> 3;
	gy0 = g->y >> 3;
	gx1 = gx0 + g->w;
	gy1 = gy0 + g->h;
	if ((g->x & 7) || (g->y & 7) || g->x < 0 || g->y < 0 || gx1 > CELL_COLS || gy1 > CELL_ROWS)
		return 0;
	if (++stamp == 0) {                     /* (wrapped: forget every old mark) */
		for (int i = 0; i < CELL_COUNT; i++)
			slow[i] = lay_at[i] = 0;
		stamp = 1;
	}
	for (int s = 0; s < n; s++) {
		const Frame *o = frames[s];

		for (int i = 0; i < o->count; i++) {
			const DrawCmd *c = &o->cmds[i];
			const GfxImage *im;
			int x0, y0, cx0, cy0, cx1, cy1, xa, xb, ya, yb;
			uint32_t base;

			if (o == f && c->kind == DRAW_CLIP) {   /* (each frame starts unclipped: f is the only one followed) */
				if ((c->x | c->y | c->w | c->h) & 7) {
					kx0 = -1;
					continue;
				}
				kx0 = c->x >> 3;
				ky0 = c->y >> 3;
				kx1 = (c->x + c->w) >> 3;
				ky1 = (c->y + c->h) >> 3;
				continue;
			}
			if (o != f || i < f->grid_cmd || front) {
				mark_cmd_slow(o, c);            /* (clips, grids: nothing) */
				continue;
			}
			if (c->kind == DRAW_GRID_FRONT) {
				front = 1;
				continue;
			}
			if (c->kind != DRAW_IMAGE || c->id >= gfx_image_count || c->id > 0xFF || kx0 < 0 ||
			    (c->flags & ~(DRAWF_FLIP_V | DRAWF_SILHOUETTE))) {
				mark_cmd_slow(o, c);            /* (and the grid itself: nothing) */
				continue;
			}
			im = &gfx_images[c->id];
			x0 = c->x - im->ox;
			y0 = c->y - im->oy;
			if ((x0 & 7) || im->w > 8 * 16 || im->h > 120 || !im->w || !im->h) {
				mark_cmd_slow(o, c);
				continue;
			}
			cx0 = x0 >> 3;                  /* (arithmetic shifts: floor) */
			cy0 = y0 >> 3;
			cx1 = ((x0 + im->w - 1) >> 3) + 1;
			cy1 = ((y0 + im->h - 1) >> 3) + 1;
			/* the cells under the image, the clip and the grid (the grid lies on the screen) */
			xa = cx0 > kx0 ? cx0 : kx0;
			xa = xa > gx0 ? xa : gx0;
			xb = cx1 < kx1 ? cx1 : kx1;
			xb = xb < gx1 ? xb : gx1;
			ya = cy0 > ky0 ? cy0 : ky0;
			ya = ya > gy0 ? ya : gy0;
			yb = cy1 < ky1 ? cy1 : ky1;
			yb = yb < gy1 ? yb : gy1;
			base = CELLCOMP_LAYER(c->id, 0, 0, c->flags, c->color & 15);
			for (int cy = ya; cy < yb; cy++) {
				uint32_t row = base | CELLCOMP_LAYER(0, 0, cy * 8 - y0, 0, 0);
				int cell = cy * CELL_COLS + xa, at = (cy - gy0) * g->w + xa - gx0;

				for (int cx = xa; cx < xb; cx++, cell++, at++) {
					int k;

					if (dirty && !dirty[cell])
						continue;
					if (lay_at[cell] != stamp) {
						lay_at[cell] = stamp;
						lay_n[cell] = 0;
						laid_at[nlaid] = (int16_t)at;
						laid[nlaid++] = (int16_t)cell;
					}
					k = lay_n[cell];
					if (k >= CELLCOMP_LAYERS) {
						slow[cell] = stamp;
						continue;
					}
					keys[cell].layer[k] = row | (uint32_t)(cx - cx0) << 8;
					lay_n[cell] = (uint8_t)(k + 1);
				}
			}
		}
	}
	if (!front)
		return 0;                               /* a grid without its front pass: not ours to compose */
	for (int i = 0; i < nlaid; i++) {
		int cell = laid[i], k = lay_n[cell];
		uint16_t code;

		if (slow[cell] == stamp)
			continue;
		code = f->grid[laid_at[i]];
		if (!code_ok(code))
			continue;
		keys[cell].code = code;
		keys[cell].n = (uint8_t)k;
		keys[cell].pad = 0;
		for (; k < CELLCOMP_LAYERS; k++)
			keys[cell].layer[k] = 0;
		cells[count++] = cell;
	}
	return count;
}

/* Opaque pixels of an 8x8 masked picture over px. */
static void over(uint8_t px[64], const uint8_t *m)
{
	for (int i = 0; i < 64; i++)
		if (m[i] != GFX_TRANSPARENT)
			px[i] = m[i];
}

void cellcomp_pixels(const CellKey *k, uint8_t px[64])
{
	uint16_t id = k->code & GRID_ID;
	const uint8_t *t = (k->code & GRID_MASKED) ? gfx_tiles[TILE_EMPTY] : gfx_tiles[id];

	for (int i = 0; i < 64; i++)
		px[i] = t[i];
	if (k->code & GRID_MASKED)
		over(px, gfx_mtiles[id]);
	for (int l = 0; l < k->n && l < CELLCOMP_LAYERS; l++) {
		uint32_t v = k->layer[l];
		const GfxImage *im = &gfx_images[v & 0xFF];
		int cx = (v >> 8) & 15, sy = (int8_t)(uint8_t)(v >> 12), flags = (v >> 20) & 3, color = (v >> 22) & 15;

		for (int r = 0; r < 8; r++) {
			int sr = sy + r;
			const uint8_t *row;

			if (sr < 0 || sr >= im->h)
				continue;
			if (flags & DRAWF_FLIP_V)
				sr = im->h - 1 - sr;
			row = im->px + sr * im->w + cx * 8;
			for (int x = 0; x < 8 && cx * 8 + x < im->w; x++)
				if (row[x] != GFX_TRANSPARENT)
					px[r * 8 + x] = (flags & DRAWF_SILHOUETTE) ? (uint8_t)color : row[x];
		}
	}
	if (k->code & GRID_FRONT) {
		if (k->code & GRID_MASKED)
			over(px, gfx_mtiles[id]);
		else
			for (int i = 0; i < 64; i++)
				px[i] = t[i];
	}
}

/*
 * NOTE: the factor is a variable so that GCC emits one IMUL: tuned for the
 * 486 it spells a constant product out in ~20 shifts and adds.
 */
static uint32_t hash_factor = 0x9E3779B1u;

uint32_t cellcomp_hash(const CellKey *k)
{
	uint32_t h = k->code;

	for (int l = 0; l < k->n && l < CELLCOMP_LAYERS; l++)
		h = (h ^ k->layer[l]) * hash_factor;
	return h ^ h >> 15;
}
