/* acpi.c: find the RSDP in BIOS memory, walk the RSDT/XSDT, read what the FADT, HPET and MADT tables say. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "io.h"

#define BDA_EBDA_SEGMENT 0x040E         /* BIOS data area: EBDA segment (16 bit) */
#define EBDA_SCAN_BYTES  1024
#define BIOS_ROM_START   0x000E0000u
#define BIOS_ROM_END     0x00100000u
#define RSDP_ALIGN       16
#define RSDP_V1_LEN      20
#define SDT_HEADER_LEN   36
#define SDT_MAX_LEN      (1u << 20)     /* anything longer is not a table */
#define ACPI_REGION_MAX  (8u << 20)     /* larger ACPI memory regions are not scanned */

#define FADT_PM_TMR_BLK  76             /* offsets into the FADT */
#define FADT_PM_TMR_LEN  91
#define FADT_FLAGS       112
#define FADT_TMR_VAL_EXT (1u << 8)
#define FADT_RESET_REG_SUP (1u << 10)
#define FADT_RESET_REG   116            /* Generic Address Structure: space, width, offset, size, address */
#define FADT_RESET_VALUE 128
#define HPET_BASE_ADDR   44             /* the address field of its Generic Address Structure */
#define MADT_LAPIC_ADDR  36

/* An address the compiler cannot see through (GCC 12 warns about constant pointers below 4 KiB). */
static uintptr_t phys(uintptr_t p)
{
	__asm__("" : "+r"(p));
	return p;
}

static uint32_t rd32(uintptr_t p)
{
	const volatile uint8_t *b = (const volatile uint8_t *)phys(p);

	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static bool sums_to_zero(uintptr_t p, uint32_t len)
{
	uint8_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + *(const volatile uint8_t *)(p + i));
	return sum == 0;
}

static bool sig_is(uintptr_t p, const char *sig, int n)
{
	for (int i = 0; i < n; i++)
		if (*(const volatile char *)(p + i) != sig[i])
			return false;
	return true;
}

static uintptr_t rsdp_scan(uintptr_t from, uintptr_t to)
{
	for (uintptr_t p = from; p + RSDP_V1_LEN <= to; p += RSDP_ALIGN)
		if (sig_is(p, "RSD PTR ", 8) && sums_to_zero(p, RSDP_V1_LEN))
			return p;
	return 0;
}

/* A table with its signature and a good checksum, or 0. */
static uintptr_t sdt_ok(uintptr_t p, const char *sig)
{
	uint32_t len;

	if (!p || (sig && !sig_is(p, sig, 4)))
		return 0;
	len = rd32(p + 4);
	if (len < SDT_HEADER_LEN || len > SDT_MAX_LEN || !sums_to_zero(p, len))
		return 0;
	return p;
}

/* The FADT: the PM timer's port and width, and the reset register (ACPI 2+, when the flags offer it). */
static void fadt(AcpiInfo *a, uintptr_t t)
{
	uint32_t len = rd32(t + 4), flags;

	if (len < FADT_FLAGS + 4)
		return;
	flags = rd32(t + FADT_FLAGS);
	if (*(const volatile uint8_t *)(t + FADT_PM_TMR_LEN) == 4) {
		a->pm_port = (uint16_t)rd32(t + FADT_PM_TMR_BLK);
		a->pm_32bit = (flags & FADT_TMR_VAL_EXT) != 0;
	}
	if (len > FADT_RESET_VALUE && (flags & FADT_RESET_REG_SUP)) {
		a->reset_reg = true;
		a->reset_space = *(const volatile uint8_t *)(t + FADT_RESET_REG);
		a->reset_addr = rd32(t + FADT_RESET_REG + 4);
		a->reset_addr_hi = rd32(t + FADT_RESET_REG + 8);
		a->reset_value = *(const volatile uint8_t *)(t + FADT_RESET_VALUE);
	}
}

/*
 * The RSDP sits on a 16-byte boundary in the first KiB of the EBDA or in
 * the BIOS ROM area; under UEFI (no such area) in the firmware's ACPI
 * memory, which the loader's memory map names. ACPI 2+ adds an XSDT of 64-bit pointers; tables above
 * 4 GB cannot be reached without paging and are skipped.
 */
bool acpi_probe(AcpiInfo *a, const AcpiRegion *regions, int count)
{
	uintptr_t ebda = (rd32(BDA_EBDA_SEGMENT) & 0xFFFF) << 4;
	uintptr_t rsdp = 0, root = 0;
	int entry_size = 4;

	*a = (AcpiInfo){ .found = false };
	if (ebda >= 0x80000 && ebda < 0xA0000)
		rsdp = rsdp_scan(ebda, ebda + EBDA_SCAN_BYTES);
	if (!rsdp)
		rsdp = rsdp_scan(BIOS_ROM_START, BIOS_ROM_END);
	for (int i = 0; !rsdp && i < count; i++)
		if (regions[i].len <= ACPI_REGION_MAX)
			rsdp = rsdp_scan(regions[i].base, regions[i].base + regions[i].len);
	if (!rsdp)
		return false;
	a->found = true;
	a->rsdp = (uint32_t)rsdp;
	a->revision = *(const volatile uint8_t *)(rsdp + 15);
	if (a->revision >= 2 && rd32(rsdp + 28) == 0)           /* XSDT below 4 GB */
		root = sdt_ok(rd32(rsdp + 24), "XSDT"), entry_size = 8;
	if (!root)
		root = sdt_ok(rd32(rsdp + 16), "RSDT"), entry_size = 4;
	if (!root)
		return true;
	a->tables = (int)((rd32(root + 4) - SDT_HEADER_LEN) / (uint32_t)entry_size);
	for (int i = 0; i < a->tables; i++) {
		uintptr_t e = root + SDT_HEADER_LEN + (uintptr_t)i * (uintptr_t)entry_size;
		uintptr_t t;

		if (entry_size == 8 && rd32(e + 4) != 0)
			continue;
		t = sdt_ok(rd32(e), NULL);
		if (!t)
			continue;
		if (sig_is(t, "FACP", 4)) {
			fadt(a, t);
		} else if (sig_is(t, "HPET", 4) && rd32(t + 4) >= HPET_BASE_ADDR + 8 &&
		           rd32(t + HPET_BASE_ADDR + 4) == 0) {
			a->hpet_base = rd32(t + HPET_BASE_ADDR);
		} else if (sig_is(t, "APIC", 4) && rd32(t + 4) >= MADT_LAPIC_ADDR + 4) {
			a->lapic_base = rd32(t + MADT_LAPIC_ADDR);
		}
	}
	return true;
}

uint32_t acpi_pm_read(const AcpiInfo *a)
{
	return inl(a->pm_port) & (a->pm_32bit ? 0xFFFFFFFFu : 0x00FFFFFFu);
}

uint32_t acpi_pm_elapsed(const AcpiInfo *a, uint32_t from, uint32_t to)
{
	return (to - from) & (a->pm_32bit ? 0xFFFFFFFFu : 0x00FFFFFFu);
}
