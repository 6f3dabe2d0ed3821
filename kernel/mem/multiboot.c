/* multiboot.c: reads the boot loader's information (multiboot v1 here, multiboot2 in multiboot2.c): command line, modules, memory map. */
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
#define MBI_FRAMEBUFFER (1u << 12)
#define FB_TYPE_INDEXED 0
#define FB_TYPE_RGB     1
#define FB_TYPE_EGA_TEXT 2
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
	uint32_t apm_table;
	uint32_t vbe_control_info, vbe_mode_info;
	uint16_t vbe_mode, vbe_interface_seg, vbe_interface_off, vbe_interface_len;
	uint64_t framebuffer_addr;      /* offset 88 */
	uint32_t framebuffer_pitch, framebuffer_width, framebuffer_height;
	uint8_t framebuffer_bpp, framebuffer_type;      /* offsets 108, 109 */
	/*
	 * BUG: the spec's table puts the colour info at offset 110, but GRUB's own
	 * multiboot.h (not packed) aligns the union after framebuffer_type to 4,
	 * and GRUB 2.06 writes it at 112. We read it where GRUB writes it.
	 */
	uint16_t color_info_pad;
	uint8_t color_info[6];          /* offset 112: palette addr + count, or RGB positions/sizes */
} MbInfo;

_Static_assert(__builtin_offsetof(MbInfo, framebuffer_addr) == 88, "multiboot framebuffer_addr");
_Static_assert(__builtin_offsetof(MbInfo, framebuffer_type) == 109, "multiboot framebuffer_type");
_Static_assert(__builtin_offsetof(MbInfo, color_info) == 112, "GRUB's framebuffer colour info");

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

/* Flags bit 12: the framebuffer GRUB set up (UEFI: the GOP mode; BIOS text mode: type 2, EGA text). */
static void parse_framebuffer(const MbInfo *mb, BootInfo *out)
{
	const uint8_t *ci = mb->color_info;

	out->fb_type = mb->framebuffer_type;
	out->fb = (FbMode){
		.addr = mb->framebuffer_addr, .pitch = mb->framebuffer_pitch,
		.width = mb->framebuffer_width, .height = mb->framebuffer_height,
		.bpp = mb->framebuffer_bpp,
	};
	if (mb->framebuffer_type == FB_TYPE_RGB) {
		out->fb.kind = FB_RGB;
		out->fb.red_pos = ci[0];
		out->fb.red_bits = ci[1];
		out->fb.green_pos = ci[2];
		out->fb.green_bits = ci[3];
		out->fb.blue_pos = ci[4];
		out->fb.blue_bits = ci[5];
	} else if (mb->framebuffer_type == FB_TYPE_INDEXED) {
		out->fb.kind = FB_INDEXED;
		out->fb_palette_addr = (uint32_t)ci[0] | (uint32_t)ci[1] << 8 | (uint32_t)ci[2] << 16 |
		    (uint32_t)ci[3] << 24;
		out->fb_palette_colors = (uint16_t)(ci[4] | ci[5] << 8);
	}
}

void multiboot_parse(uint32_t magic, uint32_t info_addr, BootInfo *out)
{
	const MbInfo *mb = (const MbInfo *)(uintptr_t)info_addr;
	uint32_t i;

	if (magic == MULTIBOOT2_BOOTLOADER_MAGIC) {     /* GRUB's multiboot2 (grub.cfg on UEFI) */
		multiboot2_parse((const uint8_t *)(uintptr_t)info_addr, out);
		return;
	}
	*out = (BootInfo){ .cmdline = "", .loader = "", .fb_type = BOOT_FB_NONE, .protocol = 1 };
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
	if (!(mb->flags & MBI_MMAP) && (mb->flags & MBI_MEM)) {        /* no map: the two sizes say as much */
		out->range[out->ranges++] = (MemRange){ 0, (uint64_t)mb->mem_lower * 1024 };
		out->range[out->ranges++] = (MemRange){ 0x100000, (uint64_t)mb->mem_upper * 1024 };
	}
	if (mb->flags & MBI_FRAMEBUFFER)
		parse_framebuffer(mb, out);
	if (mb->flags & MBI_MMAP) {
		uint32_t off = 0;

		while (off + sizeof(MbMmap) <= mb->mmap_length && out->mmap_entries < MMAP_MAX_WALK) {
			const MbMmap *e = (const MbMmap *)(uintptr_t)(mb->mmap_addr + off);

			multiboot_add_region(out, e->addr, e->len, e->type);
			off += e->size + sizeof(e->size);
		}
	}
}

void multiboot_log(const BootInfo *b)
{
	int i;

	if (!b->valid) {
		if (b->protocol == 2)
			klog("multiboot: multiboot2 information of %u bytes refused\n", (unsigned)b->info_size);
		else
			klog("multiboot: bad magic, no boot information\n");
		return;
	}
	if (b->protocol == 2)
		klog("multiboot: multiboot2 information, %u bytes, %d tags%s%s%s\n", (unsigned)b->info_size, b->tags,
		    b->bad_tags ? " (" : "", b->bad_tags ? "bad tags skipped" : "", b->bad_tags ? ")" : "");
	klog("multiboot: loader \"%s\"\n", b->loader);
	klog("multiboot: cmdline \"%s\"\n", b->cmdline);
	klog("multiboot: memory lower %u KiB, upper %u KiB, map %d entries, %u KiB usable\n",
	    (unsigned)b->mem_lower_kb, (unsigned)b->mem_upper_kb, b->mmap_entries,
	    (unsigned)(b->mem_usable / 1024));
	if (b->fb_type == FB_TYPE_RGB)
		klog("multiboot: framebuffer %ux%u %u bpp RGB pitch %u at 0x%08x%08x, "
		    "red %u@%u green %u@%u blue %u@%u\n",
		    (unsigned)b->fb.width, (unsigned)b->fb.height, (unsigned)b->fb.bpp,
		    (unsigned)b->fb.pitch, (unsigned)(b->fb.addr >> 32), (unsigned)b->fb.addr,
		    (unsigned)b->fb.red_bits, (unsigned)b->fb.red_pos, (unsigned)b->fb.green_bits,
		    (unsigned)b->fb.green_pos, (unsigned)b->fb.blue_bits, (unsigned)b->fb.blue_pos);
	else if (b->fb_type == FB_TYPE_INDEXED)
		klog("multiboot: framebuffer %ux%u %u bpp indexed pitch %u at 0x%08x%08x, %u colours\n",
		    (unsigned)b->fb.width, (unsigned)b->fb.height, (unsigned)b->fb.bpp,
		    (unsigned)b->fb.pitch, (unsigned)(b->fb.addr >> 32), (unsigned)b->fb.addr,
		    (unsigned)b->fb_palette_colors);
	else if (b->fb_type == FB_TYPE_EGA_TEXT)
		klog("multiboot: EGA text mode %ux%u (no framebuffer: VGA)\n",
		    (unsigned)b->fb.width, (unsigned)b->fb.height);
	else
		klog("multiboot: no framebuffer information\n");
	for (i = 0; i < b->module_count; i++)
		klog("multiboot: module %d at 0x%08x, %u bytes, \"%s\"\n", i,
		    (unsigned)b->modules[i].start,
		    (unsigned)(b->modules[i].end - b->modules[i].start), b->modules[i].name);
}
