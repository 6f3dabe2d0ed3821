/* acpiboot.h: the firmware's ACPI tables found at boot from what the loader passed. */
#ifndef KERNEL_ACPIBOOT_H
#define KERNEL_ACPIBOOT_H

#include "acpi.h"
#include "multiboot.h"
#include "smbios.h"

void acpiboot_find(const BootInfo *b, AcpiInfo *acpi);
void acpiboot_smbios(const BootInfo *b, SmbiosInfo *s);        /* SMBIOS's entry point and strings, mapped as ACPI's */

#endif
