/* klog.c: formats kernel messages and writes them to the serial port; drivers log through the same body. */
#include <stdarg.h>
#include <stddef.h>

#include "drvlog.h"
#include "kfmt.h"
#include "klog.h"
#include "serial.h"

#define KLOG_LINE 256

static char *capture;                   /* klog_capture: a copy of every line from now on */
static size_t capture_size, capture_len;

void klog_capture(char *buf, size_t size)
{
	capture_len = 0;
	capture_size = size;
	capture = size ? buf : NULL;
	if (capture)
		capture[0] = '\0';
}

void klog(const char *fmt, ...)
{
	char line[KLOG_LINE];
	va_list ap;

	va_start(ap, fmt);
	kfmt_vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	serial_write(line);
	for (const char *c = line; capture && *c && capture_len + 1 < capture_size; c++) {
		capture[capture_len++] = *c;
		capture[capture_len] = '\0';
	}
}

/* Drivers log through drvlog (drivers/platform/drvlog.h): another name for klog, one body. */
void drvlog(const char *fmt, ...) __attribute__((alias("klog")));
