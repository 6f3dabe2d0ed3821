/* blockdev.c: the table of disks the drivers found, and the calls through it with the checks every driver would repeat. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blockdev.h"
#include "drvlog.h"

static BlockDev *table[BLOCKDEV_MAX];   /* registered disks, in the order they were found */
static int count;

bool blockdev_register(BlockDev *d)
{
	if (count == BLOCKDEV_MAX) {
		drvlog("disk: %s: already %d disks, not used\n", d->name, BLOCKDEV_MAX);
		return false;
	}
	d->gone = false;
	table[count++] = d;
	return true;
}

/* Unplugged: every later call on it says gone; the table closes up behind it. */
void blockdev_unregister(BlockDev *d)
{
	d->gone = true;
	for (int i = 0; i < count; i++)
		if (table[i] == d) {
			for (int j = i; j + 1 < count; j++)
				table[j] = table[j + 1];
			table[--count] = NULL;
			return;
		}
}

int blockdev_count(void)
{
	return count;
}

BlockDev *blockdev_at(int i)
{
	return i >= 0 && i < count ? table[i] : NULL;
}

const char *blockdev_err_name(BlockErr e)
{
	static const char *const names[] = {
		[BLK_OK] = "ok",
		[BLK_TIMEOUT] = "timeout",
		[BLK_IO] = "I/O error",
		[BLK_WRITE_PROTECTED] = "write-protected",
		[BLK_GONE] = "device gone",
		[BLK_RANGE] = "outside the disk",
	};

	return (unsigned)e < sizeof names / sizeof names[0] ? names[e] : "unknown error";
}

/* The checks before any transfer: a disk still there, a count, sectors inside it, the save area's sector size. */
static BlockErr check(const BlockDev *d, uint64_t lba, uint32_t count_)
{
	if (!d || d->gone)
		return BLK_GONE;
	if (count_ == 0 || lba >= d->sectors || count_ > d->sectors - lba || d->sector_size != BLOCK_SECTOR)
		return BLK_RANGE;
	return BLK_OK;
}

BlockErr blockdev_read(BlockDev *d, uint64_t lba, uint32_t count_, void *buf)
{
	BlockErr e = check(d, lba, count_);

	return e != BLK_OK ? e : d->ops->read(d, lba, count_, buf);
}

BlockErr blockdev_write(BlockDev *d, uint64_t lba, uint32_t count_, const void *buf)
{
	BlockErr e = check(d, lba, count_);

	if (e != BLK_OK)
		return e;
	if (d->read_only || !d->ops->write)
		return BLK_WRITE_PROTECTED;
	return d->ops->write(d, lba, count_, buf);
}

BlockErr blockdev_flush(BlockDev *d)
{
	if (!d || d->gone)
		return BLK_GONE;
	if (d->read_only || !d->ops->flush)
		return BLK_OK;          /* nothing written, nothing cached */
	return d->ops->flush(d);
}

/* A name from pieces ("USB stick (", "xHCI", " port ", "1", ")"): no formatter below the kernel. */
void blockdev_copy_name(char *out, int size, const char *const *parts)
{
	int n = 0;

	for (; *parts; parts++)
		for (const char *p = *parts; *p && n + 1 < size; p++)
			out[n++] = *p;
	out[n] = '\0';
}
