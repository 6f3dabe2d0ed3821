/* wait.h: the one bounded wait of the drivers — until a condition holds or a timeout in ms on the PIT tick. */
#ifndef DRIVERS_WAIT_H
#define DRIVERS_WAIT_H

#include <stdbool.h>
#include <stdint.h>

/* A condition to wait for; ctx is the caller's (what to read, where to put what it found). */
typedef bool (*WaitCond)(void *ctx);

/*
 * Ask cond(ctx) until it holds (true) or timeout_ms has passed (false):
 * at once, then after every poll_ms (0: as fast as the CPU goes). The
 * timeout counts PIT ticks and is never shorter than timeout_ms. The
 * caller logs a timeout (it knows what it waited for). Interrupts on or
 * off: with them off the ticks are counted on PIT channel 0's counter.
 */
bool wait_until(WaitCond cond, void *ctx, uint32_t timeout_ms, uint32_t poll_ms);

/* Until (register & mask) == want, at most timeout_ms: a memory-mapped register of 32, 16 or 8 bits. */
bool wait_mmio32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_ms);
bool wait_mmio16(uintptr_t addr, uint16_t mask, uint16_t want, uint32_t timeout_ms);
bool wait_mmio8(uintptr_t addr, uint8_t mask, uint8_t want, uint32_t timeout_ms);

/* A pause of at least ms milliseconds (a reset's recovery time, power settling). */
void wait_ms(uint32_t ms);

/*
 * The same pause without waiting, for a sequence the main loop steps (USB
 * attach): the PIT tick after which at least ms have passed, and whether
 * that tick has come. A deadline never comes earlier than wait_ms would return.
 */
uint32_t wait_deadline(uint32_t ms);
bool wait_passed(uint32_t deadline);

/*
 * A bring-up the main loop steps (a controller's reset, a codec's walk):
 * each call of its step function does a bounded piece of work, or starts a
 * wait and returns STEP_MORE; the next call looks again. STEP_FAILED is
 * logged by the driver.
 */
typedef enum StepResult { STEP_MORE, STEP_DONE, STEP_FAILED } StepResult;

/* One wait of such a sequence: armed at its first look, disarmed when it ends. */
typedef struct StepWait {
	uint32_t deadline;
	bool armed;
} StepWait;

/*
 * The stepped wait_until: STEP_DONE if `met`; else STEP_MORE until
 * timeout_ms has passed since the first look (as long as wait_until would
 * wait), then STEP_FAILED. The stepped wait_ms: wait_step_pause, STEP_DONE
 * once ms have passed since its first call (never earlier than wait_ms).
 */
StepResult wait_step(StepWait *w, bool met, uint32_t timeout_ms);
StepResult wait_step_pause(StepWait *w, uint32_t ms);

/*
 * The waits' idle time, given away: `idle` is asked at every pause of a
 * wait (wait_until, wait_ms, the mmio waits) and at every wait_passed, with
 * interrupts on only (never in an IRQ handler). It may run something else
 * and return true when it did (the kernel's devices fiber handing the CPU
 * back to the main loop, kernel/boot/bringup.c); the wait then looks at its
 * condition again before it judges the time, so time spent elsewhere never
 * turns into a timeout the hardware did not earn, and never shortens a
 * pause. NULL (the default): the waits spin.
 */
typedef bool (*WaitIdle)(void);
void wait_set_idle(WaitIdle idle);

/* Run a step function to its end here (unit tests; a caller that may block): cpu pauses between calls. */
#define STEP_RUN(call) ({ StepResult r_; while ((r_ = (call)) == STEP_MORE) cpu_pause(); r_; })

#endif
