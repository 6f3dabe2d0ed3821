/* cmdline.c: splits the boot command line into words and reads the options we know. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "kfmt.h"


static const struct {
	const char *name;
	CrashTest value;
} crash_names[] = {
	{ "de", CRASH_DE }, { "bp", CRASH_BP }, { "ud", CRASH_UD }, { "gp", CRASH_GP },
	{ "stack", CRASH_STACK }, { "esp", CRASH_ESP }, { "inpanic", CRASH_INPANIC },
	{ "early", CRASH_EARLY }, { "lockup", CRASH_LOCKUP },
};

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* Printable ASCII only: anything else cannot be typed at GRUB's prompt by accident, nor shown. */
static bool plain_ascii(const char *s)
{
	for (; *s; s++)
		if ((uint8_t)*s < 0x21 || (uint8_t)*s > 0x7E)
			return false;
	return true;
}

/* Decimal 1..999999999 only; false on anything else. */
static bool parse_u32(const char *s, uint32_t *out)
{
	uint32_t v = 0;
	int n = 0;

	for (; *s; s++, n++) {
		if (*s < '0' || *s > '9' || n >= 9)
			return false;
		v = v * 10 + (uint32_t)(*s - '0');
	}
	if (n == 0)
		return false;
	*out = v;
	return true;
}

static bool copy_bounded(char *dst, const char *src, size_t size)
{
	size_t n = 0;

	while (src[n] && n + 1 < size)
		n++;
	if (src[n])
		return false;
	for (size_t i = 0; i <= n; i++)
		dst[i] = src[i];
	return true;
}

/* A level name: lowercase letters, digits, '_' and '-' only. */
static bool copy_name(char *dst, const char *src, size_t size)
{
	const char *p = src;

	if (!*p)
		return false;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			return false;
	return copy_bounded(dst, src, size);
}

/*
 * A rejected option: the long message for COM1 (fmt with arg) and the
 * screen line "WORD: why", the word cut to CMDLINE_SHOWN_WORD characters
 * and anything unprintable shown as '?', so the line fits the red screen.
 */
static void problem(BootOptions *o, const char *word, const char *why, const char *fmt, const char *arg)
{
	char *out;
	size_t n = 0;

	if (o->problems < CMDLINE_MAX_PROBLEMS) {
		kfmt_snprintf(o->problem[o->problems], CMDLINE_PROBLEM_LEN, fmt, arg);
		for (char *p = o->problem[o->problems]; *p; p++)
			if ((uint8_t)*p < 0x20 || (uint8_t)*p > 0x7E)
				*p = '?';
		out = o->shown[o->problems];
		for (; word[n] && n < CMDLINE_SHOWN_WORD; n++)
			out[n] = ((uint8_t)word[n] < 0x21 || (uint8_t)word[n] > 0x7E) ? '?' : word[n];
		kfmt_snprintf(out + n, CMDLINE_SHOWN_LEN - n, "%s: %s", word[n] ? "..." : "", why);
	}
	o->problems++;
}

static void apply(BootOptions *o, char *word)
{
	char whole[CMDLINE_WORD_MAX];
	char *value = NULL, *p;
	size_t i;

	copy_bounded(whole, word, sizeof whole);
	if (!plain_ascii(word)) {
		problem(o, whole, "not plain ASCII", "option with characters other than ASCII ignored: '%s'", whole);
		return;
	}
	for (p = word; *p; p++) {
		if (*p == '=') {
			*p = '\0';
			value = p + 1;
			break;
		}
	}
	if (streq(word, "ticks") && value) {
		uint32_t n;

		if (parse_u32(value, &n) && n > 0)
			o->ticks = n;
		else
			problem(o, whole, "want 1..999999999", "bad value for ticks: '%s' (want 1..999999999)", value);
		return;
	}
	if (streq(word, "level") && value) {
		if (!copy_name(o->level, value, CMDLINE_LEVEL_LEN))
			problem(o, whole, "want a-z 0-9 _ -",
			    "bad value for level: '%s' (want a-z 0-9 _ -, 1..31 chars)", value);
		return;
	}
	if (streq(word, "input") && value) {
		if (!copy_bounded(o->input, value, CMDLINE_INPUT_LEN))
			problem(o, whole, "too long (max 239)", "input script too long (max %s characters)", "239");
		return;
	}
	if (streq(word, "bench") && !value) {
		o->bench = true;
		return;
	}
	if (streq(word, "trace") && !value) {
		o->trace = true;
		return;
	}
	if (streq(word, "clocklog") && !value) {
		o->clocklog = true;
		return;
	}
	if (streq(word, "music") && value) {
		if (streq(value, "on") || streq(value, "off"))
			o->music_off = streq(value, "off");
		else
			problem(o, whole, "want on or off", "bad value for music: '%s' (want on or off)", value);
		return;
	}
	/* Demo options (kernel/demo_io.c). */
	if (streq(word, "demo") && value) {
		if (!copy_name(o->demo, value, CMDLINE_LEVEL_LEN))
			problem(o, whole, "want a-z 0-9 _ -",
			    "bad value for demo: '%s' (want a-z 0-9 _ -, 1..31 chars)", value);
		return;
	}
	if (streq(word, "record") && !value) {
		o->record = true;
		return;
	}
	if (streq(word, "ending") && !value) {
		o->ending = true;
		return;
	}
	if (streq(word, "crcs") && !value) {
		o->crcs = true;
		return;
	}
	if (streq(word, "dump") && !value) {
		o->dump = true;
		return;
	}
	/* Controls: the value is checked by the session (controls_parse), which names what is wrong. */
	if (streq(word, "keys") && value) {
		o->keys_given = copy_bounded(o->keys, value, sizeof o->keys);
		return;
	}
	if (streq(word, "crashtest") && value) {
		for (i = 0; i < sizeof crash_names / sizeof crash_names[0]; i++) {
			if (streq(value, crash_names[i].name)) {
				o->crashtest = crash_names[i].value;
				return;
			}
		}
		problem(o, whole, "no such crash test", "bad value for crashtest: '%s' (want " CRASH_NAMES ")",
		    value);
		return;
	}
	problem(o, whole, "unknown option", "unknown option '%s' ignored", whole);
}

/*
 * Does this boot loader (multiboot's loader name) put the kernel's path in
 * front of the options? QEMU's -kernel loader does ("build/kernel.elf
 * ticks=5", loader "qemu"), and so did GRUB Legacy ("GNU GRUB 0.97"); GRUB 2
 * does not: "multiboot /boot/kernel.elf ticks=5" arrives as "ticks=5"
 * (checked with GRUB 2.06 here). Any other loader: every word is an option,
 * so a path would be reported on screen, never an option silently dropped.
 */
bool cmdline_loader_puts_path(const char *loader)
{
	static const char *const with_path[] = { "qemu", "GNU GRUB 0." };

	if (!loader)
		return false;
	for (size_t i = 0; i < sizeof with_path / sizeof with_path[0]; i++) {
		const char *a = loader, *b = with_path[i];

		while (*b && *a == *b)
			a++, b++;
		if (!*b)
			return true;
	}
	return false;
}

/*
 * Words are separated by spaces or tabs. With path_first the first word is
 * the kernel's own path and is skipped, whatever it looks like. What a word
 * contains never decides: level=../e1l1 first is an option like any other
 * (BUG, fixed: a first word with a '/' used to be taken for the path).
 * Words longer than CMDLINE_WORD_MAX-1 are reported, not truncated into something else.
 */
void cmdline_parse(const char *line, bool path_first, BootOptions *o)
{
	char word[CMDLINE_WORD_MAX];
	bool first = path_first;

	*o = (BootOptions){ 0 };
	if (!line)
		return;
	while (*line) {
		size_t n = 0;
		bool too_long = false;

		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			break;
		while (*line && *line != ' ' && *line != '\t') {
			if (n + 1 < CMDLINE_WORD_MAX)
				word[n++] = *line;
			else
				too_long = true;
			line++;
		}
		word[n] = '\0';
		if (first) {
			first = false;
			continue;
		}
		if (too_long)
			problem(o, word, "over 255 characters", "option too long, ignored: '%s...'", word);
		else
			apply(o, word);
	}
}

/*
 * The red screen's text for the rejected options: one "WORD: why" line per
 * option, then "keys=: <why>" when keys_err is given, then how many more
 * were left out. Returns the number of lines written (0: nothing to show).
 */
int cmdline_screen_text(const BootOptions *o, const char *keys_err, char *out, size_t size)
{
	int lines = 0;
	size_t n = 0;

	if (size == 0)
		return 0;
	out[0] = '\0';
	for (int i = 0; i < o->problems && i < CMDLINE_MAX_PROBLEMS; i++, lines++)
		n += (size_t)kfmt_snprintf(out + n, n < size ? size - n : 0, "%s%s", lines ? "\n" : "", o->shown[i]);
	if (o->problems > CMDLINE_MAX_PROBLEMS && n < size)
		n += (size_t)kfmt_snprintf(out + n, size - n, "\n(and %d more, see COM1)",
		    o->problems - CMDLINE_MAX_PROBLEMS), lines++;
	if (keys_err && n < size)
		n += (size_t)kfmt_snprintf(out + n, size - n, "%skeys=: %s", lines ? "\n" : "", keys_err), lines++;
	return lines;
}
