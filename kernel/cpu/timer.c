/* timer.c: check that PIT interrupts arrive (bounded); if not, run the game tick on the local APIC timer. */
#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "hpet.h"
#include "idt.h"
#include "io.h"
#include "klog.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "timer.h"

#define PROBE_DIVISOR    40             /* ~30 kHz for the probe: an interrupt every 34 us */
#define PROBE_TICKS      3              /* this many IRQ0s prove the PIT works */
#define PROBE_MS         100            /* wait at most this long for them */
/*
 * Without a reference clock (no ACPI: a 486, QEMU's isapc) the wait is
 * counted in io_wait()s of ~1 us, and given 2 s, not PROBE_MS: under an
 * emulator a port write can take far less than 1 us of host time while the
 * host is too busy to deliver the PIT's interrupts (isapc on a loaded
 * machine missed them in 2 of 10 boots at 100 ms). A working PIT answers in
 * ~100 us, so only a missing one pays the wait, and such a machine has no
 * other clock to fall back on anyway.
 */
#define PROBE_SPINS      (2000u * 1000u)
#define CAL_MS           100            /* calibration window */
#define BRACKET_US       20             /* a reading counts when the reference moved at most this */
#define BRACKET_TRIES    16

static TickClock clock_used = TICK_NONE;
static IrqHandler tick_fn;
static AcpiInfo acpi;
static uintptr_t hpet;
static uint32_t hpet_fs;                /* HPET period in femtoseconds */

/* The reference clock: the ACPI PM timer, else the HPET; its rate; false if there is none. */
static bool ref_hz(uint32_t *hz)
{
	if (acpi.pm_port) {
		*hz = ACPI_PM_HZ;
		return true;
	}
	if (hpet_fs) {
		*hz = (uint32_t)(1000000000000000ull / hpet_fs);
		return true;
	}
	return false;
}

static uint32_t ref_read(void)
{
	return acpi.pm_port ? acpi_pm_read(&acpi) : hpet_read(hpet);
}

static uint32_t ref_elapsed(uint32_t from, uint32_t to)
{
	return acpi.pm_port ? acpi_pm_elapsed(&acpi, from, to) : to - from;
}

/*
 * Wait for PROBE_TICKS IRQ0s with the PIT running fast, interrupts on, only
 * IRQ0 unmasked; never hlt (with no PIT nothing would wake us). Bounded by
 * the reference clock when there is one, else by a count of port writes.
 */
static bool pit_probe(uint32_t *us)
{
	uint32_t hz = 0, start = 0, limit = 0, spins = 0, t0 = pit_ticks();
	bool have_ref = ref_hz(&hz), ok = false;

	if (have_ref) {
		start = ref_read();
		limit = hz / 1000 * PROBE_MS;
	}
	pit_set_divisor(PROBE_DIVISOR);
	pic_unmask(IRQ_TIMER);
	cpu_sti();
	for (;;) {
		if (pit_ticks() - t0 >= PROBE_TICKS) {
			ok = true;
			break;
		}
		if (have_ref ? ref_elapsed(start, ref_read()) > limit : ++spins > PROBE_SPINS)
			break;
		io_wait();
	}
	cpu_cli();
	*us = have_ref ? (uint32_t)((uint64_t)ref_elapsed(start, ref_read()) * 1000000u / hz) : 0;
	if (!ok)
		pic_mask(IRQ_TIMER);
	pit_init();                     /* the game rate (harmless with no PIT) */
	return ok;
}

/* The reference clock and the LAPIC count read close together: a host or SMI stall in between is retried. */
static void bracket(uint32_t *ref, uint32_t *count)
{
	uint32_t hz = 0, slack;

	ref_hz(&hz);
	slack = hz / 1000000u * BRACKET_US + 1;
	for (int i = 0; i < BRACKET_TRIES; i++) {
		uint32_t a = ref_read(), c = lapic_timer_current(), b = ref_read();

		*ref = a + ref_elapsed(a, b) / 2;
		*count = c;
		if (ref_elapsed(a, b) <= slack)
			return;
	}
}

/* LAPIC timer counts per second (after its divide by 16), measured against the reference clock. */
static uint32_t lapic_calibrate(void)
{
	uint32_t hz = 0, r0, c0, r1, c1;

	ref_hz(&hz);
	lapic_timer_count_down();
	bracket(&r0, &c0);
	while (ref_elapsed(r0, ref_read()) < hz / 1000 * CAL_MS)
		;
	bracket(&r1, &c1);
	if (ref_elapsed(r0, r1) == 0)
		return 0;
	return (uint32_t)((uint64_t)(c0 - c1) * hz / ref_elapsed(r0, r1));
}

static void lapic_tick(void)
{
	tick_fn();
	lapic_eoi();
}

/* No PIT interrupts: the local APIC timer, periodic at PIT_TICK_HZ. */
static TickClock lapic_start(void)
{
	uint32_t rate, count;
	uintptr_t base;

	if (!lapic_present()) {
		klog("timer: no local APIC (CPUID): nothing can run the game clock\n");
		return TICK_NONE;
	}
	if (!acpi.pm_port && !hpet_fs) {
		klog("timer: no ACPI PM timer and no HPET to calibrate the local APIC timer against\n");
		return TICK_NONE;
	}
	base = lapic_enable();
	if (!base) {
		klog("timer: the local APIC could not be enabled (base MSR)\n");
		return TICK_NONE;
	}
	rate = lapic_calibrate();
	count = (rate + PIT_TICK_HZ / 2) / PIT_TICK_HZ;
	if (count < 16) {
		klog("timer: local APIC timer calibration gave %u Hz: unusable\n", (unsigned)rate);
		return TICK_NONE;
	}
	idt_set_lapic_timer(lapic_tick);
	lapic_timer_periodic(count);
	if (acpi.pm_port)
		klog("timer: local APIC at 0x%08X, timer %u Hz (bus / %u) by the ACPI PM timer at port 0x%04X, "
		    "count %u: %u.%03u Hz\n", (unsigned)base, (unsigned)rate, LAPIC_TIMER_DIVIDE,
		    (unsigned)acpi.pm_port, (unsigned)count, (unsigned)(rate / count),
		    (unsigned)((uint64_t)rate * 1000 / count % 1000));
	else
		klog("timer: local APIC at 0x%08X, timer %u Hz (bus / %u) by the HPET at 0x%08X, count %u: "
		    "%u.%03u Hz\n", (unsigned)base, (unsigned)rate, LAPIC_TIMER_DIVIDE, (unsigned)hpet,
		    (unsigned)count, (unsigned)(rate / count), (unsigned)((uint64_t)rate * 1000 / count % 1000));
	return acpi.pm_port ? TICK_LAPIC_PM : TICK_LAPIC_HPET;
}

TickClock timer_start(IrqHandler tick, const AcpiInfo *tables)
{
	uint32_t us;

	tick_fn = tick;
	acpi = *tables;
	if (!acpi.pm_port && acpi.hpet_base)
		hpet_fs = hpet_start(hpet = acpi.hpet_base);
	irq_set_handler(IRQ_TIMER, tick);
	if (pit_probe(&us)) {
		clock_used = TICK_PIT;
		if (us)
			klog("timer: PIT interrupts arrive (%d in %u us): channel 0 divisor %u (%u Hz)\n",
			    PROBE_TICKS, (unsigned)us, (unsigned)pit_channel0_divisor(), PIT_TICK_HZ);
		else
			klog("timer: PIT interrupts arrive: channel 0 divisor %u (%u Hz)\n",
			    (unsigned)pit_channel0_divisor(), PIT_TICK_HZ);
		return clock_used;
	}
	klog("timer: no PIT interrupt within %u ms%s\n", us ? PROBE_MS : PROBE_SPINS / 1000,
	    us ? "" : " (counted in port writes)");
	clock_used = lapic_start();
	klog("speaker: no PIT, so the PC speaker stays silent\n");
	return clock_used;
}

TickClock timer_clock(void)
{
	return clock_used;
}

bool timer_speaker_works(void)
{
	return clock_used == TICK_PIT;
}
