/* pit.c: PIT channel 0 programmed to 140 Hz, driving the monotonic tick counter. */
#include <stdint.h>

#include "io.h"
#include "pit.h"

#define PIT_CH0         0x0040
#define PIT_CMD         0x0043
#define PIT_CMD_CH0_RATE 0x36           /* channel 0, lobyte/hibyte, mode 3, binary */
#define PIT_CMD_CH0_LATCH 0x00          /* counter latch command, channel 0 (8254 datasheet) */

/*
 * 1193182 / 140 = 8522.7, rounded to 8523: 139.997 Hz, 0.002% slow.
 * NOTE: cosmore computes 1192030 / 140 = 8514 (140.14 Hz) from a slightly
 * wrong base clock; we use the true one.
 */
#define PIT_CH0_DIVISOR ((PIT_BASE_HZ + PIT_TICK_HZ / 2) / PIT_TICK_HZ)

static volatile uint32_t ticks;

void pit_init(void)
{
	pit_set_divisor(PIT_CH0_DIVISOR);
}

/* Channel 0 at PIT_BASE_HZ / divisor (the boot probe runs it fast for a moment). */
void pit_set_divisor(uint16_t divisor)
{
	outb(PIT_CMD, PIT_CMD_CH0_RATE);
	outb(PIT_CH0, divisor & 0xFF);
	outb(PIT_CH0, divisor >> 8);
}

/* One game tick: IRQ0, or the local APIC timer standing in for a missing PIT (kernel/cpu/timer.c). */
void pit_irq(void)
{
	ticks++;
}

uint32_t pit_ticks(void)
{
	return ticks;   /* an aligned 32-bit read is atomic on x86 */
}

/* Wait for the next tick with interrupts on; the CPU sleeps in between. */
void pit_wait_tick(void)
{
	uint32_t start = ticks;

	while (ticks == start)
		cpu_sti_hlt();
}

uint16_t pit_channel0_divisor(void)
{
	return PIT_CH0_DIVISOR;
}

/* Channel 0's counter, latched so the two bytes belong together (the 8254's counter latch command). */
uint16_t pit_channel0_count(void)
{
	uint32_t f = cpu_save_flags_cli();
	uint8_t lo, hi;

	outb(PIT_CMD, PIT_CMD_CH0_LATCH);
	lo = inb(PIT_CH0);
	hi = inb(PIT_CH0);
	cpu_restore_flags(f);
	return (uint16_t)(hi << 8 | lo);
}
