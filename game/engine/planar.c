/* planar.c: chunky-to-planar packing shared by the kernel's sprite cache and the host renderer. */
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"
#include "frame.h"
#include "planar.h"

void planar_pack(const uint8_t *px, int w, int h, int transparent,
    uint8_t *planes[4], uint8_t *mask)
{
	int stride = (w + 7) / 8, x, y, p;

	for (y = 0; y < h; y++) {
		for (x = 0; x < stride; x++) {
			for (p = 0; p < 4; p++)
				planes[p][y * stride + x] = 0;
			if (mask)
				mask[y * stride + x] = 0;
		}
		for (x = 0; x < w; x++) {
			int c = px[y * w + x];
			uint8_t bit = (uint8_t)(0x80 >> (x & 7));

			if (c == transparent)
				continue;
			if (mask)
				mask[y * stride + x / 8] |= bit;
			for (p = 0; p < 4; p++)
				if (c & (1 << p))
					planes[p][y * stride + x / 8] |= bit;
		}
	}
}

int planar_pixel(uint8_t *const planes[4], int stride, int x, int y)
{
	uint8_t bit = (uint8_t)(0x80 >> (x & 7));
	int p, c = 0;

	for (p = 0; p < 4; p++)
		if (planes[p][y * stride + x / 8] & bit)
			c |= 1 << p;
	return c;
}

uint32_t planar_frame_crc(const uint8_t *fb)
{
	uint8_t line[SCREEN_W / 8];
	uint32_t crc = 0;
	int p, y, x;

	for (p = 0; p < 4; p++) {
		for (y = 0; y < SCREEN_H; y++) {
			for (x = 0; x < SCREEN_W / 8; x++) {
				uint8_t b = 0;
				int i;

				for (i = 0; i < 8; i++)
					if (fb[y * SCREEN_W + x * 8 + i] & (1 << p))
						b |= (uint8_t)(0x80 >> i);
				line[x] = b;
			}
			crc = crc32_update(crc, line, sizeof line);
		}
	}
	return crc;
}
