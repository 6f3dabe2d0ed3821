/* saveio.c: the write guard (nothing outside the four files' data sectors), the power-cut layer under it, the stepped open's read cache. */
#include <stddef.h>

#include "klog.h"
#include "latebss.h"
#include "saveio.h"

/*
 * Two counts: the save files' writes (savecut=, savetear=) and LOG.TXT's
 * (logcut=, logtear=), so the log's writes at boot do not move the save
 * tests' cut points. The counter in use: saveio_count_log.
 */
static struct {
	uint32_t cut[2], tear[2];       /* 0: off; [1]: LOG.TXT's */
	uint32_t writes[2];             /* sector writes this boot */
	int which;
	bool stopped;
} pc;

#define CUT     pc.cut[pc.which]
#define TEAR    pc.tear[pc.which]
#define WRITES  pc.writes[pc.which]

void saveio_init(SaveIo *io, BlockDev *dev)
{
	*io = (SaveIo){ .dev = dev };
}

bool saveio_allow(SaveIo *io, uint64_t lba, uint32_t sectors)
{
	if (io->extents >= SAVEIO_EXTENTS || sectors == 0)
		return false;
	io->lba[io->extents] = lba;
	io->sectors[io->extents] = sectors;
	io->extents++;
	return true;
}

static bool allowed(const SaveIo *io, uint64_t lba, uint32_t count)
{
	if (count == 0)
		return false;
	for (int i = 0; i < io->extents; i++)
		if (lba >= io->lba[i] && count <= io->sectors[i] && lba - io->lba[i] <= io->sectors[i] - count)
			return true;
	return false;
}

/*
 * The stepped open's sectors (save_open_step): while it is on, a read is
 * served from here; the first sector not read yet is noted (the pass
 * fails and is thrown away) and read by the next step, one sector a step.
 * Full: reads go to the disk again. In the late BSS (66 KB GRUB need not
 * clear: the 486 with 4 MB, docs/pc.md): only the save area's open uses it.
 */
static LATE_BSS struct {
	bool on, missed;
	int n;
	BlockDev *miss_dev;
	uint64_t miss_lba;
	BlockDev *dev[SAVEIO_CACHE];
	uint64_t lba[SAVEIO_CACHE];
	BlockErr err[SAVEIO_CACHE];     /* how its read ended: a failed read fails every pass the same way */
	uint8_t data[SAVEIO_CACHE][BLOCK_SECTOR];
} rc;

static int cached(const BlockDev *d, uint64_t lba)
{
	for (int i = 0; i < rc.n; i++)
		if (rc.dev[i] == d && rc.lba[i] == lba)
			return i;
	return -1;
}

static BlockErr cache_read(SaveIo *io, uint64_t lba, uint32_t count, uint8_t *buf)
{
	for (uint32_t i = 0; i < count; i++) {
		int k = cached(io->dev, lba + i);

		if (k < 0) {
			if (!rc.missed)
				rc.missed = true, rc.miss_dev = io->dev, rc.miss_lba = lba + i;
			return BLK_IO;
		}
		if (rc.err[k] != BLK_OK)
			return rc.err[k];
		for (int b = 0; b < BLOCK_SECTOR; b++)
			buf[(size_t)i * BLOCK_SECTOR + b] = rc.data[k][b];
	}
	return BLK_OK;
}

BlockErr saveio_read(SaveIo *io, uint64_t lba, uint32_t count, void *buf)
{
	if (pc.stopped)
		return BLK_GONE;
	if (rc.on && rc.n < SAVEIO_CACHE)
		return cache_read(io, lba, count, buf);
	return blockdev_read(io->dev, lba, count, buf);
}

void saveio_cache_begin(void)
{
	rc.on = true;
	rc.missed = false;
	rc.n = 0;
}

bool saveio_cache_missed(void)
{
	return rc.on && rc.missed;
}

bool saveio_cache_fresh(void)
{
	return !rc.on || rc.n == 0;
}

bool saveio_cache_fetch(void)
{
	if (!rc.on || !rc.missed || rc.n >= SAVEIO_CACHE)
		return true;
	rc.err[rc.n] = pc.stopped ? BLK_GONE : blockdev_read(rc.miss_dev, rc.miss_lba, 1, rc.data[rc.n]);
	rc.dev[rc.n] = rc.miss_dev;
	rc.lba[rc.n] = rc.miss_lba;
	rc.missed = false;
	return rc.err[rc.n++] == BLK_OK;
}

bool saveio_cache_lost(void)
{
	for (int i = 0; i < rc.n; i++)
		if (rc.dev[i]->gone)
			return true;
	return false;
}

void saveio_cache_end(void)
{
	rc.on = false;
}

/* The power-cut layer: one sector, counted; the N-th cut after it is written, or torn. */
static BlockErr write_one(SaveIo *io, uint64_t lba, const uint8_t *buf)
{
	uint8_t torn[BLOCK_SECTOR];
	BlockErr e;
	uint32_t n = WRITES + 1;

	if (TEAR && n == TEAR) {
		e = blockdev_read(io->dev, lba, 1, torn);
		if (e != BLK_OK)
			return e;
		for (int i = 0; i < BLOCK_SECTOR / 2; i++)
			torn[i] = buf[i];
		buf = torn;
	}
	e = blockdev_write(io->dev, lba, 1, buf);
	WRITES = n;
	if (e == BLK_OK && (n == CUT || n == TEAR)) {
		blockdev_flush(io->dev);        /* what was written reaches the medium, as a cut disk's would */
		pc.stopped = true;
		save_stop(n);
		return BLK_GONE;
	}
	return e;
}

BlockErr saveio_write(SaveIo *io, uint64_t lba, uint32_t count, const void *buf)
{
	const uint8_t *p = buf;

	if (!allowed(io, lba, count)) {
		io->refused++;
		klog("save: refused write of %u sectors at LBA %u on %s: outside the save files\n",
		     (unsigned)count, (unsigned)lba, io->dev ? io->dev->name : "?");
		return BLK_RANGE;
	}
	if (pc.stopped)
		return BLK_GONE;
	if (!CUT && !TEAR) {
		BlockErr e = blockdev_write(io->dev, lba, count, buf);

		if (e == BLK_OK)
			WRITES += count;
		return e;
	}
	for (uint32_t i = 0; i < count; i++) {
		BlockErr e = write_one(io, lba + i, p + (size_t)i * BLOCK_SECTOR);

		if (e != BLK_OK)
			return e;
	}
	return BLK_OK;
}

BlockErr saveio_flush(SaveIo *io)
{
	if (pc.stopped)
		return BLK_GONE;
	return blockdev_flush(io->dev);
}

void saveio_powercut(uint32_t cut, uint32_t tear)
{
	pc.cut[0] = cut;
	pc.tear[0] = tear;
}

void saveio_powercut_log(uint32_t cut, uint32_t tear)
{
	pc.cut[1] = cut;
	pc.tear[1] = tear;
}

void saveio_count_log(bool log)
{
	pc.which = log ? 1 : 0;
}

uint32_t saveio_writes(void)
{
	return pc.writes[0];
}

uint32_t saveio_log_writes(void)
{
	return pc.writes[1];
}

bool saveio_stopped(void)
{
	return pc.stopped;
}

void saveio_reset(void)
{
	pc.writes[0] = pc.writes[1] = 0;
	pc.which = 0;
	pc.stopped = false;
}
