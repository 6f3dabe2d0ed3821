/* player.h: what the player's action functions share (player.c, player_air.c, player_kick.c, weapons.c). */
#ifndef GAME_PLAYER_H
#define GAME_PLAYER_H

#include <stdbool.h>
#include <stdint.h>

#include "actor.h"
#include "world.h"

/*
 * Time conversions from seed 004 (Tommy). Tommy's clock runs at 8 x 18.2 =
 * 145 ticks a second; our game frame is 13 PIT ticks at 140 Hz = 92.9 ms
 * = 13.5 of Tommy's ticks. Tommy counts in pixels on 16-pixel tiles, we in
 * 8-pixel tiles, one step a frame.
 */
#define IDLE_MIN_FRAMES     37          /* stand 500..1000 Tommy ticks before a fidget: 37..74 frames */
#define IDLE_SPREAD         38
#define FIDGET_MIN_FRAMES   15          /* fidget 200..400 Tommy ticks: 15..30 frames */
#define FIDGET_SPREAD       16

#define JUMP_MIN_FRAMES     2           /* releasing Jump earlier still rises this long */
#define JUMP_THRUST_FRAMES  2           /* a running jump's first frames go 2 tiles (see player_air.c) */
#define FALL_MAX_SPEED      2           /* tiles per frame */

#define KICK_REACH          1           /* tiles in front of the body a kick reaches */
#define KICK_REPEATS        3           /* extra kicks while the key stays down (Tommy: nkicks < 4) */

#define MAX_BULLETS         9           /* alive at once (seed 004; see weapons.c for the fix) */
#define SHOT_GAP_FRAMES     2           /* Tommy: a bullet when shoot_time > 15 ticks = every 2nd frame */
#define BULLET_SPEED        3           /* tiles per frame (Tommy: 13 px a frame, "fast") */
#define MAX_BOMBS           9           /* carried at most */
#define BOMB_FUSE_FRAMES    8           /* a dropped bomb burns this many frames, then explodes */
#define EXPLOSION_FRAMES    3           /* frames the blast is shown */
#define BLAST_RADIUS        2           /* tiles around the bomb's tile the blast reaches */
#define EXPLOSION_EMBERS    4           /* shards thrown by an explosion */

/*
 * Actor fields as the player uses them (seed 004 keeps the same kind of
 * state in the object: frame, time, and the globals forward_thrust,
 * shoot_time, kicking):
 *   timer   frames in the current action function (player_go resets it)
 *   vy      fall speed, tiles a frame
 *   vx      forward thrust left in the air: +/- frames of an extra tile
 *   count   stand: frames beyond IDLE_MIN_FRAMES before a fidget;
 *           fidget: its length; kick: repeats left
 * The gap between shots is w->shot_wait, the bullets alive w->bullets.
 */

bool player_held(const World *w, int button);
bool player_pressed(const World *w, int button);
int player_axis(const World *w);                /* -1 Left, +1 Right, 0 neither or both */
void player_go(Actor *a, ActorTick next);       /* the next action function, its timer from 0 */
void player_face(Actor *a, int dx);
void player_pose(Actor *a, uint8_t action);     /* ActionId; the facing follows a->dir */
void player_recoil(World *w, Actor *a, int strength);  /* bounced by a pounce of that strength */
int player_steer(World *w, Actor *a);           /* Left/Right: one tile (slopes too); returns the axis */
void player_step(World *w, Actor *a, int dx);   /* one tile, slopes climbed and followed */

/*
 * On the ground, every state asks the same question first: which state do
 * the input and the ground ask for? If it is another one, that state takes
 * over at once (it runs in this same frame) and the caller returns.
 */
ActorTick player_ground_choice(World *w, Actor *a);
bool player_ground_leave(Actor *a, World *w, ActorTick self);

/* weapons.c */
void player_fire(Actor *a, World *w);           /* a bullet if Fire is down, the gap is over and one is free */
void player_drop_bomb(Actor *a, World *w);      /* on a Bomb press, if one is carried and there is room */

#endif
