/* wait.c: bounded waits on the PIT tick (140 Hz), for every driver that waits on hardware. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "io.h"
#include "pit.h"
#include "wait.h"

/*
 * A timeout's slack: two ticks more than the time asked for, so a wait
 * never gives up earlier than the hand-written loops it replaced
 * (`pit_ticks() - start > ms * PIT_TICK_HZ / 1000 + 2`).
 */
#define WAIT_SLACK_TICKS        2

/*
 * With interrupts off (the panic writing its crash report) no IRQ0 counts
 * ticks: the waits read PIT channel 0's counter instead and count its
 * reloads. In mode 3 (pit.c) it counts down from the divisor twice a period,
 * so two reloads are one tick. A counter that never moves (no PIT: the
 * local APIC timer stands in) still ends every wait: STUCK_READS reads of
 * one value count as a reload (each read is three port accesses, about
 * 1 us each on an ISA bus: 4096 reads last longer than half a tick).
 */
#define RELOADS_PER_TICK        2
#define STUCK_READS             4096

typedef struct PolledClock {
	uint32_t reloads;               /* counted while interrupts were off, since boot */
	uint16_t last;                  /* the counter at the last read */
	uint32_t same;                  /* reads in a row that gave `last` */
} PolledClock;

static PolledClock polled;              /* private to the waits: what the counter said last */
static WaitIdle idle_hook;              /* wait_set_idle */

void wait_set_idle(WaitIdle idle)
{
	idle_hook = idle;
}

/* A wait's pause: the idle time given away (true: time passed elsewhere), or spent here. */
static bool idle(void)
{
	return idle_hook && cpu_interrupts_on() && idle_hook();
}

/* The tick count: IRQ0's ticks plus those counted on the counter while interrupts were off. */
static uint32_t ticks_now(void)
{
	if (!cpu_interrupts_on()) {
		uint16_t c = pit_channel0_count();

		if (c > polled.last || (c == polled.last && ++polled.same >= STUCK_READS)) {
			polled.reloads++;       /* reloaded (it counts down), or stuck */
			polled.same = 0;
		} else if (c != polled.last) {
			polled.same = 0;
		}
		polled.last = c;
	}
	return pit_ticks() + polled.reloads / RELOADS_PER_TICK;
}

/* Ticks that cover at least ms: rounded up, plus one (the first tick may come at once). */
static uint32_t ticks_for(uint32_t ms)
{
	return (ms * PIT_TICK_HZ + 999) / 1000 + 1;
}

/*
 * The one loop: ask cond (if any) until it holds, or until `ticks` PIT
 * ticks have passed since the start; between two asks a CPU pause, or a
 * pause of poll_ms (this same loop with no condition).
 */
static bool wait_ticks(WaitCond cond, void *ctx, uint32_t ticks, uint32_t poll_ms)
{
	uint32_t start = ticks_now();

	for (;;) {
		if (cond && cond(ctx))
			return true;
		if (ticks_now() - start >= ticks)
			return false;
		if (poll_ms)
			wait_ticks(NULL, NULL, ticks_for(poll_ms), 0);
		else if (!idle())
			cpu_pause();
	}
}

bool wait_until(WaitCond cond, void *ctx, uint32_t timeout_ms, uint32_t poll_ms)
{
	return wait_ticks(cond, ctx, ticks_for(timeout_ms) + WAIT_SLACK_TICKS, poll_ms);
}

typedef struct MmioWait {
	uintptr_t addr;
	uint32_t mask, want;
	uint8_t bytes;                  /* the register's width: 1, 2 or 4 */
} MmioWait;

static bool mmio_matches(void *ctx)
{
	const MmioWait *w = ctx;
	uint32_t v = w->bytes == 1 ? mmio_read8(w->addr) : w->bytes == 2 ? mmio_read16(w->addr) : mmio_read32(w->addr);

	return (v & w->mask) == w->want;
}

static bool wait_mmio(uintptr_t addr, uint8_t bytes, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	MmioWait w = { .addr = addr, .mask = mask, .want = want, .bytes = bytes };

	return wait_until(mmio_matches, &w, timeout_ms, 0);
}

bool wait_mmio32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	return wait_mmio(addr, 4, mask, want, timeout_ms);
}

bool wait_mmio16(uintptr_t addr, uint16_t mask, uint16_t want, uint32_t timeout_ms)
{
	return wait_mmio(addr, 2, mask, want, timeout_ms);
}

bool wait_mmio8(uintptr_t addr, uint8_t mask, uint8_t want, uint32_t timeout_ms)
{
	return wait_mmio(addr, 1, mask, want, timeout_ms);
}

void wait_ms(uint32_t ms)
{
	wait_ticks(NULL, NULL, ticks_for(ms), 0);
}

uint32_t wait_deadline(uint32_t ms)
{
	return ticks_now() + ticks_for(ms);
}

bool wait_passed(uint32_t deadline)
{
	if (idle())
		return false;           /* away: the caller looks at the hardware once more first */
	return (int32_t)(ticks_now() - deadline) >= 0;
}

StepResult wait_step(StepWait *w, bool met, uint32_t timeout_ms)
{
	if (met) {
		w->armed = false;
		return STEP_DONE;
	}
	if (!w->armed) {
		*w = (StepWait){ .deadline = ticks_now() + ticks_for(timeout_ms) + WAIT_SLACK_TICKS, .armed = true };
		return STEP_MORE;
	}
	if (!wait_passed(w->deadline))
		return STEP_MORE;
	w->armed = false;
	return STEP_FAILED;
}

StepResult wait_step_pause(StepWait *w, uint32_t ms)
{
	if (!w->armed) {
		*w = (StepWait){ .deadline = wait_deadline(ms), .armed = true };
		return STEP_MORE;
	}
	if (!wait_passed(w->deadline))
		return STEP_MORE;
	w->armed = false;
	return STEP_DONE;
}
