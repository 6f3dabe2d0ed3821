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
	ACT_BARREL,                     /* sits; falls when unsupported */
	/* ACTOR KINDS END */
	ACT_COUNT
} ActorKindId;

/* ActorKind.flags */
#define AF_WEIGHTED     0x01            /* falls when nothing is under it */
#define AF_HURTS        0x02            /* touching it hurts the player */
#define AF_POUNCE       0x04            /* landing on it destroys it */
#define AF_PRIZE        0x08            /* collected on touch */

typedef struct ActorKind {
	const char *name;
	ActorTick start;                /* first action function */
	uint8_t action;                 /* ActionId it starts in */
	uint8_t flags;
} ActorKind;

extern const ActorKind actor_kinds[ACT_COUNT];

#define MAX_ACTORS 128

struct Actor {
	uint8_t kind;                   /* ActorKindId; ACT_NONE = free slot */
	bool dead;                      /* marked for removal after this tick's loop */
	int16_t x, y;                   /* map tiles: x of the left edge, y of the bottom row */
	int8_t dir;                     /* -1 west, +1 east */
	int16_t vy;                     /* tiles per tick, + = down */
	uint16_t timer;                 /* ticks in the current action function */
	uint32_t born;                  /* world tick of its first action */
	ActorTick tick;                 /* what runs for it this tick */
	AnimState anim;
};

#endif
