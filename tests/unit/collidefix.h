/* collidefix.h: the map, tiles picked by attribute and name helpers shared by the collide tests (test_collide*.c). */
#ifndef TESTS_UNIT_COLLIDEFIX_H
#define TESTS_UNIT_COLLIDEFIX_H

#include "testmain.h"

#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "gfx.h"
#include "map.h"

#define ATTR_KIND (TILE_BLOCK_ALL | TILE_SLOPED)        /* the bits that decide a move */

static Map map;

/*
 * The first solid tile whose blocking bits are exactly `want` (of
 * ATTR_KIND), as a map cell. Picked by attributes, so the tests keep
 * meaning the same thing when the art changes.
 */
static inline uint16_t solid_with(uint8_t want)
{
	for (uint16_t s = 1; s < gfx_tile_count; s++)
		if ((gfx_tile_attrs[s] & ATTR_KIND) == want)
			return (uint16_t)(MAP_SOLID_BASE + s);
	fail_msg("tiles.json has no solid tile with attrs 0x%02X", want);
	return 0;
}

static inline uint16_t masked_with(uint8_t want)
{
	for (uint16_t k = 0; k < gfx_mtile_count; k++)
		if ((gfx_mtile_attrs[k] & ATTR_KIND) == want)
			return (uint16_t)(MAP_MASKED_FLAG | k);
	fail_msg("mtiles.json has no masked tile with attrs 0x%02X", want);
	return 0;
}

#define BLOCK    solid_with(TILE_BLOCK_ALL)                      /* e.g. brick: a full block */
#define PLATFORM solid_with(TILE_BLOCK_SOUTH)                    /* e.g. the blue platform */
#define SLOPE    solid_with(TILE_BLOCK_SOUTH | TILE_SLOPED)      /* e.g. TILE_SLOPE_UR */
#define SCENERY  solid_with(0)                                   /* e.g. a star in the sky */

static inline int fresh_map(void **state)
{
	(void)state;
	map_init(&map, 10, 10);
	return 0;
}

static inline const char *dir_name(int dir)
{
	static const char *names[] = { "none", "north", "south", "west", "east" };

	return dir >= 0 && dir <= DIR4_EAST ? names[dir] : "?";
}

static inline const char *result_name(MoveResult r)
{
	return r == MOVE_FREE ? "FREE" : r == MOVE_BLOCKED ? "BLOCKED" : r == MOVE_SLOPED ? "SLOPED" : "?";
}

#endif
