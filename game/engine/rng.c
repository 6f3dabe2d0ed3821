/* rng.c: xorshift32 — tiny, fast, and the same sequence on every machine. */
#include <stdint.h>

#include "rng.h"

void rng_seed(Rng *r, uint32_t seed)
{
	r->s = seed ? seed : 0x2545F491u;       /* xorshift must not start at 0 */
}

uint32_t rng_next(Rng *r)
{
	uint32_t x = r->s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return r->s = x;
}

uint32_t rng_below(Rng *r, uint32_t n)
{
	return n ? rng_next(r) % n : 0;
}
