/* test_demo.c: demo files — record, serialise, play back, run-length edges, the recorder's limits, built-in demos. */
#include "demofix.h"

#include "level.h"
#include "rng.h"

static void round_trip_plays_exactly_the_recorded_stream(void **state)
{
	Rng r;
	int n = 0;

	(void)state;
	rng_seed(&r, 99);
	while (n < (int)ARRAY_LEN(stream)) {    /* runs of 1..300 equal inputs, any buttons */
		GameInput in = gi((uint16_t)rng_below(&r, 1u << BTN_COUNT), (uint16_t)rng_below(&r, 1u << BTN_COUNT));
		int len = 1 + (int)rng_below(&r, 300);

		for (int i = 0; i < len && n < (int)ARRAY_LEN(stream); i++)
			stream[n++] = in;
	}
	record_stream(n);
	assert_true(demo_open(&pl, dem, dem_len, err, sizeof err));
	assert_string_equal(err, "");
	assert_int_equal(pl.h.ticks, n);
	for (int i = 0; i < n; i++) {
		GameInput in;

		assert_true(demo_next(&pl, &in));
		assert_row(in.held == stream[i].held && in.pressed == stream[i].pressed, "tick %d", i + 1);
	}
	assert_true(demo_ended(&pl));
}

static void after_the_last_tick_there_is_no_input(void **state)
{
	GameInput in;

	(void)state;
	build_small();
	assert_true(demo_open(&pl, dem, dem_len, NULL, 0));
	for (int i = 0; i < 10; i++)
		assert_true(demo_next(&pl, &in));
	for (int i = 0; i < 3; i++) {
		in = gi(0xFFFF, 0xFFFF);
		assert_false(demo_next(&pl, &in));
		assert_int_equal(in.held, 0);
		assert_int_equal(in.pressed, 0);
		assert_int_equal(pl.played, 10);
	}
}

static void header_carries_level_seed_and_starting_stats(void **state)
{
	DemoHeader h;

	(void)state;
	w.score = 123456;
	w.lives = 2;
	w.health = 1;
	w.bombs = 9;
	build_small();
	assert_int_equal(dem_len, DEMO_HEADER_SIZE + 5 * DEMO_RUN_SIZE + DEMO_CRC_SIZE);
	assert_memory_equal(dem, "SFDM", 4);
	assert_true(demo_check(dem, dem_len, &h, err, sizeof err));
	assert_int_equal(h.version, DEMO_VERSION);
	assert_string_equal(h.level, "tiny");
	assert_int_equal(h.level_crc, 0xCAFEF00D);
	assert_int_equal(h.seed, 7);
	assert_int_equal(h.score, 123456);
	assert_int_equal(h.lives, 2);
	assert_int_equal(h.health, 1);
	assert_int_equal(h.bombs, 9);
	assert_int_equal(h.ticks, 10);
	assert_int_equal(h.runs, 5);
}

/* Byte-exact layout of the reference demo's runs: (count, held, pressed). */
static void runs_are_count_held_pressed_records(void **state)
{
	static const uint8_t want[] = {
		1, 0x02, 0x00, 0x02, 0x00,      /* tick 1: Right pressed */
		3, 0x02, 0x00, 0x00, 0x00,      /* ticks 2-4: Right held */
		1, 0x12, 0x00, 0x10, 0x00,      /* tick 5: Jump pressed */
		1, 0x12, 0x00, 0x00, 0x00,      /* tick 6: Right and Jump held */
		4, 0x00, 0x00, 0x00, 0x00,      /* ticks 7-10: nothing */
	};

	(void)state;
	build_small();
	assert_int_equal(dem_len, DEMO_HEADER_SIZE + sizeof want + DEMO_CRC_SIZE);
	assert_memory_equal(dem + DEMO_HEADER_SIZE, want, sizeof want);
}

static int runs_for(int n)
{
	for (int i = 0; i < n; i++)
		stream[i] = gi(BTN_BIT(BTN_LEFT), 0);
	record_stream(n);
	return (int)rec.h.runs;
}

static void a_run_longer_than_255_ticks_is_split(void **state)
{
	(void)state;
	assert_int_equal(runs_for(1), 1);
	assert_int_equal(runs_for(255), 1);
	assert_int_equal(dem[DEMO_HEADER_SIZE], 255);
	assert_int_equal(runs_for(256), 2);
	assert_int_equal(dem[DEMO_HEADER_SIZE], 255);
	assert_int_equal(dem[DEMO_HEADER_SIZE + DEMO_RUN_SIZE], 1);
	assert_int_equal(runs_for(600), 3);
	assert_int_equal(dem[DEMO_HEADER_SIZE + 2 * DEMO_RUN_SIZE], 90);
	assert_true(demo_open(&pl, dem, dem_len, err, sizeof err));
	for (int i = 0; i < 600; i++) {
		GameInput in;

		assert_true(demo_next(&pl, &in));
		assert_int_equal(in.held, BTN_BIT(BTN_LEFT));
	}
	assert_true(demo_ended(&pl));
}

static void a_different_press_alone_starts_a_new_run(void **state)
{
	(void)state;
	stream[0] = gi(BTN_BIT(BTN_JUMP), BTN_BIT(BTN_JUMP));
	stream[1] = gi(BTN_BIT(BTN_JUMP), 0);
	stream[2] = gi(BTN_BIT(BTN_JUMP), BTN_BIT(BTN_JUMP));   /* released and pressed again within a tick */
	record_stream(3);
	assert_int_equal(rec.h.runs, 3);
}

static void an_empty_demo_is_valid_and_plays_nothing(void **state)
{
	GameInput in;

	(void)state;
	record_stream(0);
	assert_int_equal(dem_len, DEMO_HEADER_SIZE + DEMO_CRC_SIZE);
	assert_true(demo_open(&pl, dem, dem_len, err, sizeof err));
	assert_true(demo_ended(&pl));
	assert_false(demo_next(&pl, &in));
}

/* Neighbouring records with the same input are allowed (a hand-made file may split runs anywhere). */
static void split_equal_runs_are_accepted(void **state)
{
	GameInput in;

	(void)state;
	build_small();
	put16(DEMO_HEADER_SIZE + DEMO_RUN_SIZE + 3, 0x0002);    /* run 1 now presses Right too */
	dem[DEMO_HEADER_SIZE + DEMO_RUN_SIZE] = 1;               /* ...for 1 tick; run 0 had 1 */
	put32(56, 8);                                            /* 10 - 2 ticks */
	fix_crc();
	assert_true(demo_open(&pl, dem, dem_len, err, sizeof err));
	assert_true(demo_next(&pl, &in) && demo_next(&pl, &in));
	assert_int_equal(in.pressed, BTN_BIT(BTN_RIGHT));
}

/* When the run records are used up the recorder stops for good: no tick is skipped and then continued. */
static void a_full_recorder_stops_and_stays_valid(void **state)
{
	GameInput a = gi(BTN_BIT(BTN_LEFT), 0), b = gi(BTN_BIT(BTN_RIGHT), 0);
	DemoHeader h;
	size_t len;

	(void)state;
	demo_rec_begin(&rec, "test", 0, 1, &w);
	for (int i = 0; i < DEMO_MAX_RUNS; i++)
		assert_true(demo_rec_add(&rec, i % 2 ? &a : &b));
	assert_false(rec.full);
	assert_false(demo_rec_add(&rec, &b));           /* would need a new record */
	assert_true(rec.full);
	assert_false(demo_rec_add(&rec, &a));           /* would fit the last record, but a tick was lost */
	len = demo_rec_finish(&rec);
	assert_int_equal(len, DEMO_MAX_SIZE);
	assert_true(demo_check(rec.bytes, len, &h, err, sizeof err));
	assert_int_equal(h.ticks, DEMO_MAX_RUNS);
}

static void long_level_names_are_cut_to_31_characters(void **state)
{
	DemoHeader h;

	(void)state;
	demo_rec_begin(&rec, "abcdefghijklmnopqrstuvwxyz0123456789", 0, 1, &w);
	assert_true(demo_check(rec.bytes, demo_rec_finish(&rec), &h, err, sizeof err));
	assert_string_equal(h.level, "abcdefghijklmnopqrstuvwxyz01234");
}

static void apply_start_sets_the_stats_and_redraws_the_status(void **state)
{
	DemoHeader h = { .score = 5000, .lives = 1, .health = 2, .bombs = 3 };
	uint32_t v = w.status_version;

	(void)state;
	demo_apply_start(&h, &w);
	assert_int_equal(w.score, 5000);
	assert_int_equal(w.lives, 1);
	assert_int_equal(w.health, 2);
	assert_int_equal(w.bombs, 3);
	assert_true(w.status_version != v);
}

static void level_crc_is_the_level_files_last_four_bytes(void **state)
{
	const LevelBlob *lb = level_find("test");
	const uint8_t four[4] = { 0x78, 0x56, 0x34, 0x12 };

	(void)state;
	assert_non_null(lb);
	assert_int_equal(demo_level_crc(lb->data, lb->len), crc32_update(0, lb->data, lb->len - 4));
	assert_int_equal(demo_level_crc(four, 4), 0x12345678);
	assert_int_equal(demo_level_crc(four, 3), 0);
	assert_int_equal(demo_level_crc(NULL, 0), 0);
}

/* Every demo in game/demos loads and names a level that is built in. */
static void built_in_demos_load_and_their_levels_exist(void **state)
{
	(void)state;
	assert_true(game_demo_count >= 2);
	for (int i = 0; i < game_demo_count; i++) {
		const DemoBlob *d = &game_demos[i];
		DemoHeader h;

		assert_row(demo_check(d->data, d->len, &h, err, sizeof err), "demo %s: %s", d->name, err);
		assert_row(level_find(h.level) != NULL, "demo %s plays level '%s', not built in", d->name, h.level);
		assert_ptr_equal(demo_find(d->name), d);
	}
	assert_null(demo_find("no-such-demo"));
	assert_null(demo_find(NULL));
	assert_non_null(demo_find("test"));
	assert_non_null(demo_find("seeds"));
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	T(round_trip_plays_exactly_the_recorded_stream),
	T(after_the_last_tick_there_is_no_input),
	T(header_carries_level_seed_and_starting_stats),
	T(runs_are_count_held_pressed_records),
	T(a_run_longer_than_255_ticks_is_split),
	T(a_different_press_alone_starts_a_new_run),
	T(an_empty_demo_is_valid_and_plays_nothing),
	T(split_equal_runs_are_accepted),
	T(a_full_recorder_stops_and_stays_valid),
	T(long_level_names_are_cut_to_31_characters),
	T(apply_start_sets_the_stats_and_redraws_the_status),
	T(level_crc_is_the_level_files_last_four_bytes),
	T(built_in_demos_load_and_their_levels_exist),
};

int main(int argc, char **argv)
{
	if (testmain_filter("demo", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("demo", tests, NULL, NULL);
}
