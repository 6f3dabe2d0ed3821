/* paging.h: PAE paging, only to reach memory the firmware put above 4 GiB and to make a framebuffer write-combining. */
#ifndef KERNEL_PAGING_H
#define KERNEL_PAGING_H

#include <stdint.h>

/* Device registers, uncached, through a window; the virtual address, 0 if it cannot. */
uintptr_t paging_map_high(uint64_t phys, uint32_t size);

typedef struct PagingFb {
	uintptr_t va;                   /* where the CPU writes it; 0: it cannot be reached */
	const char *how;                /* "write-combining (PAT)", or why not (kernel/cpu/pagemap.c) */
} PagingFb;

/*
 * A linear framebuffer: identity-mapped below 4 GiB (its pages WC when the
 * CPU has PAT and PAE), through windows above; IA32_PAT entry 1 becomes WC.
 */
PagingFb paging_map_framebuffer(uint64_t phys, uint32_t size);

#endif
