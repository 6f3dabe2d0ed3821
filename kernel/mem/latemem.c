/* latemem.c: claims the late BSS: moves what the loader left there out of the way, then zeroes it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kfmt.h"
#include "klog.h"
#include "latebss.h"
#include "latemem.h"
#include "memcheck.h"
#include "multiboot.h"
#include "panic.h"

#define KIB             1024u
#define PAGE            4096u
#define STRING_MAX      512             /* a loader string kept from the late BSS (longer: cut) */

static char cmdline_copy[STRING_MAX], loader_copy[64];
static char module_name_copy[BOOT_MAX_MODULES][64];

/* [a0, a1) and [b0, b1) share a byte. */
static bool overlaps(uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1)
{
	return a0 < b1 && b0 < a1;
}

static bool in_late(const char *s)
{
	uint32_t p = (uint32_t)(uintptr_t)s;

	return overlaps(p, p + STRING_MAX, (uint32_t)(uintptr_t)__late_start, (uint32_t)(uintptr_t)__late_end);
}

/* A string in the late BSS (QEMU's -kernel puts command lines right after the image) gets a copy. */
static const char *keep_string(const char *s, char *copy, size_t size)
{
	size_t i;

	if (!in_late(s))
		return s;
	for (i = 0; i + 1 < size && s[i]; i++)
		copy[i] = s[i];
	copy[i] = '\0';
	return copy;
}

static void copy_bytes(uint32_t dst, uint32_t src, uint32_t n)
{
	uint32_t words = n / 4, d = dst, s = src;

	__asm__ volatile("cld; rep movsl" : "+D"(d), "+S"(s), "+c"(words) : : "memory");
	for (uint32_t i = n & ~3u; i < n; i++)
		((volatile uint8_t *)(uintptr_t)dst)[i] = ((const uint8_t *)(uintptr_t)src)[i];
}

/*
 * The loader places modules right after the image it loaded, which is now
 * the late BSS: each module there moves above everything the loader left
 * (late BSS, every module), in order, page-aligned, checked against the
 * memory map first. Sources are all below the destination: no overlap.
 */
static void move_modules(BootInfo *b, uint32_t late0, uint32_t late1)
{
	static char why[128];
	uint32_t to = late1;

	for (int i = 0; i < b->module_count; i++)
		if (b->modules[i].end > to)
			to = b->modules[i].end;
	to = (to + PAGE - 1) & ~(PAGE - 1);
	for (int i = 0; i < b->module_count; i++) {
		BootModule *m = &b->modules[i];
		uint32_t size = m->end - m->start;
		uint64_t miss = 0;

		if (m->end <= m->start || !overlaps(m->start, m->end, late0, late1))
			continue;
		if (b->ranges && !memcheck_covered(b->range, b->ranges, to, (uint64_t)to + size, &miss)) {
			kfmt_snprintf(why, sizeof why, "NOT ENOUGH MEMORY: module %d needs RAM up to %u KiB; none at %u KiB",
			    i, (unsigned)(((uint64_t)to + size + KIB - 1) / KIB), (unsigned)(miss / KIB));
			panic(why);
		}
		copy_bytes(to, m->start, size);
		klog("latemem: module %d moved from 0x%08x to 0x%08x (%u bytes)\n", i, (unsigned)m->start,
		    (unsigned)to, (unsigned)size);
		m->start = to;
		m->end = to + size;
		to = (m->end + PAGE - 1) & ~(PAGE - 1);
	}
}

/*
 * Before anything uses a LATE_BSS pool: the strings and modules the loader
 * put in [__late_start, __late_end) are kept, then the range is zeroed
 * (rep stosl: one counted instruction per word under QEMU's -icount).
 * memory_check (kernel/boot/main.c) has already found the range in usable RAM.
 */
void latemem_claim(BootInfo *b)
{
	uint32_t late0 = (uint32_t)(uintptr_t)__late_start, late1 = (uint32_t)(uintptr_t)__late_end;
	uint32_t d = late0, words = (late1 - late0) / 4;

	b->cmdline = keep_string(b->cmdline, cmdline_copy, sizeof cmdline_copy);
	b->loader = keep_string(b->loader, loader_copy, sizeof loader_copy);
	for (int i = 0; i < b->module_count; i++)
		b->modules[i].name = keep_string(b->modules[i].name, module_name_copy[i], sizeof module_name_copy[i]);
	move_modules(b, late0, late1);
	__asm__ volatile("cld; rep stosl" : "+D"(d), "+c"(words) : "a"(0) : "memory");
}
