/* pagemap.h: the numbers paging.c writes, computed without touching the CPU — PAE entries with their memory type, the PAT value, where a framebuffer goes. */
#ifndef KERNEL_PAGEMAP_H
#define KERNEL_PAGEMAP_H

#include <stdbool.h>
#include <stdint.h>

#define PAGEMAP_2M              0x00200000u
#define PAGEMAP_4K              0x00001000u
#define PAGEMAP_4G              0x100000000ull
#define PAGEMAP_PRESENT         0x001u
#define PAGEMAP_WRITE           0x002u
#define PAGEMAP_PWT             0x008u          /* PAT index bit 0 */
#define PAGEMAP_PCD             0x010u          /* PAT index bit 1 */
#define PAGEMAP_LARGE           0x080u          /* in a PDE: a 2 MiB page */
#define PAGEMAP_PAT_LARGE       0x1000u         /* PAT index bit 2 in a 2 MiB PDE (unused: see pagemap.c) */
#define PAGEMAP_PAT_SMALL       0x080u          /* PAT index bit 2 in a 4 KiB PTE (unused) */
#define PAGEMAP_WINDOW_VIRT     0x40000000u     /* 1 GiB: where memory above 4 GiB is shown */
#define PAGEMAP_WINDOWS         256             /* 2 MiB windows: 512 MiB, room for an 8K screen and the xHCI */
#define PAGEMAP_MSR_PAT         0x0277u         /* IA32_PAT */
#define PAGEMAP_PAT_POWER_ON    0x0007040600070406ull   /* WB WT UC- UC, twice (entry 0 in the low byte) */

/* The memory types the kernel selects, each a PAT entry (index = PAT*4 + PCD*2 + PWT). */
typedef enum PageType {
	PAGE_WB,                        /* entry 0, WB at power-on: the MTRRs decide (RAM WB, BARs UC) */
	PAGE_WC,                        /* entry 1, reprogrammed from WT to WC: a framebuffer */
	PAGE_UC,                        /* entry 3, UC at power-on: device registers */
} PageType;

uint64_t pagemap_pde(uint64_t phys, PageType t);        /* a present, writable 2 MiB page */
uint64_t pagemap_pte(uint64_t phys, PageType t);        /* a present, writable 4 KiB page */
uint64_t pagemap_pat(uint64_t pat);                     /* IA32_PAT with entry 1 WC, the others kept */

/* How a framebuffer is reached, decided from its place and the CPU's PAE and PAT. */
typedef enum FbWay {
	FB_WAY_NONE,                    /* it cannot be: above 4 GiB with no PAE */
	FB_WAY_IDENTITY,                /* physical = virtual, the page tables left alone */
	FB_WAY_IDENTITY_WC,             /* physical = virtual, its pages made WC (PAE map) */
	FB_WAY_WINDOW,                  /* through PAE windows at PAGEMAP_WINDOW_VIRT */
} FbWay;

typedef struct FbPlan {
	FbWay way;
	PageType type;                  /* of the window's pages (FB_WAY_WINDOW) */
	const char *how;                /* in words, for COM1: "write-combining (PAT)" or why not */
} FbPlan;

FbPlan pagemap_plan_fb(uint64_t phys, uint32_t size, bool has_pae, bool has_pat);

/*
 * The PDEs of windows showing [phys, phys + size): written to pd[0..],
 * at most `room`; the count (0: it does not fit). The virtual address is
 * the first window's plus phys's offset in its 2 MiB.
 */
int pagemap_windows(uint64_t *pd, int room, uint64_t phys, uint32_t size, PageType t);

#endif
