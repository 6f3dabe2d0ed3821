/* fuzz_keys.c: libFuzzer target — the keys= binding spec (game/shell/controls.c controls_parse) on any bytes. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "controls.h"
#include "fuzzkit.h"
#include "keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* For tests/fuzz/replay.c: *.keys seeds must be accepted, bad_* refused. */
#define FUZZ_VALID_EXT "keys"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	Controls c;
	char *s = as_text(data, size);
	bool ok;

	controls_defaults(&c);
	ok = controls_parse(&c, s, err, errlen);
	free(s);
	return ok;
}

/*
 * controls.h's promises: all or nothing (a refused spec leaves the
 * bindings as they were), the message terminated in its buffer, and an
 * accepted one leaves every action a first key, no empty slot before a
 * used one, no key given to two actions, Esc and Enter unbound, pad
 * buttons only in the pad slot (Joy 9 and the directions never).
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Controls c, before;
	char err[CONTROLS_ERR_SIZE];
	char *s = as_text(data, size);
	size_t errlen = size % (CONTROLS_ERR_SIZE + 1);
	bool ok;

	controls_defaults(&c);
	before = c;
	memset(err, 0x5A, sizeof err);
	ok = controls_parse(&c, s, err, errlen);
	if (errlen)
		expect(memchr(err, '\0', errlen) != NULL);
	if (!ok) {
		expect(memcmp(&c, &before, sizeof c) == 0);
	} else {
		for (int a = 0; a < CTL_COUNT; a++) {
			expect(c.keys[a][0] != GK_NONE);
			for (int k = 1; k < CONTROL_KEYS; k++)
				expect(c.keys[a][k - 1] != GK_NONE || c.keys[a][k] == GK_NONE);
			for (int k = 0; k < CONTROL_KEYS && c.keys[a][k] != GK_NONE; k++) {
				expect(!controls_reserved(c.keys[a][k]));
				expect(!key_is_pad(c.keys[a][k]));     /* pad buttons go to the pad slot */
				expect(controls_owner(&c, c.keys[a][k]) == a);
			}
			if (c.pad[a] != GK_NONE) {
				expect(key_is_pad(c.pad[a]) && !controls_reserved(c.pad[a]));
				expect(controls_owner(&c, c.pad[a]) == a);
			}
		}
	}
	free(s);
	return 0;
}
