/* padmap.h: a game controller's state (drivers/input/pad.h) as the game's pad keys — dead zone, hysteresis, each kind's buttons. */
#ifndef KERNEL_PADMAP_H
#define KERNEL_PADMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "keys.h"
#include "pad.h"

/*
 * The stick's dead zone with hysteresis: a direction goes down when its
 * axis passes PADMAP_PRESS (50 % of the travel) and up again only below
 * PADMAP_RELEASE (35 %), so a worn stick resting near one edge does not
 * jitter between the two. The hat and the D-pad have no travel: a
 * direction is down while they point that way (diagonals give two).
 */
#define PADMAP_PRESS    (PAD_AXIS_MAX / 2)
#define PADMAP_RELEASE  (PAD_AXIS_MAX * 35 / 100)

/* Pad keys as bits of a mask: bit n is GameKey GK_JOY_1 + n (buttons 1..16, then the four directions). */
#define PADMAP_KEYS     (GK_COUNT - GK_JOY_1)
#define PADMAP_BIT(key) (1u << ((key) - GK_JOY_1))

/* One pad's memory between updates: the stick's directions (hysteresis) and the keys down last time. */
typedef struct PadMap {
	uint32_t stick;                 /* PADMAP_BIT of the stick's directions down */
	uint32_t down;                  /* every pad key down at the last update */
} PadMap;

/* An update's result: the pad keys down now, and those that went down since the last update. */
typedef struct PadKeys {
	uint32_t down, pressed;
} PadKeys;

void padmap_reset(PadMap *m);           /* nothing down (a pad that came or went) */

/*
 * The pad's keys now. Buttons by kind: a HID pad's or the game port's
 * button n is Joy n, except the face buttons of pads known to number them
 * west, south, east, north (a DualShock 4, a Logitech F310/F510/F710 in
 * DirectInput mode: 1-4 are Joy 3 1 2 4, south first); an Xbox 360 pad's (drivers/usb/x360rep.c's order)
 * are A B X Y = Joy 1-4, LB RB = Joy 5-6, its triggers Joy 7-8 (down
 * half way in, up below 35 %), Back = Joy 9 (Esc), Start = Joy 10, the
 * stick clicks Joy 11-12, Guide Joy 13; its D-pad (a hat) the
 * directions. A pad not present has nothing down.
 */
PadKeys padmap_update(PadMap *m, const PadState *p);

/* The keys of a mask into a keyboard tick: down, and a press for each one pressed (as a key's IRQ would). */
void padmap_to_tick(const PadKeys *k, KeyboardTick *t);

#endif
