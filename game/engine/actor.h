/* actor.h: actors — a fixed pool, each driven by a pointer to its action function for this tick. */
#ifndef GAME_ACTOR_H
#define GAME_ACTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "anim.h"

typedef struct World World;
typedef struct Actor Actor;

/* Every action function has this one signature (Tommy's chain, DOOM's thinkers). */
typedef void (*ActorTick)(Actor *self, World *w);

/*
 * Actor kinds. tools/level2bin.py reads the names between the two marker
 * comments to map Tiled object types ("PLAYER", "CRITTER", ...) to ids, so
 * keep one ACT_ name per line there and append new kinds at the end.
 */
typedef enum ActorKindId {
	/* ACTOR KINDS BEGIN */
	ACT_NONE,
	ACT_PLAYER,                     /* the player's start position */
	ACT_CRITTER,                    /* walks, turns at walls and ledges */
	ACT_SLUG,                       /* flies back and forth */
	ACT_BARREL,                     /* sits; falls when unsupported; pounce: shards + prize */
	ACT_GOURD,                      /* prizes (seed 000's spawner sources) */
	ACT_TOMATO,
	ACT_DIAMOND,
	ACT_EMERALD,
	ACT_HAMBURGER,
	ACT_FOOT_SWITCH,                /* the map's platforms wait until it is pressed */
	ACT_PLATFORM,                   /* level marker: becomes a moving platform (seed 003) */
	ACT_FOUNTAIN_6,                 /* level markers: mud fountains 6, 9, 12, 15 tiles high */
	ACT_FOUNTAIN_9,
	ACT_FOUNTAIN_12,
	ACT_FOUNTAIN_15,
	ACT_BULLET,                     /* the player's shot (seed 004) */
	ACT_BOMB,                       /* a dropped, lit bomb: fuse, then explosion */
	ACT_EXPLOSION,                  /* a bomb's blast: destroys what is near */
	ACT_BOMB_PICKUP,                /* an idle bomb: touch to carry one more */
	ACT_FLOATER,                    /* floating score points (seed 004) */
	ACT_BASKET,                     /* like the barrel: pounce or bomb -> shards + prize */
	ACT_TULIP,                      /* launcher plant: blue balls / parachutes via spawners */
	ACT_BLUE_BALL,
	ACT_PARACHUTE,
	ACT_EYE_PLANT,                  /* bombed -> an idle bomb via a spawner */
	ACT_SATELLITE,                  /* destroyed -> a hamburger via a spawner */
	ACT_FROZEN_FRIEND,              /* rescued -> a hamburger via a spawner */
	ACT_HOPPER,                     /* seed 004's grasshopper: walks, dies slowly */
	ACT_SCORPION,                   /* seed 004's scorpion */
	ACT_BOSS,                       /* spawns creatures, takes many hits */
	ACT_EXIT,                       /* touching it finishes the level */
	ACT_EXIT_BONUS,                 /* a hidden exit: finishes the level, the episode goes to its bonus level */
	/* ACTOR KINDS END */
	ACT_COUNT
} ActorKindId;

/* ActorKind.flags */
#define AF_WEIGHTED     0x01            /* falls when nothing is under it */
#define AF_HURTS        0x02            /* touching it hurts the player */
#define AF_POUNCE       0x04            /* landing on it destroys it */
#define AF_PRIZE        0x08            /* collected on touch */
#define AF_MARKER       0x10            /* level-file marker, never a live actor */
#define AF_SHOOTABLE    0x20            /* bullets, kicks and explosions reach it (actor_hit) */

typedef struct ActorKind {
	const char *name;
	ActorTick start;                /* first action function */
	uint8_t action;                 /* ActionId it starts in */
	uint8_t flags;
	uint16_t points;                /* score when collected or destroyed */
	uint8_t hp;                     /* hits it takes before it dies (0 counts as 1) */
} ActorKind;

extern const ActorKind actor_kinds[ACT_COUNT];

#define MAX_ACTORS 128

struct Actor {
	uint8_t kind;                   /* ActorKindId; ACT_NONE = free slot */
	bool dead;                      /* marked for removal after this tick's loop */
	int16_t x, y;                   /* map tiles: x of the left edge, y of the bottom row */
	int8_t dir;                     /* -1 west, +1 east */
	int16_t vy;                     /* tiles per tick, + = down */
	int16_t vx;                     /* tiles per tick, + = east (kind-specific use) */
	uint16_t timer;                 /* ticks in the current action function */
	uint16_t count;                 /* kind-specific counter (dying frames, fuse, ...) */
	uint8_t hp;                     /* hits left (from ActorKind.hp at spawn) */
	uint32_t born;                  /* world tick of its first action */
	ActorTick tick;                 /* what runs for it this tick */
	AnimState anim;
};

/* The image an actor shows now (its animation's), -1 if none. */
static inline int actor_image(const Actor *a)
{
	return anim_image(&a->anim);
}

#endif
