/* fuzz_savedisk.c: libFuzzer target — the save area's partition and FAT readers (kernel/save/savepart.c, savefat.c) on any disk. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzzkit.h"
#include "savefmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Disk {
	const uint8_t *data;
	size_t size;
	uint64_t sectors;               /* what the disk claims: may be more than the bytes given */
	unsigned reads;
} Disk;

#define DISK_SECTORS    4096            /* the stick: at least 2 MiB, the bytes given at its start */
#define DISK_BAD_FROM   4000            /* sectors past the bytes given and from here: read errors */

/* Sectors past the bytes given read as zeros, or (from DISK_BAD_FROM) as read errors; reads are counted. */
static bool disk_read(void *ctx, uint64_t lba, uint8_t *sec)
{
	Disk *d = ctx;
	size_t at;

	d->reads++;
	expect(lba < d->sectors);       /* never past what the disk says it has */
	memset(sec, 0, SAVE_SECTOR);
	at = (size_t)lba * SAVE_SECTOR;
	if (at >= d->size)
		return lba < DISK_BAD_FROM;
	memcpy(sec, d->data + at, d->size - at < SAVE_SECTOR ? d->size - at : SAVE_SECTOR);
	return true;
}

static SaveFind run(const uint8_t *data, size_t size, SaveArea *a, Disk *d)
{
	uint64_t n = (size + SAVE_SECTOR - 1) / SAVE_SECTOR;

	*d = (Disk){ data, size, n > DISK_SECTORS ? n : DISK_SECTORS, 0 };
	memset(a, 0xEE, sizeof *a);
	return savepart_find(disk_read, d, d->sectors, a);
}

/* For tests/fuzz/replay.c: *.disk seeds must hold a save area (copy_folder.disk: in the folder SHARDFALL of a volume with no table). */
#define FUZZ_VALID_EXT ".disk"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	SaveArea a;
	Disk d;
	SaveFind f = run(data, size, &a, &d);

	snprintf(err, errlen, "savepart_find: %d", (int)f);
	return f == FIND_OK;
}

/*
 * A save area found lies inside the disk and its partition; each file's
 * sectors inside the partition, covering its bytes; the three files the
 * kernel writes are there. Reads stay bounded (the GPT's entries, the FAT
 * chains): no input makes them run away.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	SaveArea a;
	Disk d;
	SaveFind f = run(data, size, &a, &d);

	expect(f == FIND_OK || f == FIND_NONE || f == FIND_READ);
	expect(d.reads < 20000);
	if (a.boot_cfg.sectors) {               /* a volume with our boot files: its grub.cfg inside the disk */
		expect(a.boot_cfg.lba < d.sectors && a.boot_cfg.sectors <= d.sectors - a.boot_cfg.lba);
		expect(a.boot_cfg.sectors == (a.boot_cfg.bytes + SAVE_SECTOR - 1) / SAVE_SECTOR);
		expect(a.boot_vol.sectors >= 1 && a.boot_vol.lba < d.sectors);
	}
	if (f != FIND_OK)
		return 0;
	expect(a.partition >= 0 && a.partition <= 1024);
	expect(a.fat_bits == 12 || a.fat_bits == 16 || a.fat_bits == 32);
	expect((a.partition == 0) == (a.part_lba == 0));        /* 0: a volume with no partition table */
	expect(a.part_sectors >= 1 && a.part_lba < d.sectors && a.part_sectors <= d.sectors - a.part_lba);
	for (int k = 0; k < SAVE_FILES; k++) {
		const SaveExtent *x = &a.file[k];

		if (a.missing & (1u << k))
			expect(x->sectors == 0 && !(SAVE_REQUIRED & (1u << k)));
		if (!(SAVE_REQUIRED & (1u << k)) && x->sectors == 0)
			continue;               /* an optional file not there (a save area of an older version) */
		expect(x->bytes > 0 && x->sectors == (x->bytes + SAVE_SECTOR - 1) / SAVE_SECTOR);
		expect(x->lba > a.part_lba && x->lba - a.part_lba < a.part_sectors);
		expect(!a.folder || k != SAVE_DAT || x->lba > a.part_lba);
		expect(x->sectors <= a.part_sectors - (x->lba - a.part_lba));
	}
	return 0;
}
