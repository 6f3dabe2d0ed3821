/* present.c: puts the game's frames on the VGA pages, redrawing only the cells that changed. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "celldiff.h"
#include "crc32.h"
#include "frame.h"
#include "gfx.h"
#include "gfxcache.h"
#include "latebss.h"
#include "present.h"
#include "vga.h"

static LATE_BSS CellPage shown[VGA_PAGES];       /* what each page holds, cell by cell */
static uint8_t dirty[CELL_COUNT] __attribute__((aligned(4)));       /* the cells the last present_frames redrew */
static int8_t span_lo[CELL_ROWS], span_hi[CELL_ROWS];   /* dirty columns of each cell row (lo > hi: none) */

/* Which columns of each cell row are dirty, so commands and grid rows away from them cost a test. */
static void find_spans(const uint8_t *mask)
{
	for (int r = 0; r < CELL_ROWS; r++) {
		const uint8_t *d = mask + r * CELL_COLS;
		int lo = 0, hi = CELL_COLS - 1;

		while (lo < CELL_COLS && !d[lo])
			lo++;
		while (hi > lo && !d[hi])
			hi--;
		span_lo[r] = (int8_t)lo;
		span_hi[r] = (int8_t)(lo < CELL_COLS ? hi : -1);
	}
}

/* May the rectangle [x0, x1) x [y0, y1) touch a dirty cell? (false: skip the command) */
static bool touches_dirty(int x0, int y0, int x1, int y1)
{
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
		if (span_lo[r] <= cx1 && span_hi[r] >= cx0)
			return true;
	return false;
}

static void draw_cmds(const Frame *f, int page, const uint8_t *mask);
static int clip_x0, clip_y0, clip_x1 = VGA_W, clip_y1 = VGA_H;       /* as the driver has it */

static void set_clip(int x0, int y0, int x1, int y1)
{
	clip_x0 = x0;
	clip_y0 = y0;
	clip_x1 = x1;
	clip_y1 = y1;
	vga_set_clip(x0, y0, x1, y1);
}

/* Is the 8x8 cell at x, y wholly inside the clip rectangle? */
static bool clip_whole(int x, int y)
{
	return x >= clip_x0 && y >= clip_y0 && x + 8 <= clip_x1 && y + 8 <= clip_y1;
}

/* Does the command's rectangle reach a dirty cell? Clips, grids: always (they look for themselves). */
static bool cmd_may_draw(const Frame *f, const DrawCmd *c)
{
	int x = c->x, y = c->y, w = 8, h = 8;

	switch (c->kind) {
	case DRAW_FILL:
		w = c->w;
		h = c->h;
		break;
	case DRAW_IMAGE:
		if (c->id >= gfx_image_count)
			return false;
		x -= gfx_images[c->id].ox;
		y -= gfx_images[c->id].oy;
		w = gfx_images[c->id].w;
		h = gfx_images[c->id].h;
		break;
	case DRAW_TEXT:
		w = 0;
		for (const char *t = &f->text[c->id]; *t; t++)
			w += 8;
		break;
	case DRAW_TILE:
	case DRAW_MTILE:
		break;
	default:
		return true;
	}
	return touches_dirty(x, y, x + w, y + h);
}

/*
 * A grid (frame.h) cell by cell, only the cells the mask allows: the tile
 * (the empty one under a masked tile) and the masked tile; the front pass
 * draws the GRID_FRONT cells again. A grid off the cell lattice is drawn
 * as the commands it stands for.
 */
static void draw_grid(const Frame *f, const DrawCmd *c, int page, const uint8_t *mask)
{
	const uint16_t *g = f->grid;
	bool front = c->kind == DRAW_GRID_FRONT;

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
		draw_cmds(&flat, page, mask);
		return;
	}
	for (int r = 0; r < c->h; r++) {
		int cr = (c->y >> 3) + r, k0 = 0, k1 = c->w - 1, y = c->y + r * 8, blits = 0;
		int16_t ids[CELL_COLS];
		uint8_t late[CELL_COLS];        /* columns whose masked tile is blitted after the row */

		if (mask) {                     /* only this row's dirty columns */
			k0 = span_lo[cr] - (c->x >> 3);
			k1 = span_hi[cr] - (c->x >> 3);
			k0 = k0 < 0 ? 0 : k0;
			k1 = k1 >= c->w ? c->w - 1 : k1;
		}
		if (k0 > k1)
			continue;
		for (int k = k0; k <= k1; k++) {
			uint16_t code = g[r * c->w + k], id = code & GRID_ID;
			int x = c->x + k * 8, t;

			ids[k] = -1;
			if ((mask && !mask[cr * CELL_COLS + (c->x >> 3) + k]) || (front && !(code & GRID_FRONT)))
				continue;
			if (!(code & GRID_MASKED)) {
				if (id < gfx_tile_count)
					ids[k] = (int16_t)id;
			} else if (!front && clip_whole(x, y) && (t = gfxcache_mtile_on_empty(id)) >= 0) {
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

/* Every command of f, drawn only where the cell mask allows (tiles checked here, the rest in the driver). */
static void draw_cmds(const Frame *f, int page, const uint8_t *mask)
{
	for (int i = 0; i < f->count; i++) {
		const DrawCmd *c = &f->cmds[i];
		const VgaBitmap *b, *sb;
		int flags, x;

		if (mask && !cmd_may_draw(f, c))
			continue;               /* nowhere near a dirty cell */
		switch (c->kind) {
		case DRAW_FILL:
			vga_fill_rect(page, c->x, c->y, c->w, c->h, c->color);
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
			set_clip(c->x, c->y, c->x + c->w, c->y + c->h);
			break;
		case DRAW_MTILE:
			b = gfxcache_mtile(c->id);
			if (b)
				vga_blit_masked(page, c->x, c->y, b, 0, 0);
			break;
		case DRAW_GRID:
		case DRAW_GRID_FRONT:
			draw_grid(f, c, page, mask);
			break;
		}
	}
}

int present_frames(const Frame *const *frames, int n, int page)
{
	int count;

	if (!shown[page & 1].valid && shown[!(page & 1)].valid) {
		/* A page that holds nothing known (a level's first frames): start from the other one. */
		vga_copy_page(!(page & 1), page & 1);
		shown[page & 1] = shown[!(page & 1)];
	}
	count = celldiff_frames(frames, n, &shown[page & 1], dirty);
	const uint8_t *mask = count == CELL_COUNT ? NULL : dirty;

	if (!count)
		return 0;
	if (mask)
		find_spans(mask);
	vga_set_cell_mask(mask);
	for (int i = 0; i < n; i++) {
		set_clip(0, 0, VGA_W, VGA_H);           /* every frame starts unclipped */
		draw_cmds(frames[i], page, mask);
	}
	set_clip(0, 0, VGA_W, VGA_H);
	vga_set_cell_mask(NULL);
	return count;
}

void present_forget(void)
{
	for (int p = 0; p < VGA_PAGES; p++)
		shown[p].valid = false;
}

const uint8_t *present_changed_cells(void)
{
	return dirty;
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
