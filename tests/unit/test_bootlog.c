/* test_bootlog.c: LOG.TXT (kernel/save/bootlog.c) on a RAM stick made by tools/mksave.py: the halves, the boot numbers, an unfinished start, every power-cut point of its writes. */
#include "testmain.h"

#include "bootlog.h"
#include "ramdisk.h"
#include "save.h"
#include "saveio.h"
#include "savefix.h"

#define HALF    32768

/* klog's ring as the kernel keeps it (kernel/log/klog.c): here the lines the test logged, oldest first. */
static char ring[50000];
static uint32_t ring_lost;

size_t klog_ring_copy(char *out, size_t cap, uint32_t *lost)
{
	size_t n = strlen(ring), skip = 0, dropped = 0;

	if (n > cap) {                  /* whole lines only, as the kernel's */
		while (skip < n && (n - skip > cap || (skip && ring[skip - 1] != '\n')))
			dropped += ring[skip++] == '\n';
	}
	if (out)
		memcpy(out, ring + skip, n - skip);
	if (lost)
		*lost = ring_lost + (uint32_t)dropped;
	return n - skip;
}

static void say(const char *line)
{
	strncat(ring, line, sizeof ring - strlen(ring) - 1);
}

static const uint8_t *half(int h)
{
	return disk.data + RAM_LOG_LBA * 512 + (size_t)h * HALF;
}

/* Half h's header says boot n in state st (NULL: no header at all). */
static bool header_is(int h, unsigned n, const char *st)
{
	char want[96];

	if (!st)
		return memcmp(half(h), "Shardfall boot log: ", 20) != 0;
	snprintf(want, sizeof want, "Shardfall boot log: boot %u, %s,", n, st);
	return memcmp(half(h), want, strlen(want)) == 0;
}

/* A boot: the save area opened, the log's first write; then (started) the bring-up's end. */
static bool a_boot(const char *text, bool started)
{
	bool unfinished;

	boot();
	ring[0] = '\0';
	ring_lost = 0;
	say(text);
	assert_true(save_open(RAM_ID, NULL));
	unfinished = bootlog_opened();
	if (started && !stopped_at) {
		say("bringup: stage=pads\n");
		bootlog_started();
	}
	return unfinished;
}

static void halves_turn_and_the_older_log_stays(void **state)
{
	uint8_t keep[HALF];

	(void)state;
	fresh("gpt");
	assert_false(a_boot("boot one\nready\n", true));
	assert_true(header_is(0, 1, "started") && header_is(1, 0, NULL));
	assert_memory_equal(half(0) + 128, "boot one\nready\n", 15);
	assert_int_equal(half(0)[HALF - 1], '\n');
	assert_int_equal(half(0)[HALF - 2], ' ');
	memcpy(keep, half(0), HALF);
	assert_false(a_boot("boot two\n", true));
	assert_true(header_is(1, 2, "started"));
	assert_memory_equal(half(0), keep, HALF);
	assert_false(a_boot("boot three\n", true));
	assert_true(header_is(0, 3, "started") && header_is(1, 2, "started"));
	assert_int_equal(bootlog_boot(), 3);
	/* a rest point writes what was logged since; nothing when nothing was */
	say("session: title\n");
	bootlog_rest();
	assert_memory_equal(half(0) + 128, "boot three\nbringup: stage=pads\n", 31);
	saveio_reset();
	bootlog_rest();
	say("");
	assert_int_equal(saveio_log_writes(), 0);
	assert_nothing_else_written();
}

static void an_unfinished_start_is_reported_once(void **state)
{
	(void)state;
	fresh("gpt");
	assert_false(a_boot("one\n", true));
	assert_false(a_boot("two: killed before the bring-up ended\n", false));
	assert_true(header_is(1, 2, "starting"));
	logbuf[0] = '\0';
	assert_true(a_boot("three\n", true));
	assert_true(logged("log: the last start (boot 2) did not finish: LOG.TXT has its log\n"));
	assert_true(header_is(0, 3, "started") && header_is(1, 2, "starting"));
	assert_false(a_boot("four\n", true));
}

/* A log longer than a half: the newest whole lines, the rest counted in the header. */
static void a_long_log_keeps_its_newest_lines(void **state)
{
	char line[64];

	(void)state;
	fresh("gpt");
	boot();
	ring[0] = '\0';
	for (int i = 0; i < 1000; i++) {
		snprintf(line, sizeof line, "line %04d of a long boot log, forty bytes\n", i);
		say(line);
	}
	assert_true(save_open(RAM_ID, NULL));
	bootlog_opened();
	/* 42000 bytes of 42-byte lines; a half holds 32639 after its header: 223 lines left out */
	assert_true(memcmp(half(0), "Shardfall boot log: boot 1, starting, 223 lines lost at the start (the other half: "
	                   "none)", 88) == 0);
	assert_memory_equal(half(0) + 128, "line 0223 of", 12);
	assert_int_equal(half(0)[HALF - 1], '\n');
}

/*
 * The second boot's log writes cut and torn at every sector (its first write, 63
 * text sectors then the header, and the started write): the first boot's half
 * unchanged; the next boot numbers itself after the newest complete header and
 * reports an unfinished start exactly when the cut came after that header.
 */
static void every_cut_of_the_log_keeps_the_older_one(void **state)
{
	static RamDisk after_one;
	uint8_t keep[HALF];
	int points = 0, reported = 0;

	(void)state;
	fresh("gpt");
	a_boot("one\n", true);
	after_one = disk;
	memcpy(keep, half(0), HALF);
	for (int tear = 0; tear < 2; tear++) {
		for (uint32_t n = 1;; n++) {
			bool unfinished;

			disk = after_one;
			boot();
			saveio_powercut_log(tear ? 0 : n, tear ? n : 0);
			ring[0] = '\0';
			say("two\n");
			assert_true(save_open(RAM_ID, NULL));
			bootlog_opened();
			if (!stopped_at) {
				say("more\n");
				bootlog_started();
			}
			if (!stopped_at)
				break;                  /* past the last write */
			points++;
			assert_memory_equal(half(0), keep, HALF);
			saveio_powercut_log(0, 0);
			unfinished = a_boot("three\n", true);
			reported += unfinished;
			/*
			 * the header sector is write 64: before it, boot 2 never happened; the
			 * started write (its text fits the header sector) is write 65
			 */
			assert_row(unfinished == (n == 64), "cut %u%s: unfinished %d", n, tear ? " torn" : "", unfinished);
			assert_row(header_is(n >= 64 ? 0 : 1, n >= 64 ? 3 : 2, "started"), "cut %u: the next boot", n);
			if (n < 64)
				assert_memory_equal(half(0), keep, HALF);
		}
	}
	assert_int_equal(points, 2 * 65);
	printf("LOG.TXT: %d cut and tear points, the older log whole at each; %d unfinished starts reported\n", points,
	       reported);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(halves_turn_and_the_older_log_stays),
	cmocka_unit_test(an_unfinished_start_is_reported_once),
	cmocka_unit_test(a_long_log_keeps_its_newest_lines),
	cmocka_unit_test(every_cut_of_the_log_keeps_the_older_one),
};

int main(int argc, char **argv)
{
	if (testmain_filter("bootlog", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("bootlog", tests, NULL, NULL);
}
