/* bringup.h: the devices behind the title, on a fiber the main loop runs in its idle time (bringup.c has the stages in order). */
#ifndef KERNEL_BRINGUP_H
#define KERNEL_BRINGUP_H

#include <stdbool.h>
#include <stdint.h>

#include "acpi.h"
#include "cmdline.h"
#include "disks.h"
#include "hwreport.h"
#include "multiboot.h"
#include "sysinfo.h"

typedef enum BringEvent {
	BRING_NONE,
	BRING_SAVE,                     /* save_open ran: the save area is open, or known missing (save_status) */
} BringEvent;

#define BRING_MAX_STAGES        8

typedef struct BringUp {
	const BootOptions *opts;
	const BootInfo *boot;
	const AcpiInfo *acpi;           /* the hardware report's */
	SysInfo *sysinfo;               /* the USB, Plays and PCM lines are added as their stages finish */
	bool adlib;                     /* an OPL2 answered at 0x388 (the music stays on it) */
	int stage;                      /* index of the stage under way */
	uint32_t held_max;              /* the longest step of this stage, PIT ticks */
	DisksProbe disks;               /* the disks stage: AHCI, then one IDE channel a step */
	uint32_t began;                 /* PIT tick of the stage's first step */
	bool under_way;                 /* its first step ran */
	int timed;                      /* stages done, their times in times[] (the hardware report's [boot]) */
	HwStage times[BRING_MAX_STAGES];
	DisksUsbWait sticks;
	bool save_begun;                /* the save stage's first step done: the open is under way */
	bool saves_known;               /* the save stage ran: requests may be written */
	bool mid_step;                  /* the fiber is inside a step: a driver of it may be mid-transfer */
	bool took_tick;                 /* the last bringup_step ran until the loop's next tick came */
	bool fresh;                     /* no wait has looked since the fiber was resumed */
	uint32_t slice_tick;            /* the PIT tick when it was resumed */
} BringUp;

void bringup_init(BringUp *u, const BootOptions *o, const BootInfo *b, const AcpiInfo *acpi, SysInfo *si,
                  bool adlib);
BringEvent bringup_step(BringUp *u);    /* main loop, once a pass: the fiber, until its step ends or the next tick */
bool bringup_devices_busy(void);               /* a step is under way: the loop and the panic leave the devices alone */
bool bringup_took_tick(const BringUp *u);      /* the last bringup_step lasted until the loop's next tick */
bool bringup_done(const BringUp *u);
bool bringup_saves_known(const BringUp *u);    /* save_open ran: save_status says open or why not */

#endif
