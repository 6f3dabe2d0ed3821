/* test_refclock.c: a reference clock is trusted only once it counts; waits on it end even when it stops (issue 27). */
#include "testmain.h"

#include "refclock.h"

/* A fake counter: reads `value`, which moves by `step` every `every` reads (0: never). */
typedef struct Fake {
	uint32_t value, step;
	int every, reads;
} Fake;

static int pauses;

static void count_pause(void)
{
	pauses++;
}

static uint32_t fake_read(const void *ctx)
{
	Fake *f = (Fake *)(uintptr_t)ctx;

	if (f->every && ++f->reads % f->every == 0)
		f->value += f->step;
	return f->value;
}

static RefClock clock_of(const char *name, Fake *f, uint32_t hz, uint32_t mask)
{
	return (RefClock){ .name = name, .hz = hz, .mask = mask, .read = fake_read, .ctx = f };
}

static void a_pm_timer_that_never_counts_is_passed_over_for_the_hpet(void **state)
{
	Fake pm = { .value = 123 }, hpet = { .step = 1, .every = 3 };
	RefClock c[2] = { clock_of("ACPI PM timer", &pm, 3579545, 0xFFFFFF), clock_of("HPET", &hpet, 14318180, ~0u) };

	(void)state;
	pauses = 0;
	assert_int_equal(refclock_pick(c, 2, count_pause, 1000), 1);
	assert_in_range(pauses, 1000, 1000 + 3);        /* the dead one cost its bound, no more */
}

static void neither_counting_is_no_clock_after_a_bounded_wait(void **state)
{
	Fake pm = { .value = 5 }, hpet = { .value = 0xFFFFFFFF };
	RefClock c[2] = { clock_of("ACPI PM timer", &pm, 3579545, 0xFFFFFF), clock_of("HPET", &hpet, 14318180, ~0u) };

	(void)state;
	pauses = 0;
	assert_int_equal(refclock_pick(c, 2, count_pause, 500), -1);
	assert_int_equal(pauses, 2 * 500);
}

static void a_working_pm_timer_is_picked_first(void **state)
{
	Fake pm = { .step = 1, .every = 1 }, hpet = { .step = 1, .every = 1 };
	RefClock c[2] = { clock_of("ACPI PM timer", &pm, 3579545, 0xFFFFFF), clock_of("HPET", &hpet, 14318180, ~0u) };

	(void)state;
	pauses = 0;
	assert_int_equal(refclock_pick(c, 2, count_pause, 1000), 0);
	assert_int_equal(hpet.reads, 0);                /* the HPET is not even read */
}

static void a_24_bit_pm_timer_wraps(void **state)
{
	Fake pm = { 0 };
	RefClock c = clock_of("ACPI PM timer", &pm, 3579545, 0xFFFFFF);

	(void)state;
	assert_int_equal(refclock_elapsed(&c, 0xFFFFF0, 0x000010), 0x20);
	pm.value = 0x12345678;                          /* bits above 24 are not the counter's */
	assert_int_equal(refclock_read(&c), 0x345678);
}

static void a_wait_ends_when_the_counts_pass(void **state)
{
	Fake hpet = { .value = 100, .step = 10, .every = 1 };
	RefClock c = clock_of("HPET", &hpet, 14318180, ~0u);

	(void)state;
	pauses = 0;
	assert_true(refclock_wait(&c, 100, 95, count_pause, 1000000));
	assert_in_range(hpet.value, 195, 215);
	assert_in_range(pauses, 9, 11);
}

static void a_clock_that_stops_mid_wait_ends_it_at_the_bound(void **state)
{
	Fake pm = { .value = 7 };
	RefClock c = clock_of("ACPI PM timer", &pm, 3579545, 0xFFFFFF);

	(void)state;
	pauses = 0;
	assert_false(refclock_wait(&c, 7, 357954, count_pause, 2000));
	assert_int_equal(pauses, 2000);
}

static void a_slow_clock_is_waited_for_however_many_pauses_it_takes(void **state)
{
	Fake pm = { .step = 1, .every = 50 };          /* one count every 50 reads */
	RefClock c = clock_of("ACPI PM timer", &pm, 3579545, 0xFFFFFF);

	(void)state;
	pauses = 0;
	assert_true(refclock_wait(&c, 0, 100, count_pause, 60));
	assert_true(pauses > 60 * 10);                  /* far more pauses than the stall bound */
	assert_int_equal(pm.value, 100);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(a_pm_timer_that_never_counts_is_passed_over_for_the_hpet),
	cmocka_unit_test(neither_counting_is_no_clock_after_a_bounded_wait),
	cmocka_unit_test(a_working_pm_timer_is_picked_first),
	cmocka_unit_test(a_24_bit_pm_timer_wraps),
	cmocka_unit_test(a_wait_ends_when_the_counts_pass),
	cmocka_unit_test(a_clock_that_stops_mid_wait_ends_it_at_the_bound),
	cmocka_unit_test(a_slow_clock_is_waited_for_however_many_pauses_it_takes),
};

int main(int argc, char **argv)
{
	if (testmain_filter("refclock", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("refclock", tests, NULL, NULL);
}
