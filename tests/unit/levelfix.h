/* levelfix.h: the reference level every level test builds, and the check/reject helpers (test_level*.c). */
#ifndef TESTS_UNIT_LEVELFIX_H
#define TESTS_UNIT_LEVELFIX_H

#include "testmain.h"

#include "actor.h"
#include "assets.h"
#include "crc32.h"
#include "level.h"
#include "map.h"

/*
 * The reference level built by every test: 5x3 cells, two actors, name
 * "tiny". Tests break one field (fixing the CRC unless the CRC is the
 * point) and check the message.
 */
#define TW 5
#define TH 3
#define CELLS_AT LEVEL_HEADER_SIZE
#define ACTORS_AT (CELLS_AT + 2 * TW * TH)

static uint8_t lvl[LEVEL_HEADER_SIZE + 2 * 1024 + LEVEL_ACTOR_SIZE * 130 + LEVEL_CRC_SIZE];
static size_t lvl_len;
static Map map;
static LevelSpawn spawns[LEVEL_MAX_ACTORS];
static char err[LEVEL_ERR_SIZE];

static const uint16_t tiny_cells[TH][TW] = {
	{ MAP_AIR, 1, MAP_PATH_LAST, MAP_SOLID_BASE + 1, MAP_SOLID_BASE + TILE_COUNT - 1 },
	{ MAP_MASKED_FLAG | 0, MAP_MASKED_FLAG | (MTILE_COUNT - 1), MAP_AIR, MAP_AIR, MAP_AIR },
	{ MAP_SOLID_BASE + TILE_GRASS_TOP, MAP_SOLID_BASE + TILE_GRASS_TOP, MAP_SOLID_BASE + TILE_BRICK,
	  MAP_SOLID_BASE + TILE_GRASS_TOP, MAP_SOLID_BASE + TILE_GRASS_TOP },
};

static inline void put16(size_t at, uint16_t v)
{
	lvl[at] = (uint8_t)v;
	lvl[at + 1] = (uint8_t)(v >> 8);
}

/* Recomputes the trailing CRC-32 over everything before it. */
static inline void fix_crc(void)
{
	uint32_t crc = crc32_update(0, lvl, lvl_len - LEVEL_CRC_SIZE);

	for (int i = 0; i < 4; i++)
		lvl[lvl_len - LEVEL_CRC_SIZE + i] = (uint8_t)(crc >> (8 * i));
}

static inline void set_actor(int i, uint16_t kind, uint16_t x, uint16_t y)
{
	put16(ACTORS_AT + LEVEL_ACTOR_SIZE * i, kind);
	put16(ACTORS_AT + LEVEL_ACTOR_SIZE * i + 2, x);
	put16(ACTORS_AT + LEVEL_ACTOR_SIZE * i + 4, y);
}

static inline int build_tiny(void **state)
{
	(void)state;
	memset(lvl, 0, sizeof lvl);
	memcpy(lvl, "SFLV", 4);
	put16(4, LEVEL_VERSION);
	put16(6, TW);
	put16(8, TH);
	put16(10, 2);
	put16(12, 0);
	memcpy(lvl + 14, "tiny", 4);
	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			put16(CELLS_AT + 2 * (y * TW + x), tiny_cells[y][x]);
	lvl_len = ACTORS_AT + 2 * LEVEL_ACTOR_SIZE + LEVEL_CRC_SIZE;
	set_actor(0, ACT_PLAYER, 0, 1);
	set_actor(1, ACT_CRITTER, 4, 1);
	fix_crc();
	memset(err, 0, sizeof err);
	return 0;
}

/* level_check on an exact-size heap copy, so ASan sees any read past the end. */
static inline bool check_copy(const uint8_t *data, size_t len, LevelHeader *h, char *e, size_t elen)
{
	uint8_t *copy = malloc(len ? len : 1);
	bool ok;

	assert_non_null(copy);
	if (len)
		memcpy(copy, data, len);
	ok = level_check(copy, len, h, e, elen);
	free(copy);
	return ok;
}

static inline void assert_rejected(const char *want)
{
	bool ok = check_copy(lvl, lvl_len, NULL, err, sizeof err);

	if (ok)
		fail_msg("accepted; expected \"%s\"", want);
	if (!strstr(err, want))
		fail_msg("message \"%s\" lacks \"%s\"", err, want);
	assert_int_equal(strncmp(err, "level: ", 7), 0);
}

#endif
