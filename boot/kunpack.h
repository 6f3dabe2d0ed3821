/* kunpack.h: unpacks tools/kpack.py's stream (the format is in its header comment); the BIOS stub's and the host test's. */
#ifndef KUNPACK_H
#define KUNPACK_H

#include <stddef.h>
#include <stdint.h>

/*
 * Unpack src[0..src_len) into dst[0..len). Returns len when the stream
 * gives exactly len bytes and ends there; otherwise the bytes written
 * before the stream was found bad, with *bad set (never written: outside
 * dst[0..len), read: outside src[0..src_len), copied from: before dst).
 */
size_t kunpack(uint8_t *dst, size_t len, const uint8_t *src, size_t src_len, int *bad);

/*
 * CRC-32 of p[0..n) as zlib's crc32(0, p, n) (reflected, polynomial
 * 0xEDB88320): tools/kpack.py's KP_CRC of the stream. Four bytes a step
 * through four 256-entry tables, made on the first call (4 KiB of BSS):
 * about 4 instructions a byte.
 */
uint32_t kpack_crc32(const uint8_t *p, size_t n);

#endif
