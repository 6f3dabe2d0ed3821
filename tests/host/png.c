/* png.c: minimal PNG writer — 4-bit palette image, zlib stream of stored blocks, no dependencies. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "png.h"

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
	uint8_t hdr[8], crc[4];
	uint32_t c;

	be32(hdr, len);
	memcpy(hdr + 4, type, 4);
	c = crc32_update(0, hdr + 4, 4);
	c = crc32_update(c, data, len);
	be32(crc, c);
	return fwrite(hdr, 1, 8, f) == 8 && (len == 0 || fwrite(data, 1, len, f) == len) &&
	    fwrite(crc, 1, 4, f) == 4 ? 0 : -1;
}

/* Colours 0..15 as an 8-bit palette; the 6-bit DAC value v becomes v*255/63. */
int png_write_indexed(const char *path, const uint8_t *px, int w, int h,
    const uint8_t rgb6[16][3])
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
	size_t row = (size_t)(w + 1) / 2 + 1, raw_len = row * (size_t)h;
	size_t nblocks = (raw_len + 65534) / 65535, z_len = 2 + raw_len + nblocks * 5 + 4;
	uint8_t ihdr[13], plte[48], *raw = calloc(1, raw_len), *z = malloc(z_len);
	uint32_t a = 1, b = 0;
	size_t i, o = 0;
	int x, y, rc = -1;
	FILE *f;

	if (!raw || !z)
		goto out;
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			raw[y * row + 1 + x / 2] |= (uint8_t)((px[y * w + x] & 15) << (x & 1 ? 0 : 4));
	z[o++] = 0x78;
	z[o++] = 0x01;
	for (i = 0; i < raw_len; i += 65535) {
		size_t n = raw_len - i < 65535 ? raw_len - i : 65535;

		z[o++] = i + n == raw_len;
		z[o++] = (uint8_t)n; z[o++] = (uint8_t)(n >> 8);
		z[o++] = (uint8_t)~n; z[o++] = (uint8_t)(~n >> 8);
		memcpy(z + o, raw + i, n);
		o += n;
	}
	for (i = 0; i < raw_len; i++) {
		a = (a + raw[i]) % 65521;
		b = (b + a) % 65521;
	}
	be32(z + o, b << 16 | a);
	o += 4;
	be32(ihdr, (uint32_t)w);
	be32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 4; ihdr[9] = 3; ihdr[10] = ihdr[11] = ihdr[12] = 0;
	for (i = 0; i < 16; i++)
		for (x = 0; x < 3; x++)
			plte[i * 3 + x] = (uint8_t)(rgb6[i][x] * 255 / 63);
	f = fopen(path, "wb");
	if (!f)
		goto out;
	rc = (fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) == 0 &&
	    chunk(f, "PLTE", plte, 48) == 0 && chunk(f, "IDAT", z, (uint32_t)o) == 0 &&
	    chunk(f, "IEND", NULL, 0) == 0) ? 0 : -1;
	if (fclose(f) != 0)
		rc = -1;
out:
	free(raw);
	free(z);
	return rc;
}
