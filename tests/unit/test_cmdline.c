/* test_cmdline.c: the boot command line — kernel path skipped where the loader puts it, options read, everything else reported. */
#include "testmain.h"

#include "cmdline.h"

/* As QEMU's -kernel loader hands it over: the kernel's path first. */
static BootOptions parse(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);     /* cmdline_parse must set every field */
	cmdline_parse(line, true, &o);
	return o;
}

/* As GRUB 2 hands it over: only the options. */
static BootOptions parse_bare(const char *line)
{
	BootOptions o;

	memset(&o, 0x5A, sizeof o);
	cmdline_parse(line, false, &o);
	return o;
}

static void null_line_gives_defaults(void **state)
{
	BootOptions o = parse(NULL);

	(void)state;
	assert_int_equal(o.ticks, 0);
	assert_int_equal(o.crashtest, CRASH_NONE);
	assert_int_equal(o.problems, 0);
}

static void empty_and_blank_lines_give_defaults(void **state)
{
	static const char *const lines[] = { "", " ", "\t", "  \t \t  " };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(lines); i++) {
		BootOptions o = parse(lines[i]);

		assert_int_equal(o.ticks, 0);
		assert_int_equal(o.crashtest, CRASH_NONE);
		assert_int_equal(o.problems, 0);
	}
}

/* QEMU puts the kernel's path first: the first word is skipped, whatever it looks like. */
static void first_word_is_the_kernel_path(void **state)
{
	BootOptions o = parse("/boot/kernel.elf ticks=280");
	BootOptions p = parse("kernel.elf ticks=7");

	(void)state;
	assert_int_equal(o.ticks, 280);
	assert_int_equal(o.problems, 0);
	assert_int_equal(p.ticks, 7);
	assert_int_equal(p.problems, 0);
}

/* Without a path every word is an option, the first one included. */
static void without_a_path_the_first_word_is_an_option(void **state)
{
	BootOptions o = parse_bare("ticks=7");
	BootOptions p = parse_bare("kernel.elf ticks=7");

	(void)state;
	assert_int_equal(o.ticks, 7);
	assert_int_equal(o.problems, 0);
	assert_int_equal(p.ticks, 7);
	assert_int_equal(p.problems, 1);
	assert_string_equal(p.problem[0], "unknown option 'kernel.elf' ignored");
}

/* Which loaders put the path first: QEMU and GRUB Legacy; GRUB 2 and unknown loaders do not. */
static void the_loader_decides_where_the_path_is(void **state)
{
	(void)state;
	assert_true(cmdline_loader_puts_path("qemu"));
	assert_true(cmdline_loader_puts_path("GNU GRUB 0.97"));
	assert_false(cmdline_loader_puts_path("GRUB 2.06-13+deb12u2"));
	assert_false(cmdline_loader_puts_path(""));
	assert_false(cmdline_loader_puts_path(NULL));
	assert_false(cmdline_loader_puts_path("qem"));
}

/* BUG (fixed): the first option with a '/' in it was taken for the kernel's path and vanished. */
static void first_option_with_a_slash_is_reported(void **state)
{
	BootOptions o = parse("/boot/kernel.elf level=../e1l1");
	BootOptions p = parse("/boot/kernel.elf keys=jump:/");
	BootOptions q = parse_bare("level=../e1l1 ticks=3");

	(void)state;
	assert_int_equal(o.problems, 1);
	assert_string_equal(o.problem[0], "bad value for level: '../e1l1' (want a-z 0-9 _ -, 1..31 chars)");
	assert_string_equal(o.shown[0], "level=../e1l1: want a-z 0-9 _ -");
	assert_true(p.keys_given);              /* the session checks the value and shows what is wrong */
	assert_string_equal(p.keys, "jump:/");
	assert_int_equal(q.problems, 1);
	assert_int_equal(q.ticks, 3);
}

/* The screen line of each rejection: the word (cut, unprintables as '?') and a short reason, 39 chars at most. */
static void rejections_have_a_screen_line(void **state)
{
	static const char *const rows[][2] = {
		{ "ticks=abc", "ticks=abc: want 1..999999999" },
		{ "level=E1L1", "level=E1L1: want a-z 0-9 _ -" },
		{ "level=\xc3\xa9t\xc3\xa9", "level=??t??: not plain ASCII" },
		{ "crashtest=pf", "crashtest=pf: no such crash test" },
		{ "bogus=1", "bogus=1: unknown option" },
		{ "trace=1", "trace=1: unknown option" },
		{ "demo=a_very_long_demo_name_of_40_chars_xx", "demo=a_very_lo...: want a-z 0-9 _ -" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		BootOptions o = parse_bare(rows[i][0]);

		assert_row(o.problems == 1, "'%s': %d problems", rows[i][0], o.problems);
		assert_row(strcmp(o.shown[0], rows[i][1]) == 0, "'%s': shown '%s'", rows[i][0], o.shown[0]);
		assert_row(strlen(o.shown[0]) <= 38, "'%s': shown line too wide", rows[i][0]);
	}
}

/* A 300-character word and a 260-character keys= are reported, on screen as well. */
static void over_long_words_have_a_screen_line(void **state)
{
	char line[400];
	BootOptions o;

	(void)state;
	strcpy(line, "/k keys=");
	memset(line + 8, 'x', 260);
	line[8 + 260] = '\0';
	o = parse(line);
	assert_int_equal(o.problems, 1);
	assert_false(o.keys_given);
	assert_string_equal(o.shown[0], "keys=xxxxxxxxx...: over 255 characters");
	memset(line + 3, 'w', 300);
	line[303] = '\0';
	o = parse(line);
	assert_int_equal(o.problems, 1);
	assert_string_equal(o.shown[0], "wwwwwwwwwwwwww...: over 255 characters");
}

/* Only the first word may be the path; a later word with '/' is an unknown option. */
static void later_word_with_slash_is_not_skipped(void **state)
{
	BootOptions o = parse("/boot/kernel.elf /other/path");

	(void)state;
	assert_int_equal(o.problems, 1);
	assert_string_equal(o.problem[0], "unknown option '/other/path' ignored");
}

static void leading_blanks_before_the_kernel_path(void **state)
{
	BootOptions o = parse(" \t /boot/kernel.elf\tticks=5");

	(void)state;
	assert_int_equal(o.ticks, 5);
	assert_int_equal(o.problems, 0);
}

/*
 * Table rows give a line and what it should produce, summed up as
 * "ticks=N crash=X" plus "; problem: ..." for each problem, so a failing
 * row prints the line and both summaries.
 */
static const char *const crash_label[] = {
	[CRASH_NONE] = "none", [CRASH_DE] = "de", [CRASH_BP] = "bp", [CRASH_UD] = "ud", [CRASH_GP] = "gp",
	[CRASH_STACK] = "stack", [CRASH_ESP] = "esp", [CRASH_INPANIC] = "inpanic", [CRASH_EARLY] = "early",
	[CRASH_LOCKUP] = "lockup",
};

static void summarise(const char *line, char *out, size_t size)
{
	BootOptions o = parse_bare(line);
	int n = snprintf(out, size, "%s -> ticks=%u crash=%s", line, (unsigned)o.ticks,
	    crash_label[o.crashtest]);

	for (int i = 0; i < o.problems && i < CMDLINE_MAX_PROBLEMS; i++)
		n += snprintf(out + n, size - (size_t)n, "; problem: %s", o.problem[i]);
}

static void check_rows(const char *const (*rows)[2], size_t count)
{
	char got[512], want[512];

	for (size_t i = 0; i < count; i++) {
		summarise(rows[i][0], got, sizeof got);
		snprintf(want, sizeof want, "%s -> %s", rows[i][0], rows[i][1]);
		assert_string_equal(got, want);
	}
}

static void ticks_values_table(void **state)
{
	static const char *const rows[][2] = {
		{ "ticks=1",          "ticks=1 crash=none" },
		{ "ticks=280",        "ticks=280 crash=none" },
		{ "ticks=999999999",  "ticks=999999999 crash=none" },
		{ "ticks=0",          "ticks=0 crash=none; problem: bad value for ticks: '0' (want 1..999999999)" },
		{ "ticks=-1",         "ticks=0 crash=none; problem: bad value for ticks: '-1' (want 1..999999999)" },
		{ "ticks=12a",        "ticks=0 crash=none; problem: bad value for ticks: '12a' (want 1..999999999)" },
		{ "ticks=",           "ticks=0 crash=none; problem: bad value for ticks: '' (want 1..999999999)" },
		{ "ticks=1000000000", "ticks=0 crash=none; problem: bad value for ticks: '1000000000' (want 1..999999999)" },
		{ "ticks=4294967296", "ticks=0 crash=none; problem: bad value for ticks: '4294967296' (want 1..999999999)" },
		{ "ticks=+5",         "ticks=0 crash=none; problem: bad value for ticks: '+5' (want 1..999999999)" },
		{ "ticks= 5",         "ticks=0 crash=none; problem: bad value for ticks: '' (want 1..999999999); "
		                      "problem: unknown option '5' ignored" },
		{ "ticks=5=6",        "ticks=0 crash=none; problem: bad value for ticks: '5=6' (want 1..999999999)" },
		{ "ticks",            "ticks=0 crash=none; problem: unknown option 'ticks' ignored" },
		{ "TICKS=5",          "ticks=0 crash=none; problem: unknown option 'TICKS=5' ignored" },
		{ "ticksx=5",         "ticks=0 crash=none; problem: unknown option 'ticksx=5' ignored" },
	};

	(void)state;
	check_rows(rows, ARRAY_LEN(rows));
}

static void crashtest_values_table(void **state)
{
	static const char *const rows[][2] = {
		{ "crashtest=de",  "ticks=0 crash=de" },
		{ "crashtest=bp",  "ticks=0 crash=bp" },
		{ "crashtest=ud",  "ticks=0 crash=ud" },
		{ "crashtest=gp",  "ticks=0 crash=gp" },
		{ "crashtest=stack", "ticks=0 crash=stack" },
		{ "crashtest=esp", "ticks=0 crash=esp" },
		{ "crashtest=inpanic", "ticks=0 crash=inpanic" },
		{ "crashtest=early", "ticks=0 crash=early" },
		{ "crashtest=lockup", "ticks=0 crash=lockup" },
		{ "crashtest=pf",  "ticks=0 crash=none; problem: bad value for crashtest: 'pf' (want " CRASH_NAMES ")" },
		{ "crashtest=DE",  "ticks=0 crash=none; problem: bad value for crashtest: 'DE' (want " CRASH_NAMES ")" },
		{ "crashtest=d",   "ticks=0 crash=none; problem: bad value for crashtest: 'd' (want " CRASH_NAMES ")" },
		{ "crashtest=dee", "ticks=0 crash=none; problem: bad value for crashtest: 'dee' (want " CRASH_NAMES ")" },
		{ "crashtest=",    "ticks=0 crash=none; problem: bad value for crashtest: '' (want " CRASH_NAMES ")" },
		{ "crashtest",     "ticks=0 crash=none; problem: unknown option 'crashtest' ignored" },
	};

	(void)state;
	check_rows(rows, ARRAY_LEN(rows));
}

static void unknown_option_reported_verbatim(void **state)
{
	BootOptions o = parse("/boot/kernel.elf bogus=1");

	(void)state;
	assert_int_equal(o.problems, 1);
	assert_string_equal(o.problem[0], "unknown option 'bogus=1' ignored");
}

static void both_options_together(void **state)
{
	BootOptions o = parse("/boot/kernel.elf crashtest=ud ticks=999");

	(void)state;
	assert_int_equal(o.ticks, 999);
	assert_int_equal(o.crashtest, CRASH_UD);
	assert_int_equal(o.problems, 0);
}

static void clocklog_is_a_flag(void **state)
{
	BootOptions o = parse("/boot/kernel.elf clocklog ticks=5");

	(void)state;
	assert_true(o.clocklog);
	assert_int_equal(o.ticks, 5);
	o = parse("/boot/kernel.elf clocklog=1");
	assert_false(o.clocklog);
	assert_int_equal(o.problems, 1);
}

static void several_problems_counted_in_order(void **state)
{
	BootOptions o = parse("/k bogus=1 ticks=x crashtest=zz quiet ticks=42");

	(void)state;
	assert_int_equal(o.problems, 4);
	assert_string_equal(o.problem[0], "unknown option 'bogus=1' ignored");
	assert_string_equal(o.problem[1], "bad value for ticks: 'x' (want 1..999999999)");
	assert_string_equal(o.problem[2], "bad value for crashtest: 'zz' (want " CRASH_NAMES ")");
	assert_string_equal(o.problem[3], "unknown option 'quiet' ignored");
	assert_int_equal(o.ticks, 42);         /* good options around bad ones still apply */
}

static void bad_ticks_keeps_an_earlier_good_value(void **state)
{
	BootOptions o = parse("/k ticks=5 ticks=x");

	(void)state;
	assert_int_equal(o.ticks, 5);
	assert_int_equal(o.problems, 1);
}

/* More than CMDLINE_MAX_PROBLEMS: all counted, the first ones kept, nothing written past the array. */
static void problems_beyond_the_maximum_counted_not_stored(void **state)
{
	struct {
		BootOptions o;
		char guard[64];
	} s;
	char line[512] = "/boot/kernel.elf";
	char want[CMDLINE_PROBLEM_LEN];
	const int n = CMDLINE_MAX_PROBLEMS + 5;

	(void)state;
	for (int i = 0; i < n; i++)
		snprintf(line + strlen(line), sizeof line - strlen(line), " x%d=1", i);
	memset(s.guard, 0x77, sizeof s.guard);
	cmdline_parse(line, true, &s.o);

	assert_int_equal(s.o.problems, n);
	for (int i = 0; i < CMDLINE_MAX_PROBLEMS; i++) {
		snprintf(want, sizeof want, "unknown option 'x%d=1' ignored", i);
		assert_string_equal(s.o.problem[i], want);
	}
	for (size_t i = 0; i < sizeof s.guard; i++)
		assert_int_equal((uint8_t)s.guard[i], 0x77);
}

/* A word of 63 characters is read whole; 64 or more is reported, not truncated into an option. */
static void over_long_word_is_reported_not_applied(void **state)
{
	char line[CMDLINE_WORD_MAX + 64], word[CMDLINE_WORD_MAX], want[320];
	BootOptions o;
	size_t digits = CMDLINE_WORD_MAX - strlen("ticks=");

	(void)state;
	/* "ticks=" then zeros and a 7: CMDLINE_WORD_MAX characters, one too many. */
	strcpy(line, "/k ticks=");
	memset(line + 9, '0', digits - 1);
	line[9 + digits - 1] = '7';
	line[9 + digits] = '\0';
	assert_int_equal(strlen(line) - 3, CMDLINE_WORD_MAX);
	cmdline_parse(line, true, &o);
	assert_int_equal(o.ticks, 0);
	assert_int_equal(o.problems, 1);
	/* The message keeps the start of the word, cut to fit the problem buffer. */
	snprintf(want, sizeof want, "option too long, ignored: '%.200s", line + 3);
	want[CMDLINE_PROBLEM_LEN - 1] = '\0';
	assert_string_equal(o.problem[0], want);
	assert_int_equal(strlen(o.problem[0]), CMDLINE_PROBLEM_LEN - 1);

	/* One character shorter: an ordinary (unknown) option. */
	memset(word, 'a', CMDLINE_WORD_MAX - 1);
	word[CMDLINE_WORD_MAX - 1] = '\0';
	snprintf(line, sizeof line, "/k %s ticks=3", word);
	cmdline_parse(line, true, &o);
	assert_int_equal(o.ticks, 3);
	assert_int_equal(o.problems, 1);
	assert_int_equal(strncmp(o.problem[0], "unknown option 'aaaa", 20), 0);
	assert_int_equal(strlen(o.problem[0]), CMDLINE_PROBLEM_LEN - 1);  /* message truncated, NUL kept */
}

static void words_after_an_over_long_word_still_apply(void **state)
{
	char line[CMDLINE_WORD_MAX * 2 + 32];
	BootOptions o;

	(void)state;
	strcpy(line, "/k ");
	memset(line + 3, 'z', CMDLINE_WORD_MAX + 40);
	strcpy(line + 3 + CMDLINE_WORD_MAX + 40, " crashtest=gp");
	cmdline_parse(line, true, &o);
	assert_int_equal(o.crashtest, CRASH_GP);
	assert_int_equal(o.problems, 1);
	assert_int_equal(strncmp(o.problem[0], "option too long, ignored: 'zzz", 30), 0);
}

static void tabs_and_repeated_spaces_separate_words(void **state)
{
	BootOptions o = parse("/boot/kernel.elf  \t ticks=12\t\tcrashtest=bp   \t");

	(void)state;
	assert_int_equal(o.ticks, 12);
	assert_int_equal(o.crashtest, CRASH_BP);
	assert_int_equal(o.problems, 0);
}

/* The parser works on a copy: the caller's line (e.g. in multiboot memory) is untouched. */
static void the_line_is_not_modified(void **state)
{
	char line[] = "/k bogus=1 ticks=5";

	(void)state;
	parse(line);
	assert_string_equal(line, "/k bogus=1 ticks=5");
}

/* keys= is kept as given (the session checks it and shows what is wrong); keys_given even when empty. */
static void keys_value_is_kept_for_the_session(void **state)
{
	static const struct {
		const char *line;
		bool given;
		const char *keys;
		int problems;
	} rows[] = {
		{ "/k keys=jump:a,fire:s", true, "jump:a,fire:s", 0 },
		{ "/k keys=JUMP:Ctrl", true, "JUMP:Ctrl", 0 },
		{ "/k keys=", true, "", 0 },
		{ "/k keys=nonsense ticks=4", true, "nonsense", 0 },
		{ "/k keys=jump:a keys=fire:s", true, "fire:s", 0 },   /* the last one counts */
		{ "/k keys", false, "", 1 },                            /* no value: an unknown option */
		{ "/k ticks=4", false, "", 0 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		BootOptions o = parse(rows[i].line);

		assert_row(o.keys_given == rows[i].given, "'%s': given %d", rows[i].line, o.keys_given);
		assert_row(strcmp(o.keys, rows[i].keys) == 0, "'%s': keys '%s'", rows[i].line, o.keys);
		assert_row(o.problems == rows[i].problems, "'%s': %d problems", rows[i].line, o.problems);
	}
	assert_string_equal(parse("/k keys").problem[0], "unknown option 'keys' ignored");
}

/* music=off starts with the music off; music=on is the default; anything else is reported. */
static void music_option_table(void **state)
{
	static const struct {
		const char *line;
		bool off;
		int problems;
	} rows[] = {
		{ "/k", false, 0 }, { "/k music=off", true, 0 }, { "/k music=on", false, 0 },
		{ "/k music=off music=on", false, 0 }, { "/k music=loud", false, 1 }, { "/k music", false, 1 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		BootOptions o = parse(rows[i].line);

		assert_row(o.music_off == rows[i].off, "'%s': music_off %d", rows[i].line, o.music_off);
		assert_row(o.problems == rows[i].problems, "'%s': %d problems", rows[i].line, o.problems);
	}
	assert_string_equal(parse("/k music=loud").problem[0], "bad value for music: 'loud' (want on or off)");
}

/* The longest word the line holds fits in keys (no second, silent limit). */
static void the_longest_keys_word_fits(void **state)
{
	char line[CMDLINE_WORD_MAX + 8];
	BootOptions o;

	(void)state;
	strcpy(line, "/k keys=");
	memset(line + 8, 'x', CMDLINE_WORD_MAX - 1 - 5);
	line[8 + CMDLINE_WORD_MAX - 1 - 5] = '\0';
	cmdline_parse(line, true, &o);
	assert_int_equal(o.problems, 0);
	assert_true(o.keys_given);
	assert_int_equal(strlen(o.keys), CMDLINE_WORD_MAX - 1 - 5);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(null_line_gives_defaults),
	cmocka_unit_test(empty_and_blank_lines_give_defaults),
	cmocka_unit_test(first_word_is_the_kernel_path),
	cmocka_unit_test(without_a_path_the_first_word_is_an_option),
	cmocka_unit_test(the_loader_decides_where_the_path_is),
	cmocka_unit_test(first_option_with_a_slash_is_reported),
	cmocka_unit_test(rejections_have_a_screen_line),
	cmocka_unit_test(over_long_words_have_a_screen_line),
	cmocka_unit_test(later_word_with_slash_is_not_skipped),
	cmocka_unit_test(leading_blanks_before_the_kernel_path),
	cmocka_unit_test(ticks_values_table),
	cmocka_unit_test(crashtest_values_table),
	cmocka_unit_test(music_option_table),
	cmocka_unit_test(unknown_option_reported_verbatim),
	cmocka_unit_test(both_options_together),
	cmocka_unit_test(clocklog_is_a_flag),
	cmocka_unit_test(several_problems_counted_in_order),
	cmocka_unit_test(bad_ticks_keeps_an_earlier_good_value),
	cmocka_unit_test(problems_beyond_the_maximum_counted_not_stored),
	cmocka_unit_test(over_long_word_is_reported_not_applied),
	cmocka_unit_test(words_after_an_over_long_word_still_apply),
	cmocka_unit_test(tabs_and_repeated_spaces_separate_words),
	cmocka_unit_test(the_line_is_not_modified),
	cmocka_unit_test(keys_value_is_kept_for_the_session),
	cmocka_unit_test(the_longest_keys_word_fits),
};

int main(int argc, char **argv)
{
	if (testmain_filter("cmdline", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("cmdline", tests, NULL, NULL);
}
