/* present.h: puts the game's frame descriptions on the VGA pages, only the cells that changed. */
#ifndef KERNEL_PRESENT_H
#define KERNEL_PRESENT_H

#include <stdint.h>

#include "frame.h"

/*
 * Draw frames[0..n-1] (in order, e.g. the view then the status bar) into
 * that page, but only the 8x8 cells whose pixels may differ from what the
 * page holds (cellplan.h: each page remembers what it was given). Returns
 * the number of cells redrawn.
 */
int present_frames(const Frame *const *frames, int n, int page);
void present_forget(void);                      /* something else drew on the pages: redraw all */
void present_cleared(int color);                /* both pages were cleared to color: the first frame draws what differs */
uint32_t present_displayed_crc(void);           /* CRC-32 of the 4 planes on screen */

#endif
