/* crc32.c: bitwise-table CRC-32, reflected polynomial 0xEDB88320, same results as zlib.crc32. */
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"

#define CRC32_POLY 0xEDB88320u

/* 16-entry table (one nibble at a time): small, and fast enough for 32 KB frames. */
static const uint32_t nibble_table[16] = {
	0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC,
	0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
	0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
	0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C,
};

uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
	const uint8_t *p = data;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		crc = (crc >> 4) ^ nibble_table[crc & 15];
		crc = (crc >> 4) ^ nibble_table[crc & 15];
	}
	return ~crc;
}
