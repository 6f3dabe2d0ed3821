/* acpi.h: the ACPI tables the firmware left in memory (RSDP -> RSDT/XSDT), and the PM timer and HPET they name. */
#ifndef DRIVERS_ACPI_H
#define DRIVERS_ACPI_H

#include <stdbool.h>
#include <stdint.h>

#define ACPI_PM_HZ      3579545u        /* the PM timer's fixed rate */

typedef struct AcpiInfo {
	bool found;                     /* an RSDP with a valid checksum */
	uint32_t rsdp;                  /* where it is */
	uint8_t revision;               /* 0: RSDT, 2+: XSDT too */
	int tables;                     /* entries of the RSDT/XSDT */
	uint16_t pm_port;               /* FADT PM_TMR_BLK, 0 if none */
	bool pm_32bit;                  /* FADT flags TMR_VAL_EXT: 32-bit counter, else 24 */
	uint32_t hpet_base;             /* HPET table's base address, 0 if none (or above 4 GB) */
	uint32_t lapic_base;            /* MADT's local APIC address, 0 if no MADT */
	bool reset_reg;                 /* FADT flags RESET_REG_SUP, and the FADT is long enough to hold it */
	uint8_t reset_space;            /* its Generic Address Structure: ACPI_SPACE_* */
	uint8_t reset_value;            /* the byte to write there */
	uint32_t reset_addr, reset_addr_hi;
} AcpiInfo;

#define ACPI_SPACE_MEMORY 0
#define ACPI_SPACE_IO     1
#define ACPI_SPACE_PCI    2             /* bus 0; device in bits 47:32, function 31:16, register 15:0 */

/* Memory the firmware marked ACPI (reclaimable or NVS): where UEFI firmware keeps the RSDP. */
typedef struct AcpiRegion {
	uint32_t base, len;
} AcpiRegion;

/* Scan the EBDA and 0xE0000-0xFFFFF for the RSDP (BIOS), then these regions (UEFI). */
bool acpi_probe(AcpiInfo *a, const AcpiRegion *regions, int count);
uint32_t acpi_pm_read(const AcpiInfo *a);
uint32_t acpi_pm_elapsed(const AcpiInfo *a, uint32_t from, uint32_t to);   /* handles the wrap */

#endif
