/* timer.h: the 140 Hz game tick from the PIT, or from the local APIC timer when PIT interrupts never come. */
#ifndef KERNEL_TIMER_H
#define KERNEL_TIMER_H

#include <stdbool.h>
#include <stdint.h>

#include "idt.h"
#include "acpi.h"

typedef enum TickClock {
	TICK_PIT,                       /* PIT channel 0 on IRQ0 (the 8259) */
	TICK_LAPIC_PM,                  /* local APIC timer, calibrated against the ACPI PM timer */
	TICK_LAPIC_HPET,                /* local APIC timer, calibrated against the HPET */
	TICK_NONE,                      /* no PIT interrupts, nothing to stand in: the game cannot run */
} TickClock;

TickClock timer_start(IrqHandler tick, const AcpiInfo *tables);        /* probe, choose, start; `tick` runs 140 times a second */
bool timer_speaker_works(void);         /* the PC speaker needs PIT channel 2 */
TickClock timer_clock(void);            /* what timer_start chose */
const char *timer_problem(void);        /* TICK_NONE: why, as the screen's headline */
uint64_t timer_now_us(void);            /* microseconds, for short spans: the reference clock, else the tick */

#endif
