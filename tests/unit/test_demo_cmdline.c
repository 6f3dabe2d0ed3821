/* test_demo_cmdline.c: the demo options on the boot command line — demo=NAME, record, crcs, dump, ending. */
#include "testmain.h"

#include "cmdline.h"
#include "demo.h"

_Static_assert(DEMO_LEVEL_SIZE == CMDLINE_LEVEL_LEN, "a demo's level field holds any level=NAME");

static BootOptions parse(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);     /* cmdline_parse must set every field */
	cmdline_parse(line, true, &o);
	return o;
}

static void demo_options_are_off_by_default(void **state)
{
	BootOptions o = parse("/boot/kernel.elf ticks=5");

	(void)state;
	assert_string_equal(o.demo, "");
	assert_false(o.record);
	assert_false(o.crcs);
	assert_false(o.dump);
	assert_false(o.ending);
	assert_int_equal(o.problems, 0);
}

static void all_demo_options_together(void **state)
{
	BootOptions o = parse("/boot/kernel.elf demo=seeds-2_b record crcs dump trace ending ticks=81");

	(void)state;
	assert_string_equal(o.demo, "seeds-2_b");
	assert_true(o.ending);
	assert_true(o.record);
	assert_true(o.crcs);
	assert_true(o.dump);
	assert_true(o.trace);
	assert_int_equal(o.ticks, 81);
	assert_int_equal(o.problems, 0);
}

/* Table: malformed demo options and the exact report. */
static void bad_demo_options_are_reported(void **state)
{
	static const struct {
		const char *line, *problem;
	} rows[] = {
		{ "demo=", "bad value for demo: '' (want a-z 0-9 _ -, 1..31 chars)" },
		{ "demo=Test", "bad value for demo: 'Test' (want a-z 0-9 _ -, 1..31 chars)" },
		{ "demo=a/b", "bad value for demo: 'a/b' (want a-z 0-9 _ -, 1..31 chars)" },
		{ "demo=abcdefghijklmnopqrstuvwxyz012345", "bad value for demo: 'abcdefghijklmnopqrstuvwxyz012345' "
		  "(want a-z 0-9 _ -, 1..31 chars)" },
		{ "demo", "unknown option 'demo' ignored" },
		{ "record=1", "unknown option 'record=1' ignored" },
		{ "crcs=yes", "unknown option 'crcs=yes' ignored" },
		{ "dump=", "unknown option 'dump=' ignored" },
		{ "ending=1", "unknown option 'ending=1' ignored" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char line[128];
		BootOptions o;

		snprintf(line, sizeof line, "/boot/kernel.elf %s", rows[i].line);
		o = parse(line);

		assert_row(o.problems == 1, "'%s': %d problems", rows[i].line, o.problems);
		assert_row(strncmp(o.problem[0], rows[i].problem, CMDLINE_PROBLEM_LEN - 1) == 0,
		    "'%s': got '%s'", rows[i].line, o.problem[0]);
		assert_row(o.demo[0] == '\0' && !o.record && !o.crcs && !o.dump && !o.ending, "'%s' set something",
		    rows[i].line);
	}
}

static void the_longest_demo_name_fits(void **state)
{
	BootOptions o = parse("/k demo=abcdefghijklmnopqrstuvwxyz01234");

	(void)state;
	assert_int_equal(o.problems, 0);
	assert_string_equal(o.demo, "abcdefghijklmnopqrstuvwxyz01234");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(demo_options_are_off_by_default),
	cmocka_unit_test(all_demo_options_together),
	cmocka_unit_test(bad_demo_options_are_reported),
	cmocka_unit_test(the_longest_demo_name_fits),
};

int main(int argc, char **argv)
{
	if (testmain_filter("demo_cmdline", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("demo_cmdline", tests, NULL, NULL);
}
