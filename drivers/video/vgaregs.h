/* vgaregs.h: private to drivers/vga*.c — VGA ports, register bits, the register shadows and helpers both files use. */
#ifndef DRIVERS_VGAREGS_H
#define DRIVERS_VGAREGS_H

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
typedef uint32_t __attribute__((may_alias)) vram_word;     /* four bytes of VGA memory in one write */
#define PAGE_SPAN       0x2000          /* page n starts at n * PAGE_SPAN */
#define TILE_STORE      0x4000          /* off-screen 8x8 tiles, 8 bytes each */
#define RETRACE_SPIN    100000          /* QEMU fakes the bit: never wait unbounded */

/* What the drawing primitives share (vga.c owns it). */
typedef struct VgaState {
	const uint8_t (*font)[8];
	uint32_t written;               /* VRAM byte writes, for benchmarks */
	int clip_x0, clip_y0, clip_x1, clip_y1;
	const uint8_t *cell_mask;       /* vga_set_cell_mask: NULL = write everywhere */
	/*
	 * The graphics controller and map mask registers as last written, so a
	 * primitive sets what it needs and a run of tiles or glyphs changes no
	 * register it does not have to (each OUT is slow on an ISA card).
	 */
	uint8_t gc_now[9], map_mask_now;
} VgaState;

extern VgaState vga_st;

static inline void seq_write(uint8_t idx, uint8_t v) { outw(VGA_SEQ_INDEX, (uint16_t)(v << 8 | idx)); }
static inline void gc_write(uint8_t idx, uint8_t v) { outw(VGA_GC_INDEX, (uint16_t)(v << 8 | idx)); }
static inline void crtc_write(uint8_t idx, uint8_t v) { outw(VGA_CRTC_INDEX, (uint16_t)(v << 8 | idx)); }

static inline void gc_set(uint8_t idx, uint8_t v)
{
	if (vga_st.gc_now[idx] != v) {
		vga_st.gc_now[idx] = v;
		gc_write(idx, v);
	}
}

static inline void map_mask_set(uint8_t v)
{
	if (vga_st.map_mask_now != v) {
		vga_st.map_mask_now = v;
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
	vga_st.written++;
}

/* Write mode 0, all planes; sr: planes taking the set/reset colour instead of the CPU's byte. */
static inline void mode0(uint8_t sr)
{
	gc_set(GC_MODE, MODE_WRITE0);
	gc_set(GC_ENABLE_SR, sr);
	map_mask_set(0x0F);
}

/* May byte column bx of line y be vga_st.written (the cell mask)? */
static inline bool cell_open(int y, int bx)
{
	return !vga_st.cell_mask || vga_st.cell_mask[(y >> 3) * VGA_STRIDE + bx];
}

/* Bits of byte column bx that lie inside the clip rectangle's columns. */
static inline uint8_t clip_bits(int bx)
{
	int l = vga_st.clip_x0 - bx * 8, r = bx * 8 + 8 - vga_st.clip_x1;
	uint8_t m = 0xFF;

	if (l > 0)
		m = l >= 8 ? 0 : (uint8_t)(m >> l);
	if (r > 0)
		m &= r >= 8 ? 0 : (uint8_t)(0xFF << r);
	return m;
}

#endif
