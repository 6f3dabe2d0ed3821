/* fuzz_kbdscan.c: libFuzzer target — the set-1 scancode decoder (drivers/input/kbdscan.c) fed any byte stream. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "kbdscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SKIP_FLUSH      6               /* more bytes than any Pause sequence still has to skip */

/* For tests/fuzz/replay.c: a byte stream is never refused. */
#define FUZZ_VALID_EXT ".kbd"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	(void)data, (void)size, (void)err, (void)errlen;
	return true;
}

static bool protocol_byte(uint8_t b)
{
	return b == 0xE0 || b == 0xE1 || b == 0xFA || b == 0xFF || b == 0x00;
}

static void check_queue(const KbdState *k)
{
	expect((uint8_t)(k->tail - k->head) <= KBD_QUEUE_LEN);
	expect(k->prefix == 0 || k->prefix == 0xE0);
	expect(k->skip <= 5);
}

/*
 * Byte by byte: the queue stays in bounds, and a break code read with no
 * Pause bytes left to skip leaves its key up (plain or 0xE0-prefixed).
 * Presses popped are keys that were pressed (never 0). At the end, after
 * a break code for every key, no key may be left down.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static KbdState k;
	uint8_t key;

	kbdscan_reset(&k);
	for (size_t i = 0; i < size; i++) {
		uint8_t b = data[i], skip = k.skip, prefix = k.prefix;

		kbdscan_byte(&k, b);
		check_queue(&k);
		if (!skip && (b & 0x80) && !protocol_byte(b))
			expect(!k.down[prefix == 0xE0 ? (0x80 | (b & 0x7F)) : (b & 0x7F)]);
		if (b == 0x11 && kbdscan_pop(&k, &key))        /* now and then read the queue, as the game does */
			expect(key != 0 && key != 0x80);
	}
	for (int i = 0; i < SKIP_FLUSH; i++)
		kbdscan_byte(&k, 0x00);
	for (int c = 1; c < 0x80; c++) {
		if (protocol_byte((uint8_t)(0x80 | c)))
			continue;               /* such makes are no keys (kbdscan.c): nothing to release */
		kbdscan_byte(&k, (uint8_t)(0x80 | c));
		kbdscan_byte(&k, 0xE0);
		kbdscan_byte(&k, (uint8_t)(0x80 | c));
	}
	for (int i = 0; i < KBD_KEYS; i++)
		expect(!k.down[i]);
	while (kbdscan_pop(&k, &key))
		expect(key != 0 && key != 0x80);
	return 0;
}
