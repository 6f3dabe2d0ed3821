/* ramdisk.h: a RAM block device for the save area's host tests, loaded from a disk made by tools/mksave.py. */
#ifndef TESTS_UNIT_RAMDISK_H
#define TESTS_UNIT_RAMDISK_H

#include "blockdev.h"
#include "savefmt.h"

/* build/save/ (Makefile): disk-gpt.img and disk-mbr.img, made by `tools/mksave.py disk` with this id. */
#ifndef SAVE_DISKS
#define SAVE_DISKS "build/save"
#endif
#define RAM_ID          "0123456789abcdef"
#define RAM_SECTORS     8192            /* mksave.py make_disk */
#define RAM_PART_LBA    3800
/* Where make_disk's files lie (FAT12: 1 reserved, 2 FATs of 3, 4 root sectors; clusters of one sector). */
#define RAM_ROOT_LBA    (RAM_PART_LBA + 7)
#define RAM_README_LBA  (RAM_PART_LBA + 11)
#define RAM_SAVE_LBA    (RAM_README_LBA + 3)
#define RAM_SCORES_LBA  (RAM_SAVE_LBA + 17)
#define RAM_CRASH_LBA   (RAM_SCORES_LBA + 4)
#define RAM_LOG_LBA     (RAM_CRASH_LBA + 8)
#define RAM_HWINFO_LBA  (RAM_LOG_LBA + 128)
#define RAM_REPLAY_LBA  (RAM_HWINFO_LBA + 128)
#define RAM_CRASHRPL_LBA (RAM_REPLAY_LBA + 192)

typedef struct RamDisk {
	uint8_t data[RAM_SECTORS * BLOCK_SECTOR];
	int64_t bad_read;               /* this LBA fails to read (-1: none) */
	int writes, flushes, reads;
} RamDisk;

/* build/save/NAME into r. */
static inline void ram_load_file(RamDisk *r, const char *name)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", SAVE_DISKS, name);
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "cannot open %s (made by the Makefile: tools/mksave.py disk)\n", path);
		exit(1);
	}
	if (fread(r->data, 1, sizeof r->data, f) != sizeof r->data) {
		fprintf(stderr, "%s is not %d sectors\n", path, RAM_SECTORS);
		exit(1);
	}
	fclose(f);
	r->bad_read = -1;
	r->writes = r->flushes = r->reads = 0;
}

static inline void ram_load(RamDisk *r, const char *table)
{
	char name[64];

	snprintf(name, sizeof name, "disk-%s.img", table);
	ram_load_file(r, name);
}

/* As a SaveReadFn. */
static inline bool ram_read_sector(void *ctx, uint64_t lba, uint8_t *sec)
{
	RamDisk *r = ctx;

	if (lba >= RAM_SECTORS || (int64_t)lba == r->bad_read)
		return false;
	r->reads++;
	memcpy(sec, r->data + lba * BLOCK_SECTOR, BLOCK_SECTOR);
	return true;
}

#endif
