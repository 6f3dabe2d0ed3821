/* pads.h: game controllers in the kernel — the game port and USB pads read every loop pass, their keys into each tick's input. */
#ifndef KERNEL_PADS_H
#define KERNEL_PADS_H

#include <stdbool.h>

#include "keys.h"
#include "sysinfo.h"

/*
 * pad_init looks for the game port (after the PIT runs: the timing counts
 * it) and remembers where the pads' System info lines begin; pad_poll,
 * once a main-loop pass (140 Hz), reads every pad's state (usbpad_get,
 * gameport_read), maps it (kernel/padmap.c) and keeps the presses until
 * pad_fill puts them, with the keys held, into the tick's KeyboardTick —
 * the keyboard's own path, so a press shorter than a world frame counts,
 * and demos, the CRC and the host build see only buttons as ever. A pad
 * that comes or goes is named on COM1 and its System info lines redone.
 */
void pad_init(SysInfo *si);
void pad_poll(void);
void pad_fill(KeyboardTick *k);

#endif
