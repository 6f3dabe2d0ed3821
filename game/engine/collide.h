/* collide.h: one collision module for every mover — tile-step tests (Cosmo) and pixel distances (Tommy). */
#ifndef GAME_COLLIDE_H
#define GAME_COLLIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "gfx.h"
#include "map.h"

typedef enum MoveResult {
	MOVE_FREE,
	MOVE_BLOCKED,
	MOVE_SLOPED,                    /* onto a slope: south, or west/east up a slope's step */
} MoveResult;

/* A rectangle in pixels (x, y = top-left). */
typedef struct Rect {
	int x, y, w, h;
} Rect;

/*
 * Size of an image in whole tiles (Cosmo sprites are built from 8x8 tiles);
 * 1x1 for no image (-1) or a bad id. Inline with the two below: every
 * actor asks for them several times a tick.
 */
static inline int image_tiles_w(int image)
{
	return (unsigned)image < gfx_image_count ? gfx_image_tiles[image].w : 1;
}

static inline int image_tiles_h(int image)
{
	return (unsigned)image < gfx_image_count ? gfx_image_tiles[image].h : 1;
}

/*
 * Can the image occupy (x, y) — left tile, bottom tile — having moved in
 * `dir` (DIR4_*)? Cosmo's TestSpriteMove: only the leading edge is checked
 * against the matching block bit. North tests the top row for BLOCK_NORTH;
 * south the bottom row for SLOPED (-> MOVE_SLOPED) then BLOCK_SOUTH; west
 * the left column, east the right column: MOVE_BLOCKED when the move would
 * enter the map's first (west, x <= 0) or last (east, x + w >= map width)
 * column; MOVE_SLOPED when the column's bottom cell is sloped and the cell
 * above it does not block the way; else MOVE_BLOCKED when any cell of the
 * column blocks the way (BLOCK_WEST / BLOCK_EAST). Cells outside the map
 * block everything.
 */
static inline MoveResult test_sprite_move(const Map *m, int dir, int image, int x, int y);

/* Same test for an explicit size in tiles. */
MoveResult test_area_move(const Map *m, int dir, int w_tiles, int h_tiles, int x, int y);

/*
 * The project's own west/east test for movers that are not Cosmo's sprites
 * (the player, whose original has its own TestPlayerMove, and Tommy's
 * bullets): any cell of the leading column blocking the way blocks; no
 * slope or map-edge rule. North and south are test_area_move's.
 */
MoveResult test_area_block(const Map *m, int dir, int w_tiles, int h_tiles, int x, int y);
MoveResult test_sprite_block(const Map *m, int dir, int image, int x, int y);

/*
 * Tommy's idea in pixels: how far (0..max) can rectangle r move in dir
 * before its leading edge enters a tile that blocks that direction?
 */
int how_far(const Map *m, Rect r, int dir, int max);
static inline bool can_move(const Map *m, Rect r, int dir) { return how_far(m, r, dir, 1) == 1; }

static inline bool rect_overlap(Rect a, Rect b)
{
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static inline MoveResult test_sprite_move(const Map *m, int dir, int image, int x, int y)
{
	return test_area_move(m, dir, image_tiles_w(image), image_tiles_h(image), x, y);
}

/*
 * test_area_move's south test answers anything but MOVE_FREE: a cell of
 * row y, columns x .. x + w_tiles - 1, is sloped or blocks the way south
 * (something to stand on). Inline for the movers' every-tick ground test.
 */
static inline bool area_rests(const Map *m, int w_tiles, int x, int y)
{
	for (int i = 0; i < w_tiles; i++)
		if (map_attr_at(m, x + i, y) & (TILE_SLOPED | TILE_BLOCK_SOUTH))
			return true;
	return false;
}

/* The tile-space rectangle an image covers with its bottom-left tile at (x, y). */
static inline Rect sprite_rect_tiles(int image, int x, int y)
{
	int h = image_tiles_h(image);

	return (Rect){ x, y - h + 1, image_tiles_w(image), h };
}

#endif
