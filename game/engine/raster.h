/* raster.h: software renderer — draws a Frame into a 320x200 buffer of colour indices. */
#ifndef GAME_RASTER_H
#define GAME_RASTER_H

#include <stdint.h>

#include "frame.h"

/*
 * Same results as the kernel's VGA path, pixel for pixel: tiles need x to
 * be a multiple of 8 (others are skipped), images are drawn with their
 * origin at (x, y), everything is clipped to the screen.
 */
void raster_frame(const Frame *f, uint8_t fb[SCREEN_H * SCREEN_W]);

#endif
