/*
 * io.h (host tests only): drivers/platform/io.h with the interrupt flag the test's
 * (sim_interrupts_on), so tests/unit/test_wait.c can run wait.c's waits "with interrupts off"
 * on a simulated PIT counter. test_wait.s Makefile rule forces it in first (-include).
 */
#ifndef TESTS_SIMPIT_IO_H
#define TESTS_SIMPIT_IO_H

#define cpu_interrupts_on real_cpu_interrupts_on
#include "../../../drivers/platform/io.h"
#undef cpu_interrupts_on

int sim_interrupts_on(void);

static inline int cpu_interrupts_on(void) { return sim_interrupts_on(); }

#endif
