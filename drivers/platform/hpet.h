/* hpet.h: the HPET's main counter, as a reference clock for calibrating the local APIC timer. */
#ifndef DRIVERS_HPET_H
#define DRIVERS_HPET_H

#include <stdint.h>

uint32_t hpet_start(uintptr_t base);    /* enable the main counter; its period in fs, 0 if not sane */
uint32_t hpet_read(uintptr_t base);     /* low 32 bits of the main counter */

#endif
