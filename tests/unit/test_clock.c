/* test_clock.c: the fixed timestep (seed 002) — 13 PIT ticks a frame, lag kept, catch-up capped, 32-bit wrap. */
#include "testmain.h"

#include "clock.h"
#include "world.h"

static GameClock c;

static void thirteen_ticks_make_a_frame(void **state)
{
	(void)state;
	assert_int_equal(WORLD_PIT_TICKS_PER_FRAME, 13);
	clock_init(&c, 1000, WORLD_PIT_TICKS_PER_FRAME, 5);
	for (uint32_t call = 1; call <= 39; call++) {
		uint32_t frames = clock_frames_due(&c, 1000 + call);

		assert_row(frames == (call % 13 == 0 ? 1u : 0u), "call %u (now %u): %u frames",
		    call, 1000 + call, frames);
		assert_row(c.lag == call % 13, "call %u: lag %u, want %u", call, c.lag, call % 13);
	}
	assert_int_equal(c.dropped, 0);
}

static void no_time_no_frame(void **state)
{
	(void)state;
	clock_init(&c, 500, 13, 5);
	assert_int_equal(clock_frames_due(&c, 500), 0);
	assert_int_equal(clock_frames_due(&c, 500), 0);
	assert_int_equal(c.lag, 0);
}

static void a_jump_of_40_ticks_runs_3_frames_and_keeps_1_tick(void **state)
{
	(void)state;
	clock_init(&c, 0, 13, 5);
	assert_int_equal(clock_frames_due(&c, 40), 3);
	assert_int_equal(c.lag, 1);
	assert_int_equal(c.last, 40);
	/* The kept tick counts: 12 more make a frame. */
	assert_int_equal(clock_frames_due(&c, 51), 0);
	assert_int_equal(clock_frames_due(&c, 52), 1);
	assert_int_equal(c.lag, 0);
	assert_int_equal(c.dropped, 0);
}

static void catch_up_beyond_the_cap_is_dropped_and_counted(void **state)
{
	static const struct {
		uint32_t now;
		uint32_t frames, lag, dropped;
	} rows[] = {
		{ 13 * 5, 5, 0, 0 },            /* exactly the cap */
		{ 13 * 5 + 13 * 8 + 4, 5, 4, 3 },       /* 8 due: 5 run, 3 dropped, 4 ticks kept */
		{ 13 * 5 + 13 * 8 + 4 + 9, 1, 0, 3 },   /* 4 + 9 = 13 */
		{ 13 * 5 + 13 * 8 + 13 + 13 * 100, 5, 0, 98 },  /* a long stall */
	};

	(void)state;
	clock_init(&c, 0, 13, 5);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		uint32_t frames = clock_frames_due(&c, rows[i].now);

		assert_row(frames == rows[i].frames && c.lag == rows[i].lag && c.dropped == rows[i].dropped,
		    "now %u: %u frames lag %u dropped %u, want %u, %u, %u", rows[i].now, frames, c.lag,
		    c.dropped, rows[i].frames, rows[i].lag, rows[i].dropped);
	}
}

static void the_tick_counter_wraps_cleanly(void **state)
{
	(void)state;
	clock_init(&c, 0xFFFFFFF0u, 13, 5);
	assert_int_equal(clock_frames_due(&c, 0x00000010u), 2);        /* 32 ticks */
	assert_int_equal(c.lag, 6);
	assert_int_equal(c.last, 0x10);
	assert_int_equal(c.dropped, 0);

	clock_init(&c, 0xFFFFFFFFu, 13, 5);
	assert_int_equal(clock_frames_due(&c, 12), 1);                 /* 13 ticks across the wrap */
	assert_int_equal(c.lag, 0);
}

static void zero_settings_become_1(void **state)
{
	(void)state;
	clock_init(&c, 0, 0, 0);
	assert_int_equal(c.ticks_per_frame, 1);
	assert_int_equal(c.max_catch_up, 1);
	assert_int_equal(clock_frames_due(&c, 3), 1);
	assert_int_equal(c.dropped, 2);
}

#define T(fn) cmocka_unit_test(fn)
static const struct CMUnitTest tests[] = {
	T(thirteen_ticks_make_a_frame),
	T(no_time_no_frame),
	T(a_jump_of_40_ticks_runs_3_frames_and_keeps_1_tick),
	T(catch_up_beyond_the_cap_is_dropped_and_counted),
	T(the_tick_counter_wraps_cleanly),
	T(zero_settings_become_1),
};

int main(int argc, char **argv)
{
	if (testmain_filter("clock", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
