/* test_savefile.c: the save area's files by name (kernel/save/savefile.c) on a RAM stick made by tools/mksave.py, and a stick the previous version made (issue 33). */
#include "testmain.h"

#include "ramdisk.h"
#include "save.h"
#include "saveio.h"
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

/* A stick the previous version made (build/save/disk-v1.img: git show 99ca3f2:tools/mksave.py): 128 KiB, four files. */
static void an_old_stick_opens_and_loads(void **state)
{
	uint8_t p[300], q[300];
	SaveStatus st;

	(void)state;
	ram_load_file(&disk, "disk-v1.img");
	original = disk;
	boot();
	assert_true(save_open(RAM_ID, &st));
	assert_row(logged("save: RAM stick, partition 4, 0 valid records, newest seq=0\n"), "%s", logbuf);
	assert_true(logged("save: not on this stick (made by an older version): LOG.TXT, HWINFO.TXT, REPLAY.DAT, "
	                   "CRASHRPL.DAT\n"));
	assert_int_equal(save_file_size("LOG.TXT"), 0);
	assert_int_equal(save_file_size("CRASH.TXT"), 4096);
	assert_false(save_file_write("REPLAY.DAT", 0, "x", 1));
	assert_true(logged("save: write: REPLAY.DAT not on this stick (made by an older version)\n"));
	pattern(p, sizeof p, 3);
	assert_true(save_write(p, sizeof p, "settings"));
	assert_true(save_text("SCORES.TXT", "old stick\n"));
	boot();
	assert_true(save_open(RAM_ID, &st));
	assert_int_equal(st.valid_records, 1);
	assert_true(save_load(q, sizeof q, NULL) && !memcmp(p, q, sizeof p));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(sizes_of_the_files),
	cmocka_unit_test(writes_in_place_and_reads_back),
	cmocka_unit_test(refusals_say_why_and_write_nothing),
	cmocka_unit_test(panic_write_outside_saves_only),
	cmocka_unit_test(text_on_the_new_files),
	cmocka_unit_test(an_old_stick_opens_and_loads),
};

int main(int argc, char **argv)
{
	if (testmain_filter("savefile", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("savefile", tests, NULL, NULL);
}
