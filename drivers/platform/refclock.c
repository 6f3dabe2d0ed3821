/* refclock.c: pick a reference clock that really counts, and bounded waits on it (pure: the reads come as functions). */
#include <stdbool.h>
#include <stdint.h>

#include "refclock.h"

int refclock_pick(const RefClock *c, int n, void (*pause)(void), uint32_t spins)
{
	for (int i = 0; i < n; i++) {
		uint32_t first;

		if (!c[i].read || c[i].hz == 0)
			continue;
		first = refclock_read(&c[i]);
		for (uint32_t k = 0; k < spins; k++) {
			pause();
			if (refclock_read(&c[i]) != first)
				return i;
		}
	}
	return -1;
}

bool refclock_wait(const RefClock *c, uint32_t from, uint32_t counts, void (*pause)(void), uint32_t stall)
{
	uint32_t last = refclock_read(c), still = 0;

	while (refclock_elapsed(c, from, last) < counts) {
		uint32_t now;

		pause();
		now = refclock_read(c);
		if (now != last)
			still = 0;
		else if (++still >= stall)
			return false;           /* it stopped: the wait would never end */
		last = now;
	}
	return true;
}
