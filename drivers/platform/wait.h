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

#endif
