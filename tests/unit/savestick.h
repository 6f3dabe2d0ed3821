/* savestick.h: the FAT32 RAM stick of the folder's creation tests (test_savemk.c, test_savemkcut.c): the platform, one block device, fsck.fat -n, a consistency checker. */
#ifndef TESTS_UNIT_SAVESTICK_H
#define TESTS_UNIT_SAVESTICK_H

#include <sys/wait.h>
#include <unistd.h>

#include "blockdev.h"
#include "save.h"
#include "savefmt.h"
#include "saveio.h"
#include "simlog.h"          /* klog into logbuf */

/* build/save/ (Makefile): stick-nofolder.img by `tools/mksave.py stick`, folder/ by `mksave.py folder`. */
#ifndef SAVE_DISKS
#define SAVE_DISKS "build/save"
#endif
#define ID              "0123456789abcdef"
#define STICK_SECTORS   70000           /* mksave.py stick_volume: FAT32, one sector a cluster */
#define FSINFO          1
#define FAT_START       32
#define FAT_SECTORS     539
#define DATA_START      (FAT_START + 2 * FAT_SECTORS)
#define SPC             1

static uint8_t *disk, *original;
static BlockDev dev;
static uint32_t stopped_at, clock_us;

/* --- the platform and a one-disk block-device table, as the kernel has them --- */
uint32_t save_now_us(void) { return clock_us += 7143; }
void save_stop(uint32_t n) { stopped_at = n; }
int blockdev_count(void) { return 1; }
BlockDev *blockdev_at(int i) { return i == 0 ? &dev : NULL; }
const char *blockdev_err_name(BlockErr e) { return e == BLK_OK ? "ok" : "error"; }

BlockErr blockdev_read(BlockDev *d, uint64_t lba, uint32_t count, void *buf)
{
	if (count == 0 || lba >= d->sectors || count > d->sectors - lba)
		return BLK_RANGE;
	memcpy(buf, disk + lba * 512, (size_t)count * 512);
	return BLK_OK;
}

BlockErr blockdev_write(BlockDev *d, uint64_t lba, uint32_t count, const void *buf)
{
	if (count == 0 || lba >= d->sectors || count > d->sectors - lba)
		return BLK_RANGE;
	if (d->read_only)
		return BLK_WRITE_PROTECTED;
	memcpy(disk + lba * 512, buf, (size_t)count * 512);
	return BLK_OK;
}

BlockErr blockdev_flush(BlockDev *d)
{
	(void)d;
	return BLK_OK;
}

static void load(const char *name, uint8_t *into, size_t size)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", SAVE_DISKS, name);
	f = fopen(path, "rb");
	if (!f || fread(into, 1, size, f) != size) {
		fprintf(stderr, "cannot read %zu bytes of %s (made by the Makefile: tools/mksave.py)\n", size, path);
		exit(1);
	}
	fclose(f);
}

/* A new boot on the same stick (its size as fresh or fresh16 set it). */
static void boot(void)
{
	uint64_t sectors = dev.sectors ? dev.sectors : STICK_SECTORS;

	dev = (BlockDev){ .kind = "usb", .name = "RAM stick", .sectors = sectors, .sector_size = 512,
	                  .removable = true };
	logbuf[0] = '\0';
	stopped_at = 0;
	saveio_reset();
	saveio_powercut(0, 0);
}

static void fresh(void)
{
	if (!disk) {
		disk = malloc(STICK_SECTORS * 512);
		original = malloc(STICK_SECTORS * 512);
		load("stick-nofolder.img", original, STICK_SECTORS * 512);
	}
	memcpy(disk, original, STICK_SECTORS * 512);
	dev.sectors = STICK_SECTORS;
	boot();
}

/* fsck.fat -n on the disk as it is: its exit status, its output in out. */
static int fsck(char *out, size_t cap)
{
	char path[] = "/tmp/test-savemk-XXXXXX", cmd[256];
	int fd = mkstemp(path), st;
	FILE *p;
	size_t n = 0;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, disk, dev.sectors * 512), dev.sectors * 512);
	close(fd);
	snprintf(cmd, sizeof cmd, "fsck.fat -n %s 2>&1", path);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, cap - 1, p);
	out[n] = '\0';
	st = pclose(p);
	unlink(path);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool logged(const char *s)
{
	return strstr(logbuf, s) != NULL;
}

static bool rd(void *ctx, uint64_t lba, uint8_t *sec)
{
	(void)ctx;
	if (lba >= dev.sectors)
		return false;
	memcpy(sec, disk + lba * 512, 512);
	return true;
}

#define CLUSTERS        ((STICK_SECTORS - DATA_START) / SPC)
#define FAT_BAD         0x0FFFFFF7
#define WALK_DIRS       64              /* the most directories the checker walks (the fixture has a few) */

static uint32_t fat_entry(int copy, uint32_t c)
{
	const uint8_t *p = disk + (uint64_t)(FAT_START + copy * FAT_SECTORS) * 512 + c * 4;

	return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24) & 0x0FFFFFFF;
}

/* A chain from first marked in owned (each cluster once, valid, ending in end of chain); false when not so. */
static bool mark_chain(uint8_t *owned, uint32_t first, uint32_t *len)
{
	uint32_t c = first;

	for (*len = 0; *len < CLUSTERS; (*len)++) {
		uint32_t next;

		if (c < 2 || c - 2 >= CLUSTERS || owned[c - 2])
			return false;
		owned[c - 2] = 1;
		next = fat_entry(0, c);
		if (next >= 0x0FFFFFF8) {
			(*len)++;
			return true;
		}
		c = next;
	}
	return false;
}

/*
 * The volume exactly consistent, as a FAT checker sees it: both FATs equal,
 * every chain reached from the root (directories walked, files followed)
 * whole and owned once, and no cluster allocated that no chain reaches.
 */
static void volume_consistent(const char *when)
{
	static uint8_t owned[CLUSTERS];
	uint32_t dirs[WALK_DIRS], ndirs = 1, len;

	assert_row(!memcmp(disk + FAT_START * 512, disk + (FAT_START + FAT_SECTORS) * 512, FAT_SECTORS * 512),
	           "%s: the FATs differ", when);
	memset(owned, 0, sizeof owned);
	dirs[0] = 2;
	for (uint32_t d = 0; d < ndirs; d++) {
		uint32_t c = dirs[d];

		assert_row(mark_chain(owned, c, &len), "%s: directory at %u: its chain is broken", when, c);
		for (uint32_t k = 0; k < len; k++, c = fat_entry(0, c)) {
			const uint8_t *sec = disk + (uint64_t)(DATA_START + (c - 2) * SPC) * 512;

			for (int i = 0; i < 16 * SPC && sec[32 * i]; i++) {
				const uint8_t *e = sec + 32 * i;
				uint32_t first = (uint32_t)(e[26] | e[27] << 8 | e[20] << 16 | e[21] << 24), n;

				if (e[0] == 0xE5 || (e[11] & 0x3F) == 0x0F || (e[11] & 0x08) || e[0] == '.' || first == 0)
					continue;
				if (e[11] & 0x10) {
					assert_row(ndirs < WALK_DIRS, "%s: more than %d directories", when, WALK_DIRS);
					dirs[ndirs++] = first;
				} else {
					assert_row(mark_chain(owned, first, &n), "%s: %.11s: its chain is broken", when, e);
				}
			}
		}
	}
	for (uint32_t c = 2; c < 2 + CLUSTERS; c++) {
		uint32_t v = fat_entry(0, c);

		assert_row((v != 0 && v != FAT_BAD) == (owned[c - 2] != 0), "%s: cluster %u is %s", when, c,
		           owned[c - 2] ? "used but free in the FAT" : "allocated to nothing");
	}
}

#endif
