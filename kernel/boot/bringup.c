/* bringup.c: the devices behind the title — the PCM sound chip, disks, USB, the sticks, the save area, the pads — on a fiber the main loop runs between ticks. */
#include <stdbool.h>
#include <stdint.h>

#include "bringup.h"
#include "cpu.h"
#include "disks.h"
#include "display.h"
#include "fault.h"
#include "fiber.h"
#include "hwinfo.h"
#include "klog.h"
#include "pads.h"
#include "pit.h"
#include "save.h"
#include "soundsetup.h"
#include "sysinfo.h"
#include "usb.h"
#include "wait.h"
#include "watchdog.h"

#define SAVE_STEP_US    2000            /* a save step's sectors: another read starts only within 2 ms (a tick: 7.1) */

static bool stage_disks(BringUp *u);
static bool stage_usb(BringUp *u);
static bool stage_sticks(BringUp *u);
static bool stage_save(BringUp *u);
static bool stage_sound(BringUp *u);
static bool stage_pads(BringUp *u);
static bool stage_hwinfo(BringUp *u);
static bool stage_gfx(BringUp *u);

#define GFX_WARM_STEP   8               /* images a step: ~0.1 M instructions */

/*
 * The stages, in order: the title is up before the first (kmain: screen,
 * clock, PS/2 keyboard, game). Each step runs on the fiber from the main
 * loop between ticks and returns true when the stage is done; one that
 * returns false is called again on the next pass (the sticks' wait: the
 * loop's usb_service steps the attach meanwhile; the save area a few sectors
 * a step). `event` is what the loop learns when the stage is done.
 */
static const struct BringStage {
	const char *name;
	bool (*step)(BringUp *u);
	BringEvent event;
} stages[] = {
	{ "sound",  stage_sound,  BRING_NONE },        /* Intel HDA or AC'97 first: the title's music moves to its mix */
	{ "disks",  stage_disks,  BRING_NONE },        /* AHCI and IDE on PCI; USB mass storage offered to the USB layer */
	{ "usb",    stage_usb,    BRING_NONE },        /* PCI scan, controllers taken and started; their ports attach from the loop */
	{ "sticks", stage_sticks, BRING_NONE },        /* until no attach is under way, at most DISKS_USB_MS */
	{ "save",   stage_save,   BRING_SAVE },        /* disktest=, savecut=, the save area on the boot disk */
	{ "pads",   stage_pads,   BRING_NONE },        /* the game port, the USB pads found */
	{ "hwinfo", stage_hwinfo, BRING_NONE },        /* the hardware report: COM1 (option), HWINFO.TXT when it changed */
	{ "gfx",    stage_gfx,    BRING_NONE },        /* the images the title has not drawn, made planar (gfxcache.c) */
};
#define STAGES  (int)(sizeof stages / sizeof stages[0])

/* crashtest=fiberhang: a driver bug that spins on the fiber without a wait (the watchdog's to catch). */
static void __attribute__((noinline, noreturn)) fiber_hang(void)
{
	klog("crashtest: the devices' fiber hangs without a wait\n");
	for (;;)
		__asm__ volatile("sti; 1: jmp 1b");
}

/*
 * The bring-up's own line of execution (kernel/cpu/fiber.c): the stages in
 * order, one step of the stage under way each time the main loop resumes
 * it. Inside a step every wait on hardware gives the CPU back to the loop
 * once the loop's next PIT tick has come (devices_idle), and the step goes
 * on from there at the loop's next pass: a sector read that takes a tick on
 * UHCI, a stick's 250 ms grace after it was pulled, a codec's answer, no
 * longer hold the loop.
 */
static void bringup_fiber(void *arg)
{
	BringUp *u = arg;

	if (u->opts->crashtest == CRASH_FIBER_STACK)
		fault_crashtest(CRASH_FIBER_STACK);     /* its guard page, as crashtest=stack the kernel stack's */
	if (u->opts->crashtest == CRASH_FIBER_HANG)
		fiber_hang();
	while (u->stage < STAGES) {
		bool done;

		u->mid_step = true;
		if (u->opts->crashtest == CRASH_FIBER_LATE && u->saves_known)
			fiber_hang();           /* mid-step with the save area open: the panic leaves the stick alone */
		done = stages[u->stage].step(u);
		u->mid_step = false;
		if (done)
			u->stage++;
		fiber_yield();          /* a step a pass, as the stages were written for */
	}
}

static BringUp *bringing;               /* the one bring-up: its fiber's idle test */

/*
 * wait.h's idle hook: a driver's wait on the fiber gives the CPU back once
 * the tick the loop waits for has come. The first look after a resume
 * never does (the wait judges its time at least once a resume, so it ends).
 */
static bool devices_idle(void)
{
	BringUp *u = bringing;

	if (!u || !fiber_inside())
		return false;
	if (u->fresh) {
		u->fresh = false;
		return false;
	}
	if (pit_ticks() == u->slice_tick)
		return false;
	fiber_yield();
	return true;
}

void bringup_init(BringUp *u, const BootOptions *o, const BootInfo *b, const AcpiInfo *acpi, SysInfo *si,
                  bool adlib)
{
	*u = (BringUp){ .opts = o, .boot = b, .acpi = acpi, .sysinfo = si, .adlib = adlib };
	bringing = u;
	fiber_init(bringup_fiber, u);
	wait_set_idle(devices_idle);
}

bool bringup_done(const BringUp *u)
{
	return u->stage >= STAGES;
}

bool bringup_saves_known(const BringUp *u)
{
	return u->saves_known;
}

/*
 * The fiber is inside a step, on it or given away in a wait, so a driver of
 * it may be mid-transfer and the USB and disk drivers are not to be entered
 * again (they are not reentrant): the loop leaves the devices alone, the
 * panic leaves the stick alone.
 */
bool bringup_devices_busy(void)
{
	return bringing && bringing->mid_step;
}

bool bringup_took_tick(const BringUp *u)
{
	return u->took_tick;
}

/*
 * The fiber run from the loop until its step ends or the loop's next tick
 * comes. COM1 gets one line a stage done: its name, the PIT ticks the
 * longest of its runs held the loop (1: it gave the loop back at the tick
 * it waited for; more: a stretch without a wait was that long) and the TSC
 * (instructions under QEMU -icount: make bench-boot reads the save area's,
 * the keyboards' and the PCM's). The lockup watchdog runs meanwhile: a
 * driver that hangs the fiber without waiting (a bug) is a LOCKUP panic
 * after 2 s, not a title frozen for good. NOTE: disktest='s thousand timed
 * rounds hold the loop on purpose (stage_save); hwinfo_build is CPU work
 * without waits; longest_step_ticks says what a run cost.
 */
BringEvent bringup_step(BringUp *u)
{
	int stage = u->stage;
	uint32_t t0 = pit_ticks(), held;
	uint64_t tsc = 0;

	u->took_tick = false;
	if (bringup_done(u))
		return BRING_NONE;
	if (!u->under_way)
		u->began = t0, u->under_way = true;
	u->slice_tick = t0;
	u->fresh = true;
	fiber_resume();                 /* the lockup watchdog runs: a run longer than 2 s is a hang */
	held = pit_ticks() - t0;
	u->took_tick = held != 0;
	if (held > u->held_max)
		u->held_max = held;
	if (u->stage == stage)
		return BRING_NONE;
	if (cpu_timestamp(&tsc))
		klog("bringup: stage=%s longest_step_ticks=%u tsc=%u%09u\n", stages[stage].name, (unsigned)u->held_max,
		    (unsigned)(tsc / 1000000000u), (unsigned)(tsc % 1000000000u));
	else
		klog("bringup: stage=%s longest_step_ticks=%u\n", stages[stage].name, (unsigned)u->held_max);
	if (u->timed < BRING_MAX_STAGES)
		u->times[u->timed++] = (HwStage){ .name = stages[stage].name,
		    .ms = (pit_ticks() - u->began) * 1000 / PIT_TICK_HZ, .longest_ms = u->held_max * 1000 / PIT_TICK_HZ };
	if (bringup_done(u)) {
		wait_set_idle(NULL);    /* the waits spin again: the fiber is over */
		klog("bringup: done; the fiber's stack reached %u bytes\n", (unsigned)fiber_stack_used());
	}
	u->held_max = 0;
	u->under_way = false;
	return stages[stage].event;
}

static bool stage_disks(BringUp *u)
{
	return disks_init_step(&u->disks);
}

static bool stage_usb(BringUp *u)
{
	if (!usb_start_step(u->opts->padtest == PADTEST_TABLET))     /* padtest=tablet: QEMU's usb-tablet is a pad */
		return false;
	disks_usb_begin(&u->sticks, DISKS_USB_MS);
	return true;
}

/* The sticks enumerated (or the bound passed); the System info line of the USB keyboards found by then. */
static bool stage_sticks(BringUp *u)
{
	char note[SYSINFO_VALUE_SIZE];

	if (!disks_usb_settled(&u->sticks))
		return false;
	usb_detail(note, sizeof note);
	if (note[0] && sysinfo_add(u->sysinfo, "USB", note))
		klog("sysinfo: USB: %s\n", note);
	return true;
}

/*
 * disktest=KIND (a thousand timed reads and writes: it holds the loop on
 * purpose), the power-cut options, then the save area a sector a step
 * (save_open_step).
 */
static bool stage_save(BringUp *u)
{
	const BootOptions *o = u->opts;
	const BootInfo *b = u->boot;

	if (!u->save_begun) {
		if (o->disktest[0]) {   /* write and read back a disk's last sector, timed: nothing else meanwhile */
			watchdog_stop();
			wait_set_idle(NULL);
			disks_selftest(o->disktest);
			wait_set_idle(devices_idle);
			watchdog_start(PIT_TICK_HZ);
		}
		save_powercut(o->savecut, o->savetear); /* savecut=N, savetear=N: the power-cut tests */
		save_powercut_log(o->logcut, o->logtear);       /* logcut=N, logtear=N: LOG.TXT's */
		save_boot_medium(!b->boot_device_valid ? SAVE_BOOT_UNKNOWN : b->boot_drive >= 0xE0 ? SAVE_BOOT_CD :
		    b->boot_drive >= 0x80 ? SAVE_BOOT_DISK : SAVE_BOOT_UNKNOWN);   /* for the reason when none is found */
		save_open_begin();
		u->save_begun = true;
		return false;
	}
	if (!save_open_step(o->imageid, SAVE_STEP_US))  /* the save area on the disk we booted from, by its image id */
		return false;
	u->saves_known = true;
	return true;
}

static bool stage_sound(BringUp *u)
{
	return sound_start_step(u->opts, u->sysinfo, u->adlib);
}

static bool stage_pads(BringUp *u)
{
	pad_init(u->sysinfo);
	return true;
}

void hwinfo_src(const BringUp *u, HwInfoSrc *src)
{
	*src = (HwInfoSrc){ .boot = u->boot, .acpi = u->acpi, .sysinfo = u->sysinfo, .stage = u->times,
	    .stage_count = u->timed };
}

/* The hardware report (docs/hwinfo.md): on COM1 with the option hwinfo; HWINFO.TXT when the hardware changed. */
static bool stage_hwinfo(BringUp *u)
{
	HwInfoSrc src;
	uint32_t len, hash;
	const char *text;
	char why[SYSINFO_VALUE_SIZE];

	hwinfo_src(u, &src);
	text = hwinfo_build(&src, &len, &hash);
	klog("hwinfo: report hash=%08x bytes=%u\n", (unsigned)hash, (unsigned)len);
	if (u->opts->hwinfo)
		hwinfo_com1(text);
	if (u->opts->savecut || u->opts->savetear)      /* they count this boot's sector writes: not ours */
		klog("hwinfo: HWINFO.TXT left alone: a power-cut test (savecut=, savetear=)\n");
	else
		hwinfo_save(len, hash, false, why, sizeof why);        /* COM1 says what it did */
	return true;
}

/* The rest of the images planar, a few a step (~12 K instructions each); nothing on a framebuffer. */
static bool stage_gfx(BringUp *u)
{
	(void)u;
	return display_warm(GFX_WARM_STEP);
}
