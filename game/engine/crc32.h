/* crc32.h: CRC-32 (IEEE 802.3, as zlib), used for frame checksums. */
#ifndef GAME_CRC32_H
#define GAME_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Start with crc = 0; feed pieces in order: crc = crc32_update(crc, p, n). */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);

#endif
