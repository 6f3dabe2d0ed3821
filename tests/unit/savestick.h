/* savestick.h: the FAT32 RAM stick of the folder's creation tests (test_savemk.c, test_savemkcut.c): the platform, one block device, fsck.fat -n. */
#ifndef TESTS_UNIT_SAVESTICK_H
#define TESTS_UNIT_SAVESTICK_H

#include <sys/wait.h>
#include <unistd.h>

#include "blockdev.h"
#include "save.h"
#include "savefmt.h"
#include "saveio.h"

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
static char logbuf[8192];
static uint32_t stopped_at, clock_us;

/* --- the platform and a one-disk block-device table, as the kernel has them --- */
void klog(const char *fmt, ...)
{
	va_list ap;
	size_t n = strlen(logbuf);

	va_start(ap, fmt);
	if (n < sizeof logbuf)
		vsnprintf(logbuf + n, sizeof logbuf - n, fmt, ap);
	va_end(ap);
}

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

static void boot(void)
{
	dev = (BlockDev){ .kind = "usb", .name = "RAM stick", .sectors = STICK_SECTORS, .sector_size = 512,
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
	assert_int_equal(write(fd, disk, STICK_SECTORS * 512), STICK_SECTORS * 512);
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
	if (lba >= STICK_SECTORS)
		return false;
	memcpy(sec, disk + lba * 512, 512);
	return true;
}

#endif
