/* test_savemkcut.c: power cuts during the folder SHARDFALL's creation (kernel/save/savemk.c, savemkfix.c): after each write, and torn at each, what fsck.fat -n says, and the volume exactly consistent after the next boot; a half-made folder's clusters reused by another OS left untouched; the same cuts on a FAT16 copy. */
#include "testmain.h"

#include "savestick.h"

static void set_fat(uint32_t c, uint32_t v)
{
	for (int copy = 0; copy < 2; copy++) {
		uint8_t *p = disk + (uint64_t)(FAT_START + copy * FAT_SECTORS) * 512 + c * 4;

		p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
	}
}

/* Empty files (cluster 0, size 0) in the root's entries from its end marker (2) up to entry end, which stays the end marker. */
static void fill_root_to(int end)
{
	uint8_t *root = disk + DATA_START * 512;

	for (int i = 2; i < end; i++) {
		uint8_t *e = root + 32 * i;

		assert_int_equal(e[0], 0);
		memset(e, 0, 32);
		memcpy(e, "FILL00  TXT", 11);
		e[4] = (uint8_t)('0' + i / 10), e[5] = (uint8_t)('0' + i % 10);
		e[11] = 0x20;
	}
}

static void end_at_7(void) { fill_root_to(7); }

/* The end marker in the root sector's last entry and a second root cluster (the volume's last, zeros) after it. */
static void end_at_15(void)
{
	uint32_t x = 2 + CLUSTERS - 1;

	fill_root_to(15);
	assert_int_equal(fat_entry(0, x), 0);
	set_fat(2, x);
	set_fat(x, 0x0FFFFFFF);
	memset(disk + (uint64_t)(DATA_START + (x - 2) * SPC) * 512, 0, SPC * 512);
	memset(disk + FSINFO * 512 + 488, 0xFF, 4);     /* FSInfo's free count: unknown */
}

/* The root as the creation finds it: the fixture's (the pair at entries 2, 3), or one of the fills above. */
static const struct {
	const char *what;
	void (*prepare)(void);
	uint32_t unclean;               /* points where fsck.fat -n exits 1 right after the cut, besides the FAT writes' */
} layouts[] = {
	/* after each FAT write, cut and torn */
	{ "pair at root entries 2, 3", NULL, 0 },
	/* and the commit torn: its second half, with the pair, still the old one (the intent) */
	{ "end marker at entry 7: entry 7 deleted, the pair at 8, 9", end_at_7, 1 },
	{ "end marker at entry 15: the pair in the next root sector", end_at_15, 0 },
};

/* The plan line's write counts: data=D (the run's sectors) and fat=F, and where the data writes start (after FSInfo's). */
static void plan_counts(uint32_t *data0, uint32_t *data, uint32_t *fat)
{
	unsigned count, at, fsinfo, d, intent, f;
	const char *l = strstr(logbuf, "save: creating ");

	assert_non_null(l);
	assert_int_equal(sscanf(l, "save: creating %u clusters at %u: writes fsinfo=%u data=%u intent=%u fat=%u", &count,
	                        &at, &fsinfo, &d, &intent, &f), 6);
	*data0 = fsinfo + 1;
	*data = d;
	*fat = f;
}

/*
 * The cut points tried: every write but the run's data sectors, and of
 * those (all alike: clusters every FAT still calls free) the first two, one
 * in the middle and the last two. The creation writes 674 data sectors on
 * the one-sector-a-cluster sticks; every one of them on three layouts, cut
 * and torn, with fsck.fat twice each, took minutes.
 */
static bool tried(uint32_t n, uint32_t data0, uint32_t data)
{
	uint32_t last = data0 + data - 1;

	return n < data0 || n > last || n <= data0 + 1 || n == data0 + data / 2 || n + 1 >= last;
}

static void fresh_layout(size_t l)
{
	fresh();
	if (layouts[l].prepare)
		layouts[l].prepare();
}

/* The creation's sector writes on the layout, counted on an uncut run; its plan's numbers. */
static uint32_t creation_writes(size_t l, uint32_t *data0, uint32_t *data, uint32_t *fat)
{
	SaveStatus st;
	char out[4096];

	fresh_layout(l);
	assert_row(fsck(out, sizeof out) == 0, "%s: the layout itself: %s", layouts[l].what, out);
	assert_true(save_open(ID, &st));
	assert_true(logged("save: created the folder SHARDFALL on RAM stick in "));
	plan_counts(data0, data, fat);
	volume_consistent(layouts[l].what);
	assert_row(fsck(out, sizeof out) == 0, "%s: created: %s", layouts[l].what, out);
	return saveio_writes();
}

/*
 * The power cut after each sector write of the creation, and torn at each:
 * the stick stays readable (fsck.fat -n exits 0, or, only between the first
 * FAT write and the commit, names a FAT copy that differs or clusters no
 * file uses: the run allocated, not yet linked); the next boot undoes that
 * half-made folder (its intent record in the root), creates the folder and
 * saves, and leaves the volume exactly consistent (fsck.fat -n exits 0).
 * Prints what fsck said per cut.
 */
/* One cut (or tear) at write n of the creation on layout l, then the next boot; what fsck said right after the cut. */
static int cut_then_boot(size_t l, uint32_t n, bool tear, uint32_t *undone)
{
	SaveStatus st;
	uint8_t p[40] = { 1, 2, 3 };
	char out[4096], first[200], when[160];
	int rc, rc_cut;
	char *nl;

	fresh_layout(l);
	saveio_powercut(tear ? 0 : n, tear ? n : 0);
	assert_false(save_open(ID, &st));
	assert_int_equal(stopped_at, n);
	snprintf(when, sizeof when, "%s: cut %u%s", layouts[l].what, n, tear ? " torn" : "");
	rc_cut = rc = fsck(out, sizeof out);
	nl = strchr(out, '\n');
	snprintf(first, sizeof first, "%.190s", nl ? nl + 1 : out);
	for (char *c = first; *c; c++)
		if (*c == '\n')
			*c = ' ';
	assert_row(rc == 0 || (rc == 1 && (strstr(out, "FATs differ") || strstr(out, "Reclaimed"))),
	           "%s: fsck.fat -n exit %d: %s", when, rc, out);
	print_message("%s: fsck.fat -n exit %d: %s\n", when, rc, first);
	boot();
	assert_row(save_open(ID, &st) && st.folder, "%s: the next boot has no folder: %s", when, logbuf);
	assert_row(rc == 0 || logged("save: undid the half-made folder of a power cut at clusters "),
	           "%s: the FATs' half-made run not undone: %s", when, logbuf);
	assert_row(!logged("left alone") && !logged("refused"), "%s: %s", when, logbuf);
	*undone += logged("save: undid the half-made folder") ? 1 : 0;
	assert_true(save_write(p, sizeof p, "settings"));
	strncat(when, ", next boot", sizeof when - strlen(when) - 1);
	volume_consistent(when);
	rc = fsck(out, sizeof out);
	assert_row(rc == 0, "%s: fsck.fat -n exit %d: %s", when, rc, out);
	return rc_cut;
}

/*
 * The power cut after each sector write of the creation, and torn at each,
 * on each root layout: the stick stays readable (fsck.fat -n exits 0, or,
 * only after a FAT write, names a FAT copy that differs or clusters no file
 * uses: the run allocated, not yet linked); the next boot undoes that
 * half-made folder (its intent record in the root), creates the folder and
 * saves, and leaves the volume exactly consistent (fsck.fat -n exits 0).
 * Prints what fsck said per cut.
 */
static void every_cut_point_of_the_creation(void **state)
{
	(void)state;
	for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
		uint32_t data0, data, fat, writes = creation_writes(l, &data0, &data, &fat), points = 0, undone = 0, unclean = 0;

		assert_true(writes > 4 && data > 8);
		for (int tear = 0; tear < 2; tear++) {
			for (uint32_t n = 1; n <= writes; n++)
				if (tried(n, data0, data))
					unclean += cut_then_boot(l, n, tear, &undone) != 0, points++;
		}
		assert_int_equal(points, 2 * (writes - data + 5));
		assert_int_equal(unclean, 2 * fat + layouts[l].unclean);
		assert_true(undone >= unclean);
		print_message("%s: %u cut and tear points, each consistent after the next boot; fsck.fat -n exit 1 "
		              "right after %u of them; %u half-made folders undone\n", layouts[l].what, (unsigned)points,
		              (unsigned)unclean, (unsigned)undone);
	}
}

/* The plan line's numbers: the run's first cluster and the write number of the last FAT write. */
static void plan_of_log(uint32_t *first, uint32_t *last_fat)
{
	unsigned count, at, fsinfo, data, intent, fat;
	const char *l = strstr(logbuf, "save: creating ");

	assert_non_null(l);
	assert_int_equal(sscanf(l, "save: creating %u clusters at %u: writes fsinfo=%u data=%u intent=%u fat=%u", &count,
	                        &at, &fsinfo, &data, &intent, &fat), 6);
	*first = at;
	*last_fat = fsinfo + data + intent + fat;
}

static void put_entry(uint8_t *e, const char *name11, uint8_t attr, uint32_t first, uint32_t bytes)
{
	memset(e, 0, 32);
	memcpy(e, name11, 11);
	e[11] = attr;
	e[26] = (uint8_t)first, e[27] = (uint8_t)(first >> 8), e[20] = (uint8_t)(first >> 16), e[21] = (uint8_t)(first >> 24);
	e[28] = (uint8_t)bytes, e[29] = (uint8_t)(bytes >> 8), e[30] = (uint8_t)(bytes >> 16);
}

static uint8_t *cluster_at(uint32_t c)
{
	return disk + (uint64_t)(DATA_START + (c - 2) * SPC) * 512;
}

/* Another OS's chain c0..c1 (ending the chain) with its own data (0x5A), linked from no entry: a lost chain of its own. */
static void pc_chain(uint32_t c0, uint32_t c1)
{
	for (uint32_t c = c0; c <= c1; c++)
		set_fat(c, c < c1 ? c + 1 : 0x0FFFFFFF);
	memset(cluster_at(c0), 0x5A, (c1 - c0 + 1) * SPC * 512);
}

/* The creation's run on these sticks: the folder's cluster, then the files' (1 + 3 + 17 + 4 + 8 + 128 + 128 + 192 + 192). */
#define RUN_CLUSTERS    673

static void pc_free_run(uint32_t first)
{
	for (uint32_t c = first; c < first + RUN_CLUSTERS; c++)
		set_fat(c, 0);
}

/* A disk check that freed the unlinked run (fsck.fat -a). */
static void pc_freed(uint32_t first) { pc_free_run(first); }

/* Windows' "Scan and fix": each lost chain kept as a file, FOUND.000\FILE000n.CHK (the folder's cluster, then each file). */
static void pc_found_chk(uint32_t first)
{
	static const uint32_t at[SAVE_FILES + 1] = { 0, 1, 4, 21, 25, 33, 161, 289, 481 },
	                      clusters[SAVE_FILES + 1] = { 1, 3, 17, 4, 8, 128, 128, 192, 192 };
	uint32_t x = 2 + CLUSTERS - 1;
	uint8_t *dir = cluster_at(x), *root = disk + DATA_START * 512;
	int i = 2;

	set_fat(x, 0x0FFFFFFF);
	memset(dir, 0, SPC * 512);
	put_entry(dir, ".          ", 0x10, x, 0);
	put_entry(dir + 32, "..         ", 0x10, 0, 0);
	for (int k = 0; k <= SAVE_FILES; k++) {
		char name[12] = "FILE0000CHK";

		name[7] = (char)('0' + k);
		put_entry(dir + 64 + 32 * k, name, 0x20, first + at[k], clusters[k] * SPC * 512);
	}
	while (root[32 * i] != 0 && root[32 * i] != 0xE5)
		i++;                    /* the intent's deleted entry, or the end marker */
	assert_true(i < 15 && root[32 * (i + 1)] == 0);
	if (root[32 * i] == 0xE5)
		i++;
	put_entry(root + 32 * i, "FOUND   000", 0x10, x, 0);
	memset(disk + FSINFO * 512 + 488, 0xFF, 4);     /* FSInfo's free count: unknown */
}

/* Another OS's own half-made file in SAVE.DAT's clusters: the creation's very chain values there, not its data. */
static void pc_lost_same_chain(uint32_t first)
{
	pc_free_run(first);
	pc_chain(first + 4, first + 20);
}

/* Another OS's own half-made file over the folder's cluster and README.TXT's: other chain values. */
static void pc_lost_other_chain(uint32_t first)
{
	pc_free_run(first);
	pc_chain(first, first + 2);
}

/*
 * After a cut that left the run allocated in both FATs, the stick is used on
 * a PC before the next boot. What the PC did decides: a disk check that
 * freed the run (the next boot clears the intent record and creates the
 * folder), or anything that uses the run: then the next boot touches none
 * of the PC's clusters (their FAT entries in both FATs and their data),
 * says why, and creates the folder in other clusters.
 */
static void a_run_reused_by_another_os_is_left_untouched(void **state)
{
	static const struct {
		const char *what;
		void (*pc)(uint32_t first);
		uint32_t from, to;              /* the PC's clusters: first+from..first+to (to 0: none) */
		bool clean;                     /* the PC left a stick fsck.fat -n passes */
		const char *log;
	} rows[] = {
		{ "a disk check freed the run", pc_freed, 0, 0, true, "(never in a FAT)" },
		{ "a disk check kept the lost chains as FOUND.000 files", pc_found_chk, 0, RUN_CLUSTERS - 1, true,
		  "a directory entry points into its clusters" },
		{ "a lost chain of the PC's in SAVE.DAT's clusters, the same values", pc_lost_same_chain, 4, 20, false,
		  "its clusters hold other data" },
		{ "a lost chain of the PC's over the folder's and README's clusters", pc_lost_other_chain, 0, 2, false,
		  "a FAT gives its clusters to something else" },
	};
	static uint8_t before[STICK_SECTORS * 512];

	(void)state;
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		SaveStatus st;
		SaveArea a;
		uint32_t first, last_fat, c0, c1;
		char out[4096];

		fresh();
		assert_true(save_open(ID, &st));
		plan_of_log(&first, &last_fat);
		fresh();
		saveio_powercut(last_fat, 0);
		assert_false(save_open(ID, &st));
		rows[r].pc(first);
		c0 = first + rows[r].from, c1 = first + rows[r].to;
		assert_row((fsck(out, sizeof out) == 0) == rows[r].clean, "%s: as the PC left it: %s", rows[r].what, out);
		memcpy(before, disk, sizeof before);
		boot();
		assert_row(save_open(ID, &st) && st.folder, "%s: %s", rows[r].what, logbuf);
		assert_row(logged(rows[r].log), "%s: %s", rows[r].what, logbuf);
		assert_row(!memcmp(disk + FAT_START * 512, disk + (FAT_START + FAT_SECTORS) * 512, FAT_SECTORS * 512),
		           "%s: the FATs differ", rows[r].what);
		for (uint32_t c = c0; c <= c1 && rows[r].to; c++)
			assert_row(!memcmp(disk + FAT_START * 512 + c * 4, before + FAT_START * 512 + c * 4, 4) &&
			           !memcmp(cluster_at(c), before + (cluster_at(c) - disk), SPC * 512),
			           "%s: the PC's cluster %u changed", rows[r].what, c);
		assert_int_equal(savepart_find(rd, NULL, STICK_SECTORS, &a), FIND_OK);
		for (int k = 0; k < SAVE_FILES && rows[r].to; k++)
			assert_row(a.file[k].lba + a.file[k].sectors <= (uint64_t)(cluster_at(c0) - disk) / 512 ||
			           a.file[k].lba >= (uint64_t)(cluster_at(c1 + 1) - disk) / 512,
			           "%s: %s made in the PC's clusters", rows[r].what, save_file_names[k]);
		if (rows[r].clean) {
			volume_consistent(rows[r].what);
			assert_row(fsck(out, sizeof out) == 0, "%s, next boot: %s", rows[r].what, out);
		}
		/* the boot after opens the folder and writes nothing */
		memcpy(before, disk, sizeof before);
		boot();
		assert_true(save_open(ID, &st));
		assert_row(!memcmp(before, disk, sizeof before), "%s: a later boot wrote", rows[r].what);
	}
}

/* The FAT16 stick (mksave.py stick --bits 16: 8 MiB, one sector a cluster) in the first STICK16_SECTORS sectors. */
#define STICK16_SECTORS 16384
static void fresh16(void)
{
	static uint8_t *original16;

	fresh();
	if (!original16) {
		original16 = malloc(STICK16_SECTORS * 512);
		load("stick16-nofolder.img", original16, STICK16_SECTORS * 512);
	}
	memcpy(disk, original16, STICK16_SECTORS * 512);
	dev.sectors = STICK16_SECTORS;
}

/* Both FATs of the FAT16 stick equal (its BPB: reserved sectors, FAT count and size). */
static void fat16_copies_equal(const char *when)
{
	uint32_t res = (uint32_t)(disk[14] | disk[15] << 8), fatsz = (uint32_t)(disk[22] | disk[23] << 8);

	assert_int_equal(disk[16], 2);
	assert_row(!memcmp(disk + res * 512, disk + (res + fatsz) * 512, fatsz * 512), "%s: the FATs differ", when);
}

/*
 * The same cuts and tears on a FAT16 copy (a fixed root directory, FAT
 * entries of 2 bytes): right after a cut fsck.fat -n exits 1 only after a
 * FAT write; after the next boot the FATs are equal and fsck.fat -n exits 0.
 */
static void every_cut_point_on_fat16(void **state)
{
	SaveStatus st;
	char out[4096], when[64];
	uint32_t writes, unclean = 0, undone = 0, data0, data, fat, points = 0;

	(void)state;
	fresh16();
	assert_row(fsck(out, sizeof out) == 0, "the FAT16 stick: %s", out);
	assert_true(save_open(ID, &st) && st.folder);
	assert_true(logged("save: created the folder SHARDFALL on RAM stick in "));
	plan_counts(&data0, &data, &fat);
	writes = saveio_writes();
	assert_row(fsck(out, sizeof out) == 0, "FAT16, created: %s", out);
	assert_true(writes > 4);
	for (int tear = 0; tear < 2; tear++) {
		for (uint32_t n = 1; n <= writes; n++) {
			int rc;

			if (!tried(n, data0, data))
				continue;
			points++;

			fresh16();
			saveio_powercut(tear ? 0 : n, tear ? n : 0);
			assert_false(save_open(ID, &st));
			assert_int_equal(stopped_at, n);
			snprintf(when, sizeof when, "FAT16 cut %u%s", n, tear ? " torn" : "");
			rc = fsck(out, sizeof out);
			assert_row(rc == 0 || (rc == 1 && (strstr(out, "FATs differ") || strstr(out, "Reclaimed"))), "%s: %s",
			           when, out);
			unclean += rc != 0;
			boot();
			assert_row(save_open(ID, &st) && st.folder, "%s: the next boot has no folder: %s", when, logbuf);
			assert_row(rc == 0 || logged("save: undid the half-made folder of a power cut at clusters "), "%s: %s",
			           when, logbuf);
			assert_row(!logged("left alone") && !logged("refused"), "%s: %s", when, logbuf);
			undone += logged("save: undid the half-made folder") ? 1 : 0;
			fat16_copies_equal(when);
			rc = fsck(out, sizeof out);
			assert_row(rc == 0, "%s, next boot: fsck.fat -n exit %d: %s", when, rc, out);
		}
	}
	assert_int_equal(unclean, 2 * fat);     /* after each FAT write, cut and torn */
	assert_true(undone >= unclean);
	print_message("FAT16: %u cut and tear points, each clean after the next boot; %u half-made folders undone\n",
	              (unsigned)points, (unsigned)undone);
}

/*
 * The repair cut in its turn: after a cut that left the run allocated in
 * both FATs, the next boot is cut after each of its writes (the first FAT,
 * the second, the record cleared), and torn at each; the boot after that
 * finishes the repair (or finds it done) and the volume is consistent.
 */
static void a_cut_during_the_repair(void **state)
{
	uint32_t first, last_fat, points = 0;
	SaveStatus st;

	(void)state;
	fresh();
	assert_true(save_open(ID, &st));
	plan_of_log(&first, &last_fat);
	for (int tear = 0; tear < 2; tear++) {
		for (uint32_t n = 1; n <= 3; n++, points++) {
			char out[4096], when[64];

			fresh();
			saveio_powercut(last_fat, 0);
			assert_false(save_open(ID, &st));
			boot();
			saveio_powercut(tear ? 0 : n, tear ? n : 0);
			assert_false(save_open(ID, &st));
			assert_int_equal(stopped_at, n);
			assert_false(logged("save: creating"));         /* all three writes were the repair's */
			boot();
			assert_row(save_open(ID, &st) && st.folder, "repair cut %u: %s", n, logbuf);
			snprintf(when, sizeof when, "repair cut %u%s, next boot", n, tear ? " torn" : "");
			volume_consistent(when);
			assert_row(fsck(out, sizeof out) == 0, "%s: %s", when, out);
		}
	}
	assert_int_equal(points, 6);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(every_cut_point_of_the_creation),
	cmocka_unit_test(a_run_reused_by_another_os_is_left_untouched),
	cmocka_unit_test(a_cut_during_the_repair),
	cmocka_unit_test(every_cut_point_on_fat16),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savemkcut", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savemkcut", tests, NULL, NULL);
}
