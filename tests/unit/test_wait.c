/* test_wait.c: the one bounded wait (drivers/platform/wait.c) on a simulated PIT: what it asks, how long it waits. */
#include "testmain.h"

#include "pit.h"
#include "wait.c"       /* the code under test, with the PIT below instead of the real one */

/* The simulated PIT: every read is one tick later; at tick `reg_set_at` a bit appears in `reg`. */
static uint32_t now, reg_set_at;
static volatile uint32_t reg;

uint32_t pit_ticks(void)
{
	now++;
	if (reg_set_at && now == reg_set_at)
		reg |= 0x10;
	return now;
}

static int asks, holds_at;

static bool counted(void *ctx)
{
	(void)ctx;
	return ++asks >= holds_at;
}

static int reset(void **state)
{
	(void)state;
	now = reg_set_at = 0;
	reg = 0;
	asks = 0;
	holds_at = 1 << 30;
	return 0;
}

/* The loops wait.c replaced gave up once `ticks - start > ms * PIT_TICK_HZ / 1000 + 2`. */
static uint32_t old_limit(uint32_t ms)
{
	return ms * PIT_TICK_HZ / 1000 + 2;
}

static void a_condition_that_holds_is_asked_once(void **state)
{
	(void)state;
	holds_at = 1;
	assert_true(wait_until(counted, NULL, 100, 0));
	assert_int_equal(asks, 1);
}

static void a_condition_that_comes_true_ends_the_wait(void **state)
{
	(void)state;
	holds_at = 5;
	assert_true(wait_until(counted, NULL, 100, 0));
	assert_int_equal(asks, 5);
}

static void a_timeout_is_never_shorter_than_the_old_loops(void **state)
{
	static const uint32_t ms[] = { 1, 10, 16, 20, 100, 200, 500, 1000 };

	for (size_t i = 0; i < ARRAY_LEN(ms); i++) {
		uint32_t start;

		reset(state);
		start = now + 1;                /* wait_until's first read */
		assert_false(wait_until(counted, NULL, ms[i], 0));
		assert_row(now - start > old_limit(ms[i]), "%u ms: gave up after %u ticks", (unsigned)ms[i],
		    (unsigned)(now - start));
		assert_row(now - start <= old_limit(ms[i]) + 3, "%u ms: waited %u ticks", (unsigned)ms[i],
		    (unsigned)(now - start));
	}
}

static void a_pause_lasts_at_least_its_ms_even_if_a_tick_comes_at_once(void **state)
{
	static const uint32_t ms[] = { 1, 7, 10, 20, 100 };

	for (size_t i = 0; i < ARRAY_LEN(ms); i++) {
		uint32_t start;

		reset(state);
		start = now + 1;
		wait_ms(ms[i]);
		/* the first tick may come right after the start: only the ticks after it count in full */
		assert_row((now - start - 1) * 1000 >= ms[i] * PIT_TICK_HZ, "%u ms: %u ticks", (unsigned)ms[i],
		    (unsigned)(now - start));
	}
}

/* The deadline a stepped sequence (the USB attach) comes back at: never sooner than wait_ms would return. */
static void a_deadline_never_comes_sooner_than_its_pause(void **state)
{
	static const uint32_t ms[] = { 0, 1, 7, 10, 25, 100, 1500 };

	for (size_t i = 0; i < ARRAY_LEN(ms); i++) {
		uint32_t start, d;

		reset(state);
		start = now + 1;
		d = wait_deadline(ms[i]);
		while (!wait_passed(d))
			;
		assert_row((now - start - 1) * 1000 >= ms[i] * PIT_TICK_HZ, "%u ms: came after %u ticks",
		    (unsigned)ms[i], (unsigned)(now - start));
		assert_row(now - start <= ms[i] * PIT_TICK_HZ / 1000 + 3, "%u ms: came after %u ticks",
		    (unsigned)ms[i], (unsigned)(now - start));
	}
	reset(state);
	now = UINT32_MAX - 2;                   /* the tick count wraps */
	{
		uint32_t d = wait_deadline(10);

		assert_false(wait_passed(d));
		while (!wait_passed(d))
			;
		assert_true(now < 10);
	}
}

static uint32_t last_ask, shortest_gap;

static bool spaced(void *ctx)
{
	(void)ctx;
	if (asks++ && now - last_ask < shortest_gap)
		shortest_gap = now - last_ask;
	last_ask = now;
	return false;
}

static void a_poll_period_spaces_the_asks(void **state)
{
	(void)state;
	shortest_gap = UINT32_MAX;
	assert_false(wait_until(spaced, NULL, 500, 10));
	/* 10 ms is 1.4 ticks: at least 3 ticks (the first may come at once) between two asks */
	assert_true(asks > 1);
	assert_true(shortest_gap >= 3);
}

static void a_register_bit_that_comes_ends_the_wait(void **state)
{
	(void)state;
	reg_set_at = 9;
	assert_true(wait_mmio32((uintptr_t)&reg, 0x10, 0x10, 200));
	assert_int_equal(now, 9);
	reset(state);
	assert_false(wait_mmio32((uintptr_t)&reg, 0x10, 0x10, 200));
	reset(state);
	reg = 0x11;                             /* waiting for the bit to clear */
	assert_false(wait_mmio32((uintptr_t)&reg, 0x10, 0, 20));
	reg = 0x01;
	assert_true(wait_mmio32((uintptr_t)&reg, 0x10, 0, 20));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(a_condition_that_holds_is_asked_once, reset),
	cmocka_unit_test_setup(a_condition_that_comes_true_ends_the_wait, reset),
	cmocka_unit_test_setup(a_timeout_is_never_shorter_than_the_old_loops, reset),
	cmocka_unit_test_setup(a_pause_lasts_at_least_its_ms_even_if_a_tick_comes_at_once, reset),
	cmocka_unit_test_setup(a_poll_period_spaces_the_asks, reset),
	cmocka_unit_test_setup(a_deadline_never_comes_sooner_than_its_pause, reset),
	cmocka_unit_test_setup(a_register_bit_that_comes_ends_the_wait, reset),
};

int main(int argc, char **argv)
{
	if (testmain_filter("wait", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("wait", tests, NULL, NULL);
}
