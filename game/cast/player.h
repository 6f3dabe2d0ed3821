/* player.h: what the player's action functions share (player.c, player_air.c, player_kick.c); weapons: weapons.h. */
#ifndef GAME_PLAYER_H
#define GAME_PLAYER_H

#include <stdbool.h>
#include <stdint.h>

#include "actor.h"
#include "weapons.h"
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

/* life.c; world_hurt_player (one health point unless cooling down) is in seedhost.h. */
void world_kill_player(World *w);               /* at once: death, then respawn or game over */

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

#endif
