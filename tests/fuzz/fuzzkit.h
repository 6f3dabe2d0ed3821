/* fuzzkit.h: what the fuzz targets share — a check that aborts (libFuzzer reports it), the bytes as a C string, a CRC put right. */
#ifndef FUZZKIT_H
#define FUZZKIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"

static inline void expect(bool cond)
{
	if (!cond)
		abort();
}

/* The input with a '\0' after it (the parsers under test take C strings); free() it. */
static inline char *as_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	expect(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * A copy of a file whose last crc_size bytes are its CRC-32 (little-endian),
 * with that CRC recomputed: a random mutation almost never keeps the CRC
 * right, so the checks behind it would go unexercised. free() it.
 */
static inline uint8_t *crc_fixed_copy(const uint8_t *data, size_t size, size_t crc_size)
{
	uint8_t *fixed = malloc(size);
	uint32_t crc;

	expect(fixed != NULL && size >= crc_size);
	memcpy(fixed, data, size);
	crc = crc32_update(0, fixed, size - crc_size);
	for (size_t i = 0; i < 4; i++)
		fixed[size - crc_size + i] = (uint8_t)(crc >> (8 * i));
	return fixed;
}

#endif
