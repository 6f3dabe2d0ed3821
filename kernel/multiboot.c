/* multiboot.c: reads the boot loader's information: command line, modules, memory map. */
#include <stdbool.h>
#include <stdint.h>

#include "klog.h"
#include "multiboot.h"

#define MBI_MEM         (1u << 0)
#define MBI_BOOTDEV     (1u << 1)
#define MBI_CMDLINE     (1u << 2)
#define MBI_MODS        (1u << 3)
#define MBI_MMAP        (1u << 6)
#define MBI_LOADER      (1u << 9)
#define MMAP_AVAILABLE  1
#define MMAP_MAX_WALK   256             /* a corrupt map must not loop for long */

typedef struct __attribute__((packed)) MbInfo {
	uint32_t flags;
	uint32_t mem_lower, mem_upper;
	uint32_t boot_device;
	uint32_t cmdline;
	uint32_t mods_count, mods_addr;
	uint32_t syms[4];
	uint32_t mmap_length, mmap_addr;
	uint32_t drives_length, drives_addr;
	uint32_t config_table;
	uint32_t boot_loader_name;
} MbInfo;

typedef struct __attribute__((packed)) MbModule {
	uint32_t mod_start, mod_end;
	uint32_t string;
	uint32_t reserved;
} MbModule;

typedef struct __attribute__((packed)) MbMmap {
	uint32_t size;                  /* of the rest of this entry */
	uint64_t addr, len;
	uint32_t type;
} MbMmap;

void multiboot_parse(uint32_t magic, uint32_t info_addr, BootInfo *out)
{
	const MbInfo *mb = (const MbInfo *)(uintptr_t)info_addr;
	uint32_t i;

	*out = (BootInfo){ .cmdline = "", .loader = "" };
	if (magic != MULTIBOOT_BOOTLOADER_MAGIC || info_addr == 0)
		return;
	out->valid = true;
	if (mb->flags & MBI_MEM) {
		out->mem_lower_kb = mb->mem_lower;
		out->mem_upper_kb = mb->mem_upper;
	}
	if (mb->flags & MBI_BOOTDEV) {
		out->boot_device_valid = true;
		out->boot_drive = (uint8_t)(mb->boot_device >> 24);
	}
	if ((mb->flags & MBI_CMDLINE) && mb->cmdline)
		out->cmdline = (const char *)(uintptr_t)mb->cmdline;
	if ((mb->flags & MBI_LOADER) && mb->boot_loader_name)
		out->loader = (const char *)(uintptr_t)mb->boot_loader_name;
	if (mb->flags & MBI_MODS) {
		const MbModule *m = (const MbModule *)(uintptr_t)mb->mods_addr;

		for (i = 0; i < mb->mods_count && i < BOOT_MAX_MODULES; i++) {
			out->modules[i].start = m[i].mod_start;
			out->modules[i].end = m[i].mod_end;
			out->modules[i].name = m[i].string ? (const char *)(uintptr_t)m[i].string : "";
		}
		out->module_count = (int)i;
	}
	if (mb->flags & MBI_MMAP) {
		uint32_t off = 0;

		while (off + sizeof(MbMmap) <= mb->mmap_length && out->mmap_entries < MMAP_MAX_WALK) {
			const MbMmap *e = (const MbMmap *)(uintptr_t)(mb->mmap_addr + off);

			if (e->type == MMAP_AVAILABLE)
				out->mem_usable += e->len;
			out->mmap_entries++;
			off += e->size + sizeof(e->size);
		}
	}
}

void multiboot_log(const BootInfo *b)
{
	int i;

	if (!b->valid) {
		klog("multiboot: bad magic, no boot information\n");
		return;
	}
	klog("multiboot: loader \"%s\"\n", b->loader);
	klog("multiboot: cmdline \"%s\"\n", b->cmdline);
	klog("multiboot: memory lower %u KiB, upper %u KiB, map %d entries, %u KiB usable\n",
	    (unsigned)b->mem_lower_kb, (unsigned)b->mem_upper_kb, b->mmap_entries,
	    (unsigned)(b->mem_usable / 1024));
	for (i = 0; i < b->module_count; i++)
		klog("multiboot: module %d at 0x%08x, %u bytes, \"%s\"\n", i,
		    (unsigned)b->modules[i].start,
		    (unsigned)(b->modules[i].end - b->modules[i].start), b->modules[i].name);
}
