/* vga.c: mode 0Dh set by register writes, the DAC, two pages and the flip, the register shadows; drawing is vgadraw.c. */
#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "vga.h"
#include "vgaregs.h"

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

VgaState vga_st = { .clip_x1 = VGA_W, .clip_y1 = VGA_H };

void vga_set_clip(int x0, int y0, int x1, int y1)
{
	vga_st.clip_x0 = x0 < 0 ? 0 : x0;
	vga_st.clip_y0 = y0 < 0 ? 0 : y0;
	vga_st.clip_x1 = x1 > VGA_W ? VGA_W : x1;
	vga_st.clip_y1 = y1 > VGA_H ? VGA_H : y1;
}

void vga_set_cell_mask(const uint8_t *mask)
{
	vga_st.cell_mask = mask;
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
	vga_st.gc_now[GC_SET_RESET] = 0x00;
	vga_st.gc_now[GC_MODE] = MODE_WRITE0;
	vga_st.gc_now[GC_ENABLE_SR] = 0x00;
	vga_st.gc_now[GC_FUNC_SELECT] = 0x00;
	vga_st.gc_now[GC_READ_MAP] = 0x00;
	vga_st.gc_now[GC_BIT_MASK] = 0xFF;
	vga_st.map_mask_now = 0x0F;
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
	vga_st.font = glyphs;
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

/* Four bytes as one little-endian word: a 32-bit store puts b[0] at the lowest address. */
static uint32_t le_word(const uint8_t b[4])
{
	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/*
 * Write one tile's four planes into the off-screen tile store: a plane's
 * 8 rows as two 32-bit writes (the tile is 8-byte aligned). Write mode 0,
 * one plane enabled, bit mask 0xFF: each of the four bytes lands as it is
 * at its own address, whether the bus splits the write (ISA: four byte or
 * two word cycles) or not; QEMU takes it in one trip instead of four.
 */
bool vga_upload_tile(int tile, const uint8_t planes[4][8])
{
	volatile uint8_t *dst;

	if (tile < 0 || tile >= VGA_MAX_TILES)
		return false;
	dst = VRAM + TILE_STORE + tile * 8;
	mode0(0x00);
	gc_set(GC_BIT_MASK, 0xFF);
	for (int p = 0; p < 4; p++) {
		map_mask_set((uint8_t)(1 << p));
		*(volatile vram_word *)(dst + 0) = le_word(&planes[p][0]);
		*(volatile vram_word *)(dst + 4) = le_word(&planes[p][4]);
	}
	vga_st.written += 32;
	map_mask_set(0x0F);
	return true;
}

/*
 * The same from rows as words (plane p's byte of row r in bits 8p..8p+7 of
 * rows[r], little-endian: byte 4r+p): each plane's bytes picked out of the
 * words as they are stored, no shifting; counted once.
 */
bool vga_upload_tile_words(int tile, const uint32_t rows[8])
{
	const uint8_t *b = (const uint8_t *)rows;
	volatile uint8_t *dst;

	if (tile < 0 || tile >= VGA_MAX_TILES)
		return false;
	dst = VRAM + TILE_STORE + tile * 8;
	mode0(0x00);
	gc_set(GC_BIT_MASK, 0xFF);
	for (int p = 0; p < 4; p++, b++) {
		map_mask_set((uint8_t)(1 << p));
		dst[0] = b[0];
		dst[1] = b[4];
		dst[2] = b[8];
		dst[3] = b[12];
		dst[4] = b[16];
		dst[5] = b[20];
		dst[6] = b[24];
		dst[7] = b[28];
	}
	vga_st.written += 32;
	map_mask_set(0x0F);
	return true;
}

/* Page `to` becomes a copy of page `from`: latched copies, 8 pixels of all planes per read and write. */
void vga_copy_page(int from, int to)
{
	volatile uint8_t *src = page_base(from), *dst = page_base(to);

	if ((from & 1) == (to & 1))
		return;
	gc_set(GC_MODE, MODE_WRITE1);
	map_mask_set(0x0F);
	/*
	 * Each byte read loads the latches, each write stores all four: one
	 * REP MOVSB moves the page, a byte at a time as the latches need.
	 */
	{
		uint32_t n = VGA_PAGE_BYTES;

		__asm__ volatile("cld; rep movsb" : "+S"(src), "+D"(dst), "+c"(n) : : "memory");
	}
	vga_st.written += VGA_PAGE_BYTES;
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
	return vga_st.written;
}
