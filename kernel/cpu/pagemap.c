/* pagemap.c: PAE entries, the PAT's write-combining entry and the framebuffer's way, as pure numbers (the host tests them). */
#include <stdbool.h>
#include <stdint.h>

#include "pagemap.h"

#define PAT_WC          0x01u           /* memory type encodings of IA32_PAT (Intel SDM vol. 3, 12.12.2) */
#define PAT_ENTRY_WC    1               /* the entry made WC: PWT alone */

/*
 * NOTE: write-combining lives in entry 1 (PWT alone, power-on WT), not in
 * one of entries 4-7 (the PAT bit, bit 12 of a 2 MiB PDE): Pentium III,
 * Pentium M and Core Duo errata ("Upper four PAT entries not usable with
 * Mode B or Mode C paging") make those unreliable under PAE, and Linux
 * makes the same choice. Entries 0 (WB) and 3 (UC, PCD|PWT) keep their
 * power-on meanings; nothing selects WT before the PAT is written.
 */
static uint64_t type_bits(PageType t)
{
	static const uint64_t bits[] = {
		[PAGE_WB] = 0,
		[PAGE_WC] = PAGEMAP_PWT,
		[PAGE_UC] = PAGEMAP_PCD | PAGEMAP_PWT,
	};

	return bits[t];
}

uint64_t pagemap_pde(uint64_t phys, PageType t)
{
	return (phys & ~(uint64_t)(PAGEMAP_2M - 1)) | PAGEMAP_PRESENT | PAGEMAP_WRITE | PAGEMAP_LARGE | type_bits(t);
}

uint64_t pagemap_pte(uint64_t phys, PageType t)
{
	return (phys & ~(uint64_t)(PAGEMAP_4K - 1)) | PAGEMAP_PRESENT | PAGEMAP_WRITE | type_bits(t);
}

uint64_t pagemap_pat(uint64_t pat)
{
	return (pat & ~(0xFFull << (8 * PAT_ENTRY_WC))) | (uint64_t)PAT_WC << (8 * PAT_ENTRY_WC);
}

/*
 * Below 4 GiB the framebuffer stays where it is (identity map) and, with
 * PAT and PAE, its pages become WC in the PAE map; above 4 GiB — or in
 * the windows' own range, which the windows hide once PAE is on — it is
 * shown through windows, which needs PAE. Without PAT the page tables
 * select entry 0 (the MTRRs decide: UC for a BAR, WC where the firmware
 * set a WC range).
 */
FbPlan pagemap_plan_fb(uint64_t phys, uint32_t size, bool has_pae, bool has_pat)
{
	bool high = phys + size > PAGEMAP_4G;
	bool in_windows = phys < PAGEMAP_WINDOW_VIRT + (uint64_t)PAGEMAP_WINDOWS * PAGEMAP_2M &&
	    phys + size > PAGEMAP_WINDOW_VIRT;

	if (phys == 0 || size == 0)
		return (FbPlan){ FB_WAY_NONE, PAGE_WB, "no address" };
	if (!high && !(has_pae && in_windows)) {
		if (!has_pat)
			return (FbPlan){ FB_WAY_IDENTITY, PAGE_WB, "not write-combining: the CPU has no PAT (the MTRRs decide)" };
		if (!has_pae)
			return (FbPlan){ FB_WAY_IDENTITY, PAGE_WB,
			    "not write-combining: the CPU has PAT but no PAE (the MTRRs decide)" };
		return (FbPlan){ FB_WAY_IDENTITY_WC, PAGE_WC, "write-combining (PAT)" };
	}
	if (!has_pae)
		return (FbPlan){ FB_WAY_NONE, PAGE_WB, "above 4 GiB and the CPU has no PAE: it cannot be reached" };
	if (!has_pat)
		return (FbPlan){ FB_WAY_WINDOW, PAGE_WB, "PAE windows, not write-combining: the CPU has no PAT" };
	return (FbPlan){ FB_WAY_WINDOW, PAGE_WC, "PAE windows, write-combining (PAT)" };
}

int pagemap_windows(uint64_t *pd, int room, uint64_t phys, uint32_t size, PageType t)
{
	uint64_t base = phys & ~(uint64_t)(PAGEMAP_2M - 1);
	uint64_t pages = (phys - base + size + PAGEMAP_2M - 1) / PAGEMAP_2M;

	if (size == 0 || pages > (uint64_t)room)
		return 0;
	for (uint32_t k = 0; k < pages; k++)
		pd[k] = pagemap_pde(base + (uint64_t)k * PAGEMAP_2M, t);
	return (int)pages;
}
