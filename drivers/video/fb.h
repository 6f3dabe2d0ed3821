/* fb.h: a linear framebuffer handed over by the boot loader — a small indexed picture shown scaled, centred, changed rows only. */
#ifndef DRIVERS_FB_H
#define DRIVERS_FB_H

#include <stdbool.h>
#include <stdint.h>

#define FB_SRC_W        320             /* the picture fb_show takes: colour indices */
#define FB_SRC_H        200
#define FB_COLORS       16
#define FB_MAX_WIDTH    8192            /* pixels per line we are ready for */

typedef enum FbKind {
	FB_INDEXED,                     /* bpp 8: a palette index per pixel */
	FB_RGB,                         /* bpp 15/16/24/32: channels at the given bit positions */
} FbKind;

/* The loader's description (multiboot info, flags bit 12). */
typedef struct FbMode {
	uint64_t addr;                  /* physical (kernel/cpu/paging.c maps it) */
	uint32_t pitch;                 /* bytes per line */
	uint32_t width, height;         /* pixels */
	uint8_t bpp;
	uint8_t kind;                   /* FbKind */
	uint8_t red_pos, red_bits, green_pos, green_bits, blue_pos, blue_bits;
} FbMode;

/*
 * Take the framebuffer at base: checks the mode (NULL) or says why it cannot be used,
 * picks the largest integer scale at which FB_SRC_W x FB_SRC_H fits, centres
 * it and clears the whole screen to black.
 */
const char *fb_init(const FbMode *m, uint8_t *base);     /* base: where the CPU writes it (mapped) */
int fb_scale(void);
int fb_left(void);                              /* where the picture starts on screen */
int fb_top(void);

/*
 * The 16 colours as 6-bit RGB (the VGA DAC's form). RGB modes compute each
 * colour's pixel value; an indexed mode uses indices 0..15 (the caller loads
 * that palette into the DAC).
 */
void fb_set_palette(const uint8_t rgb6[FB_COLORS][3]);
uint32_t fb_pixel_value(int color);             /* what a pixel of that colour is written as */

/*
 * Show a FB_SRC_W x FB_SRC_H picture of colour indices (0..15). Only the rows
 * that differ from the last picture shown are written, each from its first to
 * its last changed pixel (4-pixel steps); fb_forget() makes the next call
 * write everything.
 */
void fb_show(const uint8_t *src);
/*
 * The same, looking only at the 8x8 cells set in cells (FB_SRC_H / 8 rows
 * of FB_SRC_W / 8; NULL: all): the caller knows the others are as shown.
 */
void fb_show_cells(const uint8_t *src, const uint8_t *cells);
void fb_forget(void);
uint32_t fb_bytes_written(void);                /* framebuffer bytes written since fb_init */

#endif
