/* fuzz_hidboot.c: libFuzzer target — any stream of boot reports diffed into key events; the events always add up. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "usbhid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input format: records of one length byte (low 4 bits: 0..15 report
 * bytes) followed by that many bytes (fewer at the end of the input).
 */
#define FUZZ_VALID_EXT ".rep"

static int next_report(const uint8_t *data, size_t size, size_t *pos, const uint8_t **rep, size_t *len)
{
	if (*pos >= size)
		return 0;
	*len = data[*pos] & 0x0F;
	*pos += 1;
	if (*len > size - *pos)
		*len = size - *pos;
	*rep = data + *pos;
	*pos += *len;
	return 1;
}

/* For replay.c: *.rep streams must have every report taken; bad_* must have one refused (short or rollover). */
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	uint8_t prev[HID_BOOT_REPORT_LEN] = { 0 };
	HidKeyEvent ev[HID_EVENTS_MAX];
	const uint8_t *rep;
	size_t pos = 0, len;

	(void)err;
	(void)errlen;
	while (next_report(data, size, &pos, &rep, &len))
		if (hidboot_diff(prev, rep, len, ev) < 0)
			return false;
	return true;
}

/* What prev says is down: modifier bits as 0xE0.., slot usages between the error codes and the modifiers. */
static void down_from(const uint8_t *prev, bool *down)
{
	memset(down, 0, 256);
	for (int b = 0; b < 8; b++)
		if (prev[0] >> b & 1)
			down[0xE0 + b] = true;
	for (int i = 2; i < HID_BOOT_REPORT_LEN; i++)
		if (prev[i] > 3 && prev[i] < 0xE0)
			down[prev[i]] = true;
}

/*
 * Replays the stream keeping our own key table from the events alone: each
 * event must change it (no down for a key down, no up for a key up), and
 * after every report it must equal what the differ's prev says is down. A
 * refused report leaves prev alone. At the end an empty report brings every
 * key up.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t none[HID_BOOT_REPORT_LEN];
	uint8_t prev[HID_BOOT_REPORT_LEN] = { 0 }, before[HID_BOOT_REPORT_LEN];
	bool table[256] = { false }, want[256];
	HidKeyEvent ev[HID_EVENTS_MAX];
	const uint8_t *rep;
	size_t pos = 0, len;
	int n;

	while (next_report(data, size, &pos, &rep, &len)) {
		uint8_t *copy = malloc(len ? len : 1);

		expect(copy != NULL);
		memcpy(copy, rep, len);
		memcpy(before, prev, sizeof before);
		n = hidboot_diff(prev, copy, len, ev);
		free(copy);
		expect(n >= -1 && n <= HID_EVENTS_MAX);
		if (n < 0) {
			expect(memcmp(before, prev, sizeof prev) == 0);
			continue;
		}
		for (int i = 0; i < n; i++) {
			expect(ev[i].usage > 3);
			expect(table[ev[i].usage] != ev[i].down);
			table[ev[i].usage] = ev[i].down;
		}
		down_from(prev, want);
		expect(memcmp(table, want, sizeof want) == 0);
	}
	n = hidboot_diff(prev, none, sizeof none, ev);
	for (int i = 0; i < n; i++) {
		expect(!ev[i].down && table[ev[i].usage]);
		table[ev[i].usage] = false;
	}
	for (int u = 0; u < 256; u++)
		expect(!table[u]);
	return 0;
}
