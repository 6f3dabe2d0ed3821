/* acpi.c: the ACPI PM timer's counter (port I/O); the tables themselves are read by acpitab.c. */
#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "io.h"

uint32_t acpi_pm_read(const AcpiInfo *a)
{
	return inl(a->pm_port) & (a->pm_32bit ? 0xFFFFFFFFu : 0x00FFFFFFu);
}

uint32_t acpi_pm_elapsed(const AcpiInfo *a, uint32_t from, uint32_t to)
{
	return (to - from) & (a->pm_32bit ? 0xFFFFFFFFu : 0x00FFFFFFu);
}
