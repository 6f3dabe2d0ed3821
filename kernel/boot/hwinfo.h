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

const char *hwinfo_build(const HwInfoSrc *src, uint32_t *len, uint32_t *hash);  /* the report (a static buffer) */
void hwinfo_com1(const char *text);     /* between "hwinfo: begin" and "hwinfo: end" */
/*
 * The report hwinfo_build made last (len bytes, its hash) into HWINFO.TXT:
 * written when `force` (System info's item) or when the file's first
 * line's hash differs (bring-up's end). True if the file now holds this
 * report (written, or it already did); else why not in why[] ("saves are
 * off: ...", "no HWINFO.TXT on this stick", ...). COM1 says which.
 */
struct BringUp;
bool hwinfo_save(uint32_t len, uint32_t hash, bool force, char *why, size_t size);
void hwinfo_src(const struct BringUp *u, HwInfoSrc *src);      /* bringup.c: what the bring-up knows */

#endif
