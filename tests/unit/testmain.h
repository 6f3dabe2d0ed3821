/* testmain.h: shared by every unit test — cmocka's headers, and running one test by name (argv[1] or TEST_FILTER). */
#ifndef TESTS_UNIT_TESTMAIN_H
#define TESTS_UNIT_TESTMAIN_H

/* cmocka.h needs these first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* In a table-driven test: fail naming the row (printf-style) when cond is false. */
#define assert_row(cond, ...) do {                                              \
		if (!(cond)) {                                                  \
			print_error("%s:%d: row failed: %s\n  ", __FILE__, __LINE__, #cond); \
			fail_msg(__VA_ARGS__);                                  \
		}                                                               \
	} while (0)

/*
 * Which tests to run: the first command-line argument, else $TEST_FILTER,
 * else all. A pattern is a cmocka glob (* and ?) matched against the test
 * function's name, e.g.
 *     build/tests/test_kbdscan pause_sequence_produces_no_key
 *     TEST_FILTER='*queue*' make test-unit
 * "--list" prints the test names; then this returns true and main() stops.
 * Also prints the group's name: cmocka 1.1's standard output does not.
 */
static inline bool testmain_filter(const char *group, int argc, char **argv,
    const struct CMUnitTest *tests, size_t n)
{
	const char *pattern = argc > 1 ? argv[1] : getenv("TEST_FILTER");

	if (pattern && strcmp(pattern, "--list") == 0) {
		for (size_t i = 0; i < n; i++)
			printf("%s\n", tests[i].name);
		return true;
	}
	if (pattern && *pattern)
		cmocka_set_test_filter(pattern);
	printf("[ GROUP    ] %s%s%s\n", group, pattern && *pattern ? ", filter " : "",
	    pattern && *pattern ? pattern : "");
	fflush(stdout);
	return false;
}

#endif
