/* test_cmdline_save.c: the save area's boot options — imageid= (put there by the build), savecut= and savetear=. */
#include "testmain.h"

#include "cmdline.h"

static BootOptions parse(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);     /* cmdline_parse must set every field */
	cmdline_parse(line, false, &o);
	return o;
}

static void defaults_are_none(void **state)
{
	BootOptions o = parse("");

	(void)state;
	assert_string_equal(o.imageid, "");
	assert_int_equal(o.savecut, 0);
	assert_int_equal(o.savetear, 0);
}

/* As boot/grub-opts.cfg passes them: the build's id first, then the options disk's. */
static void imageid_and_power_cut_options_read(void **state)
{
	BootOptions o = parse("imageid=d46b80777f92e58a savecut=3 ticks=100");

	(void)state;
	assert_int_equal(o.problems, 0);
	assert_string_equal(o.imageid, "d46b80777f92e58a");
	assert_int_equal(o.savecut, 3);
	assert_int_equal(o.savetear, 0);
	assert_int_equal(o.ticks, 100);
	o = parse("logcut=7 logtear=9");
	assert_int_equal(o.logcut, 7);
	assert_int_equal(o.logtear, 9);
	assert_int_equal(o.savecut, 0);
	o = parse("imageid=0123456789abcdef savetear=12");
	assert_int_equal(o.problems, 0);
	assert_int_equal(o.savetear, 12);
}

static void bad_values_are_reported(void **state)
{
	BootOptions o = parse("imageid=0123456789abcdef0 savecut=0 savetear=x imageid=AB");

	(void)state;
	assert_int_equal(o.problems, 4);        /* 17 characters, 0, not a number, upper case */
	assert_int_equal(o.savecut, 0);
	assert_int_equal(o.savetear, 0);
	assert_string_equal(o.imageid, "");
	o = parse("savecut");
	assert_int_equal(o.problems, 1);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(defaults_are_none),
	cmocka_unit_test(imageid_and_power_cut_options_read),
	cmocka_unit_test(bad_values_are_reported),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cmdline_save", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cmdline_save", tests, NULL, NULL);
}
