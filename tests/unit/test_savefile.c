/* test_savefile.c: the save area's files by name (kernel/save/savefile.c) on a RAM stick made by tools/mksave.py, and a stick the previous version made (issue 33). */
#include "testmain.h"

#include <sys/wait.h>
#include <unistd.h>

#include "ramdisk.h"
#include "save.h"
#include "saveio.h"
#include "savemk.h"
#include "saverec.h"
#include "savefix.h"

static const struct {
	const char *name;
	uint64_t lba;
	uint32_t bytes;
} files[] = {
	{ "SCORES.TXT", RAM_SCORES_LBA, 2048 }, { "CRASH.TXT", RAM_CRASH_LBA, 4096 },
	{ "LOG.TXT", RAM_LOG_LBA, 65536 }, { "HWINFO.TXT", RAM_HWINFO_LBA, 65536 },
	{ "REPLAY.DAT", RAM_REPLAY_LBA, 98304 }, { "CRASHRPL.DAT", RAM_CRASHRPL_LBA, 98304 },
};

static uint8_t buf[98304], got[98304];

static void sizes_of_the_files(void **state)
{
	(void)state;
	fresh("gpt");
	save_lost();
	assert_int_equal(save_file_size("LOG.TXT"), 0);         /* saves off */
	assert_true(save_open(RAM_ID, NULL));
	for (size_t i = 0; i < ARRAY_LEN(files); i++)
		assert_int_equal(save_file_size(files[i].name), files[i].bytes);
	assert_int_equal(save_file_size("README.TXT"), 1308);
	assert_int_equal(save_file_size("SAVE.DAT"), 8704);
	assert_int_equal(save_file_size("NOSUCH.TXT"), 0);
	assert_int_equal(save_file_size(NULL), 0);
	save_lost();
	assert_int_equal(save_file_size("LOG.TXT"), 0);
}

/* Writes at odd offsets and lengths land exactly there, the bytes around them kept; read back the same. */
static void writes_in_place_and_reads_back(void **state)
{
	static const struct { uint32_t off, len; } spans[] = {
		{ 0, 1 }, { 0, 512 }, { 1, 511 }, { 100, 1000 }, { 511, 2 }, { 512, 4096 }, { 700, 9000 },
		{ 65536 - 3, 3 }, { 0, 65536 },
	};

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	for (size_t f = 0; f < ARRAY_LEN(files); f++) {
		for (size_t i = 0; i < ARRAY_LEN(spans); i++) {
			uint32_t off = spans[i].off, len = spans[i].len;
			RamDisk was;

			if (off + len > files[f].bytes)
				continue;
			memcpy(was.data, disk.data, sizeof was.data);
			pattern(buf, len, (int)(f * 16 + i));
			logbuf[0] = '\0';
			assert_row(save_file_write(files[f].name, off, buf, len), "%s %u+%u: %s", files[f].name, off, len, logbuf);
			assert_true(logged("save: wrote "));
			assert_memory_equal(disk.data + files[f].lba * 512 + off, buf, len);
			/* everything else as it was: before, after (the rest of its sectors included) */
			assert_memory_equal(disk.data, was.data, files[f].lba * 512 + off);
			assert_memory_equal(disk.data + files[f].lba * 512 + off + len, was.data + files[f].lba * 512 + off + len,
			                    sizeof disk.data - (files[f].lba * 512 + off + len));
			memset(got, 0, len);
			assert_true(save_file_read(files[f].name, off, got, len));
			assert_memory_equal(got, buf, len);
		}
	}
	assert_nothing_else_written();
	/* A whole file at once: whole sectors go in runs, as few writes as that takes sectors. */
	pattern(buf, 98304, 5);
	saveio_reset();
	assert_true(save_file_write("REPLAY.DAT", 0, buf, 98304));
	assert_int_equal(saveio_writes(), 192);
	boot();
	assert_true(save_open(RAM_ID, NULL));
	assert_true(save_file_read("REPLAY.DAT", 0, got, 98304));
	assert_memory_equal(got, buf, 98304);
}

static void refusals_say_why_and_write_nothing(void **state)
{
	(void)state;
	fresh("gpt");
	save_lost();
	assert_false(save_file_write("LOG.TXT", 0, "x", 1));      /* saves off */
	assert_true(save_open(RAM_ID, NULL));
	pattern(buf, 600, 1);
	assert_false(save_file_write("LOG.TXT", 65536, buf, 1));
	assert_true(logged("save: write: 1 bytes at 65536 do not fit LOG.TXT (65536 bytes)\n"));
	assert_false(save_file_write("LOG.TXT", 65000, buf, 600));
	assert_false(save_file_write("LOG.TXT", 0xFFFFFFF0u, buf, 0x20));       /* no wrap round 2^32 */
	assert_false(save_file_read("HWINFO.TXT", 65536 - 10, got, 11));
	assert_false(save_file_write("README.TXT", 0, buf, 1));
	assert_true(logged("save: write: README.TXT is not a file the game writes\n"));
	assert_false(save_file_write("SAVE.DAT", 512, buf, 1));
	assert_false(save_file_write("NOSUCH.DAT", 0, buf, 1));
	assert_false(save_file_write_panic("README.TXT", 0, buf, 1));
	assert_false(save_file_write_panic("CRASHRPL.DAT", 98304, buf, 1));
	assert_true(save_file_read("README.TXT", 0, got, 19));
	assert_memory_equal(got, "Shardfall save area", 19);
	assert_memory_equal(disk.data, original.data, sizeof disk.data);
	assert_true(save_status(NULL));                         /* refusals do not turn saves off */
	/* An I/O error does, as save_write's. */
	write_result = BLK_IO;
	assert_false(save_file_write("REPLAY.DAT", 0, buf, 600));
	assert_true(logged("save: off (write error on RAM stick)\n"));
	assert_int_equal(save_file_size("REPLAY.DAT"), 0);
}

/* The panic's write: refused inside a save (the fault may come from there), works with none under way. */
static bool inside_result;
static BlockErr write_calls_panic(BlockDev *d, uint64_t lba, uint32_t count, const void *b)
{
	static bool once;

	if (!once) {
		once = true;
		inside_result = save_file_write_panic("CRASHRPL.DAT", 0, "inside", 6);
	}
	memcpy(((RamDisk *)d->state)->data + lba * 512, b, (size_t)count * 512);
	return BLK_OK;
}

static void panic_write_outside_saves_only(void **state)
{
	static BlockOps ops;

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	pattern(buf, 1500, 7);
	assert_true(save_file_write_panic("CRASHRPL.DAT", 300, buf, 1500));
	assert_memory_equal(disk.data + RAM_CRASHRPL_LBA * 512 + 300, buf, 1500);
	assert_true(disk.data[RAM_CRASHRPL_LBA * 512 + 299] == 0 && disk.data[RAM_CRASHRPL_LBA * 512 + 1800] == 0);
	assert_true(save_crash("PANIC: after the replay\n"));     /* both of a panic's writes, in either order */
	assert_true(save_file_write_panic("CRASHRPL.DAT", 0, "after", 5));
	ops = *dev.ops;
	ops.write = write_calls_panic;
	dev.ops = &ops;
	assert_true(save_file_write("REPLAY.DAT", 0, buf, 100));
	assert_false(inside_result);
	assert_memory_equal(disk.data + RAM_CRASHRPL_LBA * 512, "after", 5);
	assert_nothing_else_written();
}

/* save_text on the new text files: padded to the size, '\n' last. */
static void text_on_the_new_files(void **state)
{
	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	assert_true(save_text("HWINFO.TXT", "Shardfall hardware report\n"));
	assert_memory_equal(disk.data + RAM_HWINFO_LBA * 512, "Shardfall hardware report\n  ", 28);
	assert_int_equal(disk.data[RAM_HWINFO_LBA * 512 + 65535], '\n');
	assert_true(save_text("LOG.TXT", "log\n"));
	assert_false(save_text("REPLAY.DAT", "binary"));
	assert_nothing_else_written();
}

/* fsck.fat -n on the old stick's partition (256 sectors at RAM_PART_LBA): its exit status, its output in out. */
static int fsck_v1(char *out, size_t size)
{
	char path[] = "/tmp/test-savefile-XXXXXX", cmd[128];
	int fd = mkstemp(path), rc;
	FILE *p;
	size_t n;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, disk.data + RAM_PART_LBA * 512, 256 * 512), 256 * 512);
	close(fd);
	snprintf(cmd, sizeof cmd, "fsck.fat -n %s 2>&1", path);
	p = popen(cmd, "r");
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	rc = pclose(p);
	unlink(path);
	return WEXITSTATUS(rc);
}

static void load_v1(void)
{
	ram_load_file(&disk, "disk-v1.img");
	original = disk;
	boot();
}

/*
 * A stick the previous version made (build/save/disk-v1.img: tests/oldsticks/mksave_v1.py, formerly git show
 * 99ca3f2:tools/mksave.py: 128 KiB, four files, 218 clusters free): it
 * opens, its records load, and the new files are made in its root at a
 * quarter of their size (the most that fits: 160 clusters), as the build's
 * would read, fsck clean; the next boot makes nothing.
 */
static void an_old_stick_opens_and_gets_the_new_files(void **state)
{
	static const uint32_t want[] = { 16384, 16384, 24576, 24576 };
	uint8_t p[300], q[300];
	SaveStatus st;
	char out[2048];
	SaveArea a;

	(void)state;
	load_v1();
	assert_true(save_open(RAM_ID, &st));
	assert_row(logged("save: creating 160 clusters at 33: writes fsinfo=0 data=160 intent=1 fat=2 dir=1 fsinfo=0\n"),
	           "%s", logbuf);
	assert_true(logged("save: made the files of this version on RAM stick in "));
	assert_true(logged("save: RAM stick, partition 4, 0 valid records, newest seq=0\n"));
	assert_false(logged("not on this stick"));
	/* SAVE.DAT, SCORES.TXT, CRASH.TXT and README.TXT as the old version made them */
	assert_memory_equal(disk.data + (RAM_PART_LBA + 7) * 512, original.data + (RAM_PART_LBA + 7) * 512, 31 * 512);
	pattern(p, sizeof p, 3);
	assert_true(save_write(p, sizeof p, "settings"));
	assert_int_equal(savepart_find(ram_read_sector, &disk, RAM_SECTORS, &a), FIND_OK);
	for (int k = SAVE_LOG; k < SAVE_FILES; k++) {
		assert_int_equal(save_file_size(save_file_names[k]), want[k - SAVE_LOG]);
		for (uint32_t i = 0; i < want[k - SAVE_LOG]; i++)
			assert_int_equal(disk.data[a.file[k].lba * 512 + i], savemk_file_byte(k, want[k - SAVE_LOG], i));
	}
	assert_row(fsck_v1(out, sizeof out) == 0, "%s", out);
	assert_true(save_file_write("REPLAY.DAT", 24000, "x", 1));
	boot();
	assert_true(save_open(RAM_ID, &st));
	assert_false(logged("creating"));
	assert_int_equal(st.valid_records, 1);
	assert_true(save_load(q, sizeof q, NULL) && !memcmp(p, q, sizeof p));
	assert_row(fsck_v1(out, sizeof out) == 0, "%s", out);
}

/*
 * The new files' creation on the old stick cut after its writes (the first
 * two and the last two of the data, one in the middle; the intent, both
 * FATs, the commit) and torn at each: fsck.fat -n exits 1 only after a FAT
 * write; the next boot undoes that run, makes the files, loads the record,
 * and fsck.fat -n exits 0.
 */
static void an_old_stick_cut_while_its_files_are_made(void **state)
{
	static const uint32_t cuts[] = { 1, 2, 80, 159, 160, 161, 162, 163, 164 };
	uint8_t p[300], q[300];
	SaveStatus st;
	char out[2048];
	int unclean = 0;

	(void)state;
	for (int tear = 0; tear < 2; tear++) {
		for (size_t i = 0; i < ARRAY_LEN(cuts); i++) {
			int rc;

			load_v1();
			assert_true(save_open(RAM_ID, &st));    /* the files made here: the disk taken back */
			memcpy(disk.data, original.data, sizeof disk.data);
			pattern(p, sizeof p, 4);
			boot();
			saveio_powercut(tear ? 0 : cuts[i], tear ? cuts[i] : 0);
			save_open(RAM_ID, &st);
			assert_int_equal(stopped_at, cuts[i]);
			rc = fsck_v1(out, sizeof out);
			assert_row(rc == 0 || (cuts[i] >= 162 && cuts[i] <= (uint32_t)(163 + tear)), "cut %u%s: %s", cuts[i],
			           tear ? " torn" : "", out);
			unclean += rc != 0;
			boot();
			assert_row(save_open(RAM_ID, &st) && save_file_size("LOG.TXT") == 16384, "cut %u%s: %s", cuts[i],
			           tear ? " torn" : "", logbuf);
			assert_row(rc == 0 || logged("save: undid the half-made files of a power cut"), "%s", logbuf);
			assert_true(save_write(p, sizeof p, "settings"));
			assert_true(save_load(q, sizeof q, NULL) && !memcmp(p, q, sizeof p));
			assert_row(fsck_v1(out, sizeof out) == 0, "cut %u%s, next boot: %s", cuts[i], tear ? " torn" : "", out);
		}
	}
	assert_true(unclean >= 2);
	printf("old stick: %zu cut and tear points of the new files' creation, each clean after the next boot "
	       "(%d unclean right after the cut)\n", 2 * ARRAY_LEN(cuts), unclean);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(sizes_of_the_files),
	cmocka_unit_test(writes_in_place_and_reads_back),
	cmocka_unit_test(refusals_say_why_and_write_nothing),
	cmocka_unit_test(panic_write_outside_saves_only),
	cmocka_unit_test(text_on_the_new_files),
	cmocka_unit_test(an_old_stick_opens_and_gets_the_new_files),
	cmocka_unit_test(an_old_stick_cut_while_its_files_are_made),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savefile", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savefile", tests, NULL, NULL);
}
