/* fuzz_demo.c: libFuzzer target — demo_check, demo_open and playback on any bytes; a loaded demo re-records identically. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "demo.h"
#include "fuzzkit.h"
#include "player.h"
#include "world.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* For tests/fuzz/replay.c: files with this extension must load. */
#define FUZZ_VALID_EXT ".dem"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	return demo_check(data, size, NULL, err, errlen);
}

static DemoPlayer fuzz_player, fuzz_replay;
static DemoRecorder fuzz_rec;
static World fuzz_world;                /* only its stats fields are used */

/* Stops the run loudly: libFuzzer and ASan both report an abort with the input. */
/*
 * One input: check and open must agree, the message must be terminated
 * within errlen, and a demo that opens must keep demo.h's promises: exactly
 * h.ticks inputs with known buttons, then false and no buttons; recording
 * that stream gives a valid demo that plays the very same stream.
 */
static void fuzz_one(const uint8_t *data, size_t size, size_t errlen)
{
	char err[DEMO_ERR_SIZE];
	DemoHeader h;
	GameInput in, again;
	size_t len;
	bool ok, opened;

	memset(err, 0x55, sizeof err);
	ok = demo_check(data, size, &h, err, errlen);
	if (errlen)
		expect(memchr(err, '\0', errlen) != NULL);
	opened = demo_open(&fuzz_player, data, size, err, errlen);
	expect(ok == opened);
	if (!opened) {
		expect(!demo_next(&fuzz_player, &in) && in.held == 0 && in.pressed == 0);
		return;
	}
	expect(size == DEMO_HEADER_SIZE + (size_t)DEMO_RUN_SIZE * h.runs + DEMO_CRC_SIZE);
	expect(h.runs <= DEMO_MAX_RUNS && h.lives >= 1 && h.health >= 1 && h.health <= PLAYER_MAX_HEALTH);
	expect(h.lives <= PLAYER_START_LIVES && h.bombs <= MAX_BOMBS && h.score <= DEMO_MAX_SCORE);   /* HUD-showable */
	expect(memchr(h.level, '\0', DEMO_LEVEL_SIZE) != NULL && h.level[0] != '\0');
	fuzz_world.score = h.score;
	fuzz_world.lives = h.lives;
	fuzz_world.health = h.health;
	fuzz_world.bombs = h.bombs;
	demo_rec_begin(&fuzz_rec, h.level, h.level_crc, h.seed, &fuzz_world);
	for (uint32_t t = 0; t < h.ticks; t++) {
		expect(demo_next(&fuzz_player, &in));
		expect(((in.held | in.pressed) & ~DEMO_BUTTONS) == 0);
		expect(demo_rec_add(&fuzz_rec, &in));
	}
	expect(!demo_next(&fuzz_player, &in) && in.held == 0 && in.pressed == 0 && demo_ended(&fuzz_player));
	len = demo_rec_finish(&fuzz_rec);
	expect(len <= size);                    /* re-recording only merges runs */
	expect(demo_open(&fuzz_replay, fuzz_rec.bytes, len, err, sizeof err));
	expect(fuzz_replay.h.ticks == h.ticks && fuzz_replay.h.seed == h.seed && fuzz_replay.h.score == h.score &&
	    fuzz_replay.h.level_crc == h.level_crc && memcmp(fuzz_replay.h.level, h.level, DEMO_LEVEL_SIZE) == 0);
	demo_open(&fuzz_player, data, size, NULL, 0);
	for (uint32_t t = 0; t < h.ticks; t++) {
		expect(demo_next(&fuzz_player, &in) && demo_next(&fuzz_replay, &again));
		expect(in.held == again.held && in.pressed == again.pressed);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *fixed;

	fuzz_one(size ? data : NULL, size, DEMO_ERR_SIZE);
	if (size < DEMO_CRC_SIZE)
		return 0;
	fixed = crc_fixed_copy(data, size, DEMO_CRC_SIZE);        /* and a small error buffer */
	fuzz_one(fixed, size, size % 24);
	free(fixed);
	return 0;
}
