/* pit.h: 8253/8254 timer channel 0 — the 140 Hz game clock. */
#ifndef DRIVERS_PIT_H
#define DRIVERS_PIT_H

#include <stdint.h>

#define PIT_BASE_HZ     1193182u        /* input clock of every PIT channel */
#define PIT_TICK_HZ     140u            /* Cosmo's game clock */

void pit_init(void);
void pit_set_divisor(uint16_t divisor); /* channel 0 rate, mode 3 */
void pit_irq(void);                     /* IRQ0 handler body: counts one tick */
uint32_t pit_ticks(void);               /* monotonic count since pit_init */
void pit_wait_tick(void);               /* halt until the tick counter changes */
uint16_t pit_channel0_divisor(void);
uint16_t pit_channel0_count(void);      /* the counter now (latched): counts down, reloads twice a tick (mode 3) */

#endif
