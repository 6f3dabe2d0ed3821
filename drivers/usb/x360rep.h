/* x360rep.h: an Xbox 360 wired pad's 20-byte input report to a PadState — pure, host-testable. */
#ifndef DRIVERS_X360REP_H
#define DRIVERS_X360REP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pad.h"

/*
 * The report (Linux's xpad, xpad360_process_packet): byte 0 the message
 * type (0x00: input; 0x01 LED and 0x03 rumble status packets are not),
 * byte 1 its length (0x14), bytes 2-3 buttons, 4-5 the triggers (0..255),
 * 6-13 the sticks as signed 16-bit little-endian X, Y (+ is up), RX, RY.
 */
#define X360_REPORT_LEN         20
#define X360_INPUT_MIN_LEN      14      /* through the right stick */
#define X360_BUTTONS            11      /* A B X Y LB RB Back Start L3 R3 Guide: buttons 1..11 */

/* The pad at rest: both sticks, both triggers (Z, RZ), the D-pad as a hat, 11 buttons. */
void x360rep_init(PadState *st);

/* One interrupt-IN transfer into st; false (st untouched) if it is not an input report. */
bool x360rep_report(const uint8_t *r, size_t len, PadState *st);

#endif
