/* present.h: puts the game's frame descriptions on the VGA pages. */
#ifndef KERNEL_PRESENT_H
#define KERNEL_PRESENT_H

#include <stdint.h>

#include "frame.h"

void present_frame(const Frame *f, int page);   /* draw the commands into that page */
uint32_t present_displayed_crc(void);           /* CRC-32 of the 4 planes on screen */

#endif
