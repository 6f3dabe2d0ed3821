/* bringup.c: the devices behind the title — the PCM sound chip, disks, USB, the sticks, the save area, the pads — one stage a main-loop pass. */
#include <stdbool.h>
#include <stdint.h>

#include "bringup.h"
#include "cpu.h"
#include "disks.h"
#include "klog.h"
#include "pads.h"
#include "pit.h"
#include "save.h"
#include "soundsetup.h"
#include "sysinfo.h"
#include "usb.h"
#include "watchdog.h"

static bool stage_disks(BringUp *u);
static bool stage_usb(BringUp *u);
static bool stage_sticks(BringUp *u);
static bool stage_save(BringUp *u);
static bool stage_sound(BringUp *u);
static bool stage_pads(BringUp *u);

/*
 * The stages, in order: the title is up before the first (kmain: screen,
 * clock, PS/2 keyboard, game). Each runs from the main loop between ticks
 * and returns true when it is done; one that returns false is called again
 * on the next pass (only the sticks' wait does: the loop's usb_service
 * steps the attach meanwhile). `event` is what the loop learns when the
 * stage is done.
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
};
#define STAGES  (int)(sizeof stages / sizeof stages[0])

void bringup_init(BringUp *u, const BootOptions *o, const BootInfo *b, SysInfo *si, bool adlib)
{
	*u = (BringUp){ .opts = o, .boot = b, .sysinfo = si, .adlib = adlib };
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
 * One step of the stage under way. COM1 gets one line a stage done: its
 * name, the PIT ticks its own steps held the loop (the longest single
 * step) and the TSC since reset (instructions under QEMU -icount: make
 * bench-boot reads the save area's, the keyboards' and the PCM's).
 * NOTE: a step is one call of a driver's bring-up, whose every wait is
 * bounded but may add up past the lockup watchdog's 2 s (a stick that stops
 * answering while save_open reads it: 5 s transfer timeouts; disktest='s
 * thousand rounds). The watchdog is off during the call, as it was when
 * these ran before the main loop; longest_step_ticks says what it cost.
 */
BringEvent bringup_step(BringUp *u)
{
	const struct BringStage *s;
	uint32_t t0 = pit_ticks(), held;
	uint64_t tsc = 0;
	bool done;

	if (bringup_done(u))
		return BRING_NONE;
	s = &stages[u->stage];
	watchdog_stop();                /* NOTE: a stage is a driver's bounded bring-up, not a lockup (below) */
	done = s->step(u);
	watchdog_start(PIT_TICK_HZ);
	held = pit_ticks() - t0;
	if (held > u->held_max)
		u->held_max = held;
	if (!done)
		return BRING_NONE;
	if (cpu_timestamp(&tsc))
		klog("bringup: stage=%s longest_step_ticks=%u tsc=%u%09u\n", s->name, (unsigned)u->held_max,
		    (unsigned)(tsc / 1000000000u), (unsigned)(tsc % 1000000000u));
	else
		klog("bringup: stage=%s longest_step_ticks=%u\n", s->name, (unsigned)u->held_max);
	u->held_max = 0;
	u->stage++;
	return s->event;
}

static bool stage_disks(BringUp *u)
{
	(void)u;
	disks_init();
	return true;
}

static bool stage_usb(BringUp *u)
{
	usb_init(u->opts->padtest == PADTEST_TABLET);   /* padtest=tablet: QEMU's usb-tablet is a pad */
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

/* disktest=KIND (a thousand timed reads and writes: it holds the loop on purpose), the power-cut options, the save area. */
static bool stage_save(BringUp *u)
{
	const BootOptions *o = u->opts;
	const BootInfo *b = u->boot;

	if (o->disktest[0])
		disks_selftest(o->disktest);    /* write and read back a disk's last sector */
	save_powercut(o->savecut, o->savetear); /* savecut=N, savetear=N: the power-cut tests */
	save_powercut_log(o->logcut, o->logtear);       /* logcut=N, logtear=N: LOG.TXT's */
	save_boot_medium(!b->boot_device_valid ? SAVE_BOOT_UNKNOWN : b->boot_drive >= 0xE0 ? SAVE_BOOT_CD :
	    b->boot_drive >= 0x80 ? SAVE_BOOT_DISK : SAVE_BOOT_UNKNOWN);   /* for the reason when none is found */
	save_open(o->imageid, NULL);    /* the save area on the disk we booted from, by its image id */
	u->saves_known = true;
	return true;
}

static bool stage_sound(BringUp *u)
{
	sound_start(u->opts, u->sysinfo, u->adlib);
	return true;
}

static bool stage_pads(BringUp *u)
{
	pad_init(u->sysinfo);
	return true;
}
