/* savefile.c: the save area's files by name — sizes, reads and in-place writes, the text files, the panic's writes (docs/save.md). */
#include <stddef.h>

#include "kfmt.h"
#include "klog.h"
#include "savestate.h"

#define S save_state                    /* the service's state (savestate.h), shared with save.c */
#define VERIFY_SECTORS  8               /* read back this many sectors at a time */

static uint8_t verify[VERIFY_SECTORS * SAVE_SECTOR];

/* The text of a file: prefix, then text, up to bytes - 1; spaces after it, '\n' last, zeros past the end. */
typedef struct Text {
	const char *a, *b;
	uint32_t pos, bytes;
} Text;

static void text_sector(Text *t, uint8_t *sec)
{
	for (int i = 0; i < SAVE_SECTOR; i++, t->pos++) {
		char c = ' ';

		if (t->pos >= t->bytes) {
			sec[i] = 0;
			continue;
		}
		if (t->pos == t->bytes - 1) {
			sec[i] = '\n';
			continue;
		}
		if (t->a && *t->a)
			c = *t->a++;
		else if (t->b && *t->b)
			c = *t->b++;
		sec[i] = (uint8_t)c;
	}
}

/* save_file_names' index of file, -1 when it is none of them. */
static int file_index(const char *file)
{
	for (int k = 0; file && k < SAVE_FILES; k++)
		if (save_streq(file, save_file_names[k]))
			return k;
	return -1;
}

/* Files the kernel writes byte by byte: all but README.TXT (never written) and SAVE.DAT (records only). */
static bool writable(int k)
{
	return k != SAVE_README && k != SAVE_DAT && k >= 0;
}

static bool is_text(int k)
{
	return k == SAVE_SCORES || k == SAVE_CRASH || k == SAVE_LOG || k == SAVE_HWINFO;
}

static void log_ms(const char *what, uint32_t t0)
{
	t0 = save_now_us() - t0;
	klog("save: wrote %s in %u.%u ms\n", what, (unsigned)(t0 / 1000), (unsigned)(t0 % 1000 / 100));
}

bool save_text(const char *file, const char *text)
{
	int f = file_index(file);
	uint32_t t0 = save_now_us();
	SaveExtent x;
	Text t, again;
	BlockErr e;

	if (!S.st.on || !is_text(f) || !S.area.file[f].sectors)
		return false;
	x = S.area.file[f];
	t = (Text){ NULL, text, 0, x.bytes };
	again = t;
	S.busy = true;
	for (uint32_t k = 0; k < x.sectors; k++) {
		text_sector(&t, S.sec);
		if ((e = saveio_write(&S.io, x.lba + k, 1, S.sec)) != BLK_OK)
			return save_failed(e, "write");
	}
	if ((e = saveio_flush(&S.io)) != BLK_OK)
		return save_failed(e, "write");
	for (uint32_t k = 0; k < x.sectors; k++) {
		text_sector(&again, S.sec);
		if ((e = saveio_read(&S.io, x.lba + k, 1, S.back)) != BLK_OK)
			return save_failed(e, "read");
		if (!save_same(S.sec, S.back, SAVE_SECTOR))
			return save_failed(BLK_IO, "write");
	}
	S.busy = false;
	log_ms(file, t0);
	return true;
}

bool save_crash(const char *report)
{
	SaveExtent x;
	Text t;

	if (!S.st.on || S.busy || S.panic_busy || S.crash_done)
		return false;
	S.crash_done = true;            /* once: a fault inside this write does not come back here */
	S.panic_busy = true;
	x = S.area.file[SAVE_CRASH];
	t = (Text){ SAVE_CRASH_NEW "\n", report, 0, x.bytes };
	for (uint32_t k = 0; k < x.sectors; k++) {
		text_sector(&t, S.sec);
		if (saveio_write(&S.io, x.lba + k, 1, S.sec) != BLK_OK)
			return false;
	}
	if (saveio_flush(&S.io) != BLK_OK)
		return false;
	S.panic_busy = false;
	return true;
}

bool save_crash_seen(void)
{
	uint64_t at = S.area.file[SAVE_CRASH].lba;
	BlockErr e;

	if (!S.st.on || !S.st.crash_pending)
		return false;
	S.busy = true;
	if ((e = saveio_read(&S.io, at, 1, S.sec)) != BLK_OK)
		return save_failed(e, "read");
	if (!save_same(S.sec, (const uint8_t *)SAVE_CRASH_NEW "\n", sizeof SAVE_CRASH_NEW)) {
		S.busy = false;
		return false;
	}
	for (size_t i = 0; i < sizeof SAVE_CRASH_SHOWN - 1; i++)
		S.sec[i] = (uint8_t)SAVE_CRASH_SHOWN[i];
	if ((e = saveio_write(&S.io, at, 1, S.sec)) != BLK_OK || (e = saveio_flush(&S.io)) != BLK_OK)
		return save_failed(e, "write");
	S.busy = false;
	S.st.crash_pending = false;
	klog("save: CRASH.TXT marked as shown\n");
	return true;
}

uint32_t save_file_size(const char *file)
{
	int k = file_index(file);

	return S.st.on && k >= 0 && S.area.file[k].sectors ? S.area.file[k].bytes : 0;
}

/* The file's extent for len bytes at offset (why: the caller's name for COM1); NULL, with a line, when not. */
static const SaveExtent *span(const char *why, const char *file, uint32_t offset, uint32_t len, bool write)
{
	int k = file_index(file);
	const SaveExtent *x;

	if (!S.st.on)
		return NULL;
	if (k < 0 || (write && !writable(k))) {
		klog("save: %s: %s is not a file the game %s\n", why, file ? file : "(none)", write ? "writes" : "keeps");
		return NULL;
	}
	x = &S.area.file[k];
	if (!x->sectors) {
		klog("save: %s: %s not on this stick (made by an older version)\n", why, file);
		return NULL;
	}
	if (offset > x->bytes || len > x->bytes - offset) {
		klog("save: %s: %u bytes at %u do not fit %s (%u bytes)\n", why, (unsigned)len, (unsigned)offset, file,
		     (unsigned)x->bytes);
		return NULL;
	}
	return x;
}

bool save_file_read(const char *file, uint32_t offset, void *buf, uint32_t len)
{
	const SaveExtent *x = span("read", file, offset, len, false);
	uint8_t *out = buf;
	BlockErr e;

	if (!x || S.busy)
		return false;
	S.busy = true;
	for (uint32_t done = 0; done < len;) {
		uint32_t at = offset + done, in = at % SAVE_SECTOR, n = SAVE_SECTOR - in < len - done ? SAVE_SECTOR - in : len - done;

		if ((e = saveio_read(&S.io, x->lba + at / SAVE_SECTOR, 1, S.sec)) != BLK_OK)
			return save_failed(e, "read");
		for (uint32_t i = 0; i < n; i++)
			out[done + i] = S.sec[in + i];
		done += n;
	}
	S.busy = false;
	return true;
}

/*
 * len bytes at offset into the file's sectors: whole sectors straight from
 * buf (as many a call as the run holds), a partial one read, changed and
 * written back. No flush, no read-back (the callers add them).
 */
static BlockErr put_bytes(const SaveExtent *x, uint32_t offset, const uint8_t *in, uint32_t len)
{
	BlockErr e;

	for (uint32_t done = 0; done < len;) {
		uint32_t at = offset + done, skip = at % SAVE_SECTOR;
		uint64_t lba = x->lba + at / SAVE_SECTOR;

		if (skip == 0 && len - done >= SAVE_SECTOR) {
			uint32_t n = (len - done) / SAVE_SECTOR;

			if ((e = saveio_write(&S.io, lba, n, in + done)) != BLK_OK)
				return e;
			done += n * SAVE_SECTOR;
			continue;
		}
		uint32_t n = SAVE_SECTOR - skip < len - done ? SAVE_SECTOR - skip : len - done;

		if ((e = saveio_read(&S.io, lba, 1, S.sec)) != BLK_OK)
			return e;
		for (uint32_t i = 0; i < n; i++)
			S.sec[skip + i] = in[done + i];
		if ((e = saveio_write(&S.io, lba, 1, S.sec)) != BLK_OK)
			return e;
		done += n;
	}
	return BLK_OK;
}

bool save_file_write(const char *file, uint32_t offset, const void *buf, uint32_t len)
{
	const SaveExtent *x = span("write", file, offset, len, true);
	const uint8_t *in = buf;
	uint32_t t0 = save_now_us();
	char what[48];
	BlockErr e;

	if (!x || S.busy)
		return false;
	if (len == 0)
		return true;
	S.busy = true;
	saveio_count_log(x == &S.area.file[SAVE_LOG]);  /* logcut=, logtear= count these */
	e = put_bytes(x, offset, in, len);
	saveio_count_log(false);
	if (e != BLK_OK || (e = saveio_flush(&S.io)) != BLK_OK)
		return save_failed(e, "write");
	/* Read back and compared: the bytes written, VERIFY_SECTORS sectors a read. */
	for (uint32_t s0 = offset / SAVE_SECTOR, s1 = (offset + len - 1) / SAVE_SECTOR; s0 <= s1;) {
		uint32_t n = s1 - s0 + 1 < VERIFY_SECTORS ? s1 - s0 + 1 : VERIFY_SECTORS;
		uint32_t from = s0 * SAVE_SECTOR, to = (s0 + n) * SAVE_SECTOR;

		if ((e = saveio_read(&S.io, x->lba + s0, n, verify)) != BLK_OK)
			return save_failed(e, "read");
		from = from < offset ? offset : from;
		to = to > offset + len ? offset + len : to;
		if (!save_same(verify + (from - s0 * SAVE_SECTOR), in + (from - offset), to - from))
			return save_failed(BLK_IO, "write");
		s0 += n;
	}
	S.busy = false;
	kfmt_snprintf(what, sizeof what, "%s (%u bytes at %u)", file, (unsigned)len, (unsigned)offset);
	log_ms(what, t0);
	return true;
}

bool save_file_write_panic(const char *file, uint32_t offset, const void *buf, uint32_t len)
{
	int k = file_index(file);
	const SaveExtent *x;

	if (!S.st.on || S.busy || S.panic_busy || !writable(k))
		return false;
	x = &S.area.file[k];
	if (!x->sectors || offset > x->bytes || len > x->bytes - offset)
		return false;
	S.panic_busy = true;            /* a fault inside this write does not come back here */
	if (put_bytes(x, offset, buf, len) != BLK_OK || saveio_flush(&S.io) != BLK_OK)
		return false;
	S.panic_busy = false;
	return true;
}
