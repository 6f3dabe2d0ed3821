/* planar.c: chunky-to-planar packing shared by the kernel's sprite cache and the host renderer. */
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"
#include "frame.h"
#include "planar.h"

/* Bit p of a colour moved to bit 8 * p: four planes side by side in one word. */
static const uint32_t plane_spread[16] = {
	0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001, 0x00010100, 0x00010101,
	0x01000000, 0x01000001, 0x01000100, 0x01000101, 0x01010000, 0x01010001, 0x01010100, 0x01010101,
};

/*
 * Each group of 8 pixels is gathered in one word (a byte per plane, through
 * plane_spread) and stored once: the kernel packs every sprite at boot, and
 * the boot's cost is measured (make bench-boot).
 */
void planar_pack(const uint8_t *px, int w, int h, int transparent,
    uint8_t *planes[4], uint8_t *mask)
{
	int stride = (w + 7) / 8;

	for (int y = 0; y < h; y++) {
		const uint8_t *row = px + (size_t)y * (size_t)w;

		for (int xb = 0; xb < stride; xb++) {
			const uint8_t *src = row + xb * 8;
			int n = w - xb * 8 < 8 ? w - xb * 8 : 8;
			size_t at = (size_t)y * (size_t)stride + (size_t)xb;
			uint32_t acc = 0;
			unsigned m = 0;

			for (int i = 0; i < n; i++) {
				unsigned c = src[i];
				unsigned on = (int)c != transparent;

				acc = acc << 1 | (on ? plane_spread[c & 15u] : 0u);
				m = m << 1 | on;
			}
			acc <<= 8 - n;
			m <<= 8 - n;
			planes[0][at] = (uint8_t)acc;
			planes[1][at] = (uint8_t)(acc >> 8);
			planes[2][at] = (uint8_t)(acc >> 16);
			planes[3][at] = (uint8_t)(acc >> 24);
			if (mask)
				mask[at] = (uint8_t)m;
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
