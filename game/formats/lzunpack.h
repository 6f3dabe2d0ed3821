/* lzunpack.h: the packing of the built-in levels (tools/level2bin.py packs, lz_unpack unpacks). */
#ifndef GAME_LZUNPACK_H
#define GAME_LZUNPACK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A packed stream is a series of tokens, each one byte t and what follows:
 *   t = 0x00..0x7F: t + 1 literal bytes follow, copied out as they are;
 *   t = 0x80..0xFF: two bytes, offset low then high (1..65535): copy
 *                   (t & 0x7F) + 3 bytes from `offset` bytes back in the
 *                   output (a copy may overlap what it writes: runs).
 * The built-in levels, mostly runs of the same tile, pack to about a tenth:
 * GRUB reads ~100 KB less at boot (docs/boot.md).
 */
#define LZ_LITERAL_MAX  128
#define LZ_COPY_MIN     3
#define LZ_COPY_MAX     (0x7F + LZ_COPY_MIN)

/*
 * Unpacks src[0 .. srclen-1] into dst; true only when it makes exactly
 * dstlen bytes, reads nothing past srclen and copies only from what is
 * already out. On false dst holds garbage.
 */
bool lz_unpack(const uint8_t *src, size_t srclen, uint8_t *dst, size_t dstlen);

#endif
