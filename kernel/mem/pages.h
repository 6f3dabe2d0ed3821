/* pages.h: RAM above the kernel handed out at boot, page by page, for what only some PCs need (USB controllers' memory). */
#ifndef KERNEL_PAGES_H
#define KERNEL_PAGES_H

#include <stdbool.h>
#include <stdint.h>

#include "multiboot.h"

#define PAGES_LIMIT     0x40000000u     /* 1 GiB: above it paging's windows may hide RAM (kernel/cpu/paging.c) */

/* Where the next pages come from: the usable ranges, everything below `next` already taken. */
typedef struct PageArena {
	const MemRange *range;
	int ranges;
	uint32_t next;                  /* the lowest free address: above the kernel, its BSS and the modules */
	uint32_t given;                 /* bytes handed out */
} PageArena;

/* An arena over b's usable RAM from `from` (page-aligned up) to PAGES_LIMIT. */
void pages_arena(PageArena *a, const BootInfo *b, uint32_t from);
/*
 * `bytes` (rounded up to whole pages) of usable RAM, page-aligned, never
 * given twice: the address, 0 if no usable range has that much left. Pure:
 * the caller clears the memory (pages_alloc does).
 */
uint32_t pages_take(PageArena *a, uint32_t bytes);

/* The kernel's arena above kernel_end and the modules (kmain, after latemem_claim): zeroed pages, NULL if none left. */
void pages_init(const BootInfo *b, uint32_t kernel_end);
void *pages_alloc(uint32_t bytes);
uint32_t pages_given(void);

#endif
