/* saveplat.c: the save area's two platform needs — a microsecond clock and the power-cut tests' stop. */
#include "klog.h"
#include "saveio.h"
#include "timer.h"
#include "watchdog.h"

uint32_t save_now_us(void)
{
	return (uint32_t)timer_now_us();
}

void save_stop(uint32_t n)
{
	klog("savecut: stopped after write %u\n", (unsigned)n);
	watchdog_stop();                /* halting for good is meant */
	for (;;)
		__asm__ volatile("cli; hlt");
}
