/* test_memcheck.c: the memory map against what the kernel occupies — covered, gaps, overlaps, any order. */
#include "testmain.h"

#include "memcheck.h"

#define MIB 0x100000ull

static void one_range_covers_inside_only(void **state)
{
	MemRange r[] = { { MIB, 3 * MIB } };
	uint64_t miss = 0;

	(void)state;
	assert_true(memcheck_covered(r, 1, MIB, 4 * MIB, NULL));
	assert_true(memcheck_covered(r, 1, 2 * MIB, 2 * MIB + 1, NULL));
	assert_false(memcheck_covered(r, 1, MIB, 4 * MIB + 1, &miss));
	assert_int_equal(miss, 4 * MIB);
	assert_false(memcheck_covered(r, 1, MIB - 1, 2 * MIB, &miss));
	assert_int_equal(miss, MIB - 1);
}

/* QEMU's and real maps: ranges that touch or overlap, listed in any order, with holes. */
static void touching_and_unordered_ranges_join(void **state)
{
	MemRange r[] = { { 3 * MIB, MIB }, { 0, 640 * 1024 }, { MIB, 2 * MIB }, { 2 * MIB, 1024 } };
	uint64_t miss = 0;

	(void)state;
	assert_true(memcheck_covered(r, 4, MIB, 4 * MIB, NULL));
	assert_false(memcheck_covered(r, 4, 512 * 1024, MIB + 1, &miss));        /* the hole below 1 MiB */
	assert_int_equal(miss, 640 * 1024);
	assert_true(memcheck_covered(r, 4, 0, 1, NULL));
}

static void empty_ranges_cover_nothing(void **state)
{
	MemRange r[] = { { MIB, 0 }, { 5 * MIB, 0 } };

	(void)state;
	assert_false(memcheck_covered(r, 2, MIB, MIB + 1, NULL));
	assert_true(memcheck_covered(r, 2, MIB, MIB, NULL));                    /* nothing needed */
}

/* The boot check: the kernel and each module, and a line saying which does not fit. */
static void the_boot_check_names_what_does_not_fit(void **state)
{
	BootInfo b = { .ranges = 2, .range = { { 0, 639 * 1024 }, { MIB, 896 * 1024 } }, .module_count = 1,
		.modules = { { 0x1A6000, 0x1A6000 + 600000, "big" } } };
	char why[96];

	(void)state;
	assert_false(memcheck_boot(&b, MIB, 0x1A45E0, why, sizeof why));
	assert_string_equal(why, "module 0 needs RAM up to 2274 KiB; none at 1920 KiB");
	b.module_count = 0;
	assert_true(memcheck_boot(&b, MIB, 0x1A45E0, why, sizeof why));
	assert_string_equal(why, "");
	assert_false(memcheck_boot(&b, MIB, 2 * MIB, why, sizeof why));
	assert_string_equal(why, "the kernel needs RAM up to 2048 KiB; none at 1920 KiB");
	b.ranges = 0;                                   /* no map at all: nothing to compare, go on */
	assert_true(memcheck_boot(&b, MIB, 2 * MIB, why, sizeof why));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(one_range_covers_inside_only),
	cmocka_unit_test(touching_and_unordered_ranges_join),
	cmocka_unit_test(empty_ranges_cover_nothing),
	cmocka_unit_test(the_boot_check_names_what_does_not_fit),
};

int main(int argc, char **argv)
{
	if (testmain_filter("memcheck", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("memcheck", tests, NULL, NULL);
}
