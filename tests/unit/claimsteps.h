/*
 * claimsteps.h: a controller's claim stepped as the main loop steps it (kernel/boot/usb.c: one step a
 * pass), for the hand-off tests of test_xhci.c, test_ehci.c and test_ohci.c. The including test
 * defines `sim` (with `now_ms`, the clock its stepped waits advance a millisecond a step) first.
 */
#ifndef TESTS_UNIT_CLAIMSTEPS_H
#define TESTS_UNIT_CLAIMSTEPS_H

#include "wait.h"

/*
 * Controller 0's claim (begun by the caller) stepped to its end: its result,
 * *steps the steps that went on waiting. A step that takes more than a
 * millisecond of the clock (a claim that blocks) fails the test.
 */
static StepResult claim_by_steps(StepResult (*step)(int index), int *steps)
{
	StepResult r;

	*steps = 0;
	do {
		uint32_t t0 = sim.now_ms;

		r = step(0);
		assert_in_range(sim.now_ms - t0, 0, 1);
	} while (r == STEP_MORE && ++*steps < 5000);
	return r;
}

#endif
