/* weapons.h: the player's bullets and bombs (weapons.c) — their numbers, and firing and dropping from any state. */
#ifndef GAME_WEAPONS_H
#define GAME_WEAPONS_H

#include "actor.h"

/*
 * Seed 004 (Tommy) in our units; see player.h for the time conversions.
 * The player's states call player_fire and player_drop_bomb; the weapons
 * know nothing of those states (they read the input record themselves).
 */
#define MAX_BULLETS         9           /* alive at once (seed 004; see weapons.c for the fix) */
#define SHOT_GAP_FRAMES     2           /* Tommy: a bullet when shoot_time > 15 ticks = every 2nd frame */
#define BULLET_SPEED        3           /* tiles per frame (Tommy: 13 px a frame, "fast") */
#define MAX_BOMBS           9           /* carried at most */
#define BOMB_FUSE_FRAMES    8           /* a dropped bomb burns this many frames, then explodes */
#define EXPLOSION_FRAMES    3           /* frames the blast is shown */
#define BLAST_RADIUS        2           /* tiles around the bomb's tile the blast reaches */
#define EXPLOSION_EMBERS    4           /* shards thrown by an explosion */

void player_fire(Actor *a, World *w);           /* a bullet if Fire is down, the gap is over and one is free */
void player_drop_bomb(Actor *a, World *w);      /* on a Bomb press, if one is carried and there is room */

#endif
