/* vga.h: VGA mode 0Dh (320x200, 16 colours, planar) by registers: pages, tiles, sprites, text. */
#ifndef DRIVERS_VGA_H
#define DRIVERS_VGA_H

#include <stdbool.h>
#include <stdint.h>

#define VGA_W           320
#define VGA_H           200
#define VGA_STRIDE      40              /* bytes per line per plane */
#define VGA_PAGE_BYTES  8000            /* per plane */
#define VGA_PAGES       2
#define VGA_MAX_TILES   6144            /* off-screen tile store, 8 bytes per tile */

/*
 * A masked picture in planar form, for vga_blit_masked. Each row is
 * `stride` bytes, bit 7 = leftmost pixel; mask bit set = opaque.
 */
typedef struct VgaBitmap {
	uint16_t w, h, stride;
	const uint8_t *mask;            /* h * stride */
	const uint8_t *plane[4];        /* h * stride each */
} VgaBitmap;

#define VGA_BLIT_FLIP_V         0x01
#define VGA_BLIT_SILHOUETTE     0x02    /* opaque pixels all in one colour */

void vga_init(void);                            /* program mode 0Dh, clear all pages */
void vga_load_palette(const uint8_t rgb6[16][3]);   /* colours 0-15 as mode 0Dh maps them */
void vga_load_dac(int first, const uint8_t (*rgb6)[3], int n);  /* DAC entries as they are */
void vga_set_font(const uint8_t (*glyphs)[8]);  /* 128 glyphs, 8 rows, bit 7 left */

int vga_back_page(void);
int vga_front_page(void);
void vga_flip(void);                            /* show the back page */
void vga_copy_page(int from, int to);           /* every pixel of one page into the other */

void vga_clear(int page, int color);
void vga_pixel(int page, int x, int y, int color);
void vga_fill_rect(int page, int x, int y, int w, int h, int color);
bool vga_upload_tile(int tile, const uint8_t planes[4][8]);
bool vga_upload_tile_words(int tile, const uint32_t rows[8]);  /* rows[r]: plane p's byte in bits 8p..8p+7 */
void vga_draw_tile(int page, int x, int y, int tile);   /* x multiple of 8 */
/* n tiles side by side from x, y (multiples of 8); tiles[k] < 0: that cell is left alone. */
void vga_draw_tile_row(int page, int x, int y, const int16_t *tiles, int n);
/* n latched tile copies: tiles[k] into 8x8 cell cells[k] (row * 40 + column) */
void vga_copy_tiles(int page, const int16_t *cells, const int16_t *tiles, int n);
void vga_blit_masked(int page, int x, int y, const VgaBitmap *b, int flags, int color);
void vga_text(int page, int x, int y, const char *s, int color);
/* Masked blits and text stay inside [x0, x1) x [y0, y1) (clamped to the screen). */
void vga_set_clip(int x0, int y0, int x1, int y1);
/*
 * Fills, tiles, masked blits and text write only the bytes whose 8x8 cell
 * is non-zero in mask (VGA_H / 8 rows of VGA_STRIDE bytes); NULL: everywhere.
 */
void vga_set_cell_mask(const uint8_t *mask);
void vga_read_plane(int page, int plane, uint8_t *out); /* VGA_PAGE_BYTES bytes */

uint32_t vga_bytes_written(void);               /* VRAM writes since boot */

#endif
