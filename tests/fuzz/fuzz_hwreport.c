/* fuzz_hwreport.c: libFuzzer target — HWINFO.TXT's writer (kernel/report/hwreport.c) on devices that send any bytes: bounded, whole lines, printable, the hash right; and the first-line reader on any text. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "hwreport.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* For tests/fuzz/replay.c: a *.hwr file's first line must read back as a report's. */
#define FUZZ_VALID_EXT ".hwr"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	uint32_t h;

	(void)err;
	(void)errlen;
	return hwreport_hash_of((const char *)data, (uint32_t)size, &h);
}

static UsbRecord recs[USBREC_MAX];
static HdaVerbLog codec;
static char out[HWREPORT_MAX + 1];

/* Takes up to n bytes of the input (fewer at its end). */
static size_t take(const uint8_t **d, size_t *left, uint8_t *to, size_t n)
{
	if (n > *left)
		n = *left;
	memcpy(to, *d, n);
	*d += n, *left -= n;
	return n;
}

static uint32_t fnv(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

/*
 * The input as what devices sent: a count byte, then per USB device a
 * header (speed, port, depth, route byte, config length byte pair, report
 * length byte pair) and its bytes; then HDA verb answers (8 bytes each);
 * then a log line. Whatever they hold, the report stays within 64 KiB,
 * every line is printable and whole, the last is the end line, the hash
 * is right.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *d = data;
	size_t left = size;
	uint8_t head[8] = { 0 };
	const UsbRecord *usb[USBREC_MAX];
	const HdaVerbLog *codecs[1] = { &codec };
	char logline[HWREPORT_LOG_LINE] = "";
	const char *logs[1] = { logline };
	HwReport r = { .usb = usb, .codec = codecs, .codec_count = 1, .log = logs, .log_count = 1 };
	uint32_t len, h;
	const char *boot, *end;
	int n;

	fuzz_accepts(data, size, NULL, 0);
	take(&d, &left, head, 1);
	n = head[0] % (USBREC_MAX + 1);
	for (int i = 0; i < n; i++) {
		UsbRecord *u = &recs[i];
		uint16_t cl, rl;

		memset(u, 0, sizeof *u);
		memset(head, 0, sizeof head);
		take(&d, &left, head, 8);
		u->used = true;
		u->speed = head[0], u->port = head[1], u->depth = head[2] % 6, u->route = (uint32_t)head[3] * 0x01010101u;
		cl = (uint16_t)((head[4] | head[5] << 8) % (USBREC_CONFIG + 1));
		rl = (uint16_t)((head[6] | head[7] << 8) % (USBREC_REPORTS + 1));
		u->device_len = (uint8_t)take(&d, &left, u->device, USBREC_DEVICE);
		u->config_len = (uint16_t)take(&d, &left, u->config, cl);
		u->reports_used = (uint16_t)take(&d, &left, u->reports, rl);
		u->hids = u->reports_used ? 2 : 0;
		u->hid[0] = (UsbRecHid){ .iface = head[3], .len = (uint16_t)(u->reports_used / 2) };
		u->hid[1] = (UsbRecHid){ .iface = head[2], .offset = u->hid[0].len,
		    .len = (uint16_t)(u->reports_used - u->hid[0].len), .error = head[0] & 1 };
		u->driver = head[1] & 1 ? "mass storage" : NULL;
		usb[i] = u;
	}
	r.usb_count = n;
	memset(&codec, 0, sizeof codec);
	while (left >= 8 && codec.count < HDA_LOG_VERBS && left > 64) {
		uint8_t v[8];

		take(&d, &left, v, 8);
		codec.cmd[codec.count] = (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24;
		codec.resp[codec.count++] = (uint32_t)v[4] | (uint32_t)v[5] << 8 | (uint32_t)v[6] << 16 | (uint32_t)v[7] << 24;
	}
	take(&d, &left, (uint8_t *)logline, sizeof logline - 1);
	for (size_t i = 0; i < sizeof logline - 1; i++)
		if (logline[i] && (logline[i] < 0x20 || logline[i] > 0x7E))
			logline[i] = '?';       /* the kernel's log rows are made printable before they come here */
	len = hwreport_write(&r, out, sizeof out);
	expect(len <= HWREPORT_MAX && len == strlen(out) && len > 0 && out[len - 1] == '\n');
	for (uint32_t i = 0; i < len; i++)
		expect(out[i] == '\n' || (out[i] >= 0x20 && out[i] <= 0x7E));
	end = out + len - 1;
	while (end > out && end[-1] != '\n')
		end--;
	expect(strncmp(end, "end lines=", 10) == 0);
	boot = strstr(out, "\n[boot]\n");
	expect(boot != NULL && (uint32_t)(boot + 1 - out) <= HWREPORT_HW_MAX);
	expect(hwreport_hash_of(out, len, &h));
	expect(h == fnv(strchr(out, '\n') + 1, (size_t)(boot + 1 - (strchr(out, '\n') + 1))));
	return 0;
}
