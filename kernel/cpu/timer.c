/* timer.c: check that PIT interrupts arrive (bounded); if not, run the game tick on the local APIC timer. */
#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "hpet.h"
#include "idt.h"
#include "io.h"
#include "kfmt.h"
#include "klog.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "refclock.h"
#include "timer.h"

#define PROBE_DIVISOR    40             /* ~30 kHz for the probe: an interrupt every 34 us */
/*
 * This many IRQ0s prove the PIT works: one may be stale (the 8259 keeps an
 * IRQ0 raised by the firmware's PIT while it was masked, and delivers it the
 * moment it is unmasked); a second can only be ours. Two, not three: under
 * QEMU each costs the host a timer event (0.2-2 ms before the title).
 */
#define PROBE_TICKS      2
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
#define REF_MOVE_SPINS   10000          /* port writes (~10 ms) a reference clock gets to show it counts */
#define BRACKET_US       20             /* a reading counts when the reference moved at most this */
#define BRACKET_TRIES    16

static TickClock clock_used = TICK_NONE;
static IrqHandler tick_fn;
static AcpiInfo acpi;
static RefClock ref;                    /* the reference clock: the PM timer, else the HPET */
static bool have_ref;
static char why[96] = "NO GAME CLOCK";      /* timer_problem() */

static uint32_t pm_counter(const void *ctx)
{
	return acpi_pm_read(ctx);
}

static uint32_t hpet_counter(const void *ctx)
{
	return hpet_read((uintptr_t)ctx);
}

static void pause_us(void)
{
	io_wait();
}

/*
 * The reference clock: the ACPI PM timer if it counts, else the HPET if it
 * counts (started only then), else none. A clock that never moves is
 * logged and passed over: every wait bounded by it would never end.
 */
static void pick_reference(void)
{
	RefClock c;
	uint32_t fs;

	if (acpi.pm_port) {
		c = (RefClock){ .name = "ACPI PM timer", .hz = ACPI_PM_HZ, .read = pm_counter, .ctx = &acpi,
		    .mask = acpi.pm_32bit ? 0xFFFFFFFFu : 0x00FFFFFFu };
		if (refclock_pick(&c, 1, pause_us, REF_MOVE_SPINS) == 0) {
			ref = c;
			have_ref = true;
			return;
		}
		klog("timer: the ACPI PM timer at port 0x%04X does not count: not used\n", (unsigned)acpi.pm_port);
	}
	if (acpi.hpet_base && (fs = hpet_start(acpi.hpet_base)) != 0) {
		c = (RefClock){ .name = "HPET", .hz = (uint32_t)(1000000000000000ull / fs), .mask = 0xFFFFFFFFu,
		    .read = hpet_counter, .ctx = (const void *)(uintptr_t)acpi.hpet_base };
		if (refclock_pick(&c, 1, pause_us, REF_MOVE_SPINS) == 0) {
			ref = c;
			have_ref = true;
			return;
		}
		klog("timer: the HPET at 0x%08X does not count: not used\n", (unsigned)acpi.hpet_base);
	}
}

/*
 * Wait for PROBE_TICKS IRQ0s with the PIT running fast, interrupts on, only
 * IRQ0 unmasked; never hlt (with no PIT nothing would wake us). Bounded by
 * the reference clock when there is one (and by a count of reads that see
 * it stand still: a clock that stops mid-wait cannot hang the boot), else
 * by a count of port writes.
 */
static bool pit_probe(uint32_t *us)
{
	uint32_t start = 0, limit = 0, spins = 0, t0 = pit_ticks();
	bool ok = false;

	if (have_ref) {
		start = refclock_read(&ref);
		limit = ref.hz / 1000 * PROBE_MS;
	}
	pit_set_divisor(PROBE_DIVISOR);
	pic_unmask(IRQ_TIMER);
	cpu_sti();
	for (uint32_t last = start, still = 0;;) {
		if (pit_ticks() - t0 >= PROBE_TICKS) {
			ok = true;
			break;
		}
		if (have_ref) {
			uint32_t now = refclock_read(&ref);

			if (refclock_elapsed(&ref, start, now) > limit)
				break;
			still = now == last ? still + 1 : 0;
			last = now;
			if (still >= REF_MOVE_SPINS)
				break;          /* the reference clock stopped: the probe ends anyway */
		} else if (++spins > PROBE_SPINS) {
			break;
		}
		io_wait();
	}
	cpu_cli();
	*us = have_ref ? (uint32_t)((uint64_t)refclock_elapsed(&ref, start, refclock_read(&ref)) * 1000000u / ref.hz) : 0;
	if (!ok)
		pic_mask(IRQ_TIMER);
	pit_init();                     /* the game rate (harmless with no PIT) */
	return ok;
}

/* The reference clock and the LAPIC count read close together: a host or SMI stall in between is retried. */
static void bracket(uint32_t *r, uint32_t *count)
{
	uint32_t slack = ref.hz / 1000000u * BRACKET_US + 1;

	for (int i = 0; i < BRACKET_TRIES; i++) {
		uint32_t a = refclock_read(&ref), c = lapic_timer_current(), b = refclock_read(&ref);

		*r = a + refclock_elapsed(&ref, a, b) / 2;
		*count = c;
		if (refclock_elapsed(&ref, a, b) <= slack)
			return;
	}
}

/* LAPIC timer counts per second (after its divide by 16), measured against the reference clock; 0 if it stopped. */
static uint32_t lapic_calibrate(void)
{
	uint32_t r0, c0, r1, c1;

	lapic_timer_count_down();
	bracket(&r0, &c0);
	if (!refclock_wait(&ref, r0, ref.hz / 1000 * CAL_MS, pause_us, REF_MOVE_SPINS)) {
		klog("timer: the %s stopped counting during the calibration\n", ref.name);
		return 0;
	}
	bracket(&r1, &c1);
	if (refclock_elapsed(&ref, r0, r1) == 0)
		return 0;
	return (uint32_t)((uint64_t)(c0 - c1) * ref.hz / refclock_elapsed(&ref, r0, r1));
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

	if (!lapic_present()) {
		klog("timer: no local APIC (CPUID): nothing can run the game clock\n");
		kfmt_snprintf(why, sizeof why, "NO GAME CLOCK: NO PIT INTERRUPTS, NO LOCAL APIC");
		return TICK_NONE;
	}
	if (!have_ref) {
		klog("timer: no ACPI PM timer and no HPET that counts, to calibrate the local APIC timer against\n");
		kfmt_snprintf(why, sizeof why, "NO GAME CLOCK: NO PIT INTERRUPTS, NO PM TIMER OR HPET");
		return TICK_NONE;
	}
	if (!lapic_enable()) {
		klog("timer: the local APIC could not be enabled (base MSR)\n");
		kfmt_snprintf(why, sizeof why, "NO GAME CLOCK: NO PIT INTERRUPTS, LOCAL APIC OFF");
		return TICK_NONE;
	}
	rate = lapic_calibrate();
	count = (rate + PIT_TICK_HZ / 2) / PIT_TICK_HZ;
	if (count < 16) {
		klog("timer: local APIC timer calibration gave %u Hz: unusable\n", (unsigned)rate);
		kfmt_snprintf(why, sizeof why, "NO GAME CLOCK: LOCAL APIC TIMER NOT CALIBRATED");
		return TICK_NONE;
	}
	idt_set_lapic_timer(lapic_tick);
	lapic_timer_periodic(count);
	if (lapic_is_x2apic())
		klog("timer: local APIC in x2APIC mode (MSRs), ");
	else
		klog("timer: local APIC at 0x%08X, ", (unsigned)lapic_base());
	if (ref.read == pm_counter)
		klog("timer %u Hz (bus / %u) by the ACPI PM timer at port 0x%04X, count %u: %u.%03u Hz\n",
		    (unsigned)rate, LAPIC_TIMER_DIVIDE, (unsigned)acpi.pm_port, (unsigned)count,
		    (unsigned)(rate / count), (unsigned)((uint64_t)rate * 1000 / count % 1000));
	else
		klog("timer %u Hz (bus / %u) by the HPET at 0x%08X, count %u: %u.%03u Hz\n", (unsigned)rate,
		    LAPIC_TIMER_DIVIDE, (unsigned)acpi.hpet_base, (unsigned)count, (unsigned)(rate / count),
		    (unsigned)((uint64_t)rate * 1000 / count % 1000));
	return ref.read == pm_counter ? TICK_LAPIC_PM : TICK_LAPIC_HPET;
}

TickClock timer_start(IrqHandler tick, const AcpiInfo *tables)
{
	uint32_t us;

	tick_fn = tick;
	acpi = *tables;
	pick_reference();
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

const char *timer_problem(void)
{
	return why;
}

bool timer_speaker_works(void)
{
	return clock_used == TICK_PIT;
}

/*
 * Microseconds since some moment, for timing short spans (a save): from the
 * reference clock when there is one (PM timer: 0.28 us steps), else from
 * the tick (7 ms steps). Counts are summed at each call, so a span measured
 * between two calls is right as long as it is shorter than the reference's
 * wrap (4.7 s for a 24-bit PM timer).
 */
uint64_t timer_now_us(void)
{
	static uint32_t last;
	static uint64_t counts;

	if (!have_ref)
		return (uint64_t)pit_ticks() * 1000000u / PIT_TICK_HZ;
	{
		uint32_t now = refclock_read(&ref);

		counts += refclock_elapsed(&ref, last, now);
		last = now;
	}
	return counts * 1000000u / ref.hz;
}
