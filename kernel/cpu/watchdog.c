/* watchdog.c: counts ticks since the main loop last finished a pass; too many is a lockup panic with the interrupted EIP. */
#include <stdbool.h>
#include <stdint.h>

#include "idt.h"
#include "klog.h"
#include "panic.h"
#include "watchdog.h"

static volatile bool armed;
static volatile uint32_t since_pet, worst, limit;

void watchdog_start(uint32_t ticks_per_second)
{
	limit = ticks_per_second * WATCHDOG_LIMIT_S;
	since_pet = 0;
	armed = true;
}

void watchdog_stop(void)
{
	armed = false;
}

void watchdog_pet(void)
{
	if (since_pet > worst)
		worst = since_pet;
	since_pet = 0;
}

uint32_t watchdog_worst_gap(void)
{
	return worst;
}

/*
 * Called by the tick handler (the PIT's, or another clock's): the frame of
 * the interrupt is what the CPU was doing instead of finishing the pass.
 */
void watchdog_tick(void)
{
	const Regs *r;

	if (!armed || ++since_pet < limit)
		return;
	armed = false;
	r = idt_irq_frame();
	if (!r)
		panic("LOCKUP: NO FRAME FOR 2 SECONDS");
	klog("lockup: no main-loop pass for %u ticks; interrupted eip=0x%08x\n", (unsigned)since_pet,
	    (unsigned)r->eip);
	panic_regs("LOCKUP: NO FRAME FOR 2 SECONDS", r);
}
