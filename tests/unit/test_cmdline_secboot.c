/* test_cmdline_secboot.c: secureboot=on|off, the signed GRUB's word for Secure Boot (docs/secureboot.md). */
#include "testmain.h"

#include "cmdline.h"

static BootOptions parse_bare(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);     /* cmdline_parse must set every field */
	cmdline_parse(line, false, &o);
	return o;
}

/* secureboot=on|off, as the signed GRUB writes it before the options file's words (docs/secureboot.md). */
static void secureboot_word_table(void **state)
{
	static const struct {
		const char *line;
		SecureBootWord want;
		int problems;
	} cases[] = {
		{ "imageid=abc", SECBOOT_UNSAID, 0 },                   /* BIOS, the ia32 GRUB: no word */
		{ "secureboot=on", SECBOOT_ON, 0 },
		{ "secureboot=off", SECBOOT_OFF, 0 },
		{ "secureboot=off secureboot=on", SECBOOT_OFF, 1 },     /* an options file cannot claim it */
		{ "secureboot=on secureboot=off", SECBOOT_ON, 1 },
		{ "secureboot=yes", SECBOOT_UNSAID, 1 },
		{ "secureboot=", SECBOOT_UNSAID, 1 },
		{ "secureboot", SECBOOT_UNSAID, 1 },                    /* not a flag */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		BootOptions o = parse_bare(cases[i].line);

		assert_int_equal(o.secureboot, cases[i].want);
		assert_int_equal(o.problems, cases[i].problems);
	}
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(secureboot_word_table),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cmdline_secboot", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cmdline_secboot", tests, NULL, NULL);
}
