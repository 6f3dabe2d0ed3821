/* multiboot.h: what the kernel keeps from the loader's multiboot (v1) or multiboot2 information: BootInfo. */
#ifndef KERNEL_MULTIBOOT_H
#define KERNEL_MULTIBOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "fb.h"

#define MULTIBOOT_BOOTLOADER_MAGIC 0x2BADB002
#define MULTIBOOT2_BOOTLOADER_MAGIC 0x36D76289
#define BOOT_MAX_MODULES 8
#define BOOT_TEXT_SIZE  1024            /* multiboot2: room for the strings kept from its tags */
#define BOOT_MAX_RANGES 32              /* usable RAM ranges kept from the memory map */
#define BOOT_MAX_MAP    40              /* memory-map entries kept as they are (the hardware report) */

typedef struct BootModule {
	uint32_t start, end;            /* physical bytes [start, end) */
	const char *name;               /* module command line, "" if none */
} BootModule;

typedef struct MemRange {
	uint64_t base, len;
} MemRange;

typedef struct MemMapEntry {
	uint64_t base, len;
	uint32_t type;                  /* multiboot: 1 usable, 2 reserved, 3 ACPI reclaimable, 4 ACPI NVS, 5 bad */
} MemMapEntry;

typedef struct BootInfo {
	bool valid;                     /* magic matched */
	uint8_t protocol;               /* 1: multiboot, 2: multiboot2 */
	uint32_t info_size;             /* multiboot2: the information's total size */
	int tags;                       /* multiboot2: tags read */
	int bad_tags;                   /* multiboot2: tags refused (too short for their kind, or past the end) */
	const char *cmdline;            /* "" if none */
	const char *loader;             /* boot loader name, "" if none */
	uint32_t mem_lower_kb, mem_upper_kb;
	uint64_t mem_usable;            /* bytes of type-1 RAM in the memory map */
	int mmap_entries;
	AcpiHints acpi;                 /* RSDP copies, the EFI system table, the memory map's ACPI regions */
	int ranges;                     /* type-1 (usable) entries kept in range[] */
	MemRange range[BOOT_MAX_RANGES];
	int map_count;                  /* entries in map[], in the loader's order */
	MemMapEntry map[BOOT_MAX_MAP];
	bool boot_device_valid;         /* the loader said which BIOS drive it booted from */
	uint8_t boot_drive;             /* BIOS drive number: 00h floppy, 80h first hard disk, ... */
	int module_count;
	BootModule modules[BOOT_MAX_MODULES];
	uint8_t fb_type;                /* flags bit 12: 0 indexed, 1 RGB, 2 EGA text; 0xFF = none */
	FbMode fb;                      /* valid when fb_type is 0 or 1 */
	uint32_t fb_palette_addr;       /* fb_type 0: the loader's palette (R,G,B bytes) */
	uint16_t fb_palette_colors;
	int text_used;                  /* multiboot2: the strings above point into text[] */
	char text[BOOT_TEXT_SIZE];
} BootInfo;

#define BOOT_FB_NONE    0xFF

void multiboot_parse(uint32_t magic, uint32_t info_addr, BootInfo *out);
void multiboot_log(const BootInfo *b);

/* multiboot2.c (pure: the host tests give it crafted buffers). */
void multiboot2_parse(const uint8_t *info, BootInfo *out);
void multiboot_add_region(BootInfo *out, uint64_t base, uint64_t len, uint32_t type);

#endif
