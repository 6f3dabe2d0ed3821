/*
 * simplatform.h: the platform a driver under test links against, on a simulated device —
 * drvlog into logbuf (COM1), and the bounded waits (drivers/platform/wait.h) stepping the
 * simulation one millisecond at a time (a stepped wait: a millisecond a step). The including test defines `sim` (with `now_ms`) and
 * `sim_step()` first (tests/unit/xhcisim.h, uhcisim.h, ohcisim.h, hdasim.h).
 */
#ifndef TESTS_SIMPLATFORM_H
#define TESTS_SIMPLATFORM_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "wait.h"

#include "simlog.h"          /* drvlog into logbuf */

/* Ask cond after each step of the device; each ask one ms (or poll_ms) later. */
bool wait_until(WaitCond cond, void *ctx, uint32_t timeout_ms, uint32_t poll_ms)
{
	uint32_t start = sim.now_ms;

	for (;;) {
		sim_step();
		if (cond && cond(ctx))
			return true;
		if (sim.now_ms - start >= timeout_ms)
			return false;
		sim.now_ms += poll_ms ? poll_ms : 1;
	}
}

typedef struct SimRegWait {
	uintptr_t addr;
	uint32_t mask, want;
	uint8_t bytes;
} SimRegWait;

static bool sim_reg_is(void *ctx)
{
	SimRegWait *w = ctx;
	uint32_t v = w->bytes == 1 ? mmio_read8(w->addr) : w->bytes == 2 ? mmio_read16(w->addr) : mmio_read32(w->addr);

	return (v & w->mask) == w->want;        /* through the simulation, as the driver reads */
}

static bool sim_wait_mmio(uintptr_t addr, uint8_t bytes, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	SimRegWait w = { .addr = addr, .mask = mask, .want = want, .bytes = bytes };

	return wait_until(sim_reg_is, &w, timeout_ms, 0);
}

bool wait_mmio32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	return sim_wait_mmio(addr, 4, mask, want, timeout_ms);
}

bool wait_mmio16(uintptr_t addr, uint16_t mask, uint16_t want, uint32_t timeout_ms)
{
	return sim_wait_mmio(addr, 2, mask, want, timeout_ms);
}

bool wait_mmio8(uintptr_t addr, uint8_t mask, uint8_t want, uint32_t timeout_ms)
{
	return sim_wait_mmio(addr, 1, mask, want, timeout_ms);
}

void wait_ms(uint32_t ms)
{
	wait_until(NULL, NULL, ms, 0);
}

uint32_t wait_deadline(uint32_t ms)
{
	return sim.now_ms + ms;
}

bool wait_passed(uint32_t deadline)
{
	return (int32_t)(sim.now_ms - deadline) >= 0;
}

/* A step that goes on waiting: the next one comes a millisecond later (the main loop's next pass). */
static StepResult sim_later(void)
{
	sim.now_ms++;
	sim_step();
	return STEP_MORE;
}

StepResult wait_step(StepWait *w, bool met, uint32_t timeout_ms)
{
	if (met) {
		w->armed = false;
		return STEP_DONE;
	}
	if (!w->armed)
		*w = (StepWait){ .deadline = sim.now_ms + timeout_ms, .armed = true };
	else if (wait_passed(w->deadline)) {
		w->armed = false;
		return STEP_FAILED;
	}
	return sim_later();
}

StepResult wait_step_pause(StepWait *w, uint32_t ms)
{
	if (!w->armed)
		*w = (StepWait){ .deadline = sim.now_ms + ms, .armed = true };
	if (!wait_passed(w->deadline))
		return sim_later();
	w->armed = false;
	return STEP_DONE;
}

#endif
