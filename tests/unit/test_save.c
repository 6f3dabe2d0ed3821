/* test_save.c: the save service (kernel/save/save.c) on a RAM stick made by tools/mksave.py: records, text files, the write guard, every power-cut point. */
#include "testmain.h"

#include "ramdisk.h"
#include "save.h"
#include "saveio.h"
#include "saverec.h"
#include "savefix.h"

static void opens_the_stick_and_says_so(void **state)
{
	SaveStatus st;

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, &st));
	assert_true(logged("save: RAM stick, partition 4, 0 valid records, newest seq=0\n"));
	assert_true(st.on);
	assert_string_equal(st.device, "RAM stick");
	assert_int_equal(st.partition, 4);
	assert_int_equal(st.valid_records, 0);
	assert_false(st.crash_pending);
	assert_false(save_load((uint8_t[16]){ 0 }, 16, NULL));
	fresh("mbr");
	assert_true(save_open(NULL, &st));
	assert_true(logged("save: RAM stick, partition 2, 0 valid records, newest seq=0\n"));
	assert_int_equal(disk.writes, 0);
}

/*
 * Issue 32: the open a sector a step (save_open_begin, save_open_step with
 * no time budget) reads at most one sector a step, says its line once, and
 * ends where save_open does: the same status on a stick with records (in
 * one step with a budget for all); a bad sector's read error the same reason.
 */
static void the_stepped_open_reads_a_sector_a_step(void **state)
{
	uint8_t p[700];
	SaveStatus want, got;
	int steps = 0, reads;

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	pattern(p, sizeof p, 3);
	assert_true(save_write(p, sizeof p, "settings"));
	assert_true(save_write(p, sizeof p, "settings"));
	boot();
	disk.reads = 0;
	assert_true(save_open(RAM_ID, &want));
	reads = disk.reads;
	boot();
	disk.reads = 0;
	save_open_begin();
	for (int before = 0; !save_open_step(RAM_ID, 0); steps++, before = disk.reads) {
		assert_in_range(disk.reads - before, 0, 1);
		assert_true(steps < 200);
	}
	assert_true(save_status(&got));
	assert_int_equal(got.valid_records, want.valid_records);
	assert_int_equal(got.newest_seq, 2);
	assert_int_equal(got.partition, want.partition);
	assert_int_equal(disk.reads, reads);            /* each sector read once, as save_open reads them */
	assert_int_equal(steps, reads);                 /* a step a sector */
	assert_true(load_equals(p, sizeof p));
	assert_non_null(strstr(logbuf, "save: RAM stick, partition 4, 2 valid records, newest seq=2\n"));
	assert_null(strstr(strstr(logbuf, "save: RAM stick") + 1, "save: RAM stick"));  /* said once */
	boot();
	save_open_begin();
	assert_true(save_open_step(RAM_ID, UINT32_MAX));        /* a budget for them all: one step */
	assert_true(save_status(&got));
	assert_int_equal(got.newest_seq, 2);

	boot();
	disk.bad_read = 0;                              /* the first sector: unreadable */
	save_open_begin();
	while (!save_open_step(RAM_ID, 0))
		;
	assert_false(save_status(&got));
	assert_string_equal(got.why, "read error on RAM stick");
	disk.bad_read = -1;
}

static void round_trip_and_the_slots_turn(void **state)
{
	uint8_t p[8][1536];
	size_t lens[8] = { 1024, 1, 1536, 700, 0, 512, 513, 1024 };
	SaveStatus st;

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, &st));
	for (int i = 0; i < 8; i++) {
		char want[64];

		pattern(p[i], lens[i], i);
		saveio_reset();
		clock_us = 0;
		assert_true(save_write(p[i], lens[i], "settings"));
		snprintf(want, sizeof want, "save: wrote seq=%d (settings) in 7.1 ms\n", i + 1);
		assert_row(logged(want), "no line '%s' in: %s", want, logbuf);
		assert_int_equal(saveio_writes(), (lens[i] + 511) / 512 + 1);  /* payload sectors and the header */
		assert_true(load_equals(p[i], lens[i]));
		logbuf[0] = '\0';
	}
	boot();
	assert_true(save_open(RAM_ID, &st));
	assert_true(logged("save: RAM stick, partition 4, 4 valid records, newest seq=8\n"));
	assert_true(load_equals(p[7], lens[7]));
	assert_false(save_write(p[0], 1537, "too big"));
	assert_nothing_else_written();
	assert_true(disk.flushes >= 16);        /* two per record */
}

static void reasons_when_there_is_no_save_area(void **state)
{
	SaveStatus st;

	(void)state;
	fresh("gpt");
	assert_false(save_open("fedcba9876543210", &st));
	assert_true(logged("save: none (no save area on this stick)"));
	assert_string_equal(st.why, "no save area on this stick");
	assert_false(save_write((const uint8_t *)"x", 1, "x"));

	fresh("gpt");
	memset(disk.data, 0, sizeof disk.data);    /* written without the partition */
	assert_false(save_open(RAM_ID, &st));
	assert_string_equal(st.why, "no save area on this stick");

	fresh("gpt");
	dev.read_only = true;
	assert_false(save_open(RAM_ID, &st));
	assert_true(logged("save: none (the stick is write-protected)\n"));
	assert_false(save_text("SCORES.TXT", "x"));

	fresh("gpt");
	cd = (BlockDev){ .ops = &ram_ops, .state = &disk, .kind = "atapi", .name = "IDE secondary master (CD)",
	                 .sectors = 1000, .sector_size = 2048, .read_only = true };
	table[0] = &cd;
	assert_false(save_open(RAM_ID, &st));
	assert_string_equal(st.why, "booted from a CD");
	table[1] = &dev;
	ntable = 2;
	memset(disk.data, 0, 4096);
	memset(disk.data + (RAM_SECTORS - 1) * 512, 0, 512);
	assert_false(save_open(RAM_ID, &st));
	assert_string_equal(st.why, "booted from a CD");
	/* The loader says it booted from a disk: an (empty) CD drive in the PC is not the reason. */
	save_boot_medium(SAVE_BOOT_DISK);
	assert_false(save_open(RAM_ID, &st));
	assert_string_equal(st.why, "no save area on this stick");
	/* ... from a CD (BIOS drive E0h+): that is the reason, whatever else is plugged in. */
	save_boot_medium(SAVE_BOOT_CD);
	table[0] = &dev;
	ntable = 1;
	assert_false(save_open(RAM_ID, &st));
	assert_string_equal(st.why, "booted from a CD");
	save_boot_medium(SAVE_BOOT_UNKNOWN);

	fresh("gpt");
	disk.bad_read = RAM_PART_LBA;
	assert_false(save_open(RAM_ID, &st));
	assert_true(logged("save: none (read error on RAM stick)\n"));
	assert_int_equal(disk.writes, 0);
}

static void text_files_rewritten_in_place_and_padded(void **state)
{
	const char *t = "Shardfall high scores\n\n 1. ANNA            12345\n";
	uint8_t want[2048];

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	assert_true(save_text("SCORES.TXT", t));
	assert_true(logged("save: wrote SCORES.TXT in "));
	memset(want, ' ', sizeof want);
	memcpy(want, t, strlen(t));
	want[2047] = '\n';
	assert_memory_equal(disk.data + RAM_SCORES_LBA * 512, want, 2048);
	assert_false(save_text("README.TXT", "no"));
	assert_false(save_text("SAVE.DAT", "no"));
	assert_nothing_else_written();
}

static void crash_report_written_and_seen_next_boot(void **state)
{
	SaveStatus st;
	const char *want = SAVE_CRASH_NEW "\nPANIC: #UD at 0x00101234\n";
	const char *shown = SAVE_CRASH_SHOWN "\nPANIC: #UD at 0x00101234\n";
	uint8_t p[100];

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	assert_true(save_crash("PANIC: #UD at 0x00101234\n"));
	assert_false(save_crash("PANIC: a second one, inside the first\n"));
	assert_memory_equal(disk.data + RAM_CRASH_LBA * 512, want, strlen(want));
	assert_int_equal(disk.data[RAM_CRASH_LBA * 512 + 4095], '\n');
	assert_int_equal(disk.data[RAM_CRASH_LBA * 512 + 4094], ' ');
	boot();
	assert_true(save_open(RAM_ID, &st));
	assert_true(st.crash_pending);
	/* A fault inside the storage path during a save: the crash report stays out. */
	pattern(p, sizeof p, 3);
	crash_inside_write = true;
	assert_true(save_write(p, sizeof p, "settings"));
	assert_int_equal(crash_inside_result, 0);
	assert_memory_equal(disk.data + RAM_CRASH_LBA * 512, want, strlen(want));
	/* Shown to the player: the first line says so, the report stays; the next boot has nothing pending. */
	assert_true(save_crash_seen());
	assert_memory_equal(disk.data + RAM_CRASH_LBA * 512, shown, strlen(shown));
	assert_false(save_crash_seen());
	boot();
	assert_true(save_open(RAM_ID, &st));
	assert_false(st.crash_pending);
	assert_false(save_crash_seen());
	assert_nothing_else_written();
}

/* Errors while saving turn saves off with the reason the title shows; the record before stays. */
static void write_errors_turn_saves_off(void **state)
{
	static const struct { BlockErr e; bool drop; const char *why; } rows[] = {
		{ BLK_IO, false, "write error on RAM stick" },
		{ BLK_TIMEOUT, false, "write error on RAM stick" },
		{ BLK_OK, true, "write error on RAM stick" },            /* read back differs */
		{ BLK_WRITE_PROTECTED, false, "the stick is write-protected" },
		{ BLK_GONE, false, "the stick was removed" },
	};
	uint8_t p[600], q[600];
	SaveStatus st;

	(void)state;
	pattern(p, sizeof p, 1);
	pattern(q, sizeof q, 2);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		fresh("gpt");
		assert_true(save_open(RAM_ID, NULL));
		assert_true(save_write(p, sizeof p, "first"));
		write_result = rows[i].e;
		drop_writes = rows[i].drop;
		assert_row(!save_write(q, sizeof q, "second"), "row %zu: the write worked", i);
		assert_false(save_status(&st));
		assert_string_equal(st.why, rows[i].why);
		assert_row(strstr(logbuf, rows[i].why) != NULL, "row %zu: no log line", i);
		assert_false(save_text("SCORES.TXT", "x"));
		boot();
		assert_true(save_open(RAM_ID, NULL));
		assert_true(load_equals(p, sizeof p));
	}
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	save_lost();
	assert_true(logged("save: off (the stick was removed)\n"));
	assert_false(save_write(p, 1, "x"));
}

/* The guard on its own: a write touching any sector outside the extents is refused whole, with a line. */
static void guard_refuses_every_write_outside_the_files(void **state)
{
	SaveIo io;
	uint8_t buf[4 * 512];
	static const struct { uint64_t lba; uint32_t count; } bad[] = {
		{ 0, 1 }, { 1, 1 }, { RAM_PART_LBA, 1 }, { RAM_PART_LBA + 1, 1 }, { RAM_PART_LBA + 3, 1 },
		{ RAM_README_LBA, 1 }, { RAM_SAVE_LBA, 1 }, { RAM_SAVE_LBA, 2 }, { RAM_SAVE_LBA + 16, 2 },
		{ RAM_CRASH_LBA + 7, 2 }, { RAM_CRASH_LBA + 8, 1 }, { RAM_SCORES_LBA - 1, 2 },
		{ RAM_SECTORS - 1, 1 }, { ~0ull, 1 }, { RAM_SCORES_LBA, 0 },
	};

	(void)state;
	fresh("gpt");
	memset(buf, 0xA5, sizeof buf);
	saveio_init(&io, &dev);
	assert_true(saveio_allow(&io, RAM_SAVE_LBA + 1, 16));
	assert_true(saveio_allow(&io, RAM_SCORES_LBA, 4));
	assert_true(saveio_allow(&io, RAM_CRASH_LBA, 8));
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		logbuf[0] = '\0';
		assert_row(saveio_write(&io, bad[i].lba, bad[i].count, buf) == BLK_RANGE, "row %zu allowed", i);
		assert_row(logged("save: refused write of "), "row %zu: no log line", i);
	}
	assert_int_equal(io.refused, ARRAY_LEN(bad));
	assert_int_equal(disk.writes, 0);
	assert_memory_equal(disk.data, original.data, sizeof disk.data);
	assert_int_equal(saveio_write(&io, RAM_SAVE_LBA + 13, 4, buf), BLK_OK);
	assert_int_equal(saveio_write(&io, RAM_CRASH_LBA + 7, 1, buf), BLK_OK);
	assert_nothing_else_written();
}

/* --- power cuts --- */
enum Kind { RECORD, RECORD_FULL, SCORES, CRASH };
static const char *const kind_names[] = { "record", "record, every slot full", "SCORES.TXT", "CRASH.TXT" };
static int points;

/* One cut (or tear) at write n of a save of this kind; false when the save ended before write n. */
static bool cut_at(enum Kind kind, size_t len, uint32_t n, bool tear)
{
	uint8_t old[1536], neu[1536];
	SaveStatus st;
	bool ok;

	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	pattern(old, len, 1);
	for (int i = 0; i < (kind == RECORD_FULL ? 5 : 1); i++)
		assert_true(save_write(old, len, "old"));
	assert_true(save_text("SCORES.TXT", "old scores\n"));
	before = disk;
	pattern(neu, len, 2);
	boot();
	saveio_powercut(tear ? 0 : n, tear ? n : 0);
	assert_true(save_open(RAM_ID, NULL));
	if (kind == SCORES)
		ok = save_text("SCORES.TXT", "new scores\n 1. BOB 500\n");
	else if (kind == CRASH)
		ok = save_crash("PANIC: new\n");
	else
		ok = save_write(neu, len, "new");
	if (stopped_at == 0) {
		assert_true(ok);
		return false;
	}
	points++;
	assert_false(ok);
	assert_int_equal(stopped_at, n);
	/* The next boot: the old record or the new, never garbage; nothing else touched. */
	boot();
	assert_true(save_open(RAM_ID, &st));
	if (kind == RECORD || kind == RECORD_FULL) {
		uint32_t w = (uint32_t)(len + 511) / 512 + 1;

		assert_row(load_equals(old, len) || load_equals(neu, len), "%s n=%u tear=%d: neither record",
		           kind_names[kind], n, tear);
		if (n < w)
			assert_row(load_equals(old, len), "%s n=%u: the new record before its header", kind_names[kind], n);
		else
			assert_row(load_equals(neu, len), "%s n=%u: the complete record lost", kind_names[kind], n);
	} else {
		assert_row(load_equals(old, len), "%s n=%u tear=%d: the record changed", kind_names[kind], n, tear);
		assert_memory_equal(disk.data + RAM_SAVE_LBA * 512, before.data + RAM_SAVE_LBA * 512, 17 * 512);
	}
	assert_nothing_else_written();
	/* And saving works again. */
	pattern(neu, len, 9);
	assert_true(save_write(neu, len, "after"));
	assert_true(load_equals(neu, len));
	assert_nothing_else_written();
	return true;
}

static void every_power_cut_point_keeps_old_or_new(void **state)
{
	static const size_t lens[] = { 1024, 1536, 100 };
	int per_kind[4] = { 0 };

	(void)state;
	points = 0;
	for (int kind = RECORD; kind <= CRASH; kind++) {
		for (size_t l = 0; l < (kind <= RECORD_FULL ? ARRAY_LEN(lens) : 1); l++) {
			for (int tear = 0; tear <= 1; tear++) {
				uint32_t n = 1;

				while (cut_at((enum Kind)kind, lens[l], n, tear))
					n++, per_kind[kind]++;
				assert_true(n > 1);
			}
		}
	}
	/* Records of 1024, 1536, 100 bytes: 3 + 4 + 2 writes; SCORES.TXT 4; CRASH.TXT 8; each cut and torn. */
	assert_int_equal(per_kind[RECORD], 2 * 9);
	assert_int_equal(per_kind[RECORD_FULL], 2 * 9);
	assert_int_equal(per_kind[SCORES], 2 * 4);
	assert_int_equal(per_kind[CRASH], 2 * 8);
	assert_int_equal(points, 60);
	printf("power-cut points tried: %d, nothing lost\n", points);
}

/* A run of saves of every kind, left in build/save/after-writes.img for tools/test_mksave.py (fsck.fat, mtools). */
static void run_of_writes_left_for_fsck(void **state)
{
	uint8_t p[1024];
	FILE *f;

	(void)state;
	fresh("gpt");
	assert_true(save_open(RAM_ID, NULL));
	for (int i = 0; i < 10; i++) {
		pattern(p, sizeof p, i);
		assert_true(save_write(p, sizeof p, "settings"));
	}
	assert_true(save_text("SCORES.TXT", "Shardfall high scores\n\n 1. ANNA            12345\n"));
	assert_true(save_crash("PANIC: test report\n"));
	assert_nothing_else_written();
	f = fopen(SAVE_DISKS "/after-writes.img", "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(disk.data, 1, sizeof disk.data, f), sizeof disk.data);
	fclose(f);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(opens_the_stick_and_says_so),
	cmocka_unit_test(the_stepped_open_reads_a_sector_a_step),
	cmocka_unit_test(round_trip_and_the_slots_turn),
	cmocka_unit_test(reasons_when_there_is_no_save_area),
	cmocka_unit_test(text_files_rewritten_in_place_and_padded),
	cmocka_unit_test(crash_report_written_and_seen_next_boot),
	cmocka_unit_test(write_errors_turn_saves_off),
	cmocka_unit_test(guard_refuses_every_write_outside_the_files),
	cmocka_unit_test(every_power_cut_point_keeps_old_or_new),
	cmocka_unit_test(run_of_writes_left_for_fsck),
};

int main(int argc, char **argv)
{
	if (testmain_filter("save", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("save", tests, NULL, NULL);
}
