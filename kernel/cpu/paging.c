/* paging.c: PAE paging, turned on only when needed — device registers above 4 GiB (UEFI's 64-bit BARs) and a write-combining framebuffer. */
#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"
#include "fault.h"
#include "io.h"
#include "klog.h"
#include "latebss.h"
#include "pagemap.h"
#include "paging.h"

#define CR0_PG          0x80000000u
#define CR4_PAE         0x00000020u
#define PDPTE_PRESENT   0x001u
#define SMALL_TABLES    4               /* 4 KiB tables: the stack guard's 2 MiB, a framebuffer's two ends, one spare */

extern char stack_guard[];              /* boot/entry.S: the 4 KiB under the kernel stack */
extern char fiber_guard[];              /* ... and under the devices' fiber's (kernel/cpu/fiber.c) */

/*
 * Everything else stays identity-mapped (physical = virtual for the low
 * 4 GiB, 2 MiB pages), so nothing changes for the rest of the kernel.
 * NOTE: a window in use hides the RAM at its own virtual address (1 GiB
 * up); the kernel, its pools and GRUB's modules all live far below that.
 */
static uint64_t pdpt[4] __attribute__((aligned(32)));
static LATE_BSS uint64_t pd[4][512] __attribute__((aligned(4096)));
static LATE_BSS uint64_t small[SMALL_TABLES][512] __attribute__((aligned(4096)));
static int smalls_used;
static bool on;
static int windows_used;

/* The 2 MiB page at va as 512 pages of 4 KiB of the same type (already split: its table); NULL if out of tables. */
static uint64_t *split(uint32_t va)
{
	uint64_t *e = &pd[va >> 30][(va >> 21) & 511], *t, base, type;

	if (!(*e & PAGEMAP_LARGE))
		return (uint64_t *)(uintptr_t)(uint32_t)(*e & ~(uint64_t)(PAGEMAP_4K - 1));
	if (smalls_used == SMALL_TABLES)
		return NULL;
	t = small[smalls_used++];
	base = *e & ~(uint64_t)(PAGEMAP_2M - 1);
	type = *e & (PAGEMAP_PWT | PAGEMAP_PCD);        /* (the PAT bit is never set: pagemap.c) */
	for (uint32_t k = 0; k < 512; k++)
		t[k] = (base + k * PAGEMAP_4K) | type | PAGEMAP_PRESENT | PAGEMAP_WRITE;
	*e = (uint32_t)(uintptr_t)t | PAGEMAP_PRESENT | PAGEMAP_WRITE;
	return t;
}

/*
 * NOTE: kernel/cpu/fault.c may have turned paging on already (4 MiB pages,
 * the stack's guard page left out); PAE can only change with paging off.
 * The guards stay out here too (their 2 MiB in 4 KiB pages), and the
 * double-fault task is told the new CR3, which a task switch loads.
 */
static bool enable(void)
{
	uint32_t guard = (uint32_t)(uintptr_t)stack_guard, fguard = (uint32_t)(uintptr_t)fiber_guard;
	uint64_t *t;

	if (!cpu_has(CPU_F_PAE)) {
		klog("paging: the CPU has no PAE: memory above 4 GiB cannot be reached\n");
		return false;
	}
	for (uint32_t i = 0; i < 4; i++) {
		for (uint32_t j = 0; j < 512; j++)
			pd[i][j] = pagemap_pde((uint64_t)(i * 512 + j) * PAGEMAP_2M, PAGE_WB);
		pdpt[i] = (uint32_t)(uintptr_t)pd[i] | PDPTE_PRESENT;
	}
	split(guard)[(guard >> 12) & 511] = 0;
	if ((t = split(fguard)))                /* the same 2 MiB as the kernel stack's: its table */
		t[(fguard >> 12) & 511] = 0;
	cpu_write_cr0(cpu_read_cr0() & ~CR0_PG);
	cpu_cr4_set(CR4_PAE, CPU_F_PAE);      /* checked above: the CPU has PAE */
	cpu_write_cr3((uint32_t)(uintptr_t)pdpt);
	cpu_write_cr0(cpu_read_cr0() | CR0_PG);
	fault_set_cr3((uint32_t)(uintptr_t)pdpt);
	klog("paging: PAE on, low 4 GiB identity-mapped, stack guard page at 0x%08x kept, windows at 0x%08x "
	    "for memory above 4 GiB\n", (unsigned)guard, PAGEMAP_WINDOW_VIRT);
	return true;
}

static bool ensure_on(void)
{
	return on || (on = enable());
}

/* [phys, phys + size) of type t into the next free windows; the virtual address, 0 if not possible. */
static uintptr_t map_windows(uint64_t phys, uint32_t size, PageType t)
{
	uintptr_t va = PAGEMAP_WINDOW_VIRT + (uint32_t)windows_used * PAGEMAP_2M;
	int n;

	if (!ensure_on())
		return 0;
	n = pagemap_windows(&pd[1][windows_used], PAGEMAP_WINDOWS - windows_used, phys, size, t);
	if (!n)
		return 0;
	for (int k = 0; k < n; k++)
		cpu_invlpg(va + (uint32_t)k * PAGEMAP_2M);
	windows_used += n;
	return va + (uintptr_t)(phys & (PAGEMAP_2M - 1));
}

uintptr_t paging_map_high(uint64_t phys, uint32_t size)
{
	return map_windows(phys, size, PAGE_UC);
}

/*
 * The identity map's [phys, end) below 4 GiB as type t: whole 2 MiB pages
 * keep one large PDE each; a partly covered one at either end is split in
 * 4 KiB pages, so the memory next to the range keeps its own type (a
 * large page over two MTRR types is undefined, Intel SDM 12.11.9).
 */
static bool identity_type(uint64_t phys, uint64_t end, PageType t)
{
	for (uint64_t va = phys & ~(uint64_t)(PAGEMAP_2M - 1); va < end; va += PAGEMAP_2M) {
		uint64_t *e = &pd[va >> 30][(va >> 21) & 511], *pt;
		uint64_t lo = va < phys ? phys : va, hi = end - va < PAGEMAP_2M ? end : va + PAGEMAP_2M;

		if (lo == va && hi - va == PAGEMAP_2M && (*e & PAGEMAP_LARGE)) {
			*e = pagemap_pde(va, t);
			continue;
		}
		if (!(pt = split((uint32_t)va)))
			return false;
		for (uint64_t a = lo & ~(uint64_t)(PAGEMAP_4K - 1); a < hi; a += PAGEMAP_4K)
			if (pt[(a >> 12) & 511])        /* (the guard page stays absent) */
				pt[(a >> 12) & 511] = pagemap_pte(a, t);
	}
	cpu_write_cr3((uint32_t)(uintptr_t)pdpt);       /* every old translation out */
	return true;
}

/* IA32_PAT entry 1 from WT to WC, once (nothing selects it before). */
static void pat_program(void)
{
	static bool done;
	uint64_t v;

	if (done || !cpu_msr_read(PAGEMAP_MSR_PAT, &v))
		return;
	cpu_msr_write(PAGEMAP_MSR_PAT, pagemap_pat(v));
	done = true;
	klog("paging: PAT 0x%08x%08x -> 0x%08x%08x (entry 1 write-combining)\n", (unsigned)(v >> 32), (unsigned)v,
	    (unsigned)(pagemap_pat(v) >> 32), (unsigned)pagemap_pat(v));
}

PagingFb paging_map_framebuffer(uint64_t phys, uint32_t size)
{
	FbPlan p = pagemap_plan_fb(phys, size, cpu_has(CPU_F_PAE), cpu_has(CPU_F_PAT | CPU_F_MSR));
	PagingFb r = { .how = p.how };

	switch (p.way) {
	case FB_WAY_NONE:
		break;
	case FB_WAY_IDENTITY:
		r.va = (uintptr_t)phys;
		break;
	case FB_WAY_IDENTITY_WC:
		r.va = (uintptr_t)phys;
		if (!ensure_on())
			r.how = "not write-combining: PAE paging could not be turned on";
		else {
			pat_program();
			if (!identity_type(phys, phys + size, PAGE_WC))
				r.how = "partly write-combining: out of 4 KiB page tables for its ends";
		}
		break;
	case FB_WAY_WINDOW:
		if (p.type == PAGE_WC)
			pat_program();
		r.va = map_windows(phys, size, p.type);
		if (!r.va)
			r.how = "no room in the PAE windows: it cannot be reached";
		break;
	}
	return r;
}
