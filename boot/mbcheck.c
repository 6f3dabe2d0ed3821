/* mbcheck.c: what GRUB hands over (multiboot v1) checked against the bytes the BIOS stub writes; the stub's (boot/unpack.c) and the host test's. */
#include "mbcheck.h"

#define MBI_CMDLINE     (1u << 2)
#define MBI_MODS        (1u << 3)
#define MBI_MMAP        (1u << 6)
#define MBI_LOADER      (1u << 9)
#define MBI_FRAMEBUFFER (1u << 12)
#define MBI_BYTES       118             /* the information up to the colour info's end (kernel/mem/multiboot.c's MbInfo) */
#define MBI_FB_TYPE     109             /* framebuffer_type's offset */
#define MBI_COLOR_INFO  112             /* where GRUB writes the colour info (kernel/mem/multiboot.c: BUG:) */
#define FB_TYPE_INDEXED 0
#define PALETTE_ENTRY   3               /* bytes per colour of an indexed framebuffer's palette */
#define MOD_ENTRY       16              /* mod_start, mod_end, string, reserved */
#define MODS_MAX        (0xFFFFFFFFu / MOD_ENTRY)       /* more: the list's bytes do not fit in 32 bits */
#define STRING_MAX      4096            /* a loader string longer than this is checked this far */

typedef struct Kernel {
	uint32_t dest, end;
} Kernel;

static uint32_t string_bytes(uint32_t s)
{
	const char *p = (const char *)(uintptr_t)s;
	uint32_t n = 0;

	while (n < STRING_MAX && p[n])
		n++;
	return n + 1;
}

/* [at, at + n) in the kernel's range: *hit says so. */
static int found(const Kernel *k, MbOverlap *hit, const char *what, uint32_t at, uint32_t n)
{
	if (!mbcheck_overlaps(at, n, k->dest, k->end))
		return 0;
	*hit = (MbOverlap){ .what = what, .at = at, .bytes = n };
	return 1;
}

/*
 * GRUB 2.06 places the information, with the command line, the loader's
 * name, the module list and the memory map, in one block below 640 KiB
 * (multiboot_mbi.c), and modules from 1 MiB up wherever it finds room
 * (multiboot.c, the relocator): around the stub, not around the kernel it
 * cannot see. Nothing of it may lie where the kernel goes.
 */
int mbcheck_info(uint32_t info, uint32_t dest, uint32_t end, MbOverlap *hit)
{
	const Kernel k = { .dest = dest, .end = end };
	const volatile uint32_t *mb = (const volatile uint32_t *)(uintptr_t)info;
	uint32_t flags;

	if (found(&k, hit, "information", info, MBI_BYTES))
		return 1;
	flags = mb[0];
	if ((flags & MBI_CMDLINE) && found(&k, hit, "command line", mb[4], string_bytes(mb[4])))
		return 1;
	if ((flags & MBI_LOADER) && found(&k, hit, "name", mb[16], string_bytes(mb[16])))
		return 1;
	if (flags & MBI_MODS) {
		const volatile uint32_t *mod = (const volatile uint32_t *)(uintptr_t)mb[6];
		uint32_t count = mb[5];

		/* a count too large for its list's bytes to fit in 32 bits: a list round all of memory */
		if (found(&k, hit, "module list", mb[6], count <= MODS_MAX ? count * MOD_ENTRY : 0xFFFFFFFFu))
			return 1;
		for (uint32_t i = 0; i < count; i++, mod += MOD_ENTRY / 4) {
			if (found(&k, hit, "module", mod[0], mod[1] - mod[0]))
				return 1;
			if (mod[2] && found(&k, hit, "module name", mod[2], string_bytes(mod[2])))
				return 1;
		}
	}
	if ((flags & MBI_MMAP) && found(&k, hit, "memory map", mb[12], mb[11]))
		return 1;
	if ((flags & MBI_FRAMEBUFFER) && ((const volatile uint8_t *)mb)[MBI_FB_TYPE] == FB_TYPE_INDEXED) {
		const volatile uint8_t *ci = (const volatile uint8_t *)mb + MBI_COLOR_INFO;

		return found(&k, hit, "palette",
		    (uint32_t)ci[0] | (uint32_t)ci[1] << 8 | (uint32_t)ci[2] << 16 | (uint32_t)ci[3] << 24,
		    (uint32_t)(ci[4] | ci[5] << 8) * PALETTE_ENTRY);
	}
	return 0;
}
