/* pages.c: RAM above the kernel handed out at boot, page by page (a bump over the memory map's usable ranges). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memcheck.h"
#include "multiboot.h"
#include "pages.h"

#define PAGE            4096u

static PageArena arena;

void pages_arena(PageArena *a, const BootInfo *b, uint32_t from)
{
	*a = (PageArena){ .range = b->range, .ranges = b->ranges, .next = (from + PAGE - 1) & ~(PAGE - 1) };
}

/*
 * From `next` up: the first page-aligned place where all of `bytes` lies in
 * one usable range's bytes (memcheck_covered: ranges may touch or overlap)
 * below PAGES_LIMIT. Nothing below `next` is ever given, so nothing twice.
 */
uint32_t pages_take(PageArena *a, uint32_t bytes)
{
	uint64_t size = ((uint64_t)bytes + PAGE - 1) & ~(uint64_t)(PAGE - 1), at = a->next;

	if (size == 0)
		return 0;
	while (at + size <= PAGES_LIMIT) {
		uint64_t miss = 0;

		if (memcheck_covered(a->range, a->ranges, at, at + size, &miss)) {
			a->next = (uint32_t)(at + size);
			a->given += (uint32_t)size;
			return (uint32_t)at;
		}
		/* Skip past the hole: to the start of the next range above it, page-aligned. */
		uint64_t up = PAGES_LIMIT;

		for (int i = 0; i < a->ranges; i++)
			if (a->range[i].base > miss && a->range[i].base < up)
				up = a->range[i].base;
		at = (up + PAGE - 1) & ~(uint64_t)(PAGE - 1);
	}
	return 0;
}

/* Above the kernel's late BSS and every module (latemem_claim has moved them above it). */
void pages_init(const BootInfo *b, uint32_t kernel_end)
{
	uint32_t from = kernel_end;

	for (int i = 0; i < b->module_count; i++)
		if (b->modules[i].end > from)
			from = b->modules[i].end;
	pages_arena(&arena, b, from);
}

void *pages_alloc(uint32_t bytes)
{
	uint32_t p = pages_take(&arena, bytes);
	volatile uint32_t *w = (volatile uint32_t *)(uintptr_t)p;

	if (!p)
		return NULL;
	for (uint32_t i = 0; i < ((bytes + PAGE - 1) & ~(PAGE - 1)) / 4; i++)
		w[i] = 0;
	return (void *)(uintptr_t)p;
}

uint32_t pages_given(void)
{
	return arena.given;
}
