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

void map_set_tile(Map *m, int x, int y, uint16_t v)
{
	if (map_inside(m, x, y))
		m->cells[y * m->w + x] = v;
}
