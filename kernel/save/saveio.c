/* saveio.c: the write guard (nothing outside the four files' data sectors) and the power-cut layer under it. */
#include <stddef.h>

#include "klog.h"
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

BlockErr saveio_read(SaveIo *io, uint64_t lba, uint32_t count, void *buf)
{
	if (pc.stopped)
		return BLK_GONE;
	return blockdev_read(io->dev, lba, count, buf);
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
