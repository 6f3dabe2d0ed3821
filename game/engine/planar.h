/* planar.h: converting chunky colour indices into the VGA's four bit planes, and frame CRCs. */
#ifndef GAME_PLANAR_H
#define GAME_PLANAR_H

#include <stdint.h>

/*
 * Pack a w x h picture of colour indices into 4 planes plus a mask, each
 * `stride` = (w + 7) / 8 bytes per row, bit 7 = leftmost pixel. A pixel
 * equal to `transparent` (use a value > 15, or -1 for none) clears its mask
 * bit and leaves its plane bits 0. mask may be NULL.
 */
void planar_pack(const uint8_t *px, int w, int h, int transparent,
    uint8_t *planes[4], uint8_t *mask);

/* One pixel back out of planes (for tests and the harness's mirror). */
int planar_pixel(uint8_t *const planes[4], int stride, int x, int y);

/*
 * CRC-32 of a 320x200 indexed frame as the VGA holds it: plane 0 (8000
 * bytes), then planes 1, 2, 3. Equals the kernel's CRC of the displayed page.
 */
uint32_t planar_frame_crc(const uint8_t *fb);

#endif
