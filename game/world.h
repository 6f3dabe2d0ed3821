/* world.h: everything the simulation is — map, actors, player stats, camera, RNG — and its tick. */
#ifndef GAME_WORLD_H
#define GAME_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "actor.h"
#include "input.h"
#include "map.h"
#include "rng.h"
#include "sound.h"

/* Cosmo's game window: 38x18 tiles at (8, 8), status bar below. */
#define VIEW_W          38
#define VIEW_H          18
#define VIEW_PX         8
#define VIEW_PY         8
#define STATUS_Y        (VIEW_PY + VIEW_H * 8 + 4)

/* Camera margins: the view scrolls when the player leaves this box. */
#define CAM_MARGIN_LEFT   14
#define CAM_MARGIN_RIGHT  22            /* player's left tile further right than this scrolls */
#define CAM_MARGIN_TOP    5
#define CAM_MARGIN_BOTTOM 12

/* Cosmo: one game frame per 13 PIT ticks at 140 Hz (about 10.8 per second). */
#define WORLD_PIT_TICKS_PER_FRAME 13

#define PLAYER_MAX_HEALTH 3
#define PLAYER_START_LIVES 3

struct World {
	Map map;
	Actor actors[MAX_ACTORS];
	int player;                     /* index of the player's actor, -1 if none */
	int cam_x, cam_y;               /* map tile at the view's top-left */
	uint32_t tick;                  /* game frames since the level started */
	Rng rng;
	GameInput in;                   /* this tick's input */
	uint32_t score;
	uint8_t health, lives;
	uint32_t status_version;        /* bumped when score/health/lives change */
	SoundId sound;                  /* highest-priority sound asked for this tick */
	bool in_tick;                   /* inside the actor loop: spawns wait for the next one */
};

void world_init(World *w, uint32_t seed);       /* empty map, no actors */
void world_tick(World *w, const GameInput *in); /* one game frame */
bool world_load_level(World *w, const uint8_t *data, size_t len, uint32_t seed,
    char *err, size_t errlen);                  /* false + message on a bad level */

/* Actor pool. actor_spawn returns NULL when the pool is full. */
Actor *actor_spawn(World *w, int kind, int x, int y);
void actor_remove(Actor *a);                    /* marked now, freed after the loop */
int actor_count(const World *w);
void actor_collect_dead(World *w);

/* Queries the seeds name. */
bool is_sprite_visible(const World *w, int image, int x, int y);
bool is_touching_player(const World *w, const Actor *a);
Actor *world_player(World *w);

void world_request_sound(World *w, SoundId s);
void world_add_score(World *w, uint32_t points);
void world_camera_follow(World *w);

#endif
