/* fuzzkit.h: what every fuzz target shares — a check that aborts (libFuzzer reports it), the bytes as a C string. */
#ifndef FUZZKIT_H
#define FUZZKIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline void expect(bool cond)
{
	if (!cond)
		abort();
}

/* The input with a '\0' after it (the parsers under test take C strings); free() it. */
static inline char *as_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	expect(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
