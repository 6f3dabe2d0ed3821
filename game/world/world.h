/* world.h: everything the simulation is — map, actors, player stats, camera, RNG, the seeds' pools. */
#ifndef GAME_WORLD_H
#define GAME_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "actor.h"
#include "collide.h"
#include "gfx.h"
#include "input.h"
#include "map.h"
#include "platform.h"
#include "rng.h"
#include "seedhost.h"
#include "shard.h"
#include "sound.h"
#include "spawner.h"

/* Cosmo's game window: 38x18 tiles at (8, 8), status bar below. */
#define VIEW_W          38
#define VIEW_H          18
#define VIEW_PX         8
#define VIEW_PY         8
#define STATUS_Y        (VIEW_PY + VIEW_H * 8 + 4)

/*
 * Camera margins, in view tiles, from Cosmo's view centering (seed 003,
 * MovePlayerPlatform): the view scrolls one tile a frame when the player's
 * left tile passes column 23 (SCROLLW - 15) or comes before column 12, or
 * the feet row passes row 17 (SCROLLH - 1) or comes above row 3; a falling
 * player is kept above row 14 (SCROLLH - 4).
 */
#define CAM_MARGIN_LEFT   12
#define CAM_MARGIN_RIGHT  23
#define CAM_MARGIN_TOP    3
#define CAM_MARGIN_BOTTOM (VIEW_H - 1)
#define CAM_MARGIN_FALL   (VIEW_H - 4)
#define CAM_STEP_MAX_X    2             /* NOTE: tiles the view may step across in a frame (world.c) */
#define CAM_LOOK_DOWN_MIN 4             /* looking down keeps the feet this far below the top */

/* Cosmo: one game frame per 13 PIT ticks at 140 Hz (about 10.8 per second). */
#define WORLD_PIT_TICKS_PER_FRAME 13

#define PLAYER_MAX_HEALTH 3
#define PLAYER_START_LIVES 3

struct World {
	Map map;
	Actor actors[MAX_ACTORS];
	int actor_end;                  /* no actor at or above this slot: the pool's loops stop here (actor.c) */
	int player;                     /* index of the player's actor, -1 if none */
	int cam_x, cam_y;               /* map tile at the view's top-left */
	uint32_t tick;                  /* game frames since the level started */
	Rng rng;
	GameInput in;                   /* this tick's input */
	uint32_t score;
	uint8_t health, lives;
	uint8_t bombs;                  /* bombs the player carries */
	uint8_t bullets;                /* the player's bullets alive (seed 004's nbullets) */
	bool level_done;                /* the player reached the exit */
	bool kicking;                   /* the player is mid-kick: walkers' touch does not hurt (seed 004) */
	uint32_t status_version;        /* what the status bar shows changed: world_status_changed() */
	SoundId sound;                  /* highest-priority sound asked for this tick */
	bool in_tick;                   /* inside the actor loop: spawns wait for the next one */
	uint8_t cling_dir;              /* DIR4_* wall the player clings to, DIR4_NONE if none */
	int16_t start_x, start_y;       /* where the player (re)starts */
	bool game_over;                 /* the last life is gone */
	uint8_t hurt_cooldown;          /* frames the player ignores further hurts */
	uint8_t shot_wait;              /* frames before the player may fire again (game/cast/weapons.c) */
	bool scooter;                   /* Cosmo's scooter: platforms ignore a mounted player (never set yet) */
	SpawnerPool spawners;           /* seed 000 */
	ShardPool shards;               /* seed 001 */
	PlatformPool platforms;         /* seed 003: platforms and fountains */
	uint8_t prizes_found;           /* prizes collected in this level (game/cast/items.c) */
	uint8_t secrets_found;          /* of those, hidden behind a tile drawn in front; a bonus exit taken */
	bool bonus_exit;                /* level_done came from a bonus exit (game/cast/exit.c) */
};

#define HURT_COOLDOWN_FRAMES 44         /* NOTE: our choice; frames of blinking after a hit */
#define DEATH_FRAMES 20                 /* the player lies still this long before a respawn */

void world_init(World *w, uint32_t seed);       /* empty map, no actors */
void world_trace(const World *w, TraceEmit emit, void *ctx);   /* one line per active mover */

/*
 * The services the seeds ask for (world_map, world_player, actor_spawn,
 * is_sprite_visible, world_request_sound, ...) are declared in seedhost.h,
 * included above. One frame and level loading: game/play/play.h; the
 * player's hurts and death: game/cast/player.h.
 */

/* Actor pool. actor_spawn (seedhost.h) returns NULL when the pool is full. */
void actor_remove(Actor *a);                    /* marked now, freed after the loop */
int actor_count(const World *w);
void actor_collect_dead(World *w);

/*
 * The one way to say the status bar is stale: every change to what it shows
 * (score, health, lives, bombs) calls this, and the kernel redraws the bar
 * when status_version moved (kernel/loop/loop.c).
 */
static inline void world_status_changed(World *w)
{
	w->status_version++;
}
/* Shared helpers for movers on the tile grid (actor.c). */
bool actor_step_x(World *w, Actor *a, int dx);  /* one tile unless blocked; MOVE_SLOPED also lifts a tile */
int actor_fall(World *w, Actor *a, int tiles);  /* tiles actually fallen */

/*
 * The largest picture an actor can show, in tiles: over every image of
 * every action (anim_image stays inside its action), and at least 1x1 (no
 * picture). Made once from the constant tables (actor.c). Actors whose
 * tiles lie farther apart than this cannot overlap, so the overlap tests
 * pass them over before looking up their pictures.
 */
extern GfxTileSize actor_extent;
void actor_extent_make(void);

static inline GfxTileSize actor_max_tiles(void)
{
	if (!actor_extent.w)
		actor_extent_make();
	return actor_extent;
}

/* No picture of an actor standing at (ax, ay) can overlap one of an actor at (bx, by) (map tiles, bottom-left). */
static inline bool actors_far_apart(int ax, int ay, int bx, int by)
{
	GfxTileSize m = actor_max_tiles();

	return ax >= bx + m.w || bx >= ax + m.w || ay >= by + m.h || by >= ay + m.h;
}

/* Something to stand on right under a's picture: test_sprite_move south from one row lower is not MOVE_FREE. */
static inline bool actor_on_ground(const World *w, const Actor *a)
{
	return area_rests(&w->map, image_tiles_w(actor_image(a)), a->x, a->y + 1);
}

/* Their pictures share a tile (world.c). */
bool actors_overlap(const Actor *a, const Actor *b);

/* The player's picture and a's share a tile (inline: most actors ask every tick, most are far away). */
static inline bool is_touching_player(const World *w, const Actor *a)
{
	const Actor *p = w->player >= 0 ? &w->actors[w->player] : 0;

	if (!p || p == a || actors_far_apart(a->x, a->y, p->x, p->y))
		return false;
	return actors_overlap(a, p);
}

/* is_sprite_visible (seedhost.h), inline for the renderer: any part of the image inside the view. */
static inline bool world_sees_sprite(const World *w, int image, int x, int y)
{
	return rect_overlap(sprite_rect_tiles(image, x, y), (Rect){ w->cam_x, w->cam_y, VIEW_W, VIEW_H });
}
void world_add_score(World *w, uint32_t points);
void world_camera_follow(World *w);            /* snap: player inside the margins at once */
void world_camera_step(World *w, int ydir, bool look_up, bool look_down);      /* one frame */

#endif
