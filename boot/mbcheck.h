/* mbcheck.h: the BIOS stub's check that nothing GRUB handed over lies where the kernel is unpacked (boot/mbcheck.c); the stub's and the host test's. */
#ifndef MBCHECK_H
#define MBCHECK_H

#include <stdint.h>

/* The first thing found in the kernel's range: its name for the refusal, where it starts, its bytes. */
typedef struct MbOverlap {
	const char *what;               /* "information", "command line", "module", "memory map", ... */
	uint32_t at, bytes;
} MbOverlap;

/*
 * [a, a + n) shares a byte with [dest, end), the addresses taken as a 32-bit
 * CPU takes them: a range running past 4 GiB comes round to 0. n = 0: none.
 */
static inline int mbcheck_overlaps(uint32_t a, uint32_t n, uint32_t dest, uint32_t end)
{
	return n && (a - dest < end - dest || dest - a < n);
}

/*
 * Walk the multiboot v1 information at `info` (flags, then each thing they
 * say is there) and return 1 with *hit the first of them that overlaps
 * [dest, end), or 0 when none does.
 */
int mbcheck_info(uint32_t info, uint32_t dest, uint32_t end, MbOverlap *hit);

#endif
