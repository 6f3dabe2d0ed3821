/* acpiboot.c: finds the firmware's ACPI tables at boot (drivers/platform/acpitab.c) and says on COM1 where the RSDP came from. */
#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "acpiboot.h"
#include "kfmt.h"
#include "klog.h"
#include "multiboot.h"
#include "paging.h"
#include "smbios.h"

#define LOW_END         0x100000000ull  /* reached one to one (the kernel runs unpaged or identity-mapped) */
#define WINDOW_BYTES    0x00200000u     /* paging_map_high's 2 MiB windows */
#define HIGH_WINDOWS    12              /* of paging's 32 windows: 24 MiB for ACPI memory above 4 GiB, the rest for devices */

/* The windows opened for ACPI memory above 4 GiB, reused while a scan or the table walk stays in one. */
typedef struct HighMaps {
	int count;                      /* mappings made */
	int windows;                    /* 2 MiB windows they take */
	struct {
		uint64_t base;          /* 2 MiB aligned */
		uint32_t size;
		uintptr_t va;
	} map[HIGH_WINDOWS];
} HighMaps;

/*
 * [phys, phys + len): below 4 GiB as it is; above, through PAE windows
 * (kernel/cpu/paging.c, which turns paging on the first time), opened only
 * when nothing already open covers it.
 * NOTE: once PAE is on, the RAM at 1 GiB..1 GiB + 64 MiB is hidden behind
 * the windows (paging.c); ACPI tables there would read wrong. Only a scan of
 * high memory turns it on here, and only after every low source failed.
 */
static const volatile uint8_t *acpi_map(void *ctx, uint64_t phys, uint32_t len)
{
	HighMaps *h = ctx;
	uint64_t end = phys + len, base;
	uint32_t size;
	uintptr_t va;

	if (end < phys)
		return NULL;
	if (end <= LOW_END)
		return (const volatile uint8_t *)(uintptr_t)phys;
	if (phys < LOW_END)
		return NULL;
	for (int i = 0; i < h->count; i++)
		if (phys >= h->map[i].base && end <= h->map[i].base + h->map[i].size)
			return (const volatile uint8_t *)(h->map[i].va + (uintptr_t)(phys - h->map[i].base));
	base = phys & ~(uint64_t)(WINDOW_BYTES - 1);
	size = (uint32_t)((end - base + WINDOW_BYTES - 1) & ~(uint64_t)(WINDOW_BYTES - 1));
	if (h->windows + (int)(size / WINDOW_BYTES) > HIGH_WINDOWS)
		return NULL;
	va = paging_map_high(base, size);
	if (!va)
		return NULL;
	h->map[h->count].base = base;
	h->map[h->count].size = size;
	h->map[h->count].va = va;
	h->count++;
	h->windows += (int)(size / WINDOW_BYTES);
	return (const volatile uint8_t *)(va + (uintptr_t)(phys - base));
}

/* "0x" and 8 hex digits, more above 4 GiB. */
static const char *hex64(char *buf, int size, uint64_t v)
{
	if (v >> 32)
		kfmt_snprintf(buf, (size_t)size, "0x%x%08x", (unsigned)(v >> 32), (unsigned)v);
	else
		kfmt_snprintf(buf, (size_t)size, "0x%08x", (unsigned)v);
	return buf;
}

/*
 * The RSDP: the loader's copy (multiboot2), the EFI configuration table,
 * the BIOS areas, then the memory map's ACPI regions; what its tables say.
 */
static HighMaps high;                   /* the windows opened, kept for the next look (SMBIOS) */

void acpiboot_find(const BootInfo *b, AcpiInfo *acpi)
{
	AcpiMem mem = { .map = acpi_map, .ctx = &high };
	char at[24], region[24], root[24];

	if (!acpi_probe(acpi, &b->acpi, &mem)) {
		klog("acpi: no RSDP (no ACPI tables: no loader tag, %s EFI system table, %d ACPI regions scanned)\n",
		    b->acpi.efi_systab ? "nothing in the" : "no", b->acpi.mem_count);
		return;
	}
	if (acpi->source == ACPI_FROM_MB2_TAG)
		klog("acpi: RSDP from the multiboot2 ACPI tag (GRUB's copy of it)\n");
	else if (acpi->source == ACPI_FROM_ACPI_MEM)
		klog("acpi: RSDP at %s from ACPI memory at %s\n", hex64(at, sizeof at, acpi->rsdp),
		    hex64(region, sizeof region, acpi->region));
	else
		klog("acpi: RSDP at %s from %s\n", hex64(at, sizeof at, acpi->rsdp), acpi_source_text(acpi->source));
	klog("acpi: rev %u, %s at %s, %d tables; PM timer port 0x%04X (%s bit), HPET 0x%08X, MADT local APIC 0x%08X\n",
	    (unsigned)acpi->revision, acpi->xsdt ? "XSDT" : "RSDT", hex64(root, sizeof root, acpi->root),
	    acpi->tables, (unsigned)acpi->pm_port, acpi->pm_32bit ? "32" : "24", (unsigned)acpi->hpet_base,
	    (unsigned)acpi->lapic_base);
}

/* SMBIOS (the hardware report): the EFI table's entry point, else the BIOS area's, through the same mapping. */
void acpiboot_smbios(const BootInfo *b, SmbiosInfo *s)
{
	AcpiMem mem = { .map = acpi_map, .ctx = &high };
	static const AcpiHints none;

	smbios_probe(s, b ? &b->acpi : &none, &mem);
}
