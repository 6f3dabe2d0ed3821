/* fuzz_replay.c: libFuzzer target — replay_check on any bytes; a replay that loads is rebuilt byte for byte and its demo plays. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "demo.h"
#include "fuzzkit.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* For tests/fuzz/replay.c: files with this extension must load. */
#define FUZZ_VALID_EXT ".rpl"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	return replay_check(data, size, NULL, err, errlen);
}

static DemoPlayer fuzz_player;
static uint8_t fuzz_again[REPLAY_MAX_SIZE];

/*
 * One input: the message is terminated within errlen; a replay that loads
 * keeps replay.h's promises — within the input, its demo opens and plays
 * exactly its ticks, the ticks and flags agree — and building it again from
 * what was read gives the very same bytes.
 */
static void fuzz_one(const uint8_t *data, size_t size, size_t errlen)
{
	char err[REPLAY_ERR_SIZE];
	ReplayInfo r;
	ReplayParts p;
	GameInput in;
	bool ok;

	memset(err, 0x55, sizeof err);
	ok = replay_check(data, size, &r, err, errlen);
	if (errlen)
		expect(memchr(err, '\0', errlen) != NULL);
	if (!ok)
		return;
	expect(r.size == REPLAY_HEADER_SIZE + (size_t)r.demo_len + REPLAY_CRC_SIZE && r.size <= size);
	expect(r.size <= REPLAY_MAX_SIZE && r.demo_bytes == data + REPLAY_HEADER_SIZE);
	expect((r.m.flags & ~REPLAY_F_ALL) == 0 && r.m.source <= REPLAY_SRC_DEMO && r.m.bonus <= 1);
	expect(r.demo.ticks <= r.m.end_tick);
	expect((r.demo.ticks < r.m.end_tick) == !!(r.m.flags & REPLAY_F_INCOMPLETE));
	expect(!(r.m.flags & REPLAY_F_MIDFRAME) || ((r.m.flags & REPLAY_F_PANIC) && r.m.frame_crc == 0));
	expect(demo_open(&fuzz_player, r.demo_bytes, r.demo_len, NULL, 0));
	for (uint32_t t = 0; t < r.demo.ticks; t++)
		expect(demo_next(&fuzz_player, &in));
	expect(!demo_next(&fuzz_player, &in) && demo_ended(&fuzz_player));
	replay_build(&p, &r.m, r.demo_bytes, r.demo_len);
	expect(replay_flatten(&p, fuzz_again, sizeof fuzz_again) == r.size);
	expect(memcmp(fuzz_again, data, r.size) == 0);
	expect(replay_check(fuzz_again, r.size, NULL, NULL, 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *fixed;

	fuzz_one(size ? data : NULL, size, REPLAY_ERR_SIZE);
	if (size < REPLAY_CRC_SIZE)
		return 0;
	fixed = crc_fixed_copy(data, size, REPLAY_CRC_SIZE);        /* and a small error buffer */
	fuzz_one(fixed, size, size % 24);
	free(fixed);
	return 0;
}
