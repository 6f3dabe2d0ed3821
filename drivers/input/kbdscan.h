/* kbdscan.h: scancode set 1 decoding into a key-down table and a press queue (no port I/O). */
#ifndef DRIVERS_KBDSCAN_H
#define DRIVERS_KBDSCAN_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Key codes: a plain key is its set-1 make code (0x01..0x7F); a key sent
 * with the 0xE0 prefix is 0x80 | make code. So right Ctrl = 0x9D.
 */
enum {
	KEY_ESC         = 0x01,
	KEY_1           = 0x02,
	KEY_ENTER       = 0x1C,
	KEY_LCTRL       = 0x1D,
	KEY_Q           = 0x10,
	KEY_P           = 0x19,
	KEY_LSHIFT      = 0x2A,
	KEY_B           = 0x30,
	KEY_RSHIFT      = 0x36,
	KEY_LALT        = 0x38,
	KEY_SPACE       = 0x39,
	KEY_KP_UP       = 0x48,         /* keypad 8 / arrow without E0 (old keyboards) */
	KEY_KP_LEFT     = 0x4B,
	KEY_KP_RIGHT    = 0x4D,
	KEY_KP_DOWN     = 0x50,
	KEY_KP_DEL      = 0x53,         /* keypad . / Del */
	KEY_KP_ENTER    = 0x9C,
	KEY_RCTRL       = 0x9D,
	KEY_RALT        = 0xB8,
	KEY_UP          = 0xC8,
	KEY_LEFT        = 0xCB,
	KEY_RIGHT       = 0xCD,
	KEY_DOWN        = 0xD0,
	KEY_DELETE      = 0xD3,
};

#define KBD_KEYS        256
#define KBD_QUEUE_LEN   32              /* power of two */

typedef struct KbdState {
	bool down[KBD_KEYS];            /* key-down table: several keys held at once */
	uint8_t queue[KBD_QUEUE_LEN];   /* presses not yet read, oldest first */
	uint8_t head, tail;             /* ring indices (tail - head = count) */
	uint8_t prefix;                 /* 0, 0xE0 after an extended prefix */
	uint8_t skip;                   /* bytes left of a 0xE1 (Pause) sequence */
	uint32_t dropped;               /* presses lost to a full queue */
} KbdState;

void kbdscan_reset(KbdState *k);
void kbdscan_byte(KbdState *k, uint8_t scancode);
void kbdscan_key(KbdState *k, uint8_t key, bool down);       /* key code event (USB) */
bool kbdscan_pop(KbdState *k, uint8_t *key);

#endif
