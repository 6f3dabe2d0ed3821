/*
 * testram.h: the kernel's page allocator as the driver tests give it (test_xhci.c, test_uhci.c,
 * test_ohci.c through hcfix.h, test_usbpad*.c, test_ac97.c): whole zeroed 4 KiB pages from one
 * static array of TESTRAM_BYTES (a test defines it before including this to ask for more), below
 * 4 GiB because these tests are linked without PIE, as DMA memory must be. testram_reset frees all.
 */
#ifndef TESTS_UNIT_TESTRAM_H
#define TESTS_UNIT_TESTRAM_H

#include <stdint.h>
#include <string.h>

#ifndef TESTRAM_BYTES
#define TESTRAM_BYTES   (256 * 1024)
#endif

static uint8_t ram[TESTRAM_BYTES] __attribute__((aligned(4096)));
static uint32_t ram_used;

/* Pages for `bytes`, zeroed; NULL when the array is used up (as the kernel's allocator fails). */
static void *test_alloc(uint32_t bytes)
{
	uint32_t size = (bytes + 4095) & ~4095u;
	void *p;

	if (size > sizeof ram - ram_used)
		return NULL;
	p = ram + ram_used;
	memset(p, 0, size);
	ram_used += size;
	return p;
}

static inline void testram_reset(void)
{
	ram_used = 0;
}

#endif
