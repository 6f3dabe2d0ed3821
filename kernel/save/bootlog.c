/*
 * bootlog.c: LOG.TXT (docs/save.md "LOG.TXT"). The file is two halves;
 * each starts with a header line (boot number, state, lines lost) and holds
 * one boot's COM1 text (klog's RAM ring), padded with spaces, '\n' last.
 * A boot writes only the half not holding the newest boot before it, so a
 * power cut while it writes leaves that older log whole; the header sector
 * goes last, so a half whose text was cut still has its old header (or none).
 */
#include <stddef.h>

#include "bootlog.h"
#include "kfmt.h"
#include "klog.h"
#include "latebss.h"
#include "save.h"

#define SECTOR          512
#define MARK            "Shardfall boot log: boot "

static struct {
	uint32_t boot;                  /* this boot's number (0: LOG.TXT not written this boot) */
	uint32_t half, half_bytes;      /* its half (0, 1) and the size of each */
	bool started;
	uint32_t text_len, lost;        /* what was written last */
} L;

static LATE_BSS char half[BOOTLOG_HALF_MAX];    /* written only once the save area is open: late BSS */

/* "Shardfall boot log: boot N, STATE": N into *boot, whether STATE is "starting"; false when no header. */
static bool parse(const char *h, uint32_t *boot, bool *starting)
{
	static const char mark[] = MARK, st[] = ", starting";
	size_t i = 0;
	uint32_t n = 0;

	for (; mark[i]; i++)
		if (h[i] != mark[i])
			return false;
	if (h[i] < '0' || h[i] > '9')
		return false;
	while (h[i] >= '0' && h[i] <= '9' && n < 100000000u)
		n = n * 10 + (uint32_t)(h[i++] - '0');
	*starting = true;
	for (size_t k = 0; st[k]; k++)
		if (h[i + k] != st[k])
			*starting = false;
	*boot = n;
	return n > 0;
}

/* The half as it goes on the stick: the header, the ring's text, spaces, '\n' last. */
static void compose(uint32_t *text_len, uint32_t *lost)
{
	uint32_t cap = L.half_bytes - BOOTLOG_HEADER_BYTES - 1;
	size_t n = klog_ring_copy(half + BOOTLOG_HEADER_BYTES, cap, lost);
	char other[24] = "none";
	int h;

	if (L.boot > 1)
		kfmt_snprintf(other, sizeof other, "boot %u", (unsigned)(L.boot - 1));
	h = kfmt_snprintf(half, BOOTLOG_HEADER_BYTES, MARK "%u, %s, %u lines lost at the start (the other half: %s)",
	                  (unsigned)L.boot, L.started ? "started" : "starting", (unsigned)*lost, other);
	for (uint32_t i = (uint32_t)h; i < BOOTLOG_HEADER_BYTES - 1; i++)
		half[i] = ' ';
	half[BOOTLOG_HEADER_BYTES - 1] = '\n';
	for (uint32_t i = BOOTLOG_HEADER_BYTES + (uint32_t)n; i < L.half_bytes - 1; i++)
		half[i] = ' ';
	half[L.half_bytes - 1] = '\n';
	*text_len = (uint32_t)n;
}

/* The half's sectors from byte `from` (the text that changed) to its end of text, then its header sector last. */
static void write_half(bool whole)
{
	uint32_t len, lost, base = L.half * L.half_bytes, from, to;

	compose(&len, &lost);
	if (whole || lost != L.lost || len < L.text_len) {
		from = SECTOR;
		to = L.half_bytes;              /* the whole half: the older boot's text and padding overwritten */
	} else {
		from = (BOOTLOG_HEADER_BYTES + L.text_len) / SECTOR * SECTOR;
		to = BOOTLOG_HEADER_BYTES + len;
		to = (to + SECTOR - 1) / SECTOR * SECTOR;
		if (from < SECTOR)
			from = SECTOR;
	}
	if (to > from && !save_file_write(BOOTLOG_FILE, base + from, half + from, to - from))
		return;
	if (!save_file_write(BOOTLOG_FILE, base, half, SECTOR))
		return;
	L.text_len = len;
	L.lost = lost;
}

bool bootlog_opened(void)
{
	uint32_t size = save_file_size(BOOTLOG_FILE), boot[2] = { 0, 0 }, newest;
	bool starting[2] = { false, false }, valid[2];
	char head[2][BOOTLOG_HEADER_BYTES];

	L = (typeof(L)){ 0 };
	if (!size) {
		SaveStatus st;

		if (save_status(&st))
			klog("log: " BOOTLOG_FILE ": not on this stick (made by an older version)\n");
		return false;
	}
	L.half_bytes = size / 2 / SECTOR * SECTOR;
	if (L.half_bytes > BOOTLOG_HALF_MAX)
		L.half_bytes = BOOTLOG_HALF_MAX;
	if (L.half_bytes < BOOTLOG_HALF_MIN) {
		klog("log: " BOOTLOG_FILE " of %u bytes is too small to use\n", (unsigned)size);
		return false;
	}
	for (int h = 0; h < 2; h++) {
		if (!save_file_read(BOOTLOG_FILE, (uint32_t)h * L.half_bytes, head[h], sizeof head[h]))
			return false;
		valid[h] = parse(head[h], &boot[h], &starting[h]);
	}
	newest = valid[1] && (!valid[0] || boot[1] > boot[0]) ? 1 : 0;
	L.half = valid[newest] ? 1 - newest : 0;
	L.boot = valid[newest] ? boot[newest] + 1 : 1;
	if (valid[newest] && starting[newest])
		klog("log: the last start (boot %u) did not finish: " BOOTLOG_FILE " has its log\n", (unsigned)boot[newest]);
	klog("log: boot %u into half %u of " BOOTLOG_FILE " (%u bytes each)\n", (unsigned)L.boot, (unsigned)L.half,
	     (unsigned)L.half_bytes);
	write_half(true);
	return valid[newest] && starting[newest];
}

void bootlog_started(void)
{
	if (!L.boot || L.started)
		return;
	L.started = true;
	write_half(false);
}

void bootlog_rest(void)
{
	uint32_t lost;

	if (!L.boot)
		return;
	if (klog_ring_copy(NULL, L.half_bytes - BOOTLOG_HEADER_BYTES - 1, &lost) == L.text_len && lost == L.lost)
		return;                 /* nothing logged since the last write */
	write_half(false);
}

uint32_t bootlog_boot(void)
{
	return L.boot;
}
