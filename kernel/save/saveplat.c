/* saveplat.c: the save area's two platform needs — a millisecond clock and the power-cut tests' stop. */
#include "klog.h"
#include "pit.h"
#include "saveio.h"
#include "watchdog.h"

uint32_t save_now_ms(void)
{
	return (uint32_t)((uint64_t)pit_ticks() * 1000u / PIT_TICK_HZ);
}

void save_stop(uint32_t n)
{
	klog("savecut: stopped after write %u\n", (unsigned)n);
	watchdog_stop();                /* halting for good is meant */
	for (;;)
		__asm__ volatile("cli; hlt");
}
