/* lapic.h: the local APIC — enabled through its base MSR, its timer as the game clock when there is no PIT. */
#ifndef DRIVERS_LAPIC_H
#define DRIVERS_LAPIC_H

#include <stdbool.h>
#include <stdint.h>

#define LAPIC_TIMER_VECTOR    0x30      /* just above the 8259's 0x20-0x2F */
#define LAPIC_SPURIOUS_VECTOR 0xFF      /* low four bits set, as P6-era APICs require */
#define LAPIC_TIMER_DIVIDE    16

bool lapic_present(void);               /* CPUID says APIC and MSR */
bool lapic_enable(void);                /* base MSR enable bit, software enable, TPR 0; false if it cannot */
bool lapic_is_x2apic(void);             /* the firmware left it in x2APIC mode: registers are MSRs */
uintptr_t lapic_base(void);             /* xAPIC: the register page (0 in x2APIC mode) */
void lapic_timer_count_down(void);      /* one-shot, masked, from 0xFFFFFFFF: for calibration */
uint32_t lapic_timer_current(void);
void lapic_timer_periodic(uint32_t count);      /* interrupts on LAPIC_TIMER_VECTOR every count */
void lapic_eoi(void);

#endif
