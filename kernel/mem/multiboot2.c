/* multiboot2.c: reads GRUB's multiboot2 information (a list of tags) into the same BootInfo as multiboot v1. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "multiboot.h"

/*
 * NOTE: pure code (tests/unit/test_multiboot2.c runs it on crafted buffers):
 * nothing is read outside [info, info + total_size), and nothing is kept
 * that points into it but the framebuffer's palette address (logged only):
 * GRUB places the information anywhere below 4 GiB, the late BSS included,
 * so the strings are copied into BootInfo's text[] and the RSDP into its
 * AcpiHints.
 */

#define MB2_HEADER      8               /* total_size, reserved */
#define MB2_TAG_HEADER  8               /* type, size */
#define MB2_TAG_ALIGN   8
#define MB2_INFO_MAX    (1u << 20)      /* larger: not multiboot2 information */
#define MB2_TAG_END             0
#define MB2_TAG_CMDLINE         1
#define MB2_TAG_LOADER          2
#define MB2_TAG_MODULE          3
#define MB2_TAG_BASIC_MEMINFO   4
#define MB2_TAG_BOOTDEV         5
#define MB2_TAG_MMAP            6
#define MB2_TAG_FRAMEBUFFER     8
#define MB2_TAG_EFI32           11
#define MB2_TAG_EFI64           12
#define MB2_TAG_ACPI_OLD        14
#define MB2_TAG_ACPI_NEW        15
#define MB2_TAG_KINDS           16
#define MB2_MMAP_ENTRY_MIN      24      /* base, length, type, reserved */
#define MB2_FB_COLOR_INFO       32      /* framebuffer tag: where the colour info starts */
#define MB2_NO_BIOS_DRIVE       0xFFFFFFFFu
#define CMDLINE_MAX     512             /* bytes kept of the command line (longer: cut) */
#define NAME_MAX        64              /* of the loader's and each module's name */
#define MMAP_AVAILABLE  1
#define MMAP_ACPI_RECLAIM 3
#define MMAP_ACPI_NVS   4
#define MMAP_MAX_WALK   256             /* a corrupt map must not loop for long */
#define FB_TYPE_INDEXED 0
#define FB_TYPE_RGB     1

static uint32_t rd32(const uint8_t *b)
{
	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint64_t rd64(const uint8_t *b)
{
	return rd32(b) | (uint64_t)rd32(b + 4) << 32;
}

/* A string of at most n bytes (NUL-terminated or not) copied into out->text, cut to cap - 1 characters. */
static const char *keep_text(BootInfo *out, const uint8_t *s, uint32_t n, uint32_t cap)
{
	char *d = out->text + out->text_used;
	uint32_t room = (uint32_t)(BOOT_TEXT_SIZE - out->text_used), i;

	if (room == 0)
		return "";
	if (cap > room)
		cap = room;
	for (i = 0; i < n && i + 1 < cap && s[i]; i++)
		d[i] = (char)s[i];
	d[i] = '\0';
	out->text_used += (int)i + 1;
	return d;
}

/* One memory-map entry, either protocol: usable RAM into range[], ACPI memory (any address) into acpi.mem[]. */
void multiboot_add_region(BootInfo *out, uint64_t base, uint64_t len, uint32_t type)
{
	if (type == MMAP_AVAILABLE) {
		out->mem_usable += len;
		if (out->ranges < BOOT_MAX_RANGES)
			out->range[out->ranges++] = (MemRange){ base, len };
	}
	if ((type == MMAP_ACPI_RECLAIM || type == MMAP_ACPI_NVS) && out->acpi.mem_count < ACPI_MAX_MEM && len)
		out->acpi.mem[out->acpi.mem_count++] = (AcpiRegion){ base, len };
	if (out->map_count < BOOT_MAX_MAP)
		out->map[out->map_count++] = (MemMapEntry){ base, len, type };
	out->mmap_entries++;
}

static bool tag_cmdline(const uint8_t *t, uint32_t size, BootInfo *out)
{
	out->cmdline = keep_text(out, t + MB2_TAG_HEADER, size - MB2_TAG_HEADER, CMDLINE_MAX);
	return true;
}

static bool tag_loader(const uint8_t *t, uint32_t size, BootInfo *out)
{
	out->loader = keep_text(out, t + MB2_TAG_HEADER, size - MB2_TAG_HEADER, NAME_MAX);
	return true;
}

static bool tag_module(const uint8_t *t, uint32_t size, BootInfo *out)
{
	BootModule *m;

	if (out->module_count >= BOOT_MAX_MODULES)
		return true;            /* more than the kernel keeps: not the tag's fault */
	m = &out->modules[out->module_count++];
	m->start = rd32(t + 8);
	m->end = rd32(t + 12);
	m->name = keep_text(out, t + 16, size - 16, NAME_MAX);
	return true;
}

static bool tag_meminfo(const uint8_t *t, uint32_t size, BootInfo *out)
{
	(void)size;
	out->mem_lower_kb = rd32(t + 8);
	out->mem_upper_kb = rd32(t + 12);
	return true;
}

static bool tag_bootdev(const uint8_t *t, uint32_t size, BootInfo *out)
{
	(void)size;
	if (rd32(t + 8) == MB2_NO_BIOS_DRIVE)           /* booted not from a BIOS drive (UEFI) */
		return true;
	out->boot_device_valid = true;
	out->boot_drive = (uint8_t)rd32(t + 8);
	return true;
}

/* Entries of entry_size bytes (24 or more: later versions may add fields) after a 16-byte head. */
static bool tag_mmap(const uint8_t *t, uint32_t size, BootInfo *out)
{
	uint32_t esize = rd32(t + 8);

	if (esize < MB2_MMAP_ENTRY_MIN)
		return false;
	for (uint32_t off = 16; off + esize <= size && out->mmap_entries < MMAP_MAX_WALK; off += esize)
		multiboot_add_region(out, rd64(t + off), rd64(t + off + 8), rd32(t + off + 16));
	return true;
}

/* RGB: positions and sizes at 32..37; indexed: a colour count at 32 and the palette itself at 34. */
static bool tag_framebuffer(const uint8_t *t, uint32_t size, BootInfo *out)
{
	const uint8_t *ci = t + MB2_FB_COLOR_INFO;
	uint8_t type = t[29];

	if ((type == FB_TYPE_RGB && size < MB2_FB_COLOR_INFO + 6) || (type == FB_TYPE_INDEXED && size < MB2_FB_COLOR_INFO + 2))
		return false;
	out->fb_type = type;
	out->fb = (FbMode){ .addr = rd64(t + 8), .pitch = rd32(t + 16), .width = rd32(t + 20), .height = rd32(t + 24),
		.bpp = t[28] };
	if (type == FB_TYPE_RGB) {
		out->fb.kind = FB_RGB;
		out->fb.red_pos = ci[0];
		out->fb.red_bits = ci[1];
		out->fb.green_pos = ci[2];
		out->fb.green_bits = ci[3];
		out->fb.blue_pos = ci[4];
		out->fb.blue_bits = ci[5];
	} else if (type == FB_TYPE_INDEXED) {
		uint32_t fit = (size - MB2_FB_COLOR_INFO - 2) / 3, colors = (uint32_t)(ci[0] | ci[1] << 8);

		out->fb.kind = FB_INDEXED;
		out->fb_palette_colors = (uint16_t)(colors < fit ? colors : fit);
		out->fb_palette_addr = (uint32_t)(uintptr_t)(ci + 2);
	}
	return true;
}

static bool tag_efi32(const uint8_t *t, uint32_t size, BootInfo *out)
{
	(void)size;
	if (!out->acpi.efi_64bit)
		out->acpi.efi_systab = rd32(t + 8);
	return true;
}

static bool tag_efi64(const uint8_t *t, uint32_t size, BootInfo *out)
{
	(void)size;
	out->acpi.efi_systab = rd64(t + 8);
	out->acpi.efi_64bit = true;
	return true;
}

static void rsdp_copy(AcpiRsdpCopy *c, const uint8_t *t, uint32_t size)
{
	uint32_t n = size - MB2_TAG_HEADER;

	c->len = (uint8_t)(n < ACPI_RSDP_V2_LEN ? n : ACPI_RSDP_V2_LEN);
	for (uint32_t i = 0; i < c->len; i++)
		c->bytes[i] = t[MB2_TAG_HEADER + i];
}

static bool tag_acpi_old(const uint8_t *t, uint32_t size, BootInfo *out)
{
	rsdp_copy(&out->acpi.tag_old, t, size);
	return true;
}

static bool tag_acpi_new(const uint8_t *t, uint32_t size, BootInfo *out)
{
	rsdp_copy(&out->acpi.tag_new, t, size);
	return true;
}

/* The tags read, each with the least size its fields need; a reader returning false refuses the tag. */
typedef struct Mb2Tag {
	uint32_t min_size;
	bool (*read)(const uint8_t *tag, uint32_t size, BootInfo *out);
} Mb2Tag;

static const Mb2Tag MB2_TAGS[MB2_TAG_KINDS] = {
	[MB2_TAG_CMDLINE] = { .min_size = 8, .read = tag_cmdline },
	[MB2_TAG_LOADER] = { .min_size = 8, .read = tag_loader },
	[MB2_TAG_MODULE] = { .min_size = 16, .read = tag_module },
	[MB2_TAG_BASIC_MEMINFO] = { .min_size = 16, .read = tag_meminfo },
	[MB2_TAG_BOOTDEV] = { .min_size = 20, .read = tag_bootdev },
	[MB2_TAG_MMAP] = { .min_size = 16, .read = tag_mmap },
	[MB2_TAG_FRAMEBUFFER] = { .min_size = MB2_FB_COLOR_INFO, .read = tag_framebuffer },
	[MB2_TAG_EFI32] = { .min_size = 12, .read = tag_efi32 },
	[MB2_TAG_EFI64] = { .min_size = 16, .read = tag_efi64 },
	[MB2_TAG_ACPI_OLD] = { .min_size = MB2_TAG_HEADER + ACPI_RSDP_V1_LEN, .read = tag_acpi_old },
	[MB2_TAG_ACPI_NEW] = { .min_size = MB2_TAG_HEADER + ACPI_RSDP_V2_LEN, .read = tag_acpi_new },
};

/*
 * The information GRUB passes in EBX with EAX = 0x36D76289: its total size,
 * then 8-byte aligned tags up to an end tag. A tag whose size runs past the
 * total (or is under 8) ends the walk; a known tag too short for its fields
 * is skipped; both count in bad_tags. Unknown tags are skipped.
 */
void multiboot2_parse(const uint8_t *info, BootInfo *out)
{
	uint32_t total, off;

	*out = (BootInfo){ .cmdline = "", .loader = "", .fb_type = BOOT_FB_NONE, .protocol = 2 };
	if (!info)
		return;
	total = rd32(info);
	out->info_size = total;
	if (total < MB2_HEADER + MB2_TAG_HEADER || total > MB2_INFO_MAX) {
		out->bad_tags = 1;
		return;
	}
	out->valid = true;
	for (off = MB2_HEADER; off + MB2_TAG_HEADER <= total; ) {
		const uint8_t *t = info + off;
		uint32_t type = rd32(t), size = rd32(t + 4);
		const Mb2Tag *k = type < MB2_TAG_KINDS ? &MB2_TAGS[type] : NULL;

		if (size < MB2_TAG_HEADER || size > total - off) {
			out->bad_tags++;
			break;
		}
		if (type == MB2_TAG_END)
			break;
		out->tags++;
		if (k && k->read && (size < k->min_size || !k->read(t, size, out)))
			out->bad_tags++;
		off += (size + MB2_TAG_ALIGN - 1) & ~(uint32_t)(MB2_TAG_ALIGN - 1);
	}
	if (out->mmap_entries == 0 && (out->mem_lower_kb || out->mem_upper_kb)) {   /* no map: the two sizes */
		out->range[out->ranges++] = (MemRange){ 0, (uint64_t)out->mem_lower_kb * 1024 };
		out->range[out->ranges++] = (MemRange){ 0x100000, (uint64_t)out->mem_upper_kb * 1024 };
	}
}
