/* test_savefmt.c: the save area's readers (kernel/save/savepart.c, savefat.c, saverec.c) on disks made by tools/mksave.py. */
#include "testmain.h"

#include "ramdisk.h"
#include "savecrc.h"
#include "saverec.h"

static RamDisk disk;

static uint8_t *sector(uint64_t lba)
{
	return disk.data + lba * BLOCK_SECTOR;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static SaveFind find(SaveArea *a)
{
	memset(a, 0, sizeof *a);
	return savepart_find(ram_read_sector, &disk, RAM_SECTORS, a);
}

static void assert_files(const SaveArea *a)
{
	assert_int_equal(a->part_lba, RAM_PART_LBA);
	assert_int_equal(a->fat_bits, 12);
	assert_int_equal(a->file[SAVE_README].lba, RAM_README_LBA);
	assert_int_equal(a->file[SAVE_README].sectors, 3);
	assert_int_equal(a->file[SAVE_DAT].lba, RAM_SAVE_LBA);
	assert_int_equal(a->file[SAVE_DAT].sectors, 17);
	assert_int_equal(a->file[SAVE_DAT].bytes, 17 * 512);
	assert_int_equal(a->file[SAVE_SCORES].lba, RAM_SCORES_LBA);
	assert_int_equal(a->file[SAVE_SCORES].bytes, 2048);
	assert_int_equal(a->file[SAVE_CRASH].lba, RAM_CRASH_LBA);
	assert_int_equal(a->file[SAVE_CRASH].sectors, 8);
	/* issue 33's files: where make_disk lays them, at their sizes */
	static const uint64_t at[] = { RAM_LOG_LBA, RAM_HWINFO_LBA, RAM_REPLAY_LBA, RAM_CRASHRPL_LBA };
	static const uint32_t bytes[] = { 65536, 65536, 98304, 98304 };
	for (int k = SAVE_LOG; k < SAVE_FILES; k++) {
		assert_int_equal(a->file[k].lba, at[k - SAVE_LOG]);
		assert_int_equal(a->file[k].bytes, bytes[k - SAVE_LOG]);
		assert_int_equal(a->file[k].sectors, bytes[k - SAVE_LOG] / 512);
	}
	assert_int_equal(a->missing, 0);
	/* The sectors found hold what mksave.py put in the files. */
	assert_memory_equal(sector(RAM_SAVE_LBA), "SHRDSAVE", 8);
	assert_memory_equal(sector(RAM_SCORES_LBA), "Shardfall - Hall of Fame\r\n", 26);
	assert_memory_equal(sector(RAM_README_LBA), "Shardfall save area\n", 20);
}

static void crc_is_zlibs(void **state)
{
	(void)state;
	assert_int_equal(save_crc32(0, "123456789", 9), 0xCBF43926);
	assert_int_equal(save_crc32(save_crc32(0, "1234", 4), "56789", 5), 0xCBF43926);
	assert_int_equal(save_crc32(0, "", 0), 0);
}

static void gpt_disk_found_through_the_gpt(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "gpt");
	assert_int_equal(find(&a), FIND_OK);
	assert_true(a.gpt);
	assert_int_equal(a.partition, 4);
	assert_files(&a);
}

static void mbr_disk_found_through_the_mbr(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "mbr");
	assert_int_equal(find(&a), FIND_OK);
	assert_false(a.gpt);
	assert_int_equal(a.partition, 2);
	assert_files(&a);
}

static void bad_gpt_header_crc_falls_back_to_the_hybrid_mbr_entry(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "gpt");
	sector(1)[40] ^= 1;             /* first usable LBA changed: the header CRC no longer holds */
	assert_int_equal(find(&a), FIND_OK);
	assert_true(a.gpt);             /* through the backup header at the disk's end */
	sector(RAM_SECTORS - 1)[40] ^= 1;
	assert_int_equal(find(&a), FIND_OK);
	assert_false(a.gpt);
	assert_int_equal(a.partition, 2);
	assert_files(&a);
}

static void bad_gpt_entries_crc_falls_back_too(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "gpt");
	sector(2)[0] ^= 0xFF;           /* the primary's entries */
	sector(RAM_SECTORS - 33)[0] ^= 0xFF;    /* the backup's */
	assert_int_equal(find(&a), FIND_OK);
	assert_false(a.gpt);
}

static void backup_gpt_used_when_the_primary_is_gone(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "gpt");
	memset(sector(1), 0, 512);
	memset(sector(0) + 462, 0, 16); /* no MBR entry either: only the backup GPT can say */
	assert_int_equal(find(&a), FIND_OK);
	assert_true(a.gpt);
	assert_int_equal(a.partition, 4);
}

static void no_table_no_label_no_files_is_none(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "mbr");
	sector(0)[511] = 0;
	assert_int_equal(find(&a), FIND_NONE);
	ram_load(&disk, "mbr");
	memcpy(sector(RAM_PART_LBA) + 43, "NOTOURS    ", 11);
	memcpy(sector(RAM_ROOT_LBA), "NOTOURS    ", 11);   /* the root directory's label entry too */
	assert_int_equal(find(&a), FIND_NONE);
	ram_load(&disk, "mbr");
	memcpy(sector(RAM_ROOT_LBA) + 64, "SAVE    BAK", 11);  /* SAVE.DAT renamed */
	assert_int_equal(find(&a), FIND_NONE);
	ram_load(&disk, "mbr");
	memcpy(sector(RAM_PART_LBA) + 43, "NOTOURS    ", 11);  /* the directory's label alone is enough */
	assert_int_equal(find(&a), FIND_OK);
}

static void partition_past_the_disk_end_is_not_read(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "mbr");
	assert_int_equal(savepart_find(ram_read_sector, &disk, RAM_PART_LBA + 100, &a), FIND_NONE);
	put32(sector(0) + 462 + 12, 0xFFFFFFFF);
	assert_int_equal(find(&a), FIND_NONE);
}

/* SAVE.DAT's chain broken in the middle (cluster of sector 4 points elsewhere): not contiguous, refused. */
static void non_contiguous_file_is_refused(void **state)
{
	SaveArea a;
	uint8_t *fat = sector(RAM_PART_LBA + 1);
	uint32_t c = 2 + 3 + 4;         /* README has clusters 2-4; SAVE.DAT starts at 5 */

	(void)state;
	ram_load(&disk, "mbr");
	/* FAT12 entry of cluster c (odd): high 12 bits of the 16 at c * 3 / 2. */
	uint32_t off = c * 3 / 2;
	uint16_t v = (uint16_t)(fat[off] | fat[off + 1] << 8);
	assert_int_equal(c & 1, 1);
	assert_int_equal(v >> 4, c + 1);
	v = (uint16_t)((v & 0x000F) | (900u << 4));
	fat[off] = (uint8_t)v, fat[off + 1] = (uint8_t)(v >> 8);
	assert_int_equal(find(&a), FIND_NONE);
}

static void file_size_beyond_its_chain_is_refused(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "mbr");
	put32(sector(RAM_ROOT_LBA) + 96 + 28, 3000);        /* SCORES.TXT claims 3000 bytes, 4 clusters */
	assert_int_equal(find(&a), FIND_NONE);
}

static void read_errors_are_reported_as_such(void **state)
{
	SaveArea a;

	(void)state;
	ram_load(&disk, "mbr");
	disk.bad_read = RAM_PART_LBA;
	assert_int_equal(find(&a), FIND_READ);
	ram_load(&disk, "mbr");
	disk.bad_read = 0;
	assert_int_equal(find(&a), FIND_READ);
}

static void header_sector_checked_and_id_parsed(void **state)
{
	SaveHeader h;
	uint8_t id[8], sec[512];

	(void)state;
	ram_load(&disk, "gpt");
	assert_true(saverec_header(sector(RAM_SAVE_LBA), 17, &h));
	assert_int_equal(h.slots, 4);
	assert_int_equal(h.slot_sectors, 4);
	assert_int_equal(h.first_slot, 1);
	assert_int_equal(saverec_capacity(&h), 1536);
	assert_true(saverec_parse_id(RAM_ID, id));
	assert_memory_equal(id, h.id, 8);
	assert_false(saverec_header(sector(RAM_SAVE_LBA), 16, &h));    /* the slots do not fit the file */
	memcpy(sec, sector(RAM_SAVE_LBA), 512);
	sec[20] = 200;                  /* slot count: the CRC no longer holds */
	assert_false(saverec_header(sec, 17, &h));
	assert_false(saverec_parse_id("0123456789ABCDEF", id));
	assert_false(saverec_parse_id("0123456789abcde", id));
	assert_false(saverec_parse_id("0123456789abcdef0", id));
}

/* Records laid into the slots by hand: the scan takes the newest valid one and skips a bad CRC. */
static void scan_takes_the_newest_valid_record(void **state)
{
	SaveHeader h;
	SaveSlots s;
	uint8_t pay[1600], out[1536], payload[3][700];
	size_t len;

	(void)state;
	ram_load(&disk, "gpt");
	assert_true(saverec_header(sector(RAM_SAVE_LBA), 17, &h));
	saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, NULL, 0, NULL);
	assert_int_equal(s.count, 0);
	assert_int_equal(s.newest, -1);
	assert_int_equal(saverec_target(&h, &s), 0);
	for (int i = 0; i < 3; i++) {
		uint64_t at = RAM_SAVE_LBA + saverec_slot_sector(&h, (uint32_t)i);

		memset(payload[i], 'a' + i, sizeof payload[i]);
		saverec_make(sector(at), (uint32_t)(10 + i * (i == 2 ? -5 : 1)), (uint32_t)i, payload[i], 700);
		memcpy(sector(at + 1), payload[i], 512);
		memcpy(sector(at + 2), payload[i] + 512, 188);
	}
	/* seqs: slot 0 = 10, slot 1 = 11, slot 2 = 0 (oldest) */
	saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, out, sizeof out, &len);
	assert_int_equal(s.count, 3);
	assert_int_equal(s.newest, 1);
	assert_int_equal(s.newest_seq, 11);
	assert_int_equal(len, 700);
	assert_memory_equal(out, payload[1], 700);
	assert_int_equal(saverec_target(&h, &s), 3);            /* the invalid slot first */
	s.valid[3] = true, s.seq[3] = 1;
	assert_int_equal(saverec_target(&h, &s), 2);            /* then the oldest */
	/* A payload byte changed in the newest: it is invalid, slot 0 is the newest. */
	sector(RAM_SAVE_LBA + saverec_slot_sector(&h, 1) + 2)[5] ^= 1;
	saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, out, sizeof out, &len);
	assert_int_equal(s.count, 2);
	assert_int_equal(s.newest, 0);
	assert_memory_equal(out, payload[0], 700);
	/* A record copied into another slot is not taken there (its slot index is wrong). */
	memcpy(sector(RAM_SAVE_LBA + saverec_slot_sector(&h, 3)), sector(RAM_SAVE_LBA + 1), 512 * 4);
	saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, NULL, 0, NULL);
	assert_false(s.valid[3]);
	/* A length beyond the slot: invalid, nothing read past it. */
	memset(pay, 0, sizeof pay);
	saverec_make(sector(RAM_SAVE_LBA + 1), 99, 0, pay, 1537);
	saverec_scan(ram_read_sector, &disk, RAM_SAVE_LBA, &h, &s, NULL, 0, NULL);
	assert_false(s.valid[0]);
}

/* A whole volume in memory, as a SaveReadFn. */
typedef struct Vol {
	uint8_t *data;
	uint64_t sectors;
} Vol;

static bool vol_read(void *ctx, uint64_t lba, uint8_t *sec)
{
	Vol *v = ctx;

	if (lba >= v->sectors)
		return false;
	memcpy(sec, v->data + lba * 512, 512);
	return true;
}

static Vol vol_load(const char *name)
{
	char path[256];
	Vol v;
	FILE *f;
	long n;

	snprintf(path, sizeof path, "%s/%s", SAVE_DISKS, name);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	v.data = malloc((size_t)n);
	assert_non_null(v.data);
	assert_int_equal(fread(v.data, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	v.sectors = (uint64_t)n / 512;
	return v;
}

/* FAT16 and FAT32 volumes formatted by mtools (mformat, mcopy), not by our tool: the files found where mtools put them. */
static void fat16_and_fat32_volumes_read(void **state)
{
	static const struct { const char *file; int bits; } vols[] = {
		{ "vol-fat16.img", 16 }, { "vol-fat32.img", 32 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(vols); i++) {
		Vol v = vol_load(vols[i].file);
		SaveArea a;

		memset(&a, 0, sizeof a);
		assert_int_equal(savefat_open(vol_read, &v, 0, v.sectors, &a), FIND_OK);
		assert_int_equal(a.fat_bits, vols[i].bits);
		assert_int_equal(a.file[SAVE_DAT].bytes, 17 * 512);
		assert_int_equal(a.file[SAVE_SCORES].sectors, 4);
		assert_int_equal(a.file[SAVE_CRASH].bytes, 4096);
		assert_memory_equal(v.data + a.file[SAVE_DAT].lba * 512, "SHRDSAVE", 8);
		assert_memory_equal(v.data + a.file[SAVE_SCORES].lba * 512, "Shardfall - Hall of Fame\r\n", 26);
		assert_memory_equal(v.data + a.file[SAVE_CRASH].lba * 512, "Shardfall keeps", 15);
		assert_memory_equal(v.data + a.file[SAVE_README].lba * 512, "Shardfall save area\n", 20);
		/* The same volume one sector short of its BPB's size: refused. */
		assert_int_equal(savefat_open(vol_read, &v, 0, v.sectors - 1, &a), FIND_NONE);
		free(v.data);
	}
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(fat16_and_fat32_volumes_read),
	cmocka_unit_test(crc_is_zlibs),
	cmocka_unit_test(gpt_disk_found_through_the_gpt),
	cmocka_unit_test(mbr_disk_found_through_the_mbr),
	cmocka_unit_test(bad_gpt_header_crc_falls_back_to_the_hybrid_mbr_entry),
	cmocka_unit_test(bad_gpt_entries_crc_falls_back_too),
	cmocka_unit_test(backup_gpt_used_when_the_primary_is_gone),
	cmocka_unit_test(no_table_no_label_no_files_is_none),
	cmocka_unit_test(partition_past_the_disk_end_is_not_read),
	cmocka_unit_test(non_contiguous_file_is_refused),
	cmocka_unit_test(file_size_beyond_its_chain_is_refused),
	cmocka_unit_test(read_errors_are_reported_as_such),
	cmocka_unit_test(header_sector_checked_and_id_parsed),
	cmocka_unit_test(scan_takes_the_newest_valid_record),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savefmt", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savefmt", tests, NULL, NULL);
}
