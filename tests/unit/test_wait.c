/* test_wait.c: the one bounded wait (drivers/platform/wait.c) on a simulated PIT: what it asks, how long it waits. */
#include "testmain.h"

#include "pit.h"
#include "wait.c"       /* the code under test, with the PIT below instead of the real one */

/* The simulated PIT: every read is one tick later; at tick `reg_set_at` a bit appears in `reg`. */
static uint32_t now, reg_set_at;
static volatile uint32_t reg;
static bool irq_off;                    /* interrupts off: IRQ0 counts nothing, the counter runs */

int sim_interrupts_on(void)
{
	return !irq_off;
}

/*
 * Channel 0's counter with interrupts off: mode 3 with the game's divisor,
 * counting down 2 a clock and reloading twice a tick; each read is
 * `clocks_per_read` input clocks later. A stuck counter (no PIT) never moves.
 */
static uint32_t clocks, clocks_per_read, counter_reads;
static bool counter_stuck;
#define SIM_DIVISOR     8523u

uint16_t pit_channel0_count(void)
{
	uint32_t half = SIM_DIVISOR / 2, in_half;

	counter_reads++;
	if (counter_stuck)
		return 0x1234;
	clocks += clocks_per_read;
	in_half = clocks % half;
	return (uint16_t)(SIM_DIVISOR - 2 * in_half);
}

uint32_t pit_ticks(void)
{
	if (irq_off)
		return now;             /* no IRQ0 */
	now++;
	if (reg_set_at && now == reg_set_at)
		reg |= 0x10;
	return now;
}

static int asks, holds_at;

/* The idle hook (the kernel's fiber giving the CPU back): each call that takes the time spends away_ticks elsewhere. */
static int idles, asks_at_idle[64];
static uint32_t away_ticks;
static bool idle_refuses;               /* the hook says it ran nothing (the fiber's slice is not over) */

static bool sim_idle(void)
{
	if (idles < 64)
		asks_at_idle[idles] = asks;
	idles++;
	if (idle_refuses)
		return false;
	now += away_ticks;                      /* the main loop's pass, elsewhere */
	return true;
}

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
	irq_off = counter_stuck = false;
	polled = (PolledClock){ 0 };
	clocks = counter_reads = 0;
	clocks_per_read = 100;
	asks = 0;
	holds_at = 1 << 30;
	wait_set_idle(NULL);
	idles = away_ticks = 0;
	idle_refuses = false;
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

/* PIT input clocks that one tick lasts, and that a wait of ms lasted on the simulated counter. */
static uint32_t clocks_of_ms(uint32_t ms)
{
	return (uint32_t)((uint64_t)ms * PIT_BASE_HZ / 1000);
}

/* Interrupts off (the panic): the counter's reloads end the wait, never sooner than asked, and not much later. */
static void with_interrupts_off_the_counter_times_the_wait(void **state)
{
	static const uint32_t ms[] = { 1, 10, 20, 100, 500 };
	static const uint32_t per_read[] = { 3, 100, 1000, 4000 };  /* fast CPU .. slow condition */

	for (size_t i = 0; i < ARRAY_LEN(ms); i++)
		for (size_t j = 0; j < ARRAY_LEN(per_read); j++) {
			uint32_t took, want = clocks_of_ms(ms[i]);

			reset(state);
			irq_off = true;
			clocks_per_read = per_read[j];
			assert_false(wait_until(counted, NULL, ms[i], 0));
			took = clocks;
			assert_row(took >= want, "%u ms at %u clocks a read: gave up after %u clocks (%u wanted)",
			    (unsigned)ms[i], (unsigned)per_read[j], (unsigned)took, (unsigned)want);
			/* ticks_for + slack: at most 4 ticks more than asked, and half a tick a read at worst */
			assert_row(took <= want + 5 * SIM_DIVISOR + 2 * per_read[j], "%u ms at %u clocks a read: %u clocks",
			    (unsigned)ms[i], (unsigned)per_read[j], (unsigned)took);
			assert_int_equal(now, 0);       /* no IRQ0 tick was counted */
		}
}

static void with_interrupts_off_a_condition_still_ends_the_wait_at_once(void **state)
{
	(void)state;
	irq_off = true;
	holds_at = 3;
	assert_true(wait_until(counted, NULL, 1000, 0));
	assert_int_equal(asks, 3);
	assert_true(clocks < SIM_DIVISOR);
}

/* No PIT counter (the APIC timer stands in, the counter never moves): still bounded. */
static void with_interrupts_off_a_stuck_counter_still_ends_the_wait(void **state)
{
	(void)state;
	irq_off = true;
	counter_stuck = true;
	assert_false(wait_until(counted, NULL, 100, 0));
	/* 100 ms: 14 + 1 + 2 ticks, 2 reloads each, STUCK_READS reads a reload (the first read counts one) */
	assert_true(counter_reads >= (17u * 2 - 1) * 4096);
	assert_true(counter_reads <= 17u * 2 * 4096 + 1);
}

/* A pause and a deadline taken with interrupts off count the counter too; on again, IRQ0's ticks go on from there. */
static void a_pause_with_interrupts_off_and_a_deadline_across_them(void **state)
{
	uint32_t d;

	(void)state;
	irq_off = true;
	wait_ms(50);
	assert_true(clocks >= clocks_of_ms(50));
	irq_off = false;
	d = wait_deadline(10);
	assert_false(wait_passed(d));
	while (!wait_passed(d))
		;
	assert_true(now >= 10 * PIT_TICK_HZ / 1000 + 1);
}

/*
 * The wait gives its pauses to the idle hook, and after time spent
 * elsewhere asks its condition again before it judges the time: a
 * condition that came true while the loop ran ends the wait as a success,
 * even when the time ran out meanwhile.
 */
static void time_spent_elsewhere_is_never_a_timeout_the_hardware_did_not_earn(void **state)
{
	(void)state;
	wait_set_idle(sim_idle);
	away_ticks = 1000;                      /* far past the 10 ms timeout at once */
	holds_at = 2;                           /* true at the second ask: the one after the first idle */
	assert_true(wait_until(counted, NULL, 10, 0));
	assert_int_equal(idles, 1);
	assert_int_equal(asks_at_idle[0], 1);   /* it asked, gave the time away, asked again */
}

static void a_wait_with_idle_time_still_times_out(void **state)
{
	(void)state;
	wait_set_idle(sim_idle);
	away_ticks = 1;
	assert_false(wait_until(counted, NULL, 50, 0));
	assert_true(now >= old_limit(50));      /* never shorter than asked, whoever had the time */
	assert_true(idles > 0);
	assert_int_equal(asks, idles + 1);      /* an ask after every idle, and the first before it */
}

/* wait_passed after time elsewhere says "not yet" once, so its caller looks at the hardware first. */
static void wait_passed_after_idle_time_lets_the_caller_look_again(void **state)
{
	uint32_t d;

	(void)state;
	d = wait_deadline(10);
	wait_set_idle(sim_idle);
	away_ticks = 1000;
	assert_false(wait_passed(d));           /* away: the deadline went by there */
	idle_refuses = true;                    /* back, and the slice is fresh: now it is judged */
	assert_true(wait_passed(d));
}

/* Interrupts off (an IRQ handler, the panic's crash report): the hook is never asked; the wait spins. */
static void with_interrupts_off_the_idle_hook_is_never_asked(void **state)
{
	(void)state;
	wait_set_idle(sim_idle);
	irq_off = true;
	holds_at = 50;
	assert_true(wait_until(counted, NULL, 100, 0));
	wait_ms(5);
	(void)wait_passed(wait_deadline(1));
	assert_int_equal(idles, 0);
}

/* A pause given away still lasts its ms: it ends only once the ticks have passed. */
static void a_pause_given_away_lasts_its_ms(void **state)
{
	(void)state;
	wait_set_idle(sim_idle);
	away_ticks = 0;                         /* the hook ran, but nothing else took time */
	wait_ms(20);
	assert_true(now >= 20 * PIT_TICK_HZ / 1000 + 1);
	assert_true(idles > 0);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(time_spent_elsewhere_is_never_a_timeout_the_hardware_did_not_earn, reset),
	cmocka_unit_test_setup(a_wait_with_idle_time_still_times_out, reset),
	cmocka_unit_test_setup(wait_passed_after_idle_time_lets_the_caller_look_again, reset),
	cmocka_unit_test_setup(with_interrupts_off_the_idle_hook_is_never_asked, reset),
	cmocka_unit_test_setup(a_pause_given_away_lasts_its_ms, reset),
	cmocka_unit_test_setup(a_condition_that_holds_is_asked_once, reset),
	cmocka_unit_test_setup(a_condition_that_comes_true_ends_the_wait, reset),
	cmocka_unit_test_setup(a_timeout_is_never_shorter_than_the_old_loops, reset),
	cmocka_unit_test_setup(a_pause_lasts_at_least_its_ms_even_if_a_tick_comes_at_once, reset),
	cmocka_unit_test_setup(a_poll_period_spaces_the_asks, reset),
	cmocka_unit_test_setup(a_deadline_never_comes_sooner_than_its_pause, reset),
	cmocka_unit_test_setup(a_register_bit_that_comes_ends_the_wait, reset),
	cmocka_unit_test_setup(with_interrupts_off_the_counter_times_the_wait, reset),
	cmocka_unit_test_setup(with_interrupts_off_a_condition_still_ends_the_wait_at_once, reset),
	cmocka_unit_test_setup(with_interrupts_off_a_stuck_counter_still_ends_the_wait, reset),
	cmocka_unit_test_setup(a_pause_with_interrupts_off_and_a_deadline_across_them, reset),
};

int main(int argc, char **argv)
{
	if (testmain_filter("wait", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("wait", tests, NULL, NULL);
}
