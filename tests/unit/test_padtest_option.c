/* test_padtest_option.c: the padtest=NAME boot option (kernel/log/cmdline.c) — test-only pad sources for the USB pad class. */
#include "testmain.h"

#include "cmdline.h"

static BootOptions parse(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);     /* cmdline_parse must set every field */
	cmdline_parse(line, true, &o);
	return o;
}

/* padtest=tablet (the USB pad class takes QEMU's tablet); nothing else is a pad test. */
static void padtest_option_table(void **state)
{
	static const struct {
		const char *line;
		PadTest padtest;
		int problems;
	} rows[] = {
		{ "/k", PADTEST_NONE, 0 }, { "/k padtest=tablet", PADTEST_TABLET, 0 },
		{ "/k padtest=mouse", PADTEST_NONE, 1 }, { "/k padtest", PADTEST_NONE, 1 },
		{ "/k padtest=", PADTEST_NONE, 1 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		BootOptions o = parse(rows[i].line);

		assert_row(o.padtest == rows[i].padtest, "'%s': padtest %d", rows[i].line, o.padtest);
		assert_row(o.problems == rows[i].problems, "'%s': %d problems", rows[i].line, o.problems);
	}
	assert_string_equal(parse("/k padtest=mouse").problem[0], "bad value for padtest: 'mouse' (want tablet)");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(padtest_option_table),
};

int main(int argc, char **argv)
{
	if (testmain_filter("padtest_option", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("padtest_option", tests, NULL, NULL);
}
