/* watchdog.h: the lockup detector — the timer tick notices a main loop that stopped finishing ticks. */
#ifndef KERNEL_WATCHDOG_H
#define KERNEL_WATCHDOG_H

#include <stdint.h>

#define WATCHDOG_LIMIT_S 2              /* seconds without a finished loop pass: "lockup" */

void watchdog_start(uint32_t ticks_per_second);        /* armed from now on */
void watchdog_stop(void);               /* freeze, halt: waiting forever is meant */
void watchdog_pet(void);                /* the main loop finished a pass */
void watchdog_tick(void);               /* from the tick interrupt, whichever clock drives it */
uint32_t watchdog_worst_gap(void);      /* most ticks seen between two pets so far */

#endif
