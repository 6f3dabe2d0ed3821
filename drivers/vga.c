/* vga.c: mode 0Dh set by register writes, planar drawing through latches, set/reset and map masks. */
#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "vga.h"

/* Ports. */
#define VGA_AC_INDEX    0x03C0          /* attribute controller: index/data flip-flop */
#define VGA_MISC_WRITE  0x03C2
#define VGA_SEQ_INDEX   0x03C4
#define VGA_SEQ_DATA    0x03C5
#define VGA_DAC_WINDEX  0x03C8
#define VGA_DAC_DATA    0x03C9
#define VGA_GC_INDEX    0x03CE
#define VGA_GC_DATA     0x03CF
#define VGA_CRTC_INDEX  0x03D4
#define VGA_CRTC_DATA   0x03D5
#define VGA_INSTAT1     0x03DA          /* input status 1; reading resets the AC flip-flop */

/* Register indices and bits. */
#define SEQ_RESET       0x00
#define SEQ_MAP_MASK    0x02
#define GC_SET_RESET    0x00
#define GC_ENABLE_SR    0x01
#define GC_FUNC_SELECT  0x03
#define GC_READ_MAP     0x04
#define GC_MODE         0x05
#define GC_BIT_MASK     0x08
#define CRTC_START_HI   0x0C
#define CRTC_START_LO   0x0D
#define CRTC_VSYNC_END  0x11            /* bit 7: protect indices 0-7 */
#define AC_ENABLE_VIDEO 0x20
#define INSTAT1_VRETRACE 0x08
#define MODE_WRITE0     0x00
#define MODE_WRITE1     0x01            /* latched copy */

#define VRAM            ((volatile uint8_t *)0xA0000)
#define PAGE_SPAN       0x2000          /* page n starts at n * PAGE_SPAN */
#define TILE_STORE      0x4000          /* off-screen 8x8 tiles, 8 bytes each */
#define RETRACE_SPIN    100000          /* QEMU fakes the bit: never wait unbounded */

/* Mode 0Dh register values (SeaBIOS tables / FreeVGA, see HARDWARE.md). */
static const uint8_t misc_0d = 0x63;
static const uint8_t seq_0d[5] = { 0x03, 0x09, 0x0F, 0x00, 0x06 };
static const uint8_t crtc_0d[25] = {
	0x2D, 0x27, 0x28, 0x90, 0x2B, 0x80, 0xBF, 0x1F,
	0x00, 0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x9C, 0x8E, 0x8F, 0x14, 0x00, 0x96, 0xB9, 0xE3, 0xFF,
};
static const uint8_t gc_0d[9] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x0F, 0xFF };
static const uint8_t ac_0d[21] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x01, 0x00, 0x0F, 0x00, 0x00,
};

static int front;                       /* page on screen */
static const uint8_t (*font)[8];
static uint32_t written;                /* VRAM byte writes, for benchmarks */
static int clip_x0, clip_y0, clip_x1 = VGA_W, clip_y1 = VGA_H;
static const uint8_t *cell_mask;        /* vga_set_cell_mask: NULL = write everywhere */

/*
 * The graphics controller and map mask registers as last written, so a
 * primitive sets what it needs and a run of tiles or glyphs changes no
 * register it does not have to (each OUT is slow on an ISA card).
 */
static uint8_t gc_now[9], map_mask_now;

void vga_set_clip(int x0, int y0, int x1, int y1)
{
	clip_x0 = x0 < 0 ? 0 : x0;
	clip_y0 = y0 < 0 ? 0 : y0;
	clip_x1 = x1 > VGA_W ? VGA_W : x1;
	clip_y1 = y1 > VGA_H ? VGA_H : y1;
}

void vga_set_cell_mask(const uint8_t *mask)
{
	cell_mask = mask;
}

/* May byte column bx of line y be written (the cell mask)? */
static inline bool cell_open(int y, int bx)
{
	return !cell_mask || cell_mask[(y >> 3) * VGA_STRIDE + bx];
}

/* Is any cell of byte columns bx0..bx1, lines y0..y1 (inclusive, on screen) open? */
static bool any_open(int y0, int y1, int bx0, int bx1)
{
	if (!cell_mask)
		return true;
	for (int cy = y0 >> 3; cy <= y1 >> 3; cy++)
		for (int bx = bx0; bx <= bx1; bx++)
			if (cell_mask[cy * VGA_STRIDE + bx])
				return true;
	return false;
}

/* Bits of byte column bx that lie inside the clip rectangle's columns. */
static inline uint8_t clip_bits(int bx)
{
	int l = clip_x0 - bx * 8, r = bx * 8 + 8 - clip_x1;
	uint8_t m = 0xFF;

	if (l > 0)
		m = l >= 8 ? 0 : (uint8_t)(m >> l);
	if (r > 0)
		m &= r >= 8 ? 0 : (uint8_t)(0xFF << r);
	return m;
}

static inline void seq_write(uint8_t idx, uint8_t v) { outw(VGA_SEQ_INDEX, (uint16_t)(v << 8 | idx)); }
static inline void gc_write(uint8_t idx, uint8_t v) { outw(VGA_GC_INDEX, (uint16_t)(v << 8 | idx)); }
static inline void crtc_write(uint8_t idx, uint8_t v) { outw(VGA_CRTC_INDEX, (uint16_t)(v << 8 | idx)); }

static inline void gc_set(uint8_t idx, uint8_t v)
{
	if (gc_now[idx] != v) {
		gc_now[idx] = v;
		gc_write(idx, v);
	}
}

static inline void map_mask_set(uint8_t v)
{
	if (map_mask_now != v) {
		map_mask_now = v;
		seq_write(SEQ_MAP_MASK, v);
	}
}

static inline volatile uint8_t *page_base(int page)
{
	return VRAM + (page & 1) * PAGE_SPAN;
}

static inline void vram_write(volatile uint8_t *p, uint8_t v)
{
	*p = v;
	written++;
}

/* Write mode 0, all planes; sr: planes taking the set/reset colour instead of the CPU's byte. */
static inline void mode0(uint8_t sr)
{
	gc_set(GC_MODE, MODE_WRITE0);
	gc_set(GC_ENABLE_SR, sr);
	map_mask_set(0x0F);
}

/* Put the registers we use in a known state, and the shadows with them. */
static void gc_defaults(void)
{
	gc_write(GC_SET_RESET, 0x00);
	gc_write(GC_MODE, MODE_WRITE0);
	gc_write(GC_ENABLE_SR, 0x00);
	gc_write(GC_FUNC_SELECT, 0x00);
	gc_write(GC_READ_MAP, 0x00);
	gc_write(GC_BIT_MASK, 0xFF);
	seq_write(SEQ_MAP_MASK, 0x0F);
	gc_now[GC_SET_RESET] = 0x00;
	gc_now[GC_MODE] = MODE_WRITE0;
	gc_now[GC_ENABLE_SR] = 0x00;
	gc_now[GC_FUNC_SELECT] = 0x00;
	gc_now[GC_READ_MAP] = 0x00;
	gc_now[GC_BIT_MASK] = 0xFF;
	map_mask_now = 0x0F;
}

void vga_init(void)
{
	int i;

	outb(VGA_MISC_WRITE, misc_0d);
	seq_write(SEQ_RESET, 0x01);                     /* synchronous reset while the clock changes */
	for (i = 1; i < 5; i++)
		seq_write((uint8_t)i, seq_0d[i]);
	seq_write(SEQ_RESET, 0x03);

	crtc_write(CRTC_VSYNC_END, crtc_0d[CRTC_VSYNC_END] & 0x7F);    /* unlock 0-7 */
	for (i = 0; i < 25; i++)
		crtc_write((uint8_t)i, i == CRTC_VSYNC_END ? crtc_0d[i] & 0x7F : crtc_0d[i]);

	for (i = 0; i < 9; i++)
		gc_write((uint8_t)i, gc_0d[i]);

	(void)inb(VGA_INSTAT1);
	for (i = 0; i < 21; i++) {
		outb(VGA_AC_INDEX, (uint8_t)i);
		outb(VGA_AC_INDEX, ac_0d[i]);
	}
	outb(VGA_AC_INDEX, AC_ENABLE_VIDEO);            /* else the screen stays blank */

	gc_defaults();
	for (i = 0; i < VGA_PAGES; i++)
		vga_clear(i, 0);
	front = 0;
	crtc_write(CRTC_START_HI, 0);
	crtc_write(CRTC_START_LO, 0);
}

/* Colours 8-15 go through attribute entries 0x10-0x17, so load those DAC slots. */
void vga_load_palette(const uint8_t rgb6[16][3])
{
	int i;

	for (i = 0; i < 16; i++) {
		outb(VGA_DAC_WINDEX, (uint8_t)(i < 8 ? i : i + 8));
		outb(VGA_DAC_DATA, rgb6[i][0] & 0x3F);
		outb(VGA_DAC_DATA, rgb6[i][1] & 0x3F);
		outb(VGA_DAC_DATA, rgb6[i][2] & 0x3F);
	}
}

/* DAC entries first..first+n-1 as given: an 8-bit linear mode indexes the DAC directly. */
void vga_load_dac(int first, const uint8_t (*rgb6)[3], int n)
{
	outb(VGA_DAC_WINDEX, (uint8_t)first);   /* the index steps by itself after each blue */
	for (int i = 0; i < n; i++) {
		outb(VGA_DAC_DATA, rgb6[i][0] & 0x3F);
		outb(VGA_DAC_DATA, rgb6[i][1] & 0x3F);
		outb(VGA_DAC_DATA, rgb6[i][2] & 0x3F);
	}
}

void vga_set_font(const uint8_t (*glyphs)[8])
{
	font = glyphs;
}

int vga_front_page(void) { return front; }
int vga_back_page(void) { return front ^ 1; }

/*
 * Show the back page: the CRTC latches the start address at the start of
 * vertical retrace, so write it first, then wait (boundedly) for a retrace.
 */
void vga_flip(void)
{
	int spin;

	front ^= 1;
	crtc_write(CRTC_START_HI, (uint8_t)((front * PAGE_SPAN) >> 8));
	crtc_write(CRTC_START_LO, 0);
	for (spin = 0; spin < RETRACE_SPIN && (inb(VGA_INSTAT1) & INSTAT1_VRETRACE); spin++)
		;
	for (spin = 0; spin < RETRACE_SPIN && !(inb(VGA_INSTAT1) & INSTAT1_VRETRACE); spin++)
		;
}

void vga_clear(int page, int color)
{
	vga_fill_rect(page, 0, 0, VGA_W, VGA_H, color);
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
			for (; bx <= last; bx++)
				vram_write(p + bx, 0xFF);
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

/* Write one tile's four planes into the off-screen tile store. */
bool vga_upload_tile(int tile, const uint8_t planes[4][8])
{
	volatile uint8_t *dst;
	int p, row;

	if (tile < 0 || tile >= VGA_MAX_TILES)
		return false;
	dst = VRAM + TILE_STORE + tile * 8;
	mode0(0x00);
	gc_set(GC_BIT_MASK, 0xFF);
	for (p = 0; p < 4; p++) {
		map_mask_set((uint8_t)(1 << p));
		for (row = 0; row < 8; row++)
			vram_write(dst + row, planes[p][row]);
	}
	map_mask_set(0x0F);
	return true;
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
		(void)src[0]; dst[0 * VGA_STRIDE] = 0;
		(void)src[1]; dst[1 * VGA_STRIDE] = 0;
		(void)src[2]; dst[2 * VGA_STRIDE] = 0;
		(void)src[3]; dst[3 * VGA_STRIDE] = 0;
		(void)src[4]; dst[4 * VGA_STRIDE] = 0;
		(void)src[5]; dst[5 * VGA_STRIDE] = 0;
		(void)src[6]; dst[6 * VGA_STRIDE] = 0;
		(void)src[7]; dst[7 * VGA_STRIDE] = 0;
		written += 8;
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
		(void)src[0]; dst[0 * VGA_STRIDE] = 0;
		(void)src[1]; dst[1 * VGA_STRIDE] = 0;
		(void)src[2]; dst[2 * VGA_STRIDE] = 0;
		(void)src[3]; dst[3 * VGA_STRIDE] = 0;
		(void)src[4]; dst[4 * VGA_STRIDE] = 0;
		(void)src[5]; dst[5 * VGA_STRIDE] = 0;
		(void)src[6]; dst[6 * VGA_STRIDE] = 0;
		(void)src[7]; dst[7 * VGA_STRIDE] = 0;
		written += 8;
	}
}

/* Page `to` becomes a copy of page `from`: latched copies, 8 pixels of all planes per read and write. */
void vga_copy_page(int from, int to)
{
	volatile uint8_t *src = page_base(from), *dst = page_base(to);

	if ((from & 1) == (to & 1))
		return;
	gc_set(GC_MODE, MODE_WRITE1);
	map_mask_set(0x0F);
	for (int i = 0; i < VGA_PAGE_BYTES; i++) {
		(void)src[i];
		dst[i] = 0;
	}
	written += VGA_PAGE_BYTES;
}

/* Masks of one blit, shifted to the screen's bytes and clipped (rows x bytes). */
static uint8_t blit_mask[VGA_H][VGA_STRIDE + 1];

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
	int stride = b->stride, writes = 0;     /* bytes written per plane */

	if (y < clip_y0) r0 = clip_y0 - y;
	if (y + r1 > clip_y1) r1 = clip_y1 - y;
	j1 = stride - (sh == 0);                /* a shifted row spills into one more byte */
	if (q + j0 < clip_x0 >> 3) j0 = (clip_x0 >> 3) - q;
	if (q + j1 > (clip_x1 - 1) >> 3) j1 = ((clip_x1 - 1) >> 3) - q;
	if (r0 >= r1 || j0 > j1 || x + b->w <= clip_x0 || x >= clip_x1 || b->h > VGA_H || stride > VGA_STRIDE)
		return;                         /* (nothing to draw, or bigger than the screen: never) */
	if (!any_open(y + r0, y + r1 - 1, q + j0, q + j1))
		return;

	for (r = r0; r < r1; r++) {
		int sr = (flags & VGA_BLIT_FLIP_V) ? b->h - 1 - r : r;
		const uint8_t *mrow = b->mask + sr * stride;
		const uint8_t *cm = cell_mask ? cell_mask + ((y + r) >> 3) * VGA_STRIDE + q : 0;
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
	written += 4 * (uint32_t)writes;
	map_mask_set(0x0F);
}

/* Glyphs are drawn as bit masks over the set/reset colour, so any x works. */
void vga_text(int page, int x, int y, const char *s, int color)
{
	volatile uint8_t *base = page_base(page);
	int row;

	if (!font)
		return;
	mode0(0x0F);
	gc_set(GC_SET_RESET, (uint8_t)(color & 0x0F));
	for (; *s; s++, x += 8) {
		const uint8_t *g = font[(uint8_t)*s & 0x7F];
		int bx = x >> 3, sh = x & 7;

		if (x <= -8 || x >= VGA_W)
			continue;
		if (cell_mask) {
			int ya = y < clip_y0 ? clip_y0 : y, yb = y + 7 >= clip_y1 ? clip_y1 - 1 : y + 7;

			if (ya > yb || !any_open(ya, yb, bx < 0 ? 0 : bx, bx + 1 < VGA_STRIDE ? bx + 1 : bx))
				continue;
		}
		for (row = 0; row < 8; row++) {
			volatile uint8_t *d = base + (y + row) * VGA_STRIDE;
			uint8_t left = (uint8_t)(g[row] >> sh);
			uint8_t right = (uint8_t)(g[row] << (8 - sh));

			if (y + row < clip_y0 || y + row >= clip_y1)
				continue;
			if (bx >= 0)
				left &= clip_bits(bx);
			if (bx + 1 < VGA_STRIDE)
				right &= clip_bits(bx + 1);
			if (left && bx >= 0 && cell_open(y + row, bx)) {
				gc_set(GC_BIT_MASK, left);
				(void)d[bx];
				vram_write(d + bx, 0xFF);
			}
			if (sh && right && bx + 1 < VGA_STRIDE && cell_open(y + row, bx + 1)) {
				gc_set(GC_BIT_MASK, right);
				(void)d[bx + 1];
				vram_write(d + bx + 1, 0xFF);
			}
		}
	}
}

void vga_read_plane(int page, int plane, uint8_t *out)
{
	volatile uint8_t *src = page_base(page);
	int i;

	gc_set(GC_READ_MAP, (uint8_t)(plane & 3));
	for (i = 0; i < VGA_PAGE_BYTES; i++)
		out[i] = src[i];
}

uint32_t vga_bytes_written(void)
{
	return written;
}
