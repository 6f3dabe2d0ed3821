/* level.h: level files (.lvl) — the binary format, a validator that trusts nothing, and the loader. */
#ifndef GAME_LEVEL_H
#define GAME_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "map.h"

/*
 * Level file, little-endian; written by tools/level2bin.py from a Tiled map
 * (game/levels/NAME.tmj):
 *
 *   offset  size        field
 *   0       4           magic "SFLV"
 *   4       u16         version = LEVEL_VERSION
 *   6       u16         width in tiles, 1..MAP_MAX_W
 *   8       u16         height in tiles, 1..MAP_MAX_H; width * height <= MAP_MAX_CELLS
 *   10      u16         actor_count, 0..LEVEL_MAX_ACTORS
 *   12      u16         flags, must be 0
 *   14      char[16]    name: printable ASCII, NUL-terminated, NUL-padded
 *   30      u16[w*h]    cells, row-major, row 0 = top (encoding in map.h)
 *   ...     6 * count   actors: u16 kind (ACT_*), u16 x (left tile), u16 y (bottom tile)
 *   ...     u32         CRC-32 (zlib's) of every byte before it
 *
 * A valid file is exactly 30 + 2*w*h + 6*actor_count + 4 bytes long, every
 * cell is air, a path step 1..8, an existing solid tile or an existing masked
 * tile, every actor is a real kind standing inside the map, and there is
 * exactly one ACT_PLAYER.
 */
#define LEVEL_MAGIC         "SFLV"
#define LEVEL_VERSION       1
#define LEVEL_HEADER_SIZE   30
#define LEVEL_NAME_SIZE     16
#define LEVEL_ACTOR_SIZE    6
#define LEVEL_CRC_SIZE      4
#define LEVEL_MAX_ACTORS    128         /* == MAX_ACTORS in actor.h */
#define LEVEL_ERR_SIZE      96          /* room for any level_check message */

typedef struct LevelHeader {
	uint16_t version;
	uint16_t w, h;
	uint16_t actor_count;
	uint16_t flags;
	char name[LEVEL_NAME_SIZE];     /* NUL-terminated */
} LevelHeader;

/* Where an actor starts: its kind and the map tile of its bottom-left corner. */
typedef struct LevelSpawn {
	uint16_t kind;                  /* ActorKindId */
	uint16_t x, y;
} LevelSpawn;

/*
 * Checks every field of a level file of len bytes (data may be NULL when
 * len is 0). On success fills *out (if not NULL), empties err and returns
 * true; on failure writes "level: <what is wrong>" to err (if errlen > 0;
 * always NUL-terminated, truncated to fit) and returns false. Never reads
 * data[len] or beyond.
 */
bool level_check(const uint8_t *data, size_t len, LevelHeader *out, char *err, size_t errlen);

/*
 * level_check, then fills the map (size and cells) and spawns[0 .. count-1]
 * from the file; spawns must have room for LEVEL_MAX_ACTORS. On failure
 * the map, spawns and *spawn_count are left untouched.
 */
bool level_load(Map *m, LevelSpawn spawns[LEVEL_MAX_ACTORS], int *spawn_count,
    const uint8_t *data, size_t len, char *err, size_t errlen);

/*
 * The levels built into the program (build/gen/levels.c, from the maps in
 * game/levels). They are built in packed (lzunpack.h): level_find unpacks
 * one into its own room, so data is the level file once level_find has
 * returned the blob. A blob made elsewhere (a file) has packed == NULL.
 */
typedef struct LevelBlob {
	const char *name;               /* file stem, e.g. "test" */
	const uint8_t *data;            /* the level file, len bytes */
	uint32_t len;
	const uint8_t *packed;          /* built in: the file packed, packed_len bytes; else NULL */
	uint32_t packed_len;
	uint8_t *room;                  /* built in: where level_find unpacks it (== data) */
} LevelBlob;

extern const LevelBlob game_levels[];
extern const uint16_t game_level_count;

/* The built-in level with this file stem, unpacked, or NULL (also when it does not unpack). */
const LevelBlob *level_find(const char *name);

#endif
