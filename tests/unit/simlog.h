/*
 * simlog.h: COM1 for a host test — drvlog (the drivers') and klog (the kernel's; in the kernel
 * drvlog is its alias) appended to logbuf, which the test reads and empties. SIMLOG_BYTES,
 * defined before the include, sets its size (8192).
 */
#ifndef TESTS_UNIT_SIMLOG_H
#define TESTS_UNIT_SIMLOG_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef SIMLOG_BYTES
#define SIMLOG_BYTES    8192
#endif

static char logbuf[SIMLOG_BYTES];

/* One line (or part of one) after what logbuf holds, cut at its end. */
static void simlog_append(const char *fmt, va_list ap)
{
	size_t n = strlen(logbuf);

	if (n < sizeof logbuf)
		vsnprintf(logbuf + n, sizeof logbuf - n, fmt, ap);
}

void drvlog(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	simlog_append(fmt, ap);
	va_end(ap);
}

void klog(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	simlog_append(fmt, ap);
	va_end(ap);
}

#endif
