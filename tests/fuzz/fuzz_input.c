/* fuzz_input.c: libFuzzer target — the input= script (game/engine/script.c) on any bytes, parsed and played. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "input.h"
#include "script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PLAY_TICKS      4096            /* past the end of short scripts: they then give no input */
#define BTN_ALL         ((1u << BTN_COUNT) - 1)

/* For tests/fuzz/replay.c: *.scr seeds must parse, bad_* must not. */
#define FUZZ_VALID_EXT ".scr"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	Script sc;
	int bad = -1;
	char *s = as_text(data, size);
	bool ok = script_parse(&sc, s, &bad);

	if (!ok && errlen)
		snprintf(err, errlen, "bad at character %d", bad);
	free(s);
	return ok;
}

/*
 * A refused script names a character inside the text; an accepted one has
 * at most SCRIPT_MAX_STEPS steps and, played on, gives known buttons only.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Script sc;
	GameInput in;
	int bad = -1;
	char *s = as_text(data, size);
	size_t len = strlen(s);

	if (!script_parse(&sc, s, &bad)) {
		expect(bad >= 0 && (size_t)bad <= len);
	} else {
		expect(sc.count <= SCRIPT_MAX_STEPS);
		for (int t = 0; t < PLAY_TICKS; t++) {
			script_next(&sc, &in);
			expect(((in.held | in.pressed) & ~BTN_ALL) == 0);
		}
	}
	free(s);
	return 0;
}
