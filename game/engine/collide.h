/* collide.h: one collision module for every mover — tile-step tests (Cosmo) and pixel distances (Tommy). */
#ifndef GAME_COLLIDE_H
#define GAME_COLLIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "map.h"

typedef enum MoveResult {
	MOVE_FREE,
	MOVE_BLOCKED,
	MOVE_SLOPED,                    /* south move onto a slope tile */
} MoveResult;

/* A rectangle in pixels (x, y = top-left). */
typedef struct Rect {
	int x, y, w, h;
} Rect;

/* Size of an image in whole tiles (Cosmo sprites are built from 8x8 tiles). */
int image_tiles_w(int image);
int image_tiles_h(int image);

/*
 * Can the image occupy (x, y) — left tile, bottom tile — having moved in
 * `dir` (DIR4_*)? Only the leading edge is checked against the matching
 * block bit: north tests the top row for BLOCK_NORTH, south the bottom row
 * for SLOPED (-> MOVE_SLOPED) then BLOCK_SOUTH, west the left column for
 * BLOCK_WEST, east the right column for BLOCK_EAST. Cells outside the map
 * block everything.
 */
MoveResult test_sprite_move(const Map *m, int dir, int image, int x, int y);

/* Same test for an explicit size in tiles. */
MoveResult test_area_move(const Map *m, int dir, int w_tiles, int h_tiles, int x, int y);

/*
 * Tommy's idea in pixels: how far (0..max) can rectangle r move in dir
 * before its leading edge enters a tile that blocks that direction?
 */
int how_far(const Map *m, Rect r, int dir, int max);
static inline bool can_move(const Map *m, Rect r, int dir) { return how_far(m, r, dir, 1) == 1; }

bool rect_overlap(Rect a, Rect b);

/* The tile-space rectangle an image covers with its bottom-left tile at (x, y). */
Rect sprite_rect_tiles(int image, int x, int y);

#endif
