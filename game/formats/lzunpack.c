/* lzunpack.c: unpacks a built-in level: literal runs and copies from what came before (lzunpack.h). */
#include "lzunpack.h"

bool lz_unpack(const uint8_t *src, size_t srclen, uint8_t *dst, size_t dstlen)
{
	size_t in = 0, out = 0;

	while (in < srclen) {
		uint8_t t = src[in++];

		if (t < 0x80) {
			size_t n = (size_t)t + 1;

			if (n > srclen - in || n > dstlen - out)
				return false;
			for (size_t i = 0; i < n; i++)
				dst[out++] = src[in++];
		} else {
			size_t n = (size_t)(t & 0x7F) + LZ_COPY_MIN, off;

			if (srclen - in < 2)
				return false;
			off = (size_t)src[in] | (size_t)src[in + 1] << 8;
			in += 2;
			if (off == 0 || off > out || n > dstlen - out)
				return false;
			for (size_t i = 0; i < n; i++, out++)
				dst[out] = dst[out - off];
		}
	}
	return out == dstlen;
}
