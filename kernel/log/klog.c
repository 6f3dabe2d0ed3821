/* klog.c: formats kernel messages and writes them to the serial port (and the boot log's RAM ring); drivers log through the same body. */
#include <stdarg.h>
#include <stddef.h>

#include "drvlog.h"
#include "kfmt.h"
#include "klog.h"
#include "serial.h"

#define KLOG_LINE 256

static char *capture;                   /* klog_capture: a copy of every line from now on */
static size_t capture_size, capture_len;

/*
 * Every byte sent to COM1 since the first line, the newest KLOG_RING bytes
 * of it: when a line does not fit, whole lines are dropped from the oldest
 * end and counted (bootlog.c writes it into LOG.TXT).
 */
static struct {
	char buf[KLOG_RING];
	uint32_t head, len;             /* the oldest byte; bytes held */
	uint32_t lost;                  /* lines dropped */
} ring;

static void ring_drop_line(void)
{
	while (ring.len) {
		char c = ring.buf[ring.head];

		ring.head = (ring.head + 1) % KLOG_RING;
		ring.len--;
		if (c == '\n')
			break;
	}
	ring.lost++;
}

static void ring_put(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	if (n > KLOG_RING)
		return;
	while (ring.len + n > KLOG_RING)
		ring_drop_line();
	for (size_t i = 0; i < n; i++)
		ring.buf[(ring.head + ring.len + i) % KLOG_RING] = s[i];
	ring.len += (uint32_t)n;
}

size_t klog_ring_copy(char *out, size_t cap, uint32_t *lost)
{
	uint32_t skip = 0, dropped = 0;

	if (ring.len > cap) {                   /* the newest whole lines that fit: the older ones counted as lost */
		uint32_t want = ring.len - (uint32_t)cap;

		for (skip = 0; skip < ring.len;) {
			char c = ring.buf[(ring.head + skip) % KLOG_RING];

			skip++;
			if (c == '\n') {
				dropped++;
				if (skip >= want)
					break;
			}
		}
		if (skip < want)
			skip = ring.len;
	}
	for (uint32_t i = skip; i < ring.len && out; i++)
		out[i - skip] = ring.buf[(ring.head + i) % KLOG_RING];
	if (lost)
		*lost = ring.lost + dropped;
	return ring.len - skip;
}

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
	ring_put(line);
	for (const char *c = line; capture && *c && capture_len + 1 < capture_size; c++) {
		capture[capture_len++] = *c;
		capture[capture_len] = '\0';
	}
}

/* Drivers log through drvlog (drivers/platform/drvlog.h): another name for klog, one body. */
void drvlog(const char *fmt, ...) __attribute__((alias("klog")));
