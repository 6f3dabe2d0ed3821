/* memcheck.c: compares the multiboot memory map with what the kernel occupies, before it relies on it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kfmt.h"
#include "memcheck.h"
#include "multiboot.h"

#define KIB             1024u
#define MAX_PASSES      (BOOT_MAX_RANGES + 1)

/*
 * Walk forward from start: each pass finds a range containing the current
 * byte and jumps to its end. Ranges in any order need at most one pass each.
 */
bool memcheck_covered(const MemRange *r, int n, uint64_t start, uint64_t end, uint64_t *missing_at)
{
	uint64_t at = start;

	for (int pass = 0; pass < MAX_PASSES && at < end; pass++) {
		uint64_t next = at;

		for (int i = 0; i < n; i++)
			if (r[i].len && r[i].base <= at && at - r[i].base < r[i].len && r[i].base + r[i].len > next)
				next = r[i].base + r[i].len;
		if (next == at)
			break;
		at = next;
	}
	if (at >= end)
		return true;
	if (missing_at)
		*missing_at = at;
	return false;
}

bool memcheck_boot(const BootInfo *b, uint32_t kernel_start, uint32_t kernel_end, char *why, size_t size)
{
	uint64_t miss = 0;

	if (b->ranges == 0) {
		kfmt_snprintf(why, size, "no memory map from the boot loader");
		return true;            /* nothing to compare with: go on, as before */
	}
	if (!memcheck_covered(b->range, b->ranges, kernel_start, kernel_end, &miss)) {
		kfmt_snprintf(why, size, "the kernel needs RAM up to %u KiB; none at %u KiB",
		    (unsigned)((kernel_end + KIB - 1) / KIB), (unsigned)(miss / KIB));
		return false;
	}
	for (int i = 0; i < b->module_count; i++) {
		const BootModule *m = &b->modules[i];

		if (m->end > m->start && !memcheck_covered(b->range, b->ranges, m->start, m->end, &miss)) {
			kfmt_snprintf(why, size, "module %d needs RAM up to %u KiB; none at %u KiB", i,
			    (unsigned)((m->end + KIB - 1) / KIB), (unsigned)(miss / KIB));
			return false;
		}
	}
	why[0] = '\0';
	return true;
}
