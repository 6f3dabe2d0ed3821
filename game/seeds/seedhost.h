/* seedhost.h: what the seed subsystems ask of the world they run in — its map, its player, a spawn, a sound. */
#ifndef GAME_SEEDHOST_H
#define GAME_SEEDHOST_H

#include <stdbool.h>
#include <stdint.h>

#include "actor.h"
#include "map.h"
#include "sound.h"

/*
 * The seeds (spawners, shards, platforms, fountains) keep their own pools,
 * which the caller hands them, and see the World only through the calls
 * below. They are declared here, at the seeds' level, and implemented
 * above it (game/world/world.c, actor.c, ride.c; game/cast/life.c), so
 * every #include points down: the World is an opaque handle to a seed.
 */
Map *world_map(World *w);
Actor *world_player(World *w);                  /* NULL when the level has none */
bool is_sprite_visible(const World *w, int image, int x, int y);
void world_request_sound(World *w, SoundId s);  /* the highest priority of the frame wins */
Actor *actor_spawn(World *w, int kind, int x, int y);   /* NULL when the pool is full */
int actor_kind_image(int kind);                 /* frame 0 of the kind's first action */
void world_hurt_player(World *w);               /* one health point unless cooling down */

/*
 * MovePlayerPlatform (seed 003): the caller has checked the player's feet
 * row; if the player overlaps [x_west, x_east], move them by
 * (dir8_x[x_dir], dir8_y[y_dir]), release a wall cling when something is
 * under them, and apply the view-centering rules (game/world/ride.c).
 */
void platform_carry_player(World *w, int x_west, int x_east, int x_dir, int y_dir);

#endif
