/* test_rng.c: xorshift32 — a fixed seed gives a fixed sequence, seed 0 is remapped, rng_below bounds. */
#include "testmain.h"

#include "rng.h"

/* xorshift32 (Marsaglia, shifts 13, 17, 5) spelled out step by step, to check the module against. */
static uint32_t reference_next(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

static void seed_1_gives_the_xorshift32_sequence(void **state)
{
	/*
	 * By hand for the first: 1 ^ (1 << 13) = 0x2001; 0x2001 >> 17 = 0;
	 * 0x2001 ^ (0x2001 << 5) = 0x2001 ^ 0x40020 = 0x42021 = 270369.
	 */
	static const uint32_t want[] = { 270369u, 67634689u, 2647435461u, 307599695u, 2398689233u };
	Rng r;
	uint32_t ref = 1;

	(void)state;
	rng_seed(&r, 1);
	for (size_t i = 0; i < ARRAY_LEN(want); i++) {
		uint32_t got = rng_next(&r);

		assert_row(got == want[i], "value %zu: %u, want %u", i + 1, got, want[i]);
		assert_row(got == reference_next(&ref), "value %zu differs from the reference", i + 1);
	}
}

static void any_seed_follows_the_reference_for_a_long_run(void **state)
{
	static const uint32_t seeds[] = { 2, 12345, 0x80000000u, 0xFFFFFFFFu, 0xDEADBEEFu };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(seeds); i++) {
		Rng r;
		uint32_t ref = seeds[i];

		rng_seed(&r, seeds[i]);
		for (int n = 0; n < 1000; n++)
			assert_row(rng_next(&r) == reference_next(&ref), "seed 0x%08X value %d", seeds[i], n + 1);
	}
}

static void the_same_seed_repeats_the_same_sequence(void **state)
{
	Rng a, b;

	(void)state;
	rng_seed(&a, 42);
	rng_seed(&b, 42);
	for (int n = 0; n < 100; n++)
		assert_row(rng_next(&a) == rng_next(&b), "value %d", n + 1);
}

static void seed_0_is_remapped_and_never_yields_0(void **state)
{
	Rng r, other;

	(void)state;
	rng_seed(&r, 0);
	assert_int_equal(r.s, 0x2545F491u);
	rng_seed(&other, 0x2545F491u);
	for (int n = 0; n < 10000; n++) {
		uint32_t v = rng_next(&r);

		assert_row(v != 0, "value %d is 0: the generator is stuck", n + 1);
		assert_row(v == rng_next(&other), "value %d", n + 1);
	}
}

static void below_stays_below_n_and_reaches_every_value(void **state)
{
	static const uint32_t ns[] = { 1, 2, 6, 7, 100 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ns); i++) {
		Rng r;
		bool seen[100] = { false };
		uint32_t n = ns[i];

		rng_seed(&r, 7);
		for (int k = 0; k < 5000; k++) {
			uint32_t v = rng_below(&r, n);

			assert_row(v < n, "below(%u) gave %u", n, v);
			seen[v] = true;
		}
		for (uint32_t v = 0; v < n; v++)
			assert_row(seen[v], "below(%u) never gave %u in 5000 draws", n, v);
	}
}

static void below_is_next_modulo_n(void **state)
{
	Rng a, b;

	(void)state;
	rng_seed(&a, 1);
	rng_seed(&b, 1);
	assert_int_equal(rng_below(&a, 10), 270369u % 10);     /* 9 */
	assert_int_equal(rng_below(&a, 1000), 67634689u % 1000);       /* 689 */
	assert_int_equal(rng_below(&a, 1), 0);
	/* Each call takes exactly one value from the sequence. */
	rng_next(&b);
	rng_next(&b);
	rng_next(&b);
	assert_int_equal(rng_next(&a), rng_next(&b));
	/* n = 0 is outside the contract; it answers 0 rather than dividing by zero. */
	assert_int_equal(rng_below(&a, 0), 0);
}

#define T(fn) cmocka_unit_test(fn)
static const struct CMUnitTest tests[] = {
	T(seed_1_gives_the_xorshift32_sequence),
	T(any_seed_follows_the_reference_for_a_long_run),
	T(the_same_seed_repeats_the_same_sequence),
	T(seed_0_is_remapped_and_never_yields_0),
	T(below_stays_below_n_and_reaches_every_value),
	T(below_is_next_modulo_n),
};

int main(int argc, char **argv)
{
	if (testmain_filter("rng", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("rng", tests, NULL, NULL);
}
