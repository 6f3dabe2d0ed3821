/* vgadraw.c: mode 0Dh drawing — set/reset fills, latched tile copies, masked blits, text; all honour the cell mask. */
#include <stdbool.h>
#include <stdint.h>

#include "latebss.h"
#include "vga.h"
#include "vgaregs.h"

/* Is any cell of byte columns bx0..bx1, lines y0..y1 (inclusive, on screen) open? */
static bool any_open(int y0, int y1, int bx0, int bx1)
{
	if (!vga_st.cell_mask)
		return true;
	for (int cy = y0 >> 3; cy <= y1 >> 3; cy++)
		for (int bx = bx0; bx <= bx1; bx++)
			if (vga_st.cell_mask[cy * VGA_STRIDE + bx])
				return true;
	return false;
}

/* Rows [y0, y1) of byte columns bx0..bx1 in the set/reset colour; lm, rm: the edge bytes' bits. */
static void fill_run(volatile uint8_t *base, int y0, int y1, int bx0, int bx1, uint8_t lm, uint8_t rm)
{
	if (bx0 == bx1)
		lm &= rm;
	for (int row = y0; row < y1; row++) {
		volatile uint8_t *p = base + row * VGA_STRIDE;
		int bx = bx0, last = bx1;

		if (lm != 0xFF) {
			gc_set(GC_BIT_MASK, lm);
			(void)p[bx];                    /* latches keep the pixels outside the mask */
			vram_write(p + bx, 0xFF);
			bx++;
		}
		if (rm != 0xFF && last >= bx)
			last--;
		if (bx <= last) {
			gc_set(GC_BIT_MASK, 0xFF);
			vga_st.written += (uint32_t)(last - bx + 1);    /* (counted once a run) */
			/*
			 * Whole bytes four at a time where aligned: a 32-bit write is four
			 * byte writes to VGA memory (the bus splits it; each address takes
			 * the set/reset colour alike), and a quarter of the trips to it.
			 */
			for (; bx <= last && ((uintptr_t)(p + bx) & 3); bx++)
				p[bx] = 0xFF;
			for (; bx + 3 <= last; bx += 4)
				*(volatile vram_word *)(p + bx) = 0xFFFFFFFFu;
			for (; bx <= last; bx++)
				p[bx] = 0xFF;
		}
		if (rm != 0xFF && bx1 >= bx0 + (lm != 0xFF)) {
			gc_set(GC_BIT_MASK, rm);
			(void)p[bx1];
			vram_write(p + bx1, 0xFF);
		}
	}
}

/*
 * Fill with the set/reset colour: whole bytes take it as they are, partial
 * edge bytes through the bit mask over the latches. Honours the cell mask.
 */
void vga_fill_rect(int page, int x, int y, int w, int h, int color)
{
	volatile uint8_t *base = page_base(page);
	int x1 = x + w, y1 = y + h, row, bx, bx0, bx1;
	uint8_t lmask, rmask;

	if (x < 0) x = 0;
	if (y < 0) y = 0;
	if (x1 > VGA_W) x1 = VGA_W;
	if (y1 > VGA_H) y1 = VGA_H;
	if (x >= x1 || y >= y1)
		return;
	bx0 = x >> 3;
	bx1 = (x1 - 1) >> 3;
	lmask = (uint8_t)(0xFF >> (x & 7));
	rmask = (uint8_t)(0xFF << (7 - ((x1 - 1) & 7)));
	if (bx0 == bx1)
		lmask &= rmask;

	mode0(0x0F);
	gc_set(GC_SET_RESET, (uint8_t)(color & 0x0F));
	for (row = y; row < y1; ) {
		int band = (row | 7) + 1;               /* the end of this cell row */

		if (band > y1)
			band = y1;
		for (bx = bx0; bx <= bx1; bx++) {
			int run;

			if (!cell_open(row, bx))
				continue;
			for (run = bx; run < bx1 && cell_open(row, run + 1); run++)
				;                       /* open cells bx..run: one rectangle */
			fill_run(base, row, band, bx, run, bx == bx0 ? lmask : 0xFF, run == bx1 ? rmask : 0xFF);
			bx = run;
		}
		row = band;
	}
}

void vga_pixel(int page, int x, int y, int color)
{
	vga_fill_rect(page, x, y, 1, 1, color);
}

/*
 * One 8x8 tile in write mode 1 (set by the caller): eight latch loads from
 * the tile store, each stored to the next row of the cell; unrolled.
 */
static inline __attribute__((always_inline)) void latch_rows8(volatile uint8_t *src, volatile uint8_t *dst)
{
	(void)src[0]; dst[0 * VGA_STRIDE] = 0;
	(void)src[1]; dst[1 * VGA_STRIDE] = 0;
	(void)src[2]; dst[2 * VGA_STRIDE] = 0;
	(void)src[3]; dst[3 * VGA_STRIDE] = 0;
	(void)src[4]; dst[4 * VGA_STRIDE] = 0;
	(void)src[5]; dst[5 * VGA_STRIDE] = 0;
	(void)src[6]; dst[6 * VGA_STRIDE] = 0;
	(void)src[7]; dst[7 * VGA_STRIDE] = 0;
}

/* The same, counted. */
static inline __attribute__((always_inline)) void latch_copy8(volatile uint8_t *src, volatile uint8_t *dst)
{
	latch_rows8(src, dst);
	vga_st.written += 8;
}

/*
 * Latched copy (write mode 1): one read and one write move 8 pixels of all
 * 4 planes. The mode stays set for the next tile; a tile on a cell row is
 * 8 unrolled read/write pairs. Honours the cell mask.
 */
void vga_draw_tile(int page, int x, int y, int tile)
{
	volatile uint8_t *src, *dst;
	int row;

	if (tile < 0 || tile >= VGA_MAX_TILES || (x & 7) || x < 0 || x >= VGA_W)
		return;
	src = VRAM + TILE_STORE + tile * 8;
	dst = page_base(page) + (x >> 3);
	gc_set(GC_MODE, MODE_WRITE1);
	map_mask_set(0x0F);
	if (y >= 0 && y <= VGA_H - 8 && !(y & 7)) {
		if (!cell_open(y, x >> 3))
			return;
		dst += y * VGA_STRIDE;
		latch_copy8(src, dst);
		return;
	}
	for (row = 0; row < 8; row++) {
		int yy = y + row;

		if (yy < 0 || yy >= VGA_H || !cell_open(yy, x >> 3))
			continue;
		(void)src[row];
		vram_write(dst + yy * VGA_STRIDE, 0);
	}
}

/*
 * A row of tiles at x, x+8, ... on line y (a multiple of 8, on screen):
 * tiles[k] < 0 leaves that cell alone. Write mode 1 is set once; each tile
 * is 8 unrolled latch loads and stores. Ignores the cell mask (the caller
 * chose the cells).
 */
void vga_draw_tile_row(int page, int x, int y, const int16_t *tiles, int n)
{
	volatile uint8_t *dst;

	if ((x & 7) || (y & 7) || x < 0 || y < 0 || y > VGA_H - 8 || x + n * 8 > VGA_W)
		return;
	dst = page_base(page) + y * VGA_STRIDE + (x >> 3);
	gc_set(GC_MODE, MODE_WRITE1);
	map_mask_set(0x0F);
	for (int k = 0; k < n; k++, dst++) {
		volatile uint8_t *src;

		if (tiles[k] < 0 || tiles[k] >= VGA_MAX_TILES)
			continue;
		src = VRAM + TILE_STORE + tiles[k] * 8;
		latch_copy8(src, dst);
	}
}

/* n latched tile copies: tiles[k] into cell cells[k] (row * 40 + column) of page; bad entries are skipped. */
void vga_copy_tiles(int page, const int16_t *cells, const int16_t *tiles, int n)
{
	static uint16_t at[VGA_STRIDE * (VGA_H / 8)];   /* a cell's first byte in a page */
	volatile uint8_t *base = page_base(page);
	int skipped = 0;

	if (!at[1])
		for (int c = 0; c < VGA_STRIDE * (VGA_H / 8); c++)
			at[c] = (uint16_t)(c / VGA_STRIDE * 8 * VGA_STRIDE + c % VGA_STRIDE);
	gc_set(GC_MODE, MODE_WRITE1);
	map_mask_set(0x0F);
	for (const int16_t *end = cells + n; cells < end; cells++, tiles++) {
		unsigned cell = (unsigned)*cells, tile = (unsigned)*tiles;

		if (tile >= VGA_MAX_TILES || cell >= VGA_STRIDE * (VGA_H / 8)) {
			skipped++;
			continue;
		}
		/*
		 * The eight latch loads and stores in registers: what
		 * latch_rows8 does, without GCC spilling the loop's state
		 * around them (~10 instructions a cell fewer).
		 */
		__asm__ volatile(
		    "movb (%0), %%al\n\tmovb %%al, 0*40(%1)\n\t"
		    "movb 1(%0), %%al\n\tmovb %%al, 1*40(%1)\n\t"
		    "movb 2(%0), %%al\n\tmovb %%al, 2*40(%1)\n\t"
		    "movb 3(%0), %%al\n\tmovb %%al, 3*40(%1)\n\t"
		    "movb 4(%0), %%al\n\tmovb %%al, 4*40(%1)\n\t"
		    "movb 5(%0), %%al\n\tmovb %%al, 5*40(%1)\n\t"
		    "movb 6(%0), %%al\n\tmovb %%al, 6*40(%1)\n\t"
		    "movb 7(%0), %%al\n\tmovb %%al, 7*40(%1)"
		    : : "r"(VRAM + TILE_STORE + tile * 8), "r"(base + at[cell]) : "eax", "memory");
	}
	vga_st.written += 8 * (uint32_t)(n - skipped);
}

/* Masks of one blit, shifted to the screen's bytes and clipped (rows x bytes). */
static LATE_BSS uint8_t blit_mask[VGA_H][VGA_STRIDE + 1];

/*
 * Masked blit in write mode 0. First the picture's mask, shifted to its x
 * and clipped (rectangle, cell mask), once for all planes; then for each
 * plane, selected for writing (map mask) and reading (read map select),
 * merge the shifted picture bits under that mask into what is there.
 */
void vga_blit_masked(int page, int x, int y, const VgaBitmap *b, int flags, int color)
{
	volatile uint8_t *base = page_base(page);
	int q = x >> 3, sh = x & 7, r, j, r0 = 0, r1 = b->h, j0 = 0, j1, p;
	int stride = b->stride, writes = 0;     /* bytes vga_st.written per plane */

	if (y < vga_st.clip_y0) r0 = vga_st.clip_y0 - y;
	if (y + r1 > vga_st.clip_y1) r1 = vga_st.clip_y1 - y;
	j1 = stride - (sh == 0);                /* a shifted row spills into one more byte */
	if (q + j0 < vga_st.clip_x0 >> 3) j0 = (vga_st.clip_x0 >> 3) - q;
	if (q + j1 > (vga_st.clip_x1 - 1) >> 3) j1 = ((vga_st.clip_x1 - 1) >> 3) - q;
	if (r0 >= r1 || j0 > j1 || x + b->w <= vga_st.clip_x0 || x >= vga_st.clip_x1 || b->h > VGA_H || stride > VGA_STRIDE)
		return;                         /* (nothing to draw, or bigger than the screen: never) */
	if (!any_open(y + r0, y + r1 - 1, q + j0, q + j1))
		return;

	for (r = r0; r < r1; r++) {
		int sr = (flags & VGA_BLIT_FLIP_V) ? b->h - 1 - r : r;
		const uint8_t *mrow = b->mask + sr * stride;
		const uint8_t *cm = vga_st.cell_mask ? vga_st.cell_mask + ((y + r) >> 3) * VGA_STRIDE + q : 0;
		uint8_t *out = blit_mask[r];

		for (j = j0; j <= j1; j++) {
			uint8_t m;

			if (!sh) {
				m = mrow[j];
			} else {
				unsigned hi = j > 0 ? mrow[j - 1] : 0, lo = j < stride ? mrow[j] : 0;

				m = (uint8_t)(hi << (8 - sh) | lo >> sh);
			}
			if (m && (j == j0 || j == j1))
				m &= clip_bits(q + j);
			if (cm && !cm[j])
				m = 0;
			out[j] = m;
			writes += m != 0;
		}
	}
	if (!writes)
		return;

	mode0(0x00);
	gc_set(GC_BIT_MASK, 0xFF);
	for (p = 0; p < 4; p++) {
		uint8_t fill = (color >> p) & 1 ? 0xFF : 0x00;

		map_mask_set((uint8_t)(1 << p));
		gc_set(GC_READ_MAP, (uint8_t)p);
		for (r = r0; r < r1; r++) {
			int sr = (flags & VGA_BLIT_FLIP_V) ? b->h - 1 - r : r;
			const uint8_t *prow = b->plane[p] + sr * stride;
			const uint8_t *mrow = blit_mask[r];
			volatile uint8_t *d = base + (y + r) * VGA_STRIDE + q;

			if (!sh && !(flags & VGA_BLIT_SILHOUETTE)) {
				for (j = j0; j <= j1; j++) {    /* byte-aligned: the common case */
					uint8_t m = mrow[j];

					if (m == 0xFF)
						d[j] = prow[j];         /* opaque byte: no read */
					else if (m)
						d[j] = (uint8_t)((d[j] & ~m) | (prow[j] & m));
				}
				continue;
			}
			for (j = j0; j <= j1; j++) {
				uint8_t m = mrow[j], s;

				if (!m)
					continue;
				if (flags & VGA_BLIT_SILHOUETTE) {
					s = fill;
				} else {
					unsigned hi = j > 0 ? prow[j - 1] : 0, lo = j < stride ? prow[j] : 0;

					s = (uint8_t)(hi << (8 - sh) | lo >> sh);
				}
				d[j] = (uint8_t)((d[j] & ~m) | (s & m));
			}
		}
	}
	vga_st.written += 4 * (uint32_t)writes;
	map_mask_set(0x0F);
}

/* Glyphs are drawn as bit masks over the set/reset colour, so any x works. */
void vga_text(int page, int x, int y, const char *s, int color)
{
	volatile uint8_t *base = page_base(page);
	int row;

	if (!vga_st.font)
		return;
	mode0(0x0F);
	gc_set(GC_SET_RESET, (uint8_t)(color & 0x0F));
	for (; *s; s++, x += 8) {
		const uint8_t *g = vga_st.font[(uint8_t)*s & 0x7F];
		int bx = x >> 3, sh = x & 7;

		if (x <= -8 || x >= VGA_W)
			continue;
		if (!sh && !(y & 7) && y >= vga_st.clip_y0 && y + 8 <= vga_st.clip_y1 && y + 8 <= VGA_H &&
		    x >= vga_st.clip_x0 && x + 8 <= vga_st.clip_x1) {
			volatile uint8_t *d = base + y * VGA_STRIDE + bx;

			if (!cell_open(y, bx))
				continue;               /* a glyph in one whole cell: no clipping, one test */
			for (row = 0; row < 8; row++, d += VGA_STRIDE)
				if (g[row]) {
					gc_set(GC_BIT_MASK, g[row]);
					(void)*d;
					vram_write(d, 0xFF);
				}
			continue;
		}
		if (vga_st.cell_mask) {
			int ya = y < vga_st.clip_y0 ? vga_st.clip_y0 : y, yb = y + 7 >= vga_st.clip_y1 ? vga_st.clip_y1 - 1 : y + 7;

			if (ya > yb || !any_open(ya, yb, bx < 0 ? 0 : bx, bx + 1 < VGA_STRIDE ? bx + 1 : bx))
				continue;
		}
		{
			/* the clip's bits of the glyph's two bytes, and their cells' mask a cell row at a time */
			uint8_t lclip = bx >= 0 ? clip_bits(bx) : 0, rclip = sh && bx + 1 < VGA_STRIDE ? clip_bits(bx + 1) : 0;
			int r0 = y < vga_st.clip_y0 ? vga_st.clip_y0 - y : 0, r1 = y + 8 > vga_st.clip_y1 ? vga_st.clip_y1 - y : 8;
			int band = -1;
			uint8_t lm = 0, rm = 0;

			for (row = r0; row < r1; row++) {
				volatile uint8_t *d = base + (y + row) * VGA_STRIDE;
				uint8_t left, right;

				if ((y + row) >> 3 != band) {
					band = (y + row) >> 3;
					lm = lclip && cell_open(y + row, bx) ? lclip : 0;
					rm = rclip && cell_open(y + row, bx + 1) ? rclip : 0;
				}
				left = (uint8_t)(g[row] >> sh) & lm;
				right = (uint8_t)(g[row] << (8 - sh)) & rm;
				if (left) {
					gc_set(GC_BIT_MASK, left);
					(void)d[bx];
					vram_write(d + bx, 0xFF);
				}
				if (right) {
					gc_set(GC_BIT_MASK, right);
					(void)d[bx + 1];
					vram_write(d + bx + 1, 0xFF);
				}
			}
		}
	}
}
