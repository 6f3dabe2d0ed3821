/* map.h: the tile world — cells of 8x8 tiles with Cosmo's attribute bits, bounds-safe access. */
#ifndef GAME_MAP_H
#define GAME_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "gfx.h"

/*
 * A map cell is 16 bits:
 *   0                  air
 *   1..8               invisible platform-path tile, value = DIR8 step (seed 003)
 *   MAP_SOLID_BASE+s   solid tile s (s >= 1 = index in tiles.png; drawn by latched copy)
 *   MAP_MASKED_FLAG|m  masked tile m (index in mtiles.png; drawn with a mask over the sky)
 * NOTE: Cosmo stores solid tiles as index * 8 and reads the path step as
 * value / 8; we store the index itself, so the path step is the value.
 */
#define MAP_AIR             0x0000
#define MAP_PATH_LAST       8
#define MAP_SOLID_BASE      8
#define MAP_MASKED_FLAG     0x8000
#define MAP_OUTSIDE         0xFFFF      /* what reads outside the map return */

#define MAP_MAX_W           1024
#define MAP_MAX_H           256
#define MAP_MAX_CELLS       65536       /* w * h limit (Cosmo: 32768 cells) */

/* Tile attribute bits (Cosmo's values). */
#define TILE_BLOCK_SOUTH    0x01        /* stops movement south: something to stand on */
#define TILE_BLOCK_NORTH    0x02        /* stops movement north: a ceiling */
#define TILE_BLOCK_WEST     0x04        /* stops movement west */
#define TILE_BLOCK_EAST     0x08        /* stops movement east */
#define TILE_SLIPPERY       0x10
#define TILE_IN_FRONT       0x20        /* drawn over sprites */
#define TILE_SLOPED         0x40
#define TILE_CAN_CLING      0x80
#define TILE_BLOCK_ALL      0x0F

typedef struct Map {
	uint16_t w, h;
	uint16_t cells[MAP_MAX_CELLS];
} Map;

static inline bool map_is_path(uint16_t c) { return c >= 1 && c <= MAP_PATH_LAST; }
static inline bool map_is_masked(uint16_t c) { return c != MAP_OUTSIDE && (c & MAP_MASKED_FLAG); }
static inline bool map_is_solid(uint16_t c) { return c > MAP_SOLID_BASE && !(c & MAP_MASKED_FLAG); }

void map_init(Map *m, int w, int h);            /* all air; w, h clamped to the limits */
void map_set_tile(Map *m, int x, int y, uint16_t v);

/* The reads below are inline: every mover asks for a few cells a tick. */
static inline bool map_inside(const Map *m, int x, int y)
{
	return (unsigned)x < m->w && (unsigned)y < m->h;        /* a negative x or y is a huge unsigned */
}

static inline uint16_t map_get_tile(const Map *m, int x, int y)
{
	if (!map_inside(m, x, y))
		return MAP_OUTSIDE;
	return m->cells[y * m->w + x];
}

/*
 * Attribute bits of a cell. Outside the map everything blocks: nothing walks,
 * falls or rises off the edge of the world.
 */
static inline uint8_t map_attr(uint16_t c)
{
	if (c == MAP_OUTSIDE)
		return TILE_BLOCK_ALL;
	if (c & MAP_MASKED_FLAG) {
		c &= (uint16_t)~MAP_MASKED_FLAG;
		return c < gfx_mtile_count ? gfx_mtile_attrs[c] : TILE_BLOCK_ALL;
	}
	if (c <= MAP_SOLID_BASE)
		return 0;                       /* air and path tiles */
	c -= MAP_SOLID_BASE;
	return c < gfx_tile_count ? gfx_tile_attrs[c] : TILE_BLOCK_ALL;
}

static inline uint8_t map_attr_at(const Map *m, int x, int y)
{
	return map_attr(map_get_tile(m, x, y));
}

#endif
