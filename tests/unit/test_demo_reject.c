/* test_demo_reject.c: demo_check trusts nothing — each malformed field, every truncation and every bit flip is rejected with a message. */
#include "demofix.h"
#include "player.h"

static void null_and_short_files_are_rejected(void **state)
{
	(void)state;
	assert_false(demo_check(NULL, 0, NULL, err, sizeof err));
	assert_string_equal(err, "demo: no data (NULL)");
	build_small();
	for (size_t n = 0; n < DEMO_HEADER_SIZE; n++) {
		char want[80];

		snprintf(want, sizeof want, "demo: file is %zu bytes, shorter than the 64-byte header", n);
		assert_false(check_copy(dem, n, NULL, err, sizeof err));
		assert_string_equal(err, want);
	}
}

static void bad_magic_version_and_flags_are_rejected(void **state)
{
	(void)state;
	build_small();
	dem[3] = 'V';
	assert_rejected("demo: bad magic 0x53 0x46 0x44 0x56, not \"SFDM\"");
	dem[3] = 'M';
	put16(4, 2);
	assert_rejected("demo: version 2 not supported (want 1)");
	put16(4, DEMO_VERSION);
	put16(6, 0x0100);
	assert_rejected("demo: flags 0x0100 not supported (must be 0)");
}

static void bad_level_names_are_rejected(void **state)
{
	(void)state;
	build_small();
	dem[8] = 'T';
	assert_rejected("demo: level name byte 0 is 0x54 'T', want a-z 0-9 _ -");
	dem[8] = 0;
	assert_rejected("demo: level name is empty");
	memset(dem + 8, 'a', DEMO_LEVEL_SIZE);
	assert_rejected("demo: level name is not NUL-terminated within 32 bytes");
	memset(dem + 8, 0, DEMO_LEVEL_SIZE);
	memcpy(dem + 8, "ab", 2);
	dem[8 + 31] = 'x';
	assert_rejected("demo: level name padding byte 31 is 0x78, not NUL");
}

static void impossible_starting_stats_are_rejected(void **state)
{
	char want[64];

	(void)state;
	build_small();
	dem[52] = 0;
	assert_rejected("demo: starting lives 0 outside 1..3");
	dem[52] = 250;                          /* lives are only lost: more than the start is unreachable */
	assert_rejected("demo: starting lives 250 outside 1..3");
	dem[52] = 3;
	dem[54] = 255;                          /* the status bar showed "55" */
	snprintf(want, sizeof want, "demo: starting bombs 255 outside 0..%d", MAX_BOMBS);
	assert_rejected(want);
	dem[54] = MAX_BOMBS + 1;
	snprintf(want, sizeof want, "demo: starting bombs %d outside 0..%d", MAX_BOMBS + 1, MAX_BOMBS);
	assert_rejected(want);
	dem[54] = 0;
	put32(48, DEMO_MAX_SCORE + 1);          /* seven digits on the status bar */
	assert_rejected("demo: starting score 10000000 over 9999999");
	put32(48, 0);
	dem[53] = 0;
	snprintf(want, sizeof want, "demo: starting health 0 outside 1..%d", PLAYER_MAX_HEALTH);
	assert_rejected(want);
	dem[53] = PLAYER_MAX_HEALTH + 1;
	snprintf(want, sizeof want, "demo: starting health %d outside 1..%d", PLAYER_MAX_HEALTH + 1,
	    PLAYER_MAX_HEALTH);
	assert_rejected(want);
	dem[53] = PLAYER_MAX_HEALTH;
	dem[55] = 1;
	assert_rejected("demo: reserved byte 55 is 0x01, not 0");
}

static void lengths_that_disagree_with_the_run_count_are_rejected(void **state)
{
	(void)state;
	build_small();
	put32(60, DEMO_MAX_RUNS + 1);
	assert_rejected("demo: 16385 runs, more than 16384");
	put32(60, 6);
	assert_rejected("demo: file is 93 bytes; 6 runs need 98");
	put32(60, 5);
	dem_len++;
	assert_rejected("demo: file is 94 bytes; 5 runs need 93");
}

static void a_wrong_crc_is_rejected(void **state)
{
	(void)state;
	build_small();
	dem[DEMO_HEADER_SIZE] ^= 0x80;
	assert_false(check_copy(dem, dem_len, NULL, err, sizeof err));
	assert_non_null(strstr(err, "demo: CRC mismatch (file 0x"));
	assert_non_null(strstr(err, ", computed 0x"));
}

static void bad_runs_are_rejected(void **state)
{
	(void)state;
	build_small();
	dem[DEMO_HEADER_SIZE + DEMO_RUN_SIZE] = 0;
	fix_crc();
	assert_rejected("demo: run 1 has count 0");
	build_small();
	put16(DEMO_HEADER_SIZE + 1, 1u << BTN_COUNT);
	fix_crc();
	assert_rejected("demo: run 0 holds unknown buttons 0x0400");
	build_small();
	put16(DEMO_HEADER_SIZE + 2 * DEMO_RUN_SIZE + 3, 0x8000);
	fix_crc();
	assert_rejected("demo: run 2 presses unknown buttons 0x8000");
}

static void runs_must_add_up_to_the_tick_count(void **state)
{
	(void)state;
	build_small();
	put32(56, 4);
	fix_crc();
	assert_rejected("demo: run 2 overflows: runs reach tick 5, the header says 4 ticks");
	put32(56, 11);
	fix_crc();
	assert_rejected("demo: runs add up to 10 ticks, the header says 11");
	put32(56, 0xFFFFFFFF);
	fix_crc();
	assert_rejected("demo: runs add up to 10 ticks, the header says 4294967295");
}

static void every_truncation_is_rejected(void **state)
{
	(void)state;
	build_small();
	for (size_t n = 0; n < dem_len; n++) {
		memset(err, 0, sizeof err);
		assert_row(!check_copy(dem, n, NULL, err, sizeof err), "prefix of %zu bytes", n);
		assert_row(strncmp(err, "demo: ", 6) == 0 && strlen(err) > 6, "prefix of %zu bytes: '%s'", n, err);
		assert_row(!demo_open(&pl, dem, n, NULL, 0), "open, prefix of %zu bytes", n);
	}
	assert_true(check_copy(dem, dem_len, NULL, err, sizeof err));
}

/* Flip each bit of a valid file: always rejected (the CRC covers everything the fields do not). */
static void every_single_bit_flip_is_rejected(void **state)
{
	(void)state;
	build_small();
	for (size_t i = 0; i < dem_len; i++) {
		for (int bit = 0; bit < 8; bit++) {
			dem[i] ^= (uint8_t)(1 << bit);
			assert_row(!check_copy(dem, dem_len, NULL, err, sizeof err), "byte %zu bit %d", i, bit);
			dem[i] ^= (uint8_t)(1 << bit);
		}
	}
}

static void a_failed_open_plays_nothing(void **state)
{
	GameInput in = gi(1, 1);

	(void)state;
	build_small();
	dem[0] = 'X';
	assert_false(demo_open(&pl, dem, dem_len, err, sizeof err));
	assert_false(demo_next(&pl, &in));
	assert_int_equal(in.held, 0);
	assert_true(demo_ended(&pl));
}

static void messages_truncate_and_success_clears_them(void **state)
{
	char small[12];

	(void)state;
	build_small();
	dem[0] = 'X';
	memset(small, 0x55, sizeof small);
	assert_false(demo_check(dem, dem_len, NULL, small, sizeof small));
	assert_string_equal(small, "demo: bad m");
	assert_false(demo_check(dem, dem_len, NULL, NULL, 0));
	dem[0] = 'S';
	strcpy(err, "stale");
	assert_true(demo_check(dem, dem_len, NULL, err, sizeof err));
	assert_string_equal(err, "");
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	T(null_and_short_files_are_rejected),
	T(bad_magic_version_and_flags_are_rejected),
	T(bad_level_names_are_rejected),
	T(impossible_starting_stats_are_rejected),
	T(lengths_that_disagree_with_the_run_count_are_rejected),
	T(a_wrong_crc_is_rejected),
	T(bad_runs_are_rejected),
	T(runs_must_add_up_to_the_tick_count),
	T(every_truncation_is_rejected),
	T(every_single_bit_flip_is_rejected),
	T(a_failed_open_plays_nothing),
	T(messages_truncate_and_success_clears_them),
};

int main(int argc, char **argv)
{
	if (testmain_filter("demo_reject", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("demo_reject", tests, NULL, NULL);
}
