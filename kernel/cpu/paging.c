/* paging.c: PAE paging, turned on only when a device's registers lie above 4 GiB (UEFI firmware puts 64-bit BARs there). */
#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"
#include "io.h"
#include "klog.h"
#include "latebss.h"
#include "paging.h"

#define PAGE_2M         0x00200000u
#define PDE_PRESENT     0x001u
#define PDE_WRITE       0x002u
#define PDE_PWT         0x008u
#define PDE_PCD         0x010u          /* uncached: device registers */
#define PDE_LARGE       0x080u          /* a 2 MiB page */
#define PDPTE_PRESENT   0x001u
#define CR0_PG          0x80000000u
#define CR4_PAE         0x00000020u
#define WINDOW_VIRT     0x40000000u     /* 1 GiB: where high registers are shown, 2 MiB a window */
#define WINDOW_PAGES    32              /* 64 MiB of windows */

/*
 * Everything else stays identity-mapped (physical = virtual for the low
 * 4 GiB, 2 MiB pages), so nothing changes for the rest of the kernel.
 * NOTE: the window hides the RAM at 1 GiB..1 GiB + 64 MiB; the kernel, its
 * pools and GRUB's modules all live far below that.
 */
static uint64_t pdpt[4] __attribute__((aligned(32)));
static LATE_BSS uint64_t pd[4][512] __attribute__((aligned(4096)));
static bool on;
static int windows_used;

static bool enable(void)
{
	if (!cpu_has(CPU_F_PAE)) {
		klog("paging: the CPU has no PAE: registers above 4 GiB cannot be reached\n");
		return false;
	}
	for (uint32_t i = 0; i < 4; i++) {
		for (uint32_t j = 0; j < 512; j++)
			pd[i][j] = (uint64_t)(i * 512 + j) * PAGE_2M | PDE_PRESENT | PDE_WRITE | PDE_LARGE;
		pdpt[i] = (uint32_t)(uintptr_t)pd[i] | PDPTE_PRESENT;
	}
	/*
	 * NOTE: kernel/cpu/fault.c may have turned paging on already (4 MiB pages,
	 * the stack's guard page left out); PAE can only change with paging off.
	 * This map has no guard page: the stack segment's limit still guards.
	 */
	cpu_write_cr0(cpu_read_cr0() & ~CR0_PG);
	cpu_cr4_set(CR4_PAE, CPU_F_PAE);      /* checked above: the CPU has PAE */
	cpu_write_cr3((uint32_t)(uintptr_t)pdpt);
	cpu_write_cr0(cpu_read_cr0() | CR0_PG);
	klog("paging: PAE on, low 4 GiB identity-mapped, windows at 0x%08x for registers above 4 GiB\n",
	    WINDOW_VIRT);
	return true;
}

/* Map [phys, phys + size) uncached into the next free windows; the virtual address, 0 if not possible. */
uintptr_t paging_map_high(uint64_t phys, uint32_t size)
{
	uint64_t base = phys & ~(uint64_t)(PAGE_2M - 1);
	uint32_t pages = (uint32_t)((phys - base + size + PAGE_2M - 1) / PAGE_2M);
	uintptr_t va;

	if ((!on && !(on = enable())) || windows_used + (int)pages > WINDOW_PAGES)
		return 0;
	va = WINDOW_VIRT + (uint32_t)windows_used * PAGE_2M;
	for (uint32_t k = 0; k < pages; k++) {
		pd[1][windows_used + (int)k] = (base + (uint64_t)k * PAGE_2M) | PDE_PRESENT | PDE_WRITE | PDE_LARGE |
		    PDE_PCD | PDE_PWT;
		cpu_invlpg(va + k * PAGE_2M);
	}
	windows_used += (int)pages;
	return va + (uintptr_t)(phys - base);
}
