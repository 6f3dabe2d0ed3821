/* refclock.h: a reference clock (the ACPI PM timer or the HPET) behind one face, trusted only once it is seen to count. */
#ifndef DRIVERS_REFCLOCK_H
#define DRIVERS_REFCLOCK_H

#include <stdbool.h>
#include <stdint.h>

typedef struct RefClock {
	const char *name;               /* "ACPI PM timer", "HPET" */
	uint32_t hz;                    /* counts per second */
	uint32_t mask;                  /* the counter's width: 0x00FFFFFF (24-bit PM timer) or 0xFFFFFFFF */
	uint32_t (*read)(const void *ctx);
	const void *ctx;
} RefClock;

/*
 * Real PCs have PM timers and HPETs that never count (disabled by the
 * firmware, a broken chipset): a wait bounded by such a clock never ends. A
 * clock is trusted once it moves within `spins` reads, each after one
 * `pause` (~1 us: a port write); the first of `c[0..n-1]` that does is
 * returned, -1 if none does (each dead one costs at most `spins` pauses).
 */
int refclock_pick(const RefClock *c, int n, void (*pause)(void), uint32_t spins);

static inline uint32_t refclock_read(const RefClock *c)
{
	return c->read(c->ctx) & c->mask;
}

static inline uint32_t refclock_elapsed(const RefClock *c, uint32_t from, uint32_t to)
{
	return (to - from) & c->mask;
}

/*
 * Wait until `counts` of the clock have passed since `from`: true then;
 * false as soon as the clock has shown the same value for `stall` reads in
 * a row (one `pause` apart), i.e. it stopped counting mid-wait. Only a
 * stopped clock ends the wait early: a slow wait is never cut short.
 */
bool refclock_wait(const RefClock *c, uint32_t from, uint32_t counts, void (*pause)(void), uint32_t stall);

#endif
