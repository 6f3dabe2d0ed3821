/* savepart.c: the partition tables — the MBR (a hybrid's entries too) and the GPT (header and entry CRCs). */
#include <stddef.h>

#include "savecrc.h"
#include "savefmt.h"

#define CANDS_MAX       16
#define GPT_ENTRY_BYTES (128u * 1024)   /* the most entry bytes read: 1024 entries of 128 bytes */

/* EBD0A0A2-B9E5-4433-87C0-68B6B72699C7 as stored: Microsoft basic data, what FAT volumes carry. */
static const uint8_t gpt_basic_data[16] = {
	0xa2, 0xa0, 0xd0, 0xeb, 0xe5, 0xb9, 0x33, 0x44, 0x87, 0xc0, 0x68, 0xb6, 0xb7, 0x26, 0x99, 0xc7,
};
/* MBR types of FAT volumes: FAT12, FAT16 <32M, FAT16, FAT32, FAT32 LBA, FAT16 LBA. */
static const uint8_t mbr_fat_types[] = { 0x01, 0x04, 0x06, 0x0B, 0x0C, 0x0E };

typedef struct Cands {
	int n;
	uint64_t lba[CANDS_MAX], sectors[CANDS_MAX];
	int number[CANDS_MAX];
	bool gpt[CANDS_MAX];
} Cands;

static bool same(const uint8_t *a, const uint8_t *b, size_t n)
{
	while (n--)
		if (*a++ != *b++)
			return false;
	return true;
}

static bool in_disk(uint64_t lba, uint64_t n, uint64_t disk)
{
	return n > 0 && lba < disk && n <= disk - lba;
}

static void add(Cands *c, uint64_t lba, uint64_t n, int number, bool gpt, uint64_t disk)
{
	if (c->n < CANDS_MAX && lba > 0 && in_disk(lba, n, disk)) {
		c->lba[c->n] = lba;
		c->sectors[c->n] = n;
		c->number[c->n] = number;
		c->gpt[c->n] = gpt;
		c->n++;
	}
}

/* A GPT whose header is at hdr_lba: its basic data partitions into c when both CRCs hold. */
static SaveFind gpt_read(SaveReadFn rd, void *ctx, uint64_t disk, uint64_t hdr_lba, Cands *c)
{
	uint8_t sec[SAVE_SECTOR];
	uint32_t hsize, crc, n, esz, ecrc, total, done = 0, run = 0;
	uint64_t elba;
	int before = c->n;

	if (!rd(ctx, hdr_lba, sec))
		return FIND_READ;
	if (!same(sec, (const uint8_t *)"EFI PART", 8))
		return FIND_NONE;
	hsize = save_le32(sec + 12);
	crc = save_le32(sec + 16);
	if (hsize < 92 || hsize > SAVE_SECTOR || save_le64(sec + 24) != hdr_lba)
		return FIND_NONE;
	sec[16] = sec[17] = sec[18] = sec[19] = 0;
	if (save_crc32(0, sec, hsize) != crc)
		return FIND_NONE;
	elba = save_le64(sec + 72);
	n = save_le32(sec + 80);
	esz = save_le32(sec + 84);
	ecrc = save_le32(sec + 88);
	if ((esz != 128 && esz != 256 && esz != 512) || n == 0 || n > GPT_ENTRY_BYTES / esz)
		return FIND_NONE;
	total = n * esz;
	if (!in_disk(elba, (total + SAVE_SECTOR - 1) / SAVE_SECTOR, disk))
		return FIND_NONE;
	for (uint64_t s = elba; done < total; s++) {
		uint32_t part = total - done < SAVE_SECTOR ? total - done : SAVE_SECTOR;

		if (!rd(ctx, s, sec)) {
			c->n = before;
			return FIND_READ;
		}
		run = save_crc32(run, sec, part);
		for (uint32_t off = 0; off + esz <= part; off += esz) {
			const uint8_t *e = sec + off;
			uint64_t first = save_le64(e + 32), last = save_le64(e + 40);

			if (same(e, gpt_basic_data, 16) && last >= first && last - first < disk)
				add(c, first, last - first + 1, (int)((done + off) / esz) + 1, true, disk);
		}
		done += part;
	}
	if (run != ecrc) {
		c->n = before;
		return FIND_NONE;
	}
	return FIND_OK;
}

SaveFind savepart_find(SaveReadFn rd, void *ctx, uint64_t disk_sectors, SaveArea *a)
{
	uint8_t mbr[SAVE_SECTOR];
	Cands c = { 0 };
	bool read_error = false;
	SaveFind f;

	*a = (SaveArea){ 0 };
	if (disk_sectors < 2)
		return FIND_NONE;
	f = gpt_read(rd, ctx, disk_sectors, 1, &c);
	if (f == FIND_READ)
		read_error = true;
	if (f != FIND_OK && gpt_read(rd, ctx, disk_sectors, disk_sectors - 1, &c) == FIND_READ)
		read_error = true;       /* the backup header, at the disk's end */
	if (!rd(ctx, 0, mbr))
		return FIND_READ;
	if (mbr[510] == 0x55 && mbr[511] == 0xAA) {
		for (int i = 0; i < 4; i++) {
			const uint8_t *e = mbr + 446 + 16 * i;

			for (size_t t = 0; t < sizeof mbr_fat_types; t++)
				if (e[4] == mbr_fat_types[t])
					add(&c, save_le32(e + 8), save_le32(e + 12), i + 1, false, disk_sectors);
		}
	}
	for (int i = 0; i <= c.n; i++) {
		bool had_cfg = a->boot_cfg.sectors != 0;

		/* After the tables: the whole disk as one volume (a stick formatted with no partition table). */
		f = i < c.n ? savefat_open(rd, ctx, c.lba[i], c.sectors[i], a) : savefat_open(rd, ctx, 0, disk_sectors, a);
		if (f == FIND_OK) {
			a->partition = i < c.n ? c.number[i] : 0;
			a->gpt = i < c.n && c.gpt[i];
			return FIND_OK;
		}
		if (!had_cfg && a->boot_cfg.sectors != 0)
			a->boot_partition = i < c.n ? c.number[i] : 0;
		if (f == FIND_READ)
			read_error = true;
	}
	return read_error ? FIND_READ : FIND_NONE;
}
