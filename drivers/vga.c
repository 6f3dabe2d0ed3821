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

void vga_set_clip(int x0, int y0, int x1, int y1)
{
	clip_x0 = x0 < 0 ? 0 : x0;
	clip_y0 = y0 < 0 ? 0 : y0;
	clip_x1 = x1 > VGA_W ? VGA_W : x1;
	clip_y1 = y1 > VGA_H ? VGA_H : y1;
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

static inline volatile uint8_t *page_base(int page)
{
	return VRAM + (page & 1) * PAGE_SPAN;
}

static inline void vram_write(volatile uint8_t *p, uint8_t v)
{
	*p = v;
	written++;
}

/* Put the graphics controller back in the state every primitive assumes. */
static void gc_defaults(void)
{
	gc_write(GC_MODE, MODE_WRITE0);
	gc_write(GC_ENABLE_SR, 0x00);
	gc_write(GC_FUNC_SELECT, 0x00);
	gc_write(GC_BIT_MASK, 0xFF);
	seq_write(SEQ_MAP_MASK, 0x0F);
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

/* Fill with the set/reset colour; partial edge bytes go through the bit mask and latches. */
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

	gc_write(GC_SET_RESET, (uint8_t)(color & 0x0F));
	gc_write(GC_ENABLE_SR, 0x0F);
	for (row = y; row < y1; row++) {
		volatile uint8_t *p = base + row * VGA_STRIDE;

		gc_write(GC_BIT_MASK, lmask);
		(void)p[bx0];                           /* load latches */
		vram_write(p + bx0, 0xFF);
		if (bx1 == bx0)
			continue;
		gc_write(GC_BIT_MASK, 0xFF);
		for (bx = bx0 + 1; bx < bx1; bx++)
			vram_write(p + bx, 0xFF);
		gc_write(GC_BIT_MASK, rmask);
		(void)p[bx1];
		vram_write(p + bx1, 0xFF);
	}
	gc_defaults();
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
	for (p = 0; p < 4; p++) {
		seq_write(SEQ_MAP_MASK, (uint8_t)(1 << p));
		for (row = 0; row < 8; row++)
			vram_write(dst + row, planes[p][row]);
	}
	gc_defaults();
	return true;
}

/* Latched copy (write mode 1): one read and one write move 8 pixels of all 4 planes. */
void vga_draw_tile(int page, int x, int y, int tile)
{
	volatile uint8_t *src, *dst;
	int row;

	if (tile < 0 || tile >= VGA_MAX_TILES || (x & 7) || x < 0 || x >= VGA_W)
		return;
	src = VRAM + TILE_STORE + tile * 8;
	dst = page_base(page) + (x >> 3);
	gc_write(GC_MODE, MODE_WRITE1);
	for (row = 0; row < 8; row++) {
		int yy = y + row;

		if (yy < 0 || yy >= VGA_H)
			continue;
		(void)src[row];
		vram_write(dst + yy * VGA_STRIDE, 0);
	}
	gc_write(GC_MODE, MODE_WRITE0);
}

/* 8 source pixels starting at pixel o of a row (o may be outside it: zeros). */
static inline uint8_t row_bits(const uint8_t *row, int stride, int o)
{
	int b = o >> 3, s = o & 7;
	unsigned hi = (b >= 0 && b < stride) ? row[b] : 0;
	unsigned lo = (b + 1 >= 0 && b + 1 < stride) ? row[b + 1] : 0;

	return (uint8_t)((hi << s) | (lo >> (8 - s)));
}

/*
 * Masked blit in write mode 0: for each plane, select it for writing (map
 * mask) and reading (read map select) and merge the sprite's bits under its
 * mask into what is there. Clipped to the screen.
 */
void vga_blit_masked(int page, int x, int y, const VgaBitmap *b, int flags, int color)
{
	volatile uint8_t *base = page_base(page);
	int p, r, bx, bx0, bx1, r0 = 0, r1 = b->h;

	if (y < clip_y0) r0 = clip_y0 - y;
	if (y + r1 > clip_y1) r1 = clip_y1 - y;
	bx0 = x < clip_x0 ? clip_x0 >> 3 : x >> 3;
	bx1 = (x + b->w - 1) >> 3;
	if (bx1 > (clip_x1 - 1) >> 3) bx1 = (clip_x1 - 1) >> 3;
	if (r0 >= r1 || bx0 > bx1 || x + b->w <= clip_x0 || x >= clip_x1)
		return;

	for (p = 0; p < 4; p++) {
		seq_write(SEQ_MAP_MASK, (uint8_t)(1 << p));
		gc_write(GC_READ_MAP, (uint8_t)p);
		for (r = r0; r < r1; r++) {
			int sr = (flags & VGA_BLIT_FLIP_V) ? b->h - 1 - r : r;
			const uint8_t *mrow = b->mask + sr * b->stride;
			const uint8_t *prow = b->plane[p] + sr * b->stride;
			volatile uint8_t *d = base + (y + r) * VGA_STRIDE;

			for (bx = bx0; bx <= bx1; bx++) {
				int o = bx * 8 - x;
				uint8_t m = row_bits(mrow, b->stride, o) & clip_bits(bx), s;

				if (!m)
					continue;
				if (flags & VGA_BLIT_SILHOUETTE)
					s = (color >> p) & 1 ? 0xFF : 0x00;
				else
					s = row_bits(prow, b->stride, o);
				vram_write(d + bx, (uint8_t)((d[bx] & ~m) | (s & m)));
			}
		}
	}
	gc_write(GC_READ_MAP, 0);
	gc_defaults();
}

/* Glyphs are drawn as bit masks over the set/reset colour, so any x works. */
void vga_text(int page, int x, int y, const char *s, int color)
{
	volatile uint8_t *base = page_base(page);
	int row;

	if (!font)
		return;
	gc_write(GC_SET_RESET, (uint8_t)(color & 0x0F));
	gc_write(GC_ENABLE_SR, 0x0F);
	for (; *s; s++, x += 8) {
		const uint8_t *g = font[(uint8_t)*s & 0x7F];
		int bx = x >> 3, sh = x & 7;

		if (x <= -8 || x >= VGA_W)
			continue;
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
			if (left && bx >= 0) {
				gc_write(GC_BIT_MASK, left);
				(void)d[bx];
				vram_write(d + bx, 0xFF);
			}
			if (sh && right && bx + 1 < VGA_STRIDE) {
				gc_write(GC_BIT_MASK, right);
				(void)d[bx + 1];
				vram_write(d + bx + 1, 0xFF);
			}
		}
	}
	gc_defaults();
}

void vga_read_plane(int page, int plane, uint8_t *out)
{
	volatile uint8_t *src = page_base(page);
	int i;

	gc_write(GC_READ_MAP, (uint8_t)(plane & 3));
	for (i = 0; i < VGA_PAGE_BYTES; i++)
		out[i] = src[i];
	gc_write(GC_READ_MAP, 0);
}

uint32_t vga_bytes_written(void)
{
	return written;
}
