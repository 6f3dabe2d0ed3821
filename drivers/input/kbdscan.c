/* kbdscan.c: turns a stream of set-1 scancode bytes into key state and press events. */
#include <stdbool.h>
#include <stdint.h>

#include "kbdscan.h"

#define SC_EXTENDED     0xE0
#define SC_PAUSE        0xE1            /* followed by 5 more bytes: E1 1D 45 E1 9D C5 */
#define SC_RELEASE      0x80
#define SC_ACK          0xFA
#define SC_OVERRUN      0xFF
#define SC_FAKE_LSHIFT  0x2A            /* E0 2A / E0 AA wrap PrtSc and arrows with NumLock */
#define SC_FAKE_RSHIFT  0x36

void kbdscan_reset(KbdState *k)
{
	int i;

	for (i = 0; i < KBD_KEYS; i++)
		k->down[i] = false;
	k->head = k->tail = 0;
	k->prefix = 0;
	k->skip = 0;
	k->dropped = 0;
}

static void push(KbdState *k, uint8_t key)
{
	if ((uint8_t)(k->tail - k->head) >= KBD_QUEUE_LEN) {
		k->dropped++;
		return;
	}
	k->queue[k->tail % KBD_QUEUE_LEN] = key;
	k->tail++;
}

/*
 * BUG (fixed, found by tests/fuzz/fuzz_kbdscan.c): a make code whose break
 * code is a protocol byte (0x60 -> E0, 0x61 -> E1, 0x7A -> FA, 0x7F -> FF)
 * could be pressed but never released. No set-1 key sends them; they are
 * not keys.
 */
static bool no_key(uint8_t code)
{
	uint8_t brk = (uint8_t)(code | SC_RELEASE);

	return brk == SC_EXTENDED || brk == SC_PAUSE || brk == SC_ACK || brk == SC_OVERRUN;
}

/*
 * Feed one byte from port 0x60. A make code sets the key down and queues a
 * press unless the key was already down (typematic repeat is not a press);
 * a break code clears it. Prefix bytes change how the next byte is read.
 */
void kbdscan_byte(KbdState *k, uint8_t sc)
{
	uint8_t code, key;
	bool release;

	if (k->skip) {
		k->skip--;
		return;
	}
	if (sc == SC_PAUSE) {
		k->skip = 5;
		k->prefix = 0;
		return;
	}
	if (sc == SC_EXTENDED) {
		k->prefix = SC_EXTENDED;
		return;
	}
	if (sc == SC_ACK || sc == SC_OVERRUN || sc == 0x00) {
		k->prefix = 0;
		return;
	}
	release = (sc & SC_RELEASE) != 0;
	code = sc & ~SC_RELEASE;
	if (no_key(code)) {
		k->prefix = 0;
		return;
	}
	if (k->prefix == SC_EXTENDED) {
		k->prefix = 0;
		if (code == SC_FAKE_LSHIFT || code == SC_FAKE_RSHIFT)
			return;
		key = 0x80 | code;
	} else {
		key = code;
	}
	if (release) {
		k->down[key] = false;
		return;
	}
	if (!k->down[key]) {
		k->down[key] = true;
		push(k, key);
	}
}

/*
 * A key event from another keyboard (USB): the same table and queue as a
 * decoded scancode. A down on a key already down queues nothing.
 */
void kbdscan_key(KbdState *k, uint8_t key, bool down)
{
	if (!down) {
		k->down[key] = false;
		return;
	}
	if (!k->down[key]) {
		k->down[key] = true;
		push(k, key);
	}
}

/* Take the oldest queued press; false when none is left. */
bool kbdscan_pop(KbdState *k, uint8_t *key)
{
	if (k->head == k->tail)
		return false;
	*key = k->queue[k->head % KBD_QUEUE_LEN];
	k->head++;
	return true;
}
