/* fuzz_cmdline.c: libFuzzer target — the boot command line (kernel/log/cmdline.c) on any bytes, with and without the kernel path. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "fuzzkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The line as multiboot gives it: the bytes up to the first NUL (the first byte picks the path mode). */
static char *as_line(const uint8_t *data, size_t size, bool *path_first)
{
	char *line = malloc(size + 1);

	expect(line != NULL);
	*path_first = size && (data[0] & 1);
	if (size)
		memcpy(line, data + 1, size - 1);
	line[size ? size - 1 : 0] = '\0';
	return line;
}

/* For tests/fuzz/replay.c: *.cmd seeds must parse with no problem, bad_* must be rejected. */
#define FUZZ_VALID_EXT ".cmd"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	BootOptions o;
	bool path_first;
	char *line = as_line(data, size, &path_first);

	cmdline_parse(line, path_first, &o);
	free(line);
	if (o.problems && errlen)
		strncpy(err, o.problem[0], errlen - 1), err[errlen - 1] = '\0';
	return o.problems == 0;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((uint8_t)*s < 0x20 || (uint8_t)*s > 0x7E)
			return false;
	return true;
}

static bool name_ok(const char *s, size_t size)
{
	size_t n = 0;

	for (; n < size && s[n]; n++)
		if (!((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= '0' && s[n] <= '9') || s[n] == '_' || s[n] == '-'))
			return false;
	return n < size;
}

/*
 * Every promise of cmdline.h: each stored problem and screen line is
 * terminated inside its buffer and printable; a screen line fits the red
 * screen (38 characters); names hold only their characters; ticks is in
 * range; the screen text lists one line per stored problem.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char screen[512];
	BootOptions o;
	bool path_first;
	char *line = as_line(data, size, &path_first);
	int lines, stored;

	memset(&o, 0xA5, sizeof o);
	cmdline_parse(line, path_first, &o);
	expect(o.problems >= 0);
	stored = o.problems < CMDLINE_MAX_PROBLEMS ? o.problems : CMDLINE_MAX_PROBLEMS;
	for (int i = 0; i < stored; i++) {
		expect(memchr(o.problem[i], '\0', CMDLINE_PROBLEM_LEN) != NULL && printable(o.problem[i]));
		expect(memchr(o.shown[i], '\0', CMDLINE_SHOWN_LEN) != NULL && printable(o.shown[i]));
		expect(strlen(o.shown[i]) <= 38);
	}
	expect(o.ticks <= 999999999u);
	expect(o.crashtest <= CRASH_LOCKUP);
	expect(o.level[0] == '\0' || name_ok(o.level, sizeof o.level));
	expect(o.demo[0] == '\0' || name_ok(o.demo, sizeof o.demo));
	expect(memchr(o.input, '\0', sizeof o.input) != NULL);
	expect(memchr(o.keys, '\0', sizeof o.keys) != NULL);
	lines = cmdline_screen_text(&o, (size & 2) ? "a keys= error" : NULL, screen, sizeof screen);
	expect(memchr(screen, '\0', sizeof screen) != NULL);
	expect(lines == stored + (o.problems > CMDLINE_MAX_PROBLEMS) + ((size & 2) ? 1 : 0));
	lines = cmdline_screen_text(&o, NULL, screen, size % 40);       /* small buffers: cut, still terminated */
	if (size % 40)
		expect(memchr(screen, '\0', size % 40) != NULL);
	free(line);
	return 0;
}
