/* render.h: draws the game's frame description with the VGA driver. */
#ifndef KERNEL_RENDER_H
#define KERNEL_RENDER_H

#include <stdint.h>

#include "frame.h"

void render_frame(const Frame *f);              /* into the back page, then flip */
uint32_t render_displayed_crc(void);            /* CRC-32 of the 4 planes on screen */

#endif
