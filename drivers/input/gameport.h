/* gameport.h: the PC game port at 0x201 — detection, centre calibration, two axes of each joystick timed, four buttons. */
#ifndef DRIVERS_GAMEPORT_H
#define DRIVERS_GAMEPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "pad.h"

/*
 * The port (ISA and PCI sound cards of the 486/Pentium years, and ISA
 * multi-I/O cards): a write starts four one-shots; bit n (0..3) of a read
 * stays 1 for a time proportional to axis n's resistance (24.2 us +
 * 0.011 us per ohm: about 1.1 ms at a stick's 100 kOhm end); bits 4..7 are
 * the buttons, 0 while pressed. Nothing answers at an absent port: the
 * bus reads 0xFF, so the axis bits never drop — that is how it is found
 * missing (a port with no joystick in it reads the same, and is as useless).
 */
#define GAMEPORT_PORT           0x0201
#define GAMEPORT_AXIS_AX        0x01    /* joystick A, X */
#define GAMEPORT_AXIS_AY        0x02    /* joystick A, Y */
#define GAMEPORT_AXIS_BX        0x04    /* joystick B, X */
#define GAMEPORT_AXIS_BY        0x08    /* joystick B, Y */
#define GAMEPORT_AXIS_BITS      0x0F
#define GAMEPORT_BUTTON_A1      0x10    /* 0 = pressed */
#define GAMEPORT_BUTTON_A2      0x20
#define GAMEPORT_BUTTON_B1      0x40
#define GAMEPORT_BUTTON_B2      0x80
#define GAMEPORT_AXES           4

/*
 * Bounds of one timing, with interrupts off: at most GAMEPORT_LIMIT_US of
 * PIT time (three times a stick's full travel), and at most
 * GAMEPORT_MAX_READS reads of the port (ends it even if the PIT's counter
 * never moves). An axis still high at the limit reads as the limit.
 */
#define GAMEPORT_LIMIT_US       3000
#define GAMEPORT_MAX_READS      20000
#define GAMEPORT_MIN_CENTRE_US  30      /* a centre shorter than this is no stick (a shorted line) */

typedef struct GamePort {
	bool present;
	uint8_t axes;                   /* GAMEPORT_AXIS_* bits that dropped at detection */
	uint16_t centre[GAMEPORT_AXES]; /* PIT clocks each axis took at detection: its centre */
	uint16_t clocks[GAMEPORT_AXES]; /* the last timing of each axis, PIT clocks */
	uint32_t reads;                 /* port reads the last timing took */
} GamePort;

/*
 * Look for the port and take each axis' time as its centre (the stick must
 * be at rest, as every DOS game asked). false: "no game port" (the axis
 * bits never dropped within the bounds).
 */
bool gameport_detect(GamePort *gp);

/*
 * The port as a PadState (PAD_KIND_GAMEPORT): joystick A's axes as X/Y,
 * B's as RX/RY (when they answered at detection), buttons A1 A2 B1 B2 as
 * buttons 1-4. timed: time the axes (about 1-3 ms with interrupts off);
 * else only the buttons are read and the axes keep their last values.
 */
void gameport_read(GamePort *gp, bool timed, PadState *out);

/* One axis' time in PIT clocks scaled around its centre: 2 x centre and more is PAD_AXIS_MAX. */
int16_t gameport_scale(uint16_t clocks, uint16_t centre);

#endif
