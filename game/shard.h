/* shard.h: shards (seed 001) — debris pieces thrown up by a destroyed object, bouncing once. */
#ifndef GAME_SHARD_H
#define GAME_SHARD_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "trace.h"

typedef struct World World;

#define MAX_SHARDS 16

typedef struct Shard {
	uint16_t image;                 /* IMG_* of the piece; 0xFFFF = idle slot */
	int16_t x, y;                   /* map tiles */
	uint16_t age;
	uint8_t xmode;                  /* 0 east, 1 west, 2 none, 3 east x2, 4 west x2 */
	bool bounced;
} Shard;

typedef struct ShardPool {
	Shard slot[MAX_SHARDS];
	uint8_t next_xmode;             /* NOTE: Cosmo's hidden static counter, kept in world state */
	uint8_t draw_flags[MAX_SHARDS]; /* how the last update wants each slot drawn */
	bool drawn[MAX_SHARDS];
} ShardPool;

#define SHARD_IDLE 0xFFFF

void shard_init(World *w);                              /* also resets the x-mode counter */
void shard_new(World *w, int image, int x, int y);      /* silently nothing when all 16 are busy */
void shard_update(World *w);
void shard_draw(const World *w, Frame *f);
void shard_trace(const World *w, TraceEmit emit, void *ctx);

#endif
