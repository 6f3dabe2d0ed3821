/* map.c: tile map storage; every read and write is bounds-checked. */
#include <stdbool.h>
#include <stdint.h>

#include "gfx.h"
#include "map.h"

void map_init(Map *m, int w, int h)
{
	if (w < 1) w = 1;
	if (h < 1) h = 1;
	if (w > MAP_MAX_W) w = MAP_MAX_W;
	if (h > MAP_MAX_H) h = MAP_MAX_H;
	if (w * h > MAP_MAX_CELLS)
		h = MAP_MAX_CELLS / w;
	m->w = (uint16_t)w;
	m->h = (uint16_t)h;
	for (int i = 0; i < w * h; i++)
		m->cells[i] = MAP_AIR;
}

bool map_inside(const Map *m, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->w && y < m->h;
}

uint16_t map_get_tile(const Map *m, int x, int y)
{
	if (!map_inside(m, x, y))
		return MAP_OUTSIDE;
	return m->cells[y * m->w + x];
}

void map_set_tile(Map *m, int x, int y, uint16_t v)
{
	if (map_inside(m, x, y))
		m->cells[y * m->w + x] = v;
}

uint8_t map_attr(uint16_t c)
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

uint8_t map_attr_at(const Map *m, int x, int y)
{
	return map_attr(map_get_tile(m, x, y));
}
