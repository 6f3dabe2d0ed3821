/* keyboard.h: the 8042 PS/2 controller set up by us, and its keyboard on IRQ1 (scancode set 1). */
#ifndef DRIVERS_KEYBOARD_H
#define DRIVERS_KEYBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "kbdscan.h"

/* How far kbd_init got; only KBD_OK means keys will arrive on IRQ1. */
typedef enum KbdResult {
	KBD_OK,
	KBD_NO_CONTROLLER,              /* port 0x64 reads 0xFF, or the controller never takes a command */
	KBD_SELFTEST_FAILED,            /* command 0xAA did not answer 0x55 */
	KBD_PORT_FAILED,                /* command 0xAB: the first port's clock or data line is stuck */
	KBD_NO_KEYBOARD,                /* the reset (0xFF) got no acknowledge: nothing plugged in */
} KbdResult;

typedef struct KbdReport {
	KbdResult result;
	uint8_t config_before;          /* configuration byte as the firmware left it */
	uint8_t config;                 /* as we wrote it */
	uint8_t selftest;               /* the controller's answer to 0xAA (0x55 = passed) */
	uint8_t port_test;              /* the answer to 0xAB (0x00 = passed) */
	uint8_t reset_reply;            /* the keyboard's answer after the reset ACK (0xAA = passed) */
	int flushed;                    /* stale bytes dropped */
} KbdReport;

KbdResult kbd_init(KbdReport *r);       /* every step bounded; IRQ1 stays off unless KBD_OK */
const char *kbd_result_text(KbdResult r);
void kbd_irq(void);                     /* IRQ1 handler body */
void kbd_inject(uint8_t key, bool down);        /* another keyboard's event (USB), any context */
bool kbd_down(uint8_t key);
int kbd_down_keys(uint8_t *keys, int max);      /* the keys held now into keys[] (at most max): how many */
bool kbd_pop_press(uint8_t *key);       /* oldest queued press, false if none */

#endif
