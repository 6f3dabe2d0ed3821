/* fuzz_level.c: libFuzzer target — level_check and level_load on any bytes, as given and with the CRC made right. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "actor.h"
#include "crc32.h"
#include "fuzzkit.h"
#include "gfx.h"
#include "level.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* For tests/fuzz/replay.c: files with this extension must load. */
#define FUZZ_VALID_EXT ".lvl"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	return level_check(data, size, NULL, err, errlen);
}

static Map fuzz_map;
static LevelSpawn fuzz_spawns[LEVEL_MAX_ACTORS];

/* Stops the run loudly: libFuzzer and ASan both report an abort with the input. */
/* Independent of level.c: what a loaded map may contain. */
static bool cell_ok(uint16_t c)
{
	if (c <= MAP_PATH_LAST)
		return true;
	if (c & MAP_MASKED_FLAG)
		return (c & 0x7FFF) < gfx_mtile_count;
	return c - MAP_SOLID_BASE < gfx_tile_count;
}

/*
 * One input: check and load must agree; the message must be terminated
 * within errlen; a loaded level must satisfy every promise of level.h.
 */
static void fuzz_one(const uint8_t *data, size_t size, size_t errlen)
{
	char err[LEVEL_ERR_SIZE];
	LevelHeader h;
	int n = -1, players = 0;
	bool ok, loaded;

	memset(err, 0x55, sizeof err);
	ok = level_check(data, size, &h, err, errlen);
	if (errlen)
		expect(memchr(err, '\0', errlen) != NULL);
	loaded = level_load(&fuzz_map, fuzz_spawns, &n, data, size, err, errlen);
	expect(ok == loaded);
	if (!loaded)
		return;
	expect(h.w >= 1 && h.w <= MAP_MAX_W && h.h >= 1 && h.h <= MAP_MAX_H);
	expect((uint32_t)h.w * h.h <= MAP_MAX_CELLS);
	expect(fuzz_map.w == h.w && fuzz_map.h == h.h);
	expect(size == LEVEL_HEADER_SIZE + 2u * h.w * h.h + LEVEL_ACTOR_SIZE * h.actor_count + LEVEL_CRC_SIZE);
	expect(memchr(h.name, '\0', LEVEL_NAME_SIZE) != NULL);
	for (uint32_t i = 0; i < (uint32_t)h.w * h.h; i++)
		expect(cell_ok(fuzz_map.cells[i]));
	expect(n == h.actor_count && n <= LEVEL_MAX_ACTORS);
	for (int i = 0; i < n; i++) {
		expect(fuzz_spawns[i].kind > ACT_NONE && fuzz_spawns[i].kind < ACT_COUNT);
		expect(fuzz_spawns[i].x < h.w && fuzz_spawns[i].y < h.h);
		players += fuzz_spawns[i].kind == ACT_PLAYER;
	}
	expect(players == 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *fixed;

	fuzz_one(size ? data : NULL, size, LEVEL_ERR_SIZE);
	if (size < LEVEL_CRC_SIZE)
		return 0;
	fixed = crc_fixed_copy(data, size, LEVEL_CRC_SIZE);        /* and a small error buffer */
	fuzz_one(fixed, size, size % 24);
	free(fixed);
	return 0;
}
