/* test_multiboot2.c: GRUB's multiboot2 information (kernel/mem/multiboot2.c) read from crafted tag lists — every tag kind, bad and truncated tags, never a byte past the total size. */
#include "testmain.h"

#include "multiboot.h"

#define TAG_CMDLINE 1
#define TAG_LOADER 2
#define TAG_MODULE 3
#define TAG_MEMINFO 4
#define TAG_BOOTDEV 5
#define TAG_MMAP 6
#define TAG_FRAMEBUFFER 8
#define TAG_EFI32 11
#define TAG_EFI64 12
#define TAG_ACPI_OLD 14
#define TAG_ACPI_NEW 15

/* A tag list being built: tags 8-byte aligned after the 8-byte head, as GRUB lays them out. */
typedef struct Mbi {
	uint8_t b[8192];
	uint32_t used;
} Mbi;

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static void mbi_begin(Mbi *m)
{
	memset(m, 0, sizeof *m);
	m->used = 8;
}

/* A tag of this type and size (its fields zeroed); returns it to fill in. */
static uint8_t *mbi_tag(Mbi *m, uint32_t type, uint32_t size)
{
	uint8_t *t = m->b + m->used;

	put32(t, type);
	put32(t + 4, size);
	m->used += (size + 7) & ~7u;
	return t;
}

static void mbi_string(Mbi *m, uint32_t type, const char *s)
{
	uint32_t n = (uint32_t)strlen(s) + 1;

	memcpy(mbi_tag(m, type, 8 + n) + 8, s, n);
}

/* The end tag and the total size; the result copied to a heap block of exactly that size (ASan sees any overread). */
static uint8_t *mbi_end(Mbi *m)
{
	uint8_t *copy;

	mbi_tag(m, 0, 8);
	put32(m->b, m->used);
	copy = malloc(m->used);
	memcpy(copy, m->b, m->used);
	return copy;
}

static void mmap_entry(uint8_t *e, uint64_t base, uint64_t len, uint32_t type)
{
	put64(e, base);
	put64(e + 8, len);
	put32(e + 16, type);
}

static void rsdp_bytes(uint8_t *p, int len, uint8_t fill)
{
	memcpy(p, "RSD PTR ", 8);
	for (int i = 8; i < len; i++)
		p[i] = (uint8_t)(fill + i);
}

static void every_tag_kind_fills_bootinfo(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *t, *info;

	(void)state;
	mbi_begin(&m);
	mbi_string(&m, TAG_CMDLINE, "ticks=280 bench");
	mbi_string(&m, TAG_LOADER, "GRUB 2.06-13+deb12u2");
	t = mbi_tag(&m, TAG_MODULE, 16 + 5);
	put32(t + 8, 0x400000);
	put32(t + 12, 0x401234);
	memcpy(t + 16, "disk", 5);
	t = mbi_tag(&m, TAG_MEMINFO, 16);
	put32(t + 8, 639);
	put32(t + 12, 7168);
	t = mbi_tag(&m, TAG_BOOTDEV, 20);
	put32(t + 8, 0xE0);
	put32(t + 12, 0xFFFFFFFF);
	t = mbi_tag(&m, TAG_MMAP, 16 + 4 * 24);
	put32(t + 8, 24);
	mmap_entry(t + 16, 0, 0x9F000, 1);
	mmap_entry(t + 40, 0x100000, 0x7F00000, 1);
	mmap_entry(t + 64, 0x7FB7E000, 0x82000, 3);
	mmap_entry(t + 88, 0x123400000ull, 0x10000, 4);         /* ACPI NVS above 4 GiB: kept now */
	t = mbi_tag(&m, TAG_FRAMEBUFFER, 32 + 6);
	put64(t + 8, 0xC0000000);
	put32(t + 16, 2400);
	put32(t + 20, 800);
	put32(t + 24, 600);
	t[28] = 24;
	t[29] = 1;
	memcpy(t + 32, (uint8_t[]){ 16, 8, 8, 8, 0, 8 }, 6);
	t = mbi_tag(&m, TAG_EFI64, 16);
	put64(t + 8, 0x7FF6E018);
	rsdp_bytes(mbi_tag(&m, TAG_ACPI_OLD, 8 + 20) + 8, 20, 1);
	rsdp_bytes(mbi_tag(&m, TAG_ACPI_NEW, 8 + 36) + 8, 36, 2);
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);                                     /* everything kept is a copy */

	assert_true(b.valid);
	assert_int_equal(b.protocol, 2);
	assert_int_equal(b.tags, 10);
	assert_int_equal(b.bad_tags, 0);
	assert_string_equal(b.cmdline, "ticks=280 bench");
	assert_string_equal(b.loader, "GRUB 2.06-13+deb12u2");
	assert_int_equal(b.module_count, 1);
	assert_int_equal(b.modules[0].start, 0x400000);
	assert_int_equal(b.modules[0].end, 0x401234);
	assert_string_equal(b.modules[0].name, "disk");
	assert_int_equal(b.mem_lower_kb, 639);
	assert_int_equal(b.mem_upper_kb, 7168);
	assert_true(b.boot_device_valid);
	assert_int_equal(b.boot_drive, 0xE0);
	assert_int_equal(b.mmap_entries, 4);
	assert_int_equal(b.ranges, 2);
	assert_int_equal(b.range[1].base, 0x100000);
	assert_int_equal(b.mem_usable, 0x9F000 + 0x7F00000);
	assert_int_equal(b.acpi.mem_count, 2);
	assert_int_equal(b.acpi.mem[0].base, 0x7FB7E000);
	assert_int_equal(b.acpi.mem[1].base, 0x123400000ull);
	assert_int_equal(b.fb_type, 1);
	assert_int_equal(b.fb.kind, FB_RGB);
	assert_int_equal(b.fb.addr, 0xC0000000);
	assert_int_equal(b.fb.pitch, 2400);
	assert_int_equal(b.fb.width, 800);
	assert_int_equal(b.fb.height, 600);
	assert_int_equal(b.fb.bpp, 24);
	assert_int_equal(b.fb.red_pos, 16);
	assert_int_equal(b.fb.blue_bits, 8);
	assert_int_equal(b.acpi.efi_systab, 0x7FF6E018);
	assert_true(b.acpi.efi_64bit);
	assert_int_equal(b.acpi.tag_old.len, 20);
	assert_int_equal(b.acpi.tag_new.len, 36);
	assert_memory_equal(b.acpi.tag_new.bytes, "RSD PTR ", 8);
	assert_int_equal(b.acpi.tag_new.bytes[35], (uint8_t)(2 + 35));
}

/* 8-bit indexed: the colour count at 32, the palette in the tag; a count larger than the tag holds is cut. */
static void indexed_framebuffer_counts_only_the_colours_the_tag_holds(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *t, *info;

	(void)state;
	mbi_begin(&m);
	t = mbi_tag(&m, TAG_FRAMEBUFFER, 32 + 2 + 16 * 3);
	put32(t + 20, 640);
	put32(t + 24, 480);
	t[28] = 8;
	t[29] = 0;
	t[32] = 0;
	t[33] = 1;                                      /* says 256 colours, holds 16 */
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	assert_int_equal(b.fb_type, 0);
	assert_int_equal(b.fb.kind, FB_INDEXED);
	assert_int_equal(b.fb_palette_colors, 16);
	assert_int_equal(b.bad_tags, 0);
	free(info);
}

/* The 32-bit EFI system table (i386 GRUB) is taken; a 64-bit one wins whatever the order. */
static void efi_system_table_pointers(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *info;

	(void)state;
	mbi_begin(&m);
	put32(mbi_tag(&m, TAG_EFI32, 12) + 8, 0x06F1E018);
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);
	assert_int_equal(b.acpi.efi_systab, 0x06F1E018);
	assert_false(b.acpi.efi_64bit);

	mbi_begin(&m);
	put64(mbi_tag(&m, TAG_EFI64, 16) + 8, 0x17FF6E018ull);
	put32(mbi_tag(&m, TAG_EFI32, 12) + 8, 0x06F1E018);
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);
	assert_int_equal(b.acpi.efi_systab, 0x17FF6E018ull);
	assert_true(b.acpi.efi_64bit);
}

/* Known tags too short for their fields are skipped and counted; the walk goes on after them. */
static void short_tags_are_refused_and_the_rest_read(void **state)
{
	static const struct {
		uint32_t type, size;
		const char *what;
	} shorts[] = {
		{ TAG_MODULE, 12, "module without its string" },
		{ TAG_MEMINFO, 12, "meminfo without mem_upper" },
		{ TAG_BOOTDEV, 16, "bootdev without its partition" },
		{ TAG_MMAP, 12, "memory map without its entry size" },
		{ TAG_FRAMEBUFFER, 28, "framebuffer without its type" },
		{ TAG_EFI32, 8, "EFI32 without its pointer" },
		{ TAG_EFI64, 12, "EFI64 with half a pointer" },
		{ TAG_ACPI_OLD, 8 + 19, "ACPI 1.0 RSDP one byte short" },
		{ TAG_ACPI_NEW, 8 + 20, "ACPI 2.0 RSDP of the 1.0 size" },
	};
	static BootInfo b;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(shorts); i++) {
		Mbi m;
		uint8_t *info;

		mbi_begin(&m);
		memset(mbi_tag(&m, shorts[i].type, shorts[i].size) + 8, 0x55, shorts[i].size - 8);
		mbi_string(&m, TAG_CMDLINE, "after");
		info = mbi_end(&m);
		multiboot2_parse(info, &b);
		free(info);
		assert_row(b.bad_tags == 1, "%s: %d bad tags", shorts[i].what, b.bad_tags);
		assert_row(strcmp(b.cmdline, "after") == 0, "%s: the next tag not read", shorts[i].what);
		assert_row(b.module_count == 0 && b.mmap_entries == 0 && b.fb_type == BOOT_FB_NONE &&
		    b.acpi.efi_systab == 0 && b.acpi.tag_old.len == 0 && b.acpi.tag_new.len == 0 &&
		    b.mem_upper_kb == 0 && !b.boot_device_valid, "%s: read anyway", shorts[i].what);
	}
}

/* Fields inside a tag that is long enough, but that do not make sense: refused the same way. */
static void bad_fields_are_refused(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *t, *info;

	(void)state;
	mbi_begin(&m);
	t = mbi_tag(&m, TAG_MMAP, 16 + 48);
	put32(t + 8, 16);                               /* entries shorter than base+length+type */
	t = mbi_tag(&m, TAG_FRAMEBUFFER, 32 + 4);       /* RGB needs 6 bytes of colour info */
	t[29] = 1;
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);
	assert_int_equal(b.bad_tags, 2);
	assert_int_equal(b.mmap_entries, 0);
	assert_int_equal(b.fb_type, BOOT_FB_NONE);
}

/* A tag under 8 bytes or running past the total ends the walk: nothing after it, nothing outside. */
static void truncated_tags_end_the_walk(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *info;

	(void)state;
	mbi_begin(&m);
	mbi_string(&m, TAG_LOADER, "GRUB");
	mbi_tag(&m, TAG_CMDLINE, 4);                    /* under a tag header */
	mbi_string(&m, TAG_CMDLINE, "never read");
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);
	assert_string_equal(b.loader, "GRUB");
	assert_string_equal(b.cmdline, "");
	assert_int_equal(b.bad_tags, 1);

	mbi_begin(&m);
	mbi_string(&m, TAG_LOADER, "GRUB");
	put32(mbi_tag(&m, TAG_ACPI_NEW, 8 + 36) + 4, 8 + 36);
	put32(m.b + 8 + 16 + 4, 0x1000);                /* the ACPI tag claims 4 KiB */
	m.used = 8 + 16 + 8 + 36;                       /* and the information ends inside it (no end tag) */
	put32(m.b, m.used);
	info = malloc(m.used);
	memcpy(info, m.b, m.used);
	multiboot2_parse(info, &b);
	free(info);
	assert_true(b.valid);
	assert_string_equal(b.loader, "GRUB");
	assert_int_equal(b.acpi.tag_new.len, 0);
	assert_int_equal(b.bad_tags, 1);
}

/* No end tag: the walk stops at the total size. A total too small or absurd: no information at all. */
static void the_total_size_bounds_everything(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *info;

	(void)state;
	mbi_begin(&m);
	mbi_string(&m, TAG_CMDLINE, "x");
	put32(m.b, m.used);                             /* no end tag */
	info = malloc(m.used);
	memcpy(info, m.b, m.used);
	multiboot2_parse(info, &b);
	free(info);
	assert_true(b.valid);
	assert_string_equal(b.cmdline, "x");
	assert_int_equal(b.bad_tags, 0);

	for (uint32_t total = 0; total < 16; total++) {
		uint8_t small[16] = { 0 };

		put32(small, total);
		multiboot2_parse(small, &b);
		assert_row(!b.valid && b.bad_tags == 1, "total %u accepted", (unsigned)total);
	}
	mbi_begin(&m);
	put32(m.b, 0x7FFFFFFF);
	multiboot2_parse(m.b, &b);
	assert_false(b.valid);
	multiboot2_parse(NULL, &b);
	assert_false(b.valid);
}

/* Strings: cut at their tag's end when not terminated, the command line at 511 characters, never past the text store. */
static void strings_are_copied_and_bounded(void **state)
{
	static BootInfo b;
	static char long_line[700];
	Mbi m;
	uint8_t *t, *info;

	(void)state;
	mbi_begin(&m);
	memcpy(mbi_tag(&m, TAG_LOADER, 8 + 4) + 8, "GRUBXXXX", 4);     /* no NUL inside the tag */
	memset(long_line, 'a', sizeof long_line - 1);
	mbi_string(&m, TAG_CMDLINE, long_line);
	for (int i = 0; i < 10; i++) {
		t = mbi_tag(&m, TAG_MODULE, 16 + 100);
		memset(t + 16, 'm', 99);
	}
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);
	assert_string_equal(b.loader, "GRUB");
	assert_int_equal(strlen(b.cmdline), 511);
	assert_int_equal(b.module_count, BOOT_MAX_MODULES);
	assert_true(b.text_used <= BOOT_TEXT_SIZE);
	for (int i = 0; i < b.module_count; i++)
		assert_row(strlen(b.modules[i].name) <= 63, "module %d name %zu long", i, strlen(b.modules[i].name));
	/* loader 5 + command line 512 + 7 names of 64: the last name gets what is left, cut */
	assert_int_equal(strlen(b.modules[BOOT_MAX_MODULES - 1].name), BOOT_TEXT_SIZE - 5 - 512 - 7 * 64 - 1);
	assert_int_equal(b.text_used, BOOT_TEXT_SIZE);
}

/* No BIOS drive under UEFI (biosdev 0xFFFFFFFF); without a memory map the two sizes stand for it. */
static void no_bios_drive_and_no_map(void **state)
{
	static BootInfo b;
	Mbi m;
	uint8_t *t, *info;

	(void)state;
	mbi_begin(&m);
	put32(mbi_tag(&m, TAG_BOOTDEV, 20) + 8, 0xFFFFFFFF);
	t = mbi_tag(&m, TAG_MEMINFO, 16);
	put32(t + 8, 640);
	put32(t + 12, 64512);
	info = mbi_end(&m);
	multiboot2_parse(info, &b);
	free(info);
	assert_false(b.boot_device_valid);
	assert_int_equal(b.ranges, 2);
	assert_int_equal(b.range[1].base, 0x100000);
	assert_int_equal(b.range[1].len, 64512ull * 1024);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_tag_kind_fills_bootinfo),
		cmocka_unit_test(indexed_framebuffer_counts_only_the_colours_the_tag_holds),
		cmocka_unit_test(efi_system_table_pointers),
		cmocka_unit_test(short_tags_are_refused_and_the_rest_read),
		cmocka_unit_test(bad_fields_are_refused),
		cmocka_unit_test(truncated_tags_end_the_walk),
		cmocka_unit_test(the_total_size_bounds_everything),
		cmocka_unit_test(strings_are_copied_and_bounded),
		cmocka_unit_test(no_bios_drive_and_no_map),
	};

	if (testmain_filter("multiboot2", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("multiboot2", tests, NULL, NULL);
}
