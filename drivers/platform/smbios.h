/* smbios.h: the SMBIOS entry point and the BIOS (type 0) and system (type 1) strings — never serial numbers or UUIDs. */
#ifndef DRIVERS_SMBIOS_H
#define DRIVERS_SMBIOS_H

#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"

#define SMBIOS_STR      65              /* a string kept: 64 characters and the NUL */
#define SMBIOS_TABLE_MAX 0x10000u       /* structure table bytes walked at most */

typedef struct SmbiosInfo {
	bool found;                     /* an entry point with a good checksum */
	bool v3;                        /* "_SM3_" (else "_SM_") */
	bool from_efi;                  /* named by the EFI configuration table (else the 0xF0000 scan) */
	uint64_t entry;                 /* where the entry point is */
	uint8_t major, minor;
	uint64_t table;                 /* the structure table */
	uint32_t table_len;
	bool table_read;                /* the table could be mapped */
	int structures;                 /* structures walked */
	/* Type 0 (BIOS information) and type 1 (system information); "" when absent. */
	char bios_vendor[SMBIOS_STR], bios_version[SMBIOS_STR], bios_date[SMBIOS_STR];
	char sys_vendor[SMBIOS_STR], sys_product[SMBIOS_STR], sys_version[SMBIOS_STR];
} SmbiosInfo;

/*
 * The entry point from the EFI configuration table (SMBIOS 3 GUID first),
 * else the BIOS area 0xF0000-0xFFFFF on 16-byte steps ("_SM3_" or "_SM_"),
 * then the structure table's type 0 and 1 strings. Memory through m, as
 * acpi_probe (host-testable). False when no entry point checks out.
 */
bool smbios_probe(SmbiosInfo *s, const AcpiHints *h, const AcpiMem *m);

/* Pure parts (the fuzz target's): an entry point's fields; a structure table's strings. */
bool smbios_entry(SmbiosInfo *s, const volatile uint8_t *p, uint32_t avail);
void smbios_table(SmbiosInfo *s, const volatile uint8_t *t, uint32_t len);

#endif
