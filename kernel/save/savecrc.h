/* savecrc.h: CRC-32 (IEEE 802.3, as zlib) for the save area's records, with no table in memory to spoil. */
#ifndef KERNEL_SAVECRC_H
#define KERNEL_SAVECRC_H

#include <stddef.h>
#include <stdint.h>

/* Start with crc = 0; feed pieces in order: crc = save_crc32(crc, p, n). Equals zlib.crc32. */
uint32_t save_crc32(uint32_t crc, const void *data, size_t len);

#endif
