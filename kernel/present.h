/* present.h: puts the game's frame descriptions on the VGA pages, only the cells that changed. */
#ifndef KERNEL_PRESENT_H
#define KERNEL_PRESENT_H

#include <stdint.h>

#include "frame.h"

/*
 * Draw frames[0..n-1] (in order, e.g. the view then the status bar) into
 * that page, but only the 8x8 cells whose pixels differ from what the page
 * holds (celldiff.h: each page remembers its cells' signatures). Returns
 * the number of cells redrawn.
 */
int present_frames(const Frame *const *frames, int n, int page);
void present_forget(void);                      /* something else drew on the pages: redraw all */
/* The cells the last present_frames redrew: CELL_ROWS x CELL_COLS, 1 = redrawn. */
const uint8_t *present_changed_cells(void);
uint32_t present_displayed_crc(void);           /* CRC-32 of the 4 planes on screen */

#endif
