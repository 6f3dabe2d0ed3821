/* rng.h: the simulation's deterministic random numbers; the state lives in the world. */
#ifndef GAME_RNG_H
#define GAME_RNG_H

#include <stdint.h>

typedef struct Rng {
	uint32_t s;
} Rng;

void rng_seed(Rng *r, uint32_t seed);
uint32_t rng_next(Rng *r);                      /* 32 random bits */
uint32_t rng_below(Rng *r, uint32_t n);         /* 0 .. n-1, n >= 1 */

#endif
