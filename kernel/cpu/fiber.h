/*
 * fiber.h: a second line of execution on its own stack (boot/entry.S), run
 * by the main loop in its idle time and handing the CPU back itself — the
 * devices' bring-up, so that a driver's wait on hardware never holds the loop
 * (kernel/boot/bringup.c). Cooperative: it runs only inside fiber_resume and
 * stops only where it calls fiber_yield (or returns).
 */
#ifndef KERNEL_FIBER_H
#define KERNEL_FIBER_H

#include <stdbool.h>
#include <stdint.h>

typedef void (*FiberFn)(void *arg);

/* Ready to run fn(arg) from its start at the first fiber_resume. One fiber at a time (one stack). */
void fiber_init(FiberFn fn, void *arg);

/* Main line: run the fiber until it yields or returns. True once it has returned (then never again). */
bool fiber_resume(void);

/* On the fiber: back to whoever resumed it; returns at the next fiber_resume. */
void fiber_yield(void);

bool fiber_inside(void);                /* running on the fiber (not the main line, not an IRQ on the main line) */
uint32_t fiber_stack_used(void);        /* the fiber stack's deepest use so far, bytes (its untouched pattern) */

#endif
