/* klog.c: formats kernel messages and writes them to the serial port; drivers log through the same body. */
#include <stdarg.h>

#include "drvlog.h"
#include "kfmt.h"
#include "klog.h"
#include "serial.h"

#define KLOG_LINE 256

void klog(const char *fmt, ...)
{
	char line[KLOG_LINE];
	va_list ap;

	va_start(ap, fmt);
	kfmt_vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	serial_write(line);
}

/* Drivers log through drvlog (drivers/platform/drvlog.h): another name for klog, one body. */
void drvlog(const char *fmt, ...) __attribute__((alias("klog")));
