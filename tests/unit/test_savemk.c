/* test_savemk.c: the folder SHARDFALL created once on a FAT32 copy of the image without one (kernel/save/savemk.c through save_open): its files as mksave.py makes them, nothing else touched (every power-cut point: test_savemkcut.c). */
#include "testmain.h"

#include "savemk.h"
#include "saverec.h"
#include "savestick.h"

static void file_equals_mksave(uint64_t lba, uint32_t bytes, const char *name)
{
	static uint8_t want[98304];
	char path[64];

	snprintf(path, sizeof path, "folder/%s", name);
	assert_true(bytes <= sizeof want);
	load(path, want, bytes);
	assert_row(memcmp(disk + lba * 512, want, bytes) == 0, "%s differs from mksave.py's", name);
}

/* The sectors creation changed, outside FSInfo and the two FATs: the root's sector and one run of clusters. */
static void changed_only_the_root_and_one_run(void)
{
	uint64_t lo = STICK_SECTORS, hi = 0;
	int root = 0;

	for (uint64_t s = 0; s < STICK_SECTORS; s++) {
		if (!memcmp(disk + s * 512, original + s * 512, 512) || s == FSINFO || (s >= FAT_START && s < DATA_START))
			continue;
		if (s == DATA_START) {          /* the root directory: cluster 2 */
			root++;
			continue;
		}
		lo = s < lo ? s : lo;
		hi = s > hi ? s : hi;
	}
	assert_int_equal(root, 1);
	assert_true(hi >= lo && hi - lo < 1 + 3 + 17 + 4 + 8 + 128 + 128 + 192 + 192);  /* the folder's cluster and the files' */
}

static void creates_the_folder_once_as_mksave_makes_it(void **state)
{
	SaveStatus st;
	SaveArea a;
	char out[4096];
	uint8_t p[100], got[100];
	size_t len;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	assert_true(logged("save: created the folder SHARDFALL on RAM stick in "));
	assert_true(logged("save: RAM stick, no partition table, folder SHARDFALL, 0 valid records, newest seq=0\n"));
	assert_true(st.on && st.folder);
	print_message("creation: %u sector writes\n", (unsigned)saveio_writes());
	/* Its files, found by the reader, are byte for byte what mksave.py puts in the ISO's /SHARDFALL. */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	assert_true(a.folder);
	assert_int_equal(a.partition, 0);
	for (int k = 0; k < SAVE_FILES; k++)
		file_equals_mksave(a.file[k].lba, a.file[k].bytes, save_file_names[k]);
	assert_int_equal(fsck(out, sizeof out), 0);
	assert_row(strstr(out, "Free cluster summary") == NULL, "FSInfo not put right: %s", out);
	changed_only_the_root_and_one_run();
	/* the next boot finds it and creates nothing; a save works and loads */
	boot();
	assert_true(save_open(ID, &st));
	assert_false(logged("created"));
	memset(p, 7, sizeof p);
	assert_true(save_write(p, sizeof p, "settings"));
	assert_true(save_load(got, sizeof got, &len) && len == sizeof p && !memcmp(got, p, sizeof p));
	assert_int_equal(fsck(out, sizeof out), 0);
}

static void without_our_grub_cfg_nothing_is_created(void **state)
{
	SaveStatus st;

	(void)state;
	fresh();
	assert_false(save_open("fedcba9876543210", &st));      /* another build's stick */
	assert_false(logged("created"));
	assert_int_equal(memcmp(disk, original, STICK_SECTORS * 512), 0);
	fresh();
	dev.read_only = true;
	assert_false(save_open(ID, &st));
	assert_string_equal(st.why, "the stick is write-protected");
}

static void a_full_stick_has_no_room(void **state)
{
	static uint8_t full[STICK_SECTORS * 512];
	SaveStatus st;

	(void)state;
	fresh();
	/* every 20th cluster after the fixture's own (2..5) marked bad in both FATs: no run of 33 free clusters */
	for (uint32_t copy = 0; copy < 2; copy++) {
		uint8_t *fat = disk + (FAT_START + copy * FAT_SECTORS) * 512;

		for (uint32_t c = 6; c < 68890 + 2; c += 20)
			fat[c * 4] = 0xF7, fat[c * 4 + 1] = 0xFF, fat[c * 4 + 2] = 0xFF, fat[c * 4 + 3] = 0x0F;
	}
	memcpy(full, disk, STICK_SECTORS * 512);
	assert_false(save_open(ID, &st));
	assert_string_equal(st.why, "no room on the stick");
	assert_true(logged("save: the folder SHARDFALL not created on RAM stick: no room on the stick\n"));
	assert_int_equal(memcmp(disk, full, STICK_SECTORS * 512), 0);
}

/* Removes SCORES.TXT from the folder as a file manager would: its entry deleted, its clusters freed in both FATs and FSInfo. */
static void remove_scores(void)
{
	SaveArea a;
	uint64_t dir;
	uint32_t c0;

	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	dir = a.file[SAVE_README].lba - SPC;            /* the folder's cluster comes first in the run */
	c0 = (uint32_t)((a.file[SAVE_SCORES].lba - DATA_START) / SPC + 2);
	for (int i = 0; i < 16; i++)
		if (!memcmp(disk + dir * 512 + 32 * i, "SCORES  TXT", 11))
			disk[dir * 512 + 32 * i] = 0xE5;
	for (uint32_t copy = 0; copy < 2; copy++)
		for (uint32_t c = c0; c < c0 + 4; c++)
			memset(disk + (FAT_START + copy * FAT_SECTORS) * 512 + c * 4, 0, 4);
	disk[FSINFO * 512 + 488] += 4;          /* FSInfo's free count (its low byte: no carry here) */
}

static void a_missing_file_is_made_in_the_folder(void **state)
{
	SaveStatus st;
	SaveArea a;
	char out[4096];
	uint8_t p[64] = { 9, 8, 7 }, got[64];
	size_t len;
	uint32_t n;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	assert_true(save_write(p, sizeof p, "settings"));
	remove_scores();
	assert_row(fsck(out, sizeof out) == 0, "after the removal: %s", out);
	boot();
	assert_true(save_open(ID, &st));
	assert_true(logged("save: created the missing files of SHARDFALL on RAM stick in "));
	assert_true(st.folder && st.valid_records == 1);
	assert_true(save_load(got, sizeof got, &len) && len == sizeof p && !memcmp(got, p, sizeof p));
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	file_equals_mksave(a.file[SAVE_SCORES].lba, a.file[SAVE_SCORES].bytes, "SCORES.TXT");
	assert_int_equal(fsck(out, sizeof out), 0);
	/*
	 * cut after each of its writes, and torn at each: the stick readable (fsck.fat -n
	 * exits 1 only after a FAT write); the next boot undoes half-made files (their intent
	 * record in the folder), makes the file, loads the record, and the volume is consistent
	 */
	for (int tear = 0; tear < 2; tear++) {
		uint32_t unclean = 0;

		for (n = 1; n <= 16; n++) {
			char when[64];
			int rc;

			fresh();
			assert_true(save_open(ID, &st));
			assert_true(save_write(p, sizeof p, "settings"));
			remove_scores();
			boot();
			saveio_powercut(tear ? 0 : n, tear ? n : 0);
			if (save_open(ID, &st) && stopped_at == 0)
				break;                  /* fewer writes than n: every cut point done */
			assert_int_equal(stopped_at, n);
			snprintf(when, sizeof when, "cut %u%s", n, tear ? " torn" : "");
			rc = fsck(out, sizeof out);
			assert_row(rc == 0 || strstr(out, "Reclaimed") || strstr(out, "FATs differ"), "%s: %s", when, out);
			unclean += rc != 0;
			boot();
			assert_row(save_open(ID, &st) && save_load(got, sizeof got, &len) && len == sizeof p, "%s: %s", when,
			           logbuf);
			assert_row(rc == 0 || logged("save: undid the half-made files of a power cut at clusters "), "%s: %s",
			           when, logbuf);
			volume_consistent(when);
			assert_row(fsck(out, sizeof out) == 0, "%s, next boot: %s", when, out);
		}
		/* FSInfo, 4 sectors of SCORES.TXT, the intent, 2 FATs, the folder's sector, FSInfo */
		assert_int_equal(n, 11);
		assert_int_equal(unclean, 2);   /* after each FAT write */
	}
}

static void a_file_in_pieces_leaves_the_folder_alone(void **state)
{
	SaveStatus st;
	SaveArea a;
	uint32_t c0;
	static uint8_t before[STICK_SECTORS * 512];

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	c0 = (uint32_t)((a.file[SAVE_CRASH].lba - DATA_START) / SPC + 2);
	disk[FAT_START * 512 + c0 * 4] = (uint8_t)(c0 + 5);       /* its second cluster is no longer the next one */
	memcpy(before, disk, sizeof before);
	boot();
	assert_false(save_open(ID, &st));
	assert_string_equal(st.why, "the folder SHARDFALL is incomplete");
	assert_int_equal(memcmp(disk, before, sizeof before), 0);
}

/* The folder's long-name entry in the root (cluster 2, the fixture's root: one sector a cluster). */
static uint8_t *folder_lfn(void)
{
	for (int i = 0; i < 16; i++)
		if (disk[DATA_START * 512 + 32 * i + 11] == 0x0F)
			return disk + DATA_START * 512 + 32 * i;
	fail_msg("no long-name entry in the root");
	return NULL;
}

static void the_folder_is_found_by_its_whole_long_name(void **state)
{
	SaveStatus st;
	SaveArea a;
	uint8_t *e;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	e = folder_lfn();
	e[1] = 's', e[3] = 'h';                 /* "shARDFALL": the name in any case */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
	assert_true(a.folder);
	e[13] ^= 1;                             /* the checksum no longer that of the short entry after it */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_NONE);
	assert_true(a.boot_cfg.sectors > 0 && a.boot_folder == 0);     /* our stick, without a folder */
	e[13] ^= 1;
	e[22] = 'X';                            /* "SHARDFALLX": the tenth character where the name ends */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_NONE);
	e[22] = 0;
	e[0] = 0x42;                            /* a name of two pieces: not ours */
	assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_NONE);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(creates_the_folder_once_as_mksave_makes_it),
	cmocka_unit_test(without_our_grub_cfg_nothing_is_created),
	cmocka_unit_test(a_full_stick_has_no_room),
	cmocka_unit_test(a_missing_file_is_made_in_the_folder),
	cmocka_unit_test(a_file_in_pieces_leaves_the_folder_alone),
	cmocka_unit_test(the_folder_is_found_by_its_whole_long_name),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savemk", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savemk", tests, NULL, NULL);
}
