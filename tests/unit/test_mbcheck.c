/* test_mbcheck.c: the BIOS stub's check that nothing GRUB handed over lies where the kernel is unpacked (boot/mbcheck.c). */
#include "testmain.h"

#include "mbcheck.h"

/* The range the stub passes (kpack.h's KP_DEST, KP_BSS_END): 1 MiB up to a BSS end off a page boundary. */
#define DEST            0x00100000u
#define BSS_END         0x001B044Cu

typedef struct Edge {
	const char *what;
	uint32_t at, bytes;
	int overlaps;
} Edge;

static const Edge EDGES[] = {
	{ "ends right before the kernel's first byte", DEST - 16, 16, 0 },
	{ "its last byte is the kernel's first", DEST - 16, 17, 1 },
	{ "one byte, the kernel's first", DEST, 1, 1 },
	{ "one byte, the BSS's last", BSS_END - 1, 1, 1 },
	{ "starts right after the BSS's last byte", BSS_END, 0x1000, 0 },
	{ "from below the kernel to above it", DEST - 1, BSS_END - DEST + 2, 1 },
	{ "zero bytes at the kernel's first byte", DEST, 0, 0 },
	{ "zero bytes inside the kernel", DEST + 0x1000, 0, 0 },
	{ "from address 0 to the kernel's first byte", 0, DEST, 0 },
	/* past 4 GiB a 32-bit address comes round to 0 */
	{ "from below the kernel, wraps past 4 GiB", 0x00080000, 0xFFFFFFFF, 1 },
	{ "from inside the kernel, its end below its start", DEST + 0x1000, 0xFFFFF000, 1 },
	{ "from above the kernel, ends at 4 GiB", 0xFFFFF000, 0x1000, 0 },
	{ "from above the kernel, round to just below it", 0xFFFFF000, 0x1000 + DEST, 0 },
	{ "from above the kernel, round to its first byte", 0xFFFFF000, 0x1000 + DEST + 1, 1 },
	{ "all of memory but one byte, from above the kernel", BSS_END, 0xFFFFFFFF, 1 },
};

static void overlap_edges(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(EDGES); i++) {
		const Edge *e = &EDGES[i];

		assert_row(mbcheck_overlaps(e->at, e->bytes, DEST, BSS_END) == e->overlaps,
		    "%s: [0x%08X, +%u) %s", e->what, e->at, e->bytes, e->overlaps ? "not refused" : "refused");
	}
}

/*
 * A hand-over in host memory laid out as GRUB lays it out below 640 KiB, with
 * a stand-in for the kernel's range in the same block (the test is linked
 * without PIE: every address fits the 32-bit fields). Offsets into mem[]:
 */
#define MEM_BYTES       0x10000
#define INFO            0x0000          /* the information, 120 bytes */
#define CMDLINE         0x0200
#define LOADER          0x0300
#define MODLIST         0x0400          /* two modules */
#define MODNAME0        0x0500
#define MODNAME1        0x0510
#define MMAP            0x0600          /* two 24-byte entries */
#define PALETTE         0x0700          /* 16 colours */
#define MOD0            0x1000
#define MOD1            0x2000
#define KDEST           0x8000          /* the stand-in kernel: [KDEST, KEND) */
#define KEND            0xC44C

#define F_CMDLINE       (1u << 2)
#define F_MODS          (1u << 3)
#define F_MMAP          (1u << 6)
#define F_LOADER        (1u << 9)
#define F_FRAMEBUFFER   (1u << 12)
#define INFO_BYTES      118             /* GRUB writes the colour info at 112..117 */

static const char CMDLINE_TEXT[] = "/boot/kernel imageid=0123abcd level=disk";
static uint8_t mem[MEM_BYTES] __attribute__((aligned(4096)));

static uint32_t addr(uint32_t off)
{
	return (uint32_t)(uintptr_t)(mem + off);
}

static void put32(uint32_t off, uint32_t v)
{
	memcpy(mem + off, &v, 4);
}

static void set_module(int i, uint32_t start, uint32_t end, uint32_t name)
{
	put32(MODLIST + 16 * i, start);
	put32(MODLIST + 16 * i + 4, end);
	put32(MODLIST + 16 * i + 8, name);
}

/* Everything multiboot v1 can hand over, none of it in [KDEST, KEND). */
static int setup(void **state)
{
	(void)state;
	assert_true((uintptr_t)(mem + MEM_BYTES) <= 0xFFFFFFFFu);
	memset(mem, 0, sizeof mem);
	put32(INFO, F_CMDLINE | F_MODS | F_MMAP | F_LOADER | F_FRAMEBUFFER);
	put32(INFO + 16, addr(CMDLINE));
	memcpy(mem + CMDLINE, CMDLINE_TEXT, sizeof CMDLINE_TEXT);
	put32(INFO + 64, addr(LOADER));
	memcpy(mem + LOADER, "GRUB 2.06", 10);
	put32(INFO + 20, 2);
	put32(INFO + 24, addr(MODLIST));
	set_module(0, addr(MOD0), addr(MOD0 + 0x800), addr(MODNAME0));
	set_module(1, addr(MOD1), addr(MOD1 + 0x123), addr(MODNAME1));
	memcpy(mem + MODNAME0, "disk", 5);
	memcpy(mem + MODNAME1, "demo", 5);
	put32(INFO + 44, 48);
	put32(INFO + 48, addr(MMAP));
	mem[INFO + 109] = 0;                    /* indexed */
	put32(INFO + 112, addr(PALETTE));
	mem[INFO + 116] = 16;                   /* colours */
	return 0;
}

/* mbcheck_info on the information at mem[info] against the stand-in; returns 1 with *hit as it says. */
static int check_at(uint32_t info, MbOverlap *hit)
{
	*hit = (MbOverlap){ .what = NULL };
	return mbcheck_info(addr(info), addr(KDEST), addr(KEND), hit);
}

static int check(MbOverlap *hit)
{
	return check_at(INFO, hit);
}

static void assert_hit(const char *what, uint32_t at, uint32_t bytes)
{
	MbOverlap hit;

	assert_int_equal(check(&hit), 1);
	assert_string_equal(hit.what, what);
	assert_int_equal(hit.at, at);
	assert_int_equal(hit.bytes, bytes);
}

static void assert_clear(void)
{
	MbOverlap hit;

	if (check(&hit))
		fail_msg("refused: %s at 0x%08X (%u bytes)", hit.what, hit.at, hit.bytes);
}

static void clean_handover_passes(void **state)
{
	(void)state;
	assert_clear();
}

/*
 * The information moved (4-aligned, as GRUB aligns it), with its pointers, to
 * just below the kernel: clear 120 bytes below; 116 below, only its last two
 * bytes (the palette's colour count, which the kernel reads) are in the range.
 */
static void information_up_to_its_colour_info(void **state)
{
	MbOverlap hit;

	(void)state;
	memmove(mem + KDEST - 120, mem + INFO, INFO_BYTES);
	assert_int_equal(check_at(KDEST - 120, &hit), 0);
	memmove(mem + KDEST - 116, mem + KDEST - 120, INFO_BYTES);
	assert_int_equal(check_at(KDEST - 116, &hit), 1);
	assert_string_equal(hit.what, "information");
	assert_int_equal(hit.at, addr(KDEST - 116));
	assert_int_equal(hit.bytes, INFO_BYTES);
}

/* The command line counts with its NUL: ending right before the kernel passes, a byte later it is refused. */
static void command_line_with_its_nul(void **state)
{
	uint32_t len = sizeof CMDLINE_TEXT;     /* with the NUL */

	(void)state;
	memcpy(mem + KDEST - len, CMDLINE_TEXT, len);
	put32(INFO + 16, addr(KDEST - len));
	assert_clear();
	memcpy(mem + KDEST - len + 1, CMDLINE_TEXT, len);
	put32(INFO + 16, addr(KDEST - len + 1));
	assert_hit("command line", addr(KDEST - len + 1), len);
	put32(INFO + 16, addr(KEND - 1));       /* an empty string on the BSS's last byte */
	assert_hit("command line", addr(KEND - 1), 1);
	put32(INFO, F_MODS | F_MMAP | F_LOADER | F_FRAMEBUFFER);     /* not there: not read */
	assert_clear();
}

static void loader_name(void **state)
{
	(void)state;
	put32(INFO + 64, addr(KDEST + 0x100));
	assert_hit("name", addr(KDEST + 0x100), 1);
}

static void module_list_and_modules(void **state)
{
	(void)state;
	set_module(1, addr(KDEST - 0x123), addr(KDEST), addr(MODNAME1));        /* ends right before */
	assert_clear();
	set_module(1, addr(KDEST - 0x123), addr(KDEST + 1), addr(MODNAME1));    /* its first byte */
	assert_hit("module", addr(KDEST - 0x123), 0x124);
	set_module(1, addr(KEND - 1), addr(KEND), addr(MODNAME1));              /* the BSS's last byte */
	assert_hit("module", addr(KEND - 1), 1);
	set_module(1, addr(KEND), addr(KEND + 0x800), addr(MODNAME1));          /* right after */
	assert_clear();
	set_module(1, addr(KDEST + 0x100), addr(KDEST + 0x100), addr(MODNAME1)); /* zero bytes */
	assert_clear();
	set_module(1, addr(KDEST + 0x100), addr(KDEST), addr(MODNAME1));        /* its end below its start */
	assert_hit("module", addr(KDEST + 0x100), 0xFFFFFF00);
	set_module(1, addr(MOD1), addr(MOD1 + 0x123), addr(KDEST + 0x10));
	assert_hit("module name", addr(KDEST + 0x10), 1);
	set_module(1, addr(MOD1), addr(MOD1 + 0x123), 0);                       /* no name */
	assert_clear();
	put32(INFO + 24, addr(KDEST - 31));     /* the list's last byte on the kernel's first */
	memmove(mem + KDEST - 31, mem + MODLIST, 32);
	assert_hit("module list", addr(KDEST - 31), 32);
}

/* A count whose list could not fit in 32 bits is refused, not walked (there are two entries). */
static void module_count_past_4_gib(void **state)
{
	(void)state;
	put32(INFO + 20, 0x10000000);
	assert_hit("module list", addr(MODLIST), 0xFFFFFFFF);
	put32(INFO + 20, 0x0FFFFFFF);           /* 0xFFFFFFF0 bytes: round to 0 and through the kernel */
	assert_hit("module list", addr(MODLIST), 0xFFFFFFF0);
}

static void memory_map_pointer_and_length(void **state)
{
	(void)state;
	put32(INFO + 48, addr(KDEST - 48));     /* ends right before */
	assert_clear();
	put32(INFO + 44, 49);
	assert_hit("memory map", addr(KDEST - 48), 49);
	put32(INFO + 44, 48);
	put32(INFO + 48, addr(KDEST + 0x200));
	assert_hit("memory map", addr(KDEST + 0x200), 48);
	put32(INFO, F_CMDLINE | F_MODS | F_LOADER | F_FRAMEBUFFER);
	assert_clear();
}

/* An indexed framebuffer's palette, 3 bytes a colour; the same bytes of an RGB framebuffer are no pointer. */
static void palette_of_an_indexed_framebuffer(void **state)
{
	(void)state;
	put32(INFO + 112, addr(KEND - 47));
	assert_hit("palette", addr(KEND - 47), 48);
	mem[INFO + 109] = 1;
	assert_clear();
}

/* Several in the range: the first in the walk's order is named (information, strings, modules, map, palette). */
static void first_found_is_named(void **state)
{
	(void)state;
	put32(INFO + 48, addr(KDEST));
	put32(INFO + 112, addr(KDEST));
	set_module(0, addr(KDEST + 0x1000), addr(KDEST + 0x2000), addr(MODNAME0));
	assert_hit("module", addr(KDEST + 0x1000), 0x1000);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(overlap_edges),
	cmocka_unit_test_setup(clean_handover_passes, setup),
	cmocka_unit_test_setup(information_up_to_its_colour_info, setup),
	cmocka_unit_test_setup(command_line_with_its_nul, setup),
	cmocka_unit_test_setup(loader_name, setup),
	cmocka_unit_test_setup(module_list_and_modules, setup),
	cmocka_unit_test_setup(module_count_past_4_gib, setup),
	cmocka_unit_test_setup(memory_map_pointer_and_length, setup),
	cmocka_unit_test_setup(palette_of_an_indexed_framebuffer, setup),
	cmocka_unit_test_setup(first_found_is_named, setup),
};

int main(int argc, char **argv)
{
	if (testmain_filter("mbcheck", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("mbcheck", tests, NULL, NULL);
}
