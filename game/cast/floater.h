/* floater.h: floating score points (seed 004) — a number rising over whatever earned it, then gone. */
#ifndef GAME_FLOATER_H
#define GAME_FLOATER_H

#include <stdint.h>

#include "actor.h"

/*
 * Seed 004's floating_points_go: one pixel up a frame, removed after 75
 * frames. In our units it lives TOMMY_FRAMES(75) = 33 frames and climbs
 * one tile every 7 (75 pixels are 4.7 of Tommy's 16-pixel tiles, one per
 * 33 / 4.7 = 7 frames), passing through walls.
 */
#define FLOATER_FRAMES          33
#define FLOATER_RISE_EVERY      7

/*
 * A floater showing `points` with its bottom-left tile at (x, y): the
 * art for 100, 200, 500, 1000 or 5000, or the largest of those below
 * `points` (100 below 100). Only a picture: the score is the caller's.
 * NULL for 0 points or a full pool.
 */
Actor *floater_new(World *w, int x, int y, uint32_t points);

/* The same, centred just above actor `a`. */
Actor *floater_over(World *w, const Actor *a, uint32_t points);

#endif
