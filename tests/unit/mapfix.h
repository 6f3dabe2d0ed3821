/* mapfix.h: hand-built maps for the mover tests — a full-block tile, rows and columns of cells. */
#ifndef TESTS_UNIT_MAPFIX_H
#define TESTS_UNIT_MAPFIX_H

#include "testmain.h"

#include "gfx.h"
#include "map.h"

/* The first solid tile that blocks all four ways and is not sloped. */
static inline uint16_t block(void)
{
	for (uint16_t s = 1; s < gfx_tile_count; s++)
		if ((gfx_tile_attrs[s] & (TILE_BLOCK_ALL | TILE_SLOPED)) == TILE_BLOCK_ALL)
			return (uint16_t)(MAP_SOLID_BASE + s);
	fail_msg("tiles.json has no full block");
	return 0;
}

static inline void map_row(Map *m, int y, int x0, int x1, uint16_t cell)
{
	for (int x = x0; x <= x1; x++)
		map_set_tile(m, x, y, cell);
}

static inline void map_column(Map *m, int x, int y0, int y1, uint16_t cell)
{
	for (int y = y0; y <= y1; y++)
		map_set_tile(m, x, y, cell);
}

#endif
