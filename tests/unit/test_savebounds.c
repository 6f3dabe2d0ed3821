/*
 * test_savebounds.c: every bound the save area's readers check (kernel/save/savepart.c, savefat.c,
 * saverec.c), each at its last accepted value and its first refused one, both ends where there are
 * two: partitions against the disk, the GPT header's fields, the FAT's geometry, cluster numbers
 * (the last cluster of the data area and the one past it), file sizes against their chains, the
 * directory's read limit, SAVE.DAT's header and record lengths. Disks from tools/mksave.py
 * (ramdisk.h: FAT12 at LBA 3800, 1024 sectors, clusters of one sector, 1013 of them: 2..1014).
 */
#include "testmain.h"

#include "ramdisk.h"
#include "savecrc.h"
#include "savefat.h"
#include "saverec.h"

#define PART_SECTORS    1024            /* make_disk's volume: tot 1024 = 11 sectors of metadata + 1013 clusters */
#define LAST_CLUSTER    1014            /* 2 + 1013 - 1: the data area's last cluster */
#define DATA_LBA        (RAM_PART_LBA + 11)
#define CRASH_ENTRY     (4 * 32)        /* the root's entries: label, README, SAVE, SCORES, CRASH */
#define BPB_LBA         100             /* where a made-up boot sector goes (only it is read by a mount) */

static RamDisk disk;

static uint8_t *sector(uint64_t lba)
{
	return disk.data + lba * BLOCK_SECTOR;
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v), put16(p + 2, v >> 16);
}

static uint64_t asked_max;              /* the highest LBA the readers asked for */

static bool read_sector(void *ctx, uint64_t lba, uint8_t *sec)
{
	asked_max = lba > asked_max ? lba : asked_max;
	return ram_read_sector(ctx, lba, sec);
}

/* The save area looked for; whatever the tables say, nothing past the disk is asked for. */
static SaveFind find(SaveArea *a)
{
	SaveFind r;

	memset(a, 0, sizeof *a);
	asked_max = 0;
	r = savepart_find(read_sector, &disk, RAM_SECTORS, a);
	assert_true(asked_max < RAM_SECTORS);
	return r;
}

/* ---- partitions against the disk (savepart.c in_disk) ---- */

/* The MBR's entry 2 ends at the disk's last sector: taken; one sector more: refused (nothing else holds the files). */
static void mbr_partition_may_end_on_the_last_sector_not_past_it(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "mbr");
	put32(sector(0) + 446 + 16 + 12, RAM_SECTORS - RAM_PART_LBA);
	assert_int_equal(find(&a), FIND_OK);
	assert_int_equal(a.part_sectors, RAM_SECTORS - RAM_PART_LBA);
	put32(sector(0) + 446 + 16 + 12, RAM_SECTORS - RAM_PART_LBA + 1);
	assert_int_equal(find(&a), FIND_NONE);
}

/* The volume moved to the disk's end: starting at disk - 1024 it fits; one sector later it does not. */
static void mbr_partition_start_latest_that_fits(void **state)
{
	SaveArea a;

	(void)state;
	for (uint32_t lba = RAM_SECTORS - PART_SECTORS; lba <= RAM_SECTORS - PART_SECTORS + 1; lba++) {
		ram_load(&disk, "mbr");
		memmove(sector(lba), sector(RAM_PART_LBA), (RAM_SECTORS - lba) * BLOCK_SECTOR);
		put32(sector(0) + 446 + 16 + 8, lba);
		if (lba == RAM_SECTORS - PART_SECTORS) {
			assert_int_equal(find(&a), FIND_OK);
			assert_int_equal(a.part_lba, lba);
		} else {
			assert_int_equal(find(&a), FIND_NONE);
		}
	}
}

/* The primary GPT's header and entry CRCs made to hold again after a change. */
static void gpt_seal(void)
{
	uint8_t *h = sector(1);
	uint64_t elba = save_le64(h + 72);
	uint32_t bytes = save_le32(h + 80) * save_le32(h + 84);

	put32(h + 88, save_crc32(0, sector(elba), bytes));
	put32(h + 16, 0);
	put32(h + 16, save_crc32(0, h, save_le32(h + 12)));
}

/* The GPT disk with its backup header broken: only the primary speaks (else the hybrid MBR entry 2). */
static void gpt_primary_only(void)
{
	ram_load(&disk, "gpt");
	sector(RAM_SECTORS - 1)[40] ^= 1;
}

static void expect_gpt(bool through_gpt)
{
	SaveArea a;

	assert_int_equal(find(&a), FIND_OK);
	assert_int_equal(a.gpt, through_gpt);
	assert_int_equal(a.partition, through_gpt ? 4 : 2);
}

/* Entry 4's last LBA: the disk's last sector is taken, the sector past the disk is not. */
static void gpt_partition_last_lba_on_the_disk_not_past_it(void **state)
{
	uint8_t *e4 = sector(2) + 3 * 128;

	(void)state;
	gpt_primary_only();
	put32(e4 + 40, RAM_SECTORS - 1);
	gpt_seal();
	expect_gpt(true);
	put32(e4 + 40, RAM_SECTORS);
	gpt_seal();
	expect_gpt(false);
}

/* The header's size: 92 (the smallest the spec allows) and 512 (a sector) taken, 91 and 513 refused (513: its
 * CRC over a byte past the sector, so the size alone refuses); entries: 1 to 1024 of 128 bytes (128 KiB read at most). */
static void gpt_header_fields_both_ends(void **state)
{
	static const struct { uint32_t off, value; bool ok; } rows[] = {
		{ 12, 91, false }, { 12, 92, true }, { 12, 512, true }, { 12, 513, false },
		{ 80, 0, false }, { 80, 4, true }, { 80, 1024, true }, { 80, 1025, false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		gpt_primary_only();
		put32(sector(1) + rows[i].off, rows[i].value);
		gpt_seal();
		expect_gpt(rows[i].ok);
	}
}

/* The entry array ending on the disk's last sector is read; one sector later it is past the disk. */
static void gpt_entry_array_inside_the_disk(void **state)
{
	(void)state;
	for (uint32_t elba = RAM_SECTORS - 32; elba <= RAM_SECTORS - 31; elba++) {
		gpt_primary_only();
		memmove(sector(elba), sector(2), (RAM_SECTORS - elba) * BLOCK_SECTOR);
		put32(sector(1) + 72, elba);
		put32(sector(1) + 76, 0);
		if (elba == RAM_SECTORS - 32)
			gpt_seal();
		else {                          /* the header sealed; the entries cannot be: their last sector is past the disk */
			put32(sector(1) + 16, 0);
			put32(sector(1) + 16, save_crc32(0, sector(1), 92));
		}
		expect_gpt(elba == RAM_SECTORS - 32);   /* find() checks that the sector past the disk was not asked for */
	}
}

/* ---- the FAT's geometry (savefat_mount) on a made-up boot sector ---- */

typedef struct Bpb {
	const char *what;
	uint32_t spc, res, nfats, rootents, tot, fatsz, fatsz32, root, sectors;
	SaveFind want;
	int bits;
} Bpb;

static SaveFind mount_bpb(const Bpb *b, SaveFat *f)
{
	uint8_t *s = sector(BPB_LBA), sec[SAVE_SECTOR];

	memset(s, 0, BLOCK_SECTOR);
	put16(s + 11, 512);
	s[13] = (uint8_t)b->spc;
	put16(s + 14, b->res);
	s[16] = (uint8_t)b->nfats;
	put16(s + 17, b->rootents);
	if (b->tot < 0x10000)
		put16(s + 19, b->tot);
	else
		put32(s + 32, b->tot);
	put16(s + 22, b->fatsz);
	put32(s + 36, b->fatsz32);
	put32(s + 44, b->root);
	s[510] = 0x55, s[511] = 0xAA;
	return savefat_mount(ram_read_sector, &disk, BPB_LBA, b->sectors, f, sec);
}

/*
 * FAT12 base: 1 reserved, 2 FATs of 1 sector (341 entries), 64 root entries, 256 sectors: 249
 * clusters. FAT16: 2 FATs of 16. FAT32: 32 reserved, 1 FAT of 512 sectors (65536 entries).
 */
#define F12(...)        { .spc = 1, .res = 1, .nfats = 2, .rootents = 64, .tot = 256, .fatsz = 1, .sectors = 256, __VA_ARGS__ }
#define F32(...)        { .spc = 1, .res = 32, .nfats = 1, .fatsz32 = 512, .root = 2, .tot = 544 + 65525, .sectors = 1u << 20, \
			  __VA_ARGS__ }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"        /* a row's fields override the base's, on purpose */
static const Bpb bpbs[] = {
	F12(.what = "total sectors = the partition's", .want = FIND_OK, .bits = 12),
	F12(.what = "total sectors one past the partition", .sectors = 255, .want = FIND_NONE),
	F12(.what = "total sectors 0", .tot = 0, .want = FIND_NONE),
	F12(.what = "0 sectors per cluster", .spc = 0, .want = FIND_NONE),
	F12(.what = "3 sectors per cluster (not a power of two)", .spc = 3, .want = FIND_NONE),
	F12(.what = "128 sectors per cluster (the largest): 1 cluster", .spc = 128, .want = FIND_OK, .bits = 12),
	F12(.what = "0 reserved sectors", .res = 0, .want = FIND_NONE),
	F12(.what = "0 FATs", .nfats = 0, .want = FIND_NONE),
	F12(.what = "1 FAT", .nfats = 1, .want = FIND_OK, .bits = 12),
	F12(.what = "4 FATs", .nfats = 4, .want = FIND_OK, .bits = 12),
	F12(.what = "5 FATs", .nfats = 5, .want = FIND_NONE),
	F12(.what = "FAT size 0", .fatsz = 0, .want = FIND_NONE),
	F12(.what = "root of 4032 entries: 255 sectors of metadata, 1 cluster", .rootents = 4032, .want = FIND_OK, .bits = 12),
	F12(.what = "root of 4033 entries: metadata fills the volume", .rootents = 4033, .want = FIND_NONE),
	F12(.what = "339 clusters: the FAT's 341 entries hold them", .tot = 346, .sectors = 1000, .want = FIND_OK, .bits = 12),
	F12(.what = "340 clusters: one more than the FAT holds", .tot = 347, .sectors = 1000, .want = FIND_NONE),
	F12(.what = "4084 clusters: FAT12", .fatsz = 16, .tot = 37 + 4084, .sectors = 5000, .want = FIND_OK, .bits = 12),
	F12(.what = "4085 clusters: FAT16", .fatsz = 16, .tot = 37 + 4085, .sectors = 5000, .want = FIND_OK, .bits = 16),
	F32(.what = "65525 clusters: FAT32", .want = FIND_OK, .bits = 32),
	F32(.what = "65524 clusters: FAT16, which needs a fixed root", .tot = 544 + 65524, .want = FIND_NONE),
	F32(.what = "root cluster 1", .root = 1, .want = FIND_NONE),
	F32(.what = "root cluster 65526 (the last)", .root = 65526, .want = FIND_OK, .bits = 32),
	F32(.what = "root cluster 65527 (one past the data area)", .root = 65527, .want = FIND_NONE),
};
#pragma GCC diagnostic pop

static void fat_geometry_both_ends(void **state)
{
	SaveFat f;

	(void)state;
	memset(disk.data, 0, sizeof disk.data);
	disk.bad_read = -1;
	for (size_t i = 0; i < ARRAY_LEN(bpbs); i++) {
		SaveFind r = mount_bpb(&bpbs[i], &f);

		assert_row(r == bpbs[i].want, "%s: mount gave %d, want %d", bpbs[i].what, r, bpbs[i].want);
		assert_row(r != FIND_OK || f.v.bits == bpbs[i].bits, "%s: FAT%d, want FAT%d", bpbs[i].what, f.v.bits,
		    bpbs[i].bits);
	}
}

/* ---- cluster numbers and file sizes (savefat_extent, savefat_valid_cluster) ---- */

static void fat12_set(uint32_t c, uint32_t v)
{
	uint8_t *fat = sector(RAM_PART_LBA + 1);
	uint32_t off = c + c / 2;
	uint16_t w = (uint16_t)(fat[off] | fat[off + 1] << 8);

	w = (c & 1) ? (uint16_t)((w & 0x000F) | v << 4) : (uint16_t)((w & 0xF000) | (v & 0xFFF));
	put16(fat + off, w);
}

static void mount_part(SaveFat *f)
{
	uint8_t sec[SAVE_SECTOR];

	assert_int_equal(savefat_mount(ram_read_sector, &disk, RAM_PART_LBA, PART_SECTORS, f, sec), FIND_OK);
	assert_int_equal(f->v.clusters, LAST_CLUSTER - 1);
}

static void cluster_numbers_2_to_the_data_areas_last(void **state)
{
	SaveFat f;

	(void)state;
	ram_load(&disk, "mbr");
	mount_part(&f);
	assert_false(savefat_valid_cluster(&f.v, 1));
	assert_true(savefat_valid_cluster(&f.v, 2));
	assert_true(savefat_valid_cluster(&f.v, LAST_CLUSTER));
	assert_false(savefat_valid_cluster(&f.v, LAST_CLUSTER + 1));
}

/* CRASH.TXT moved to one cluster: the data area's last is found where it lies; the one past it refuses the volume. */
static void file_in_the_last_cluster_taken_one_past_refused(void **state)
{
	SaveArea a;

	(void)state;
	for (uint32_t c = LAST_CLUSTER; c <= LAST_CLUSTER + 1; c++) {
		ram_load(&disk, "mbr");
		fat12_set(c, 0xFFF);
		put16(sector(RAM_ROOT_LBA) + CRASH_ENTRY + 26, c);
		put32(sector(RAM_ROOT_LBA) + CRASH_ENTRY + 28, 512);
		if (c == LAST_CLUSTER) {
			assert_int_equal(find(&a), FIND_OK);
			assert_int_equal(a.file[SAVE_CRASH].lba, DATA_LBA + LAST_CLUSTER - 2);
			assert_int_equal(a.file[SAVE_CRASH].lba, RAM_PART_LBA + PART_SECTORS - 1);
		} else {
			assert_int_equal(find(&a), FIND_NONE);
		}
	}
}

/* A chain into the last cluster is taken; one whose FAT runs on into the cluster past the data area is not. */
static void chain_ending_past_the_data_area_refused(void **state)
{
	SaveFat f;
	SaveExtent x;

	(void)state;
	ram_load(&disk, "mbr");
	mount_part(&f);
	fat12_set(LAST_CLUSTER - 1, LAST_CLUSTER);
	fat12_set(LAST_CLUSTER, 0xFFF);
	assert_true(savefat_extent(&f, LAST_CLUSTER - 1, 1024, &x));
	assert_int_equal(x.sectors, 2);
	fat12_set(LAST_CLUSTER, LAST_CLUSTER + 1);
	fat12_set(LAST_CLUSTER + 1, 0xFFF);     /* the FAT has room for the entry; the data area does not */
	f.cached = ~0ull;
	assert_false(savefat_extent(&f, LAST_CLUSTER - 1, 1536, &x));
}

/* CRASH.TXT's 8 clusters hold 3585..4096 bytes: 3584 wants 7 (the chain is longer), 4097 wants 9. */
static void file_size_against_its_chain_both_ends(void **state)
{
	static const struct { uint32_t size; SaveFind want; } rows[] = {
		{ 3584, FIND_NONE }, { 3585, FIND_OK }, { 4096, FIND_OK }, { 4097, FIND_NONE },
	};
	SaveArea a;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		ram_load(&disk, "mbr");
		put32(sector(RAM_ROOT_LBA) + CRASH_ENTRY + 28, rows[i].size);
		assert_row(find(&a) == rows[i].want, "CRASH.TXT of %u bytes", rows[i].size);
	}
}

/* Sizes 1 byte .. 1 MiB: 0 refused, 1 taken; on 32 KiB clusters a 1 MiB file (32) taken, one byte more refused. */
static void file_size_limits_both_ends(void **state)
{
	SaveFat f;
	SaveExtent x;

	(void)state;
	ram_load(&disk, "mbr");
	mount_part(&f);
	fat12_set(100, 0xFFF);
	assert_false(savefat_extent(&f, 100, 0, &x));
	assert_true(savefat_extent(&f, 100, 1, &x));
	assert_int_equal(x.sectors, 1);
	for (uint32_t c = 100; c < 132; c++)
		fat12_set(c, c + 1);
	fat12_set(132, 0xFFF);                  /* 33 clusters: room for the byte past 1 MiB */
	f.cached = ~0ull;
	f.v.spc = 64;                           /* the layout as a volume of 32 KiB clusters reads it */
	assert_false(savefat_extent(&f, 100, 1024 * 1024 + 1, &x));
	fat12_set(131, 0xFFF);
	f.cached = ~0ull;
	assert_true(savefat_extent(&f, 100, 1024 * 1024, &x));
	assert_int_equal(x.sectors, 2048);
}

/* ---- directories: at most 512 sectors of one are read ---- */

/* A root of 513 sectors of deleted entries; SAVE.DAT's entry last in sector 511 is found, first in sector 512 is not. */
static void directory_read_limit_both_ends(void **state)
{
	static const Bpb big_root = { .spc = 1, .res = 1, .nfats = 1, .rootents = 513 * 16, .tot = 1000, .fatsz = 2,
		.sectors = 1000 };
	SaveFat f;

	(void)state;
	for (int at = 0; at < 2; at++) {
		SaveScan s = { .nwant = 1, .want = { "SAVE    DAT" } };
		uint8_t *root = sector(BPB_LBA + 3), *e = root + (at ? 512 * 512 : 511 * 512 + 15 * 32);

		memset(disk.data, 0, sizeof disk.data);
		disk.bad_read = -1;
		assert_int_equal(mount_bpb(&big_root, &f), FIND_OK);
		assert_int_equal(f.v.root_sectors, 513);
		for (int i = 0; i < 513 * 16; i++)
			root[32 * i] = 0xE5;
		memcpy(e, "SAVE    DAT", 11);
		e[11] = 0x20;
		put16(e + 26, 5);
		assert_int_equal(savefat_scan(&f, 0, &s), FIND_OK);
		assert_int_equal(s.found[0], !at);
	}
}

/* ---- SAVE.DAT: its header's fields and a record's length ---- */

static void make_header(uint8_t *sec, uint32_t slots, uint32_t slot_sectors, uint32_t first)
{
	memset(sec, 0, 512);
	memcpy(sec, "SHRDSAVE", 8);
	put32(sec + 8, SAVEREC_VERSION);
	put32(sec + 20, slots);
	put32(sec + 24, slot_sectors);
	put32(sec + 28, first);
	put32(sec + 36, save_crc32(0, sec, 36));
}

static void save_header_fields_both_ends(void **state)
{
	static const struct { uint32_t slots, slot_sectors, first, file; bool ok; } rows[] = {
		{ 2, 4, 1, 1000, false }, { 3, 4, 1, 1000, true }, { 16, 4, 1, 1000, true }, { 17, 4, 1, 1000, false },
		{ 4, 1, 1, 1000, false }, { 4, 2, 1, 1000, true }, { 4, 16, 1, 1000, true }, { 4, 17, 1, 1000, false },
		{ 4, 4, 0, 1000, false }, { 4, 4, 1, 1000, true },
		{ 4, 4, 1, 17, true }, { 4, 4, 1, 16, false },          /* the slots fill the file exactly; a sector short */
		{ 4, 4, 5, 21, true }, { 4, 4, 6, 21, false },          /* the latest first slot that leaves them room */
	};
	uint8_t sec[512];
	SaveHeader h;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		make_header(sec, rows[i].slots, rows[i].slot_sectors, rows[i].first);
		assert_row(saverec_header(sec, rows[i].file, &h) == rows[i].ok, "slots %u of %u sectors from %u in %u",
		    rows[i].slots, rows[i].slot_sectors, rows[i].first, rows[i].file);
	}
}

/* A record of 0 bytes and one filling its slot (1536) are valid; 1537 is not. Slot 15 of 16 is read. */
static void record_length_and_slot_count_both_ends(void **state)
{
	static const struct { uint32_t len; bool ok; } rows[] = { { 0, true }, { 1536, true }, { 1537, false } };
	uint8_t pay[1537];
	SaveHeader h;
	SaveSlots s;

	(void)state;
	for (size_t i = 0; i < sizeof pay; i++)
		pay[i] = (uint8_t)(i * 7);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		ram_load(&disk, "gpt");
		assert_true(saverec_header(sector(RAM_SAVE_LBA), 17, &h));
		saverec_make(sector(RAM_SAVE_LBA + 1), 7, 0, pay, rows[i].len);
		memcpy(sector(RAM_SAVE_LBA + 2), pay, 1536);
		saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, NULL, 0, NULL);
		assert_row(s.valid[0] == rows[i].ok, "a record of %u bytes", rows[i].len);
	}
	ram_load(&disk, "gpt");
	make_header(sector(RAM_SAVE_LBA), 16, 2, 1);
	assert_true(saverec_header(sector(RAM_SAVE_LBA), 33, &h));
	saverec_make(sector(RAM_SAVE_LBA + saverec_slot_sector(&h, 15)), 3, 15, pay, 512);
	memcpy(sector(RAM_SAVE_LBA + saverec_slot_sector(&h, 15) + 1), pay, 512);
	saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, NULL, 0, NULL);
	assert_int_equal(s.count, 1);
	assert_int_equal(s.newest, 15);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(mbr_partition_may_end_on_the_last_sector_not_past_it),
	cmocka_unit_test(mbr_partition_start_latest_that_fits),
	cmocka_unit_test(gpt_partition_last_lba_on_the_disk_not_past_it),
	cmocka_unit_test(gpt_header_fields_both_ends),
	cmocka_unit_test(gpt_entry_array_inside_the_disk),
	cmocka_unit_test(fat_geometry_both_ends),
	cmocka_unit_test(cluster_numbers_2_to_the_data_areas_last),
	cmocka_unit_test(file_in_the_last_cluster_taken_one_past_refused),
	cmocka_unit_test(chain_ending_past_the_data_area_refused),
	cmocka_unit_test(file_size_against_its_chain_both_ends),
	cmocka_unit_test(file_size_limits_both_ends),
	cmocka_unit_test(directory_read_limit_both_ends),
	cmocka_unit_test(save_header_fields_both_ends),
	cmocka_unit_test(record_length_and_slot_count_both_ends),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savebounds", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savebounds", tests, NULL, NULL);
}
