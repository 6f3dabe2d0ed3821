/* hwinfo.h: the hardware report (docs/hwinfo.md) gathered from the drivers, on COM1 and in HWINFO.TXT. */
#ifndef KERNEL_HWINFO_H
#define KERNEL_HWINFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "cmdline.h"
#include "hwreport.h"
#include "multiboot.h"
#include "sysinfo.h"

/* What the kernel knows that the drivers do not: the loader's, System info's, the bring-up's. */
typedef struct HwInfoSrc {
	const BootInfo *boot;
	const AcpiInfo *acpi;
	const SysInfo *sysinfo;
	int stage_count;
	const HwStage *stage;
} HwInfoSrc;

void hwinfo_capture(void);              /* kmain, once the late BSS is ours: the log kept for [boot]'s rows */
const char *hwinfo_build(const HwInfoSrc *src, uint32_t *len, uint32_t *hash);  /* the report (a static buffer) */
void hwinfo_com1(const char *text);     /* between "hwinfo: begin" and "hwinfo: end" */

#endif
