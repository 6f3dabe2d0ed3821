/* display.h: where the game's frames go — VGA mode 0Dh by registers, or the loader's linear framebuffer (UEFI). */
#ifndef KERNEL_DISPLAY_H
#define KERNEL_DISPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "multiboot.h"

#define DISPLAY_PAGES   2               /* a back page drawn while the front one is shown */

typedef struct DisplayFbMap {
	uint8_t *base;                  /* where the CPU writes the framebuffer; NULL: it cannot be reached */
	const char *how;                /* write-combining or not, or why it cannot be reached */
} DisplayFbMap;

/*
 * Pick the back end once at boot and log it: the framebuffer when the loader
 * handed over a usable one (multiboot flags bit 12, RGB or 8-bit indexed;
 * then no VGA register is touched), else VGA mode 0Dh with the tiles in VRAM.
 * fb: where kmain had kernel/cpu/paging.c map it.
 */
void display_init(const BootInfo *b, DisplayFbMap fb);
bool display_is_framebuffer(void);
bool display_warm(int n);                       /* VGA: up to n more images made planar; true when all are */
void display_present_whole(void);               /* bench: the framebuffer's front page written in full */

int display_back_page(void);
int display_front_page(void);
/*
 * Draw frames[0..n-1] (in order: the view, then the status bar) into that
 * page, only where they change what the page holds (each page of either
 * back end remembers what it was given: VGA redraws the changed 8x8 cells
 * by kernel/present/cellplan.c's plan; the framebuffer rasterises a frame that
 * changed any and later shows only the cells that may differ).
 */
void display_frames(const Frame *const *frames, int n, int page);
void display_flip(void);                        /* show the back page */

/*
 * CRC-32 (zlib's) of the 320x200 indexed frame on screen, taken as four bit
 * planes of 8000 bytes (plane 0 first, bit 7 = leftmost pixel): the same
 * number on both back ends and on the host (planar_frame_crc).
 */
uint32_t display_crc(void);
uint32_t display_bytes_written(void);           /* video memory writes since boot */

/*
 * Text screens (the panic and error screens): draw straight into a page; on
 * the front page it is visible at once. display_reset() puts the display
 * back into a known state first (VGA: the mode set again; framebuffer: the
 * next picture written in full), for a crash that may come mid-draw.
 */
void display_reset(void);
void display_fill(int page, int x, int y, int w, int h, int color);
void display_text(int page, int x, int y, const char *s, int color);

#endif
