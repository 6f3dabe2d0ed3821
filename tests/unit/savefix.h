/*
 * savefix.h: test_save.c's stand-ins — the RAM stick and CD, the block-device table and the
 * platform (klog into a buffer, a clock, the power-cut stop) as the kernel has them, and the
 * helpers the tests share (a fresh disk from tools/mksave.py, a reboot, patterns, checks).
 */
#ifndef TESTS_SAVEFIX_H
#define TESTS_SAVEFIX_H

#define SIMLOG_BYTES    16384
#include "simlog.h"          /* klog into logbuf */

static RamDisk disk, original, before __attribute__((unused));
static BlockDev dev, cd __attribute__((unused));
static BlockDev *table[4];
static int ntable;
static uint32_t stopped_at, clock_us;
static bool crash_inside_write;         /* the RAM driver calls save_crash from inside a write */
static BlockErr write_result;           /* what the RAM driver's writes answer (BLK_OK: they work) */
static bool drop_writes;                /* answer BLK_OK but keep nothing (a lying device) */
static int crash_inside_result = -1;

/* --- the platform and the block-device table, as the kernel has them --- */
uint32_t save_now_us(void) { return clock_us += 7143; }
void save_stop(uint32_t n) { stopped_at = n; }

int blockdev_count(void) { return ntable; }
BlockDev *blockdev_at(int i) { return i >= 0 && i < ntable ? table[i] : NULL; }
const char *blockdev_err_name(BlockErr e) { return e == BLK_OK ? "ok" : "error"; }

BlockErr blockdev_read(BlockDev *d, uint64_t lba, uint32_t count, void *buf)
{
	if (d->gone)
		return BLK_GONE;
	if (count == 0 || lba >= d->sectors || count > d->sectors - lba)
		return BLK_RANGE;
	return d->ops->read(d, lba, count, buf);
}

BlockErr blockdev_write(BlockDev *d, uint64_t lba, uint32_t count, const void *buf)
{
	if (d->gone)
		return BLK_GONE;
	if (count == 0 || lba >= d->sectors || count > d->sectors - lba)
		return BLK_RANGE;
	if (d->read_only)
		return BLK_WRITE_PROTECTED;
	return d->ops->write(d, lba, count, buf);
}

BlockErr blockdev_flush(BlockDev *d)
{
	return d->gone ? BLK_GONE : d->ops->flush(d);
}

static BlockErr ram_read(BlockDev *d, uint64_t lba, uint32_t count, void *buf)
{
	RamDisk *r = d->state;

	for (uint32_t i = 0; i < count; i++)
		if (!ram_read_sector(r, lba + i, (uint8_t *)buf + i * BLOCK_SECTOR))
			return BLK_IO;
	return BLK_OK;
}

static BlockErr ram_write(BlockDev *d, uint64_t lba, uint32_t count, const void *buf)
{
	RamDisk *r = d->state;

	if (crash_inside_write) {
		crash_inside_write = false;
		crash_inside_result = save_crash("a fault inside the driver");
	}
	if (write_result != BLK_OK)
		return write_result;
	if (!drop_writes)
		memcpy(r->data + lba * BLOCK_SECTOR, buf, (size_t)count * BLOCK_SECTOR);
	r->writes += (int)count;
	return BLK_OK;
}

static BlockErr ram_flush(BlockDev *d)
{
	((RamDisk *)d->state)->flushes++;
	return BLK_OK;
}

static const BlockOps ram_ops = { ram_read, ram_write, ram_flush };

/* A new boot with the RAM stick (its contents kept) as the only disk. */
static void boot(void)
{
	dev = (BlockDev){ .ops = &ram_ops, .state = &disk, .kind = "usb", .name = "RAM stick",
	                  .sectors = RAM_SECTORS, .sector_size = 512, .removable = true };
	table[0] = &dev;
	ntable = 1;
	logbuf[0] = '\0';
	stopped_at = 0;
	write_result = BLK_OK;
	drop_writes = false;
	saveio_reset();
	saveio_powercut(0, 0);
}

static void fresh(const char *table_kind)
{
	ram_load(&disk, table_kind);
	original = disk;
	boot();
}

static bool logged(const char *s)
{
	return strstr(logbuf, s) != NULL;
}

static __attribute__((unused)) void pattern(uint8_t *p, size_t n, int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7 + (size_t)seed * 13 + 1);
}

static __attribute__((unused)) bool load_equals(const uint8_t *want, size_t n)
{
	uint8_t got[2048];
	size_t len;

	return save_load(got, sizeof got, &len) && len == n && memcmp(got, want, n) == 0;
}

/* The sectors the kernel may write: SAVE.DAT's slots, then every file from SCORES.TXT to CRASHRPL.DAT (save.c's guard). */
static bool writable(uint64_t lba)
{
	return (lba >= RAM_SAVE_LBA + 1 && lba < RAM_SAVE_LBA + 17) || (lba >= RAM_SCORES_LBA && lba < RAM_CRASHRPL_LBA + 192);
}

static void assert_nothing_else_written(void)
{
	for (uint64_t s = 0; s < RAM_SECTORS; s++)
		if (!writable(s))
			assert_row(memcmp(disk.data + s * 512, original.data + s * 512, 512) == 0,
			           "sector %llu outside the save files changed", (unsigned long long)s);
}

#endif
