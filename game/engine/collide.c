/* collide.c: leading-edge tile tests and pixel distance probes against the map's attribute bits. */
#include <stdbool.h>
#include <stdint.h>

#include "collide.h"
#include "dir.h"
#include "gfx.h"
#include "map.h"

const int8_t dir8_x[DIR8_COUNT] = { 0, 0, 1, 1, 1, 0, -1, -1, -1 };
const int8_t dir8_y[DIR8_COUNT] = { 0, -1, -1, 0, 1, 1, 1, 0, -1 };

/*
 * The west/east slope rule: the leading column's bottom cell is sloped and
 * the cell straight above it does not block `bit` (the way of the move).
 */
static bool slope_step(const Map *m, int col, int y, uint8_t bit)
{
	return (map_attr_at(m, col, y) & TILE_SLOPED) && !(map_attr_at(m, col, y - 1) & bit);
}

/*
 * A west or east move of an area whose leading column is `col`: the
 * bottom row's slope rule first, then each row from the bottom up against
 * the block bit.
 * ORIGINAL: TestSpriteMove (cosmore game1.c), the seeds' "TestSpriteMove"
 * (000, 001): the slope test belongs to the bottom row only (i == 0) and
 * comes before that row's block test, so a sloped cell with a free cell
 * above answers MOVE_SLOPED even when the slope also blocks the way; under
 * a cell that blocks the way the slope is just a cell like any other.
 */
static MoveResult side_move(const Map *m, int col, int h, int y, uint8_t bit)
{
	if (slope_step(m, col, y, bit))
		return MOVE_SLOPED;
	for (int i = 0; i < h; i++)
		if (map_attr_at(m, col, y - i) & bit)
			return MOVE_BLOCKED;
	return MOVE_FREE;
}

MoveResult test_area_move(const Map *m, int dir, int w, int h, int x, int y)
{
	int i;

	switch (dir) {
	case DIR4_NORTH:
		for (i = 0; i < w; i++)
			if (map_attr_at(m, x + i, y - h + 1) & TILE_BLOCK_NORTH)
				return MOVE_BLOCKED;
		break;
	case DIR4_SOUTH:
		for (i = 0; i < w; i++) {
			uint8_t a = map_attr_at(m, x + i, y);

			if (a & TILE_SLOPED)
				return MOVE_SLOPED;
			if (a & TILE_BLOCK_SOUTH)
				return MOVE_BLOCKED;
		}
		break;
	case DIR4_WEST:
		/*
		 * ORIGINAL: TestSpriteMove refuses a west move whose target x
		 * is 0: nothing steps west into the map's first column.
		 */
		if (x <= 0)
			return MOVE_BLOCKED;
		return side_move(m, x, h, y, TILE_BLOCK_WEST);
	case DIR4_EAST:
		/*
		 * ORIGINAL: TestSpriteMove refuses an east move when x + width
		 * equals the map width: nothing steps east into the map's last
		 * column. (Beyond it, our cells outside the map block anyway.)
		 */
		if (x + w >= m->w)
			return MOVE_BLOCKED;
		return side_move(m, x + w - 1, h, y, TILE_BLOCK_EAST);
	}
	return MOVE_FREE;
}

MoveResult test_area_block(const Map *m, int dir, int w, int h, int x, int y)
{
	int i;

	switch (dir) {
	case DIR4_WEST:
		for (i = 0; i < h; i++)
			if (map_attr_at(m, x, y - i) & TILE_BLOCK_WEST)
				return MOVE_BLOCKED;
		return MOVE_FREE;
	case DIR4_EAST:
		for (i = 0; i < h; i++)
			if (map_attr_at(m, x + w - 1, y - i) & TILE_BLOCK_EAST)
				return MOVE_BLOCKED;
		return MOVE_FREE;
	default:
		return test_area_move(m, dir, w, h, x, y);
	}
}

MoveResult test_sprite_block(const Map *m, int dir, int image, int x, int y)
{
	return test_area_block(m, dir, image_tiles_w(image), image_tiles_h(image), x, y);
}

static int floor_div(int a, int b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Does any tile touched by the pixel column/row span block `bit`? */
static bool span_blocked(const Map *m, bool vertical_edge, int edge, int from, int to, uint8_t bit)
{
	int t0 = floor_div(from, GFX_TILE_W), t1 = floor_div(to, GFX_TILE_W);
	int e = floor_div(edge, GFX_TILE_W);

	for (int t = t0; t <= t1; t++) {
		uint8_t a = vertical_edge ? map_attr_at(m, e, t) : map_attr_at(m, t, e);

		if (a & bit)
			return true;
	}
	return false;
}

int how_far(const Map *m, Rect r, int dir, int max)
{
	int d;

	for (d = 0; d < max; d++) {
		switch (dir) {
		case DIR4_NORTH:
			if (span_blocked(m, false, r.y - d - 1, r.x, r.x + r.w - 1, TILE_BLOCK_NORTH))
				return d;
			break;
		case DIR4_SOUTH:
			if (span_blocked(m, false, r.y + r.h + d, r.x, r.x + r.w - 1, TILE_BLOCK_SOUTH))
				return d;
			break;
		case DIR4_WEST:
			if (span_blocked(m, true, r.x - d - 1, r.y, r.y + r.h - 1, TILE_BLOCK_WEST))
				return d;
			break;
		case DIR4_EAST:
			if (span_blocked(m, true, r.x + r.w + d, r.y, r.y + r.h - 1, TILE_BLOCK_EAST))
				return d;
			break;
		default:
			return 0;
		}
	}
	return max;
}

