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
};

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

static bool has_char(const char *s, char c)
{
	for (; *s; s++)
		if (*s == c)
			return true;
	return false;
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

static void problem(BootOptions *o, const char *fmt, const char *word)
{
	if (o->problems < CMDLINE_MAX_PROBLEMS)
		kfmt_snprintf(o->problem[o->problems], CMDLINE_PROBLEM_LEN, fmt, word);
	o->problems++;
}

static void apply(BootOptions *o, char *word)
{
	char *value = NULL, *p;
	size_t i;

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
			problem(o, "bad value for ticks: '%s' (want 1..999999999)", value);
		return;
	}
	if (streq(word, "level") && value) {
		if (!copy_name(o->level, value, CMDLINE_LEVEL_LEN))
			problem(o, "bad value for level: '%s' (want a-z 0-9 _ -, 1..31 chars)", value);
		return;
	}
	if (streq(word, "input") && value) {
		if (!copy_bounded(o->input, value, CMDLINE_INPUT_LEN))
			problem(o, "input script too long (max %s characters)", "239");
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
	if (streq(word, "music") && value) {
		if (streq(value, "on") || streq(value, "off"))
			o->music_off = streq(value, "off");
		else
			problem(o, "bad value for music: '%s' (want on or off)", value);
		return;
	}
	/* Demo options (kernel/demo_io.c). */
	if (streq(word, "demo") && value) {
		if (!copy_name(o->demo, value, CMDLINE_LEVEL_LEN))
			problem(o, "bad value for demo: '%s' (want a-z 0-9 _ -, 1..31 chars)", value);
		return;
	}
	if (streq(word, "record") && !value) {
		o->record = true;
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
		problem(o, "bad value for crashtest: '%s' (want de, bp, ud or gp)", value);
		return;
	}
	if (value)
		value[-1] = '=';
	problem(o, "unknown option '%s' ignored", word);
}

/*
 * Words are separated by spaces or tabs. The first word is the kernel's own
 * path when it contains a '/' (GRUB and QEMU put it there) and is skipped.
 * Words longer than CMDLINE_WORD_MAX-1 are reported, not truncated into something else.
 */
void cmdline_parse(const char *line, BootOptions *o)
{
	char word[CMDLINE_WORD_MAX];
	bool first = true;

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
		if (first && has_char(word, '/')) {
			first = false;
			continue;
		}
		first = false;
		if (too_long)
			problem(o, "option too long, ignored: '%s...'", word);
		else
			apply(o, word);
	}
}
