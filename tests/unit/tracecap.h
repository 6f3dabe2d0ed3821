/* tracecap.h: captures trace lines (game/engine/trace.h) in a test, one array shared by the file. */
#ifndef TESTS_TRACECAP_H
#define TESTS_TRACECAP_H

#include <stdio.h>

#include "trace.h"

#define TRACECAP_LINES 40

static struct {
	char line[TRACECAP_LINES][TRACE_LINE];
	int n;
} traced;

static inline void capture(void *ctx, const char *line)
{
	(void)ctx;
	assert_true(traced.n < TRACECAP_LINES);
	snprintf(traced.line[traced.n++], TRACE_LINE, "%s", line);
}

#endif
