/* test_pages.c: RAM above the kernel handed out page by page from the memory map's usable ranges (kernel/mem/pages.c). */
#include "testmain.h"

#include "multiboot.h"
#include "pages.h"

#define KIB 1024u
#define MIB (1024u * 1024u)

static BootInfo boot;

static void ranges(const MemRange *r, int n)
{
	memset(&boot, 0, sizeof boot);
	for (int i = 0; i < n; i++)
		boot.range[i] = r[i];
	boot.ranges = n;
}

static void pages_follow_one_another_page_aligned_and_counted(void **state)
{
	static const MemRange r[] = { { 0, 640 * KIB }, { MIB, 63 * MIB } };
	PageArena a;

	(void)state;
	ranges(r, 2);
	pages_arena(&a, &boot, 3 * MIB + 123);          /* the kernel's end, not page-aligned */
	assert_int_equal(pages_take(&a, 68 * KIB), 3 * MIB + 4096);
	assert_int_equal(pages_take(&a, 1), 3 * MIB + 4096 + 68 * KIB);     /* one byte: one page */
	assert_int_equal(pages_take(&a, 8 * 4096), 3 * MIB + 4096 + 72 * KIB);
	assert_int_equal(a.given, 68 * KIB + 4 * KIB + 32 * KIB);
	assert_int_equal(pages_take(&a, 0), 0);
}

static void a_request_skips_a_hole_in_the_map(void **state)
{
	/* A 4 MB PC with a hole at 15 MiB (ISA memory hole), then more RAM. */
	static const MemRange r[] = { { MIB, 14 * MIB }, { 16 * MIB, 16 * MIB } };
	PageArena a;

	(void)state;
	ranges(r, 2);
	pages_arena(&a, &boot, 14 * MIB);
	assert_int_equal(pages_take(&a, 512 * KIB), 14 * MIB);
	assert_int_equal(pages_take(&a, 768 * KIB), 16 * MIB);        /* would cross 15 MiB: the next range */
	assert_int_equal(pages_take(&a, 4096), 16 * MIB + 768 * KIB);
}

static void nothing_is_given_past_the_ram_or_above_1_gib(void **state)
{
	static const MemRange small[] = { { MIB, 3 * MIB } };   /* a 4 MB PC: RAM ends at 4 MiB */
	static const MemRange big[] = { { MIB, 8191u * MIB } }; /* 8 GB: only below PAGES_LIMIT is given */
	PageArena a;

	(void)state;
	ranges(small, 1);
	pages_arena(&a, &boot, 3992 * KIB);
	assert_int_equal(pages_take(&a, 68 * KIB), 3992 * KIB); /* 104 KiB left: one controller's rings */
	assert_int_equal(pages_take(&a, 68 * KIB), 0);          /* 36 KiB left: not another */
	pages_arena(&a, &boot, 3 * MIB);
	assert_int_equal(pages_take(&a, 2 * MIB), 0);           /* only 1 MiB left */
	assert_int_equal(pages_take(&a, MIB), 3 * MIB);         /* exactly what is left */
	assert_int_equal(pages_take(&a, 4096), 0);
	ranges(big, 1);
	pages_arena(&a, &boot, PAGES_LIMIT - 8192);
	assert_int_equal(pages_take(&a, 8192), PAGES_LIMIT - 8192);
	assert_int_equal(pages_take(&a, 4096), 0);              /* the windows' hole at 1 GiB is never given */
}

static void overlapping_or_touching_ranges_count_as_one(void **state)
{
	static const MemRange r[] = { { 2 * MIB, 2 * MIB }, { MIB, 2 * MIB } };
	PageArena a;

	(void)state;
	ranges(r, 2);
	pages_arena(&a, &boot, 2 * MIB + 512 * KIB);
	assert_int_equal(pages_take(&a, MIB), 2 * MIB + 512 * KIB);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(pages_follow_one_another_page_aligned_and_counted),
	cmocka_unit_test(a_request_skips_a_hole_in_the_map),
	cmocka_unit_test(nothing_is_given_past_the_ram_or_above_1_gib),
	cmocka_unit_test(overlapping_or_touching_ranges_count_as_one),
};

int main(int argc, char **argv)
{
	if (testmain_filter("pages", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("pages", tests, NULL, NULL);
}
