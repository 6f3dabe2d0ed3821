/* acpi.h: the ACPI tables the firmware left in memory (RSDP -> RSDT/XSDT), where the RSDP came from, and the PM timer and HPET they name. */
#ifndef DRIVERS_ACPI_H
#define DRIVERS_ACPI_H

#include <stdbool.h>
#include <stdint.h>

#define ACPI_PM_HZ      3579545u        /* the PM timer's fixed rate */
#define ACPI_RSDP_V1_LEN 20             /* ACPI 1.0 RSDP: signature, checksum, OEM, revision, RSDT */
#define ACPI_RSDP_V2_LEN 36             /* ACPI 2.0+: length, XSDT, extended checksum */
#define ACPI_MAX_MEM    8               /* memory-map ACPI regions kept for the scan */

/* Where the RSDP was found, in the order it is looked for (acpi_probe). */
typedef enum AcpiSource {
	ACPI_FROM_NONE,
	ACPI_FROM_MB2_TAG,              /* GRUB's copy in the multiboot2 information (tag 15, else 14) */
	ACPI_FROM_EFI_TABLE,            /* the EFI system table's configuration table (ACPI 2.0 GUID, else 1.0) */
	ACPI_FROM_BIOS,                 /* the EBDA's first KiB or 0xE0000-0xFFFFF */
	ACPI_FROM_ACPI_MEM,             /* a memory-map region typed ACPI reclaimable or NVS */
} AcpiSource;

#define ACPI_MAX_SEEN   48              /* table headers kept for the hardware report */

/* A table the RSDT/XSDT names, its header as read (docs/hwinfo.md); readable false: not mapped or bad. */
typedef struct AcpiTableSeen {
	uint64_t addr;
	bool readable;
	char sig[4], oem[6], oem_table[8];
	uint8_t revision;
	uint32_t length;
} AcpiTableSeen;

typedef struct AcpiInfo {
	bool found;                     /* an RSDP with a valid checksum */
	AcpiSource source;
	uint64_t rsdp;                  /* where it is (ACPI_FROM_MB2_TAG: 0, the loader passes a copy) */
	uint64_t region;                /* ACPI_FROM_ACPI_MEM: the region it was found in */
	uint8_t revision;               /* 0: RSDT, 2+: XSDT too */
	bool xsdt;                      /* the tables came from the XSDT (else the RSDT) */
	uint64_t root;                  /* the RSDT's or XSDT's address, 0 if neither is valid */
	int tables;                     /* entries of the RSDT/XSDT */
	uint16_t pm_port;               /* FADT PM_TMR_BLK, 0 if none */
	bool pm_32bit;                  /* FADT flags TMR_VAL_EXT: 32-bit counter, else 24 */
	uint32_t hpet_base;             /* HPET table's base address, 0 if none (or above 4 GB) */
	uint32_t lapic_base;            /* MADT's local APIC address, 0 if no MADT */
	bool reset_reg;                 /* FADT flags RESET_REG_SUP, and the FADT is long enough to hold it */
	uint8_t reset_space;            /* its Generic Address Structure: ACPI_SPACE_* */
	uint8_t reset_value;            /* the byte to write there */
	uint32_t reset_addr, reset_addr_hi;
	uint32_t fadt_flags;            /* the FADT's flags word (0 without a FADT) */
	uint16_t boot_arch;             /* IAPC_BOOT_ARCH, when boot_arch_valid */
	bool boot_arch_valid;           /* the FADT is revision 3+ and long enough to hold it */
} AcpiInfo;

#define ACPI_SPACE_MEMORY 0
#define ACPI_SPACE_IO     1
#define ACPI_SPACE_PCI    2             /* bus 0; device in bits 47:32, function 31:16, register 15:0 */

/* Memory the firmware marked ACPI (reclaimable or NVS), at any address: where UEFI firmware keeps the RSDP. */
typedef struct AcpiRegion {
	uint64_t base, len;
} AcpiRegion;

/* A copy of an RSDP the loader passed (multiboot2 tags 14 and 15), len 0 if none. */
typedef struct AcpiRsdpCopy {
	uint8_t bytes[ACPI_RSDP_V2_LEN];
	uint8_t len;
} AcpiRsdpCopy;

/* What the loader said about the firmware's tables (kernel/mem fills it from the multiboot information). */
typedef struct AcpiHints {
	AcpiRsdpCopy tag_new;           /* multiboot2 tag 15: the ACPI 2.0+ RSDP */
	AcpiRsdpCopy tag_old;           /* multiboot2 tag 14: the ACPI 1.0 RSDP */
	uint64_t efi_systab;            /* EFI system table (multiboot2 tag 11 or 12), 0 if none */
	bool efi_64bit;                 /* tag 12: its pointers are 64-bit */
	int mem_count;
	AcpiRegion mem[ACPI_MAX_MEM];
} AcpiHints;

/*
 * How the table code reads physical memory: map returns a pointer through
 * which [phys, phys + len) can be read, or NULL when it cannot be reached.
 * The kernel maps the low 4 GiB one to one and the rest through PAE windows;
 * the host tests hand it a fake memory. A pointer it returned stays valid
 * (the table walk keeps the RSDT's while it maps the tables).
 */
typedef struct AcpiMem {
	const volatile uint8_t *(*map)(void *ctx, uint64_t phys, uint32_t len);
	void *ctx;
} AcpiMem;

/* Find the RSDP (tag, EFI table, BIOS area, ACPI memory, in that order) and read its tables. */
bool acpi_probe(AcpiInfo *a, const AcpiHints *h, const AcpiMem *m);
const char *acpi_source_text(AcpiSource s);
/* The EFI configuration table's entry for a GUID (16 bytes as in memory): its pointer, 0 if none or no EFI. */
/* The headers of the tables the last acpi_probe walked (the hardware report): how many in *count. */
const AcpiTableSeen *acpi_seen(int *count);
uint64_t acpi_efi_config_table(const AcpiMem *m, const AcpiHints *h, const uint8_t guid[16]);
uint32_t acpi_pm_read(const AcpiInfo *a);
uint32_t acpi_pm_elapsed(const AcpiInfo *a, uint32_t from, uint32_t to);   /* handles the wrap */

#endif
