/* shard.h: shards (seed 001) — debris pieces thrown up by a destroyed object, bouncing once. */
#ifndef GAME_SHARD_H
#define GAME_SHARD_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "trace.h"

typedef struct World World;

#define MAX_SHARDS 16

#define SHARD_IDLE 0xFFFF

typedef struct Shard {
	uint16_t image;                 /* IMG_* of the piece; SHARD_IDLE = idle slot (its age is 0 too) */
	int16_t x, y;                   /* map tiles: left column, bottom row */
	uint16_t age;                   /* the age the next update moves it with: 1 on creation */
	uint8_t xmode;                  /* 0 east, 1 west, 2 none, 3 east x2, 4 west x2 */
	bool bounced;
} Shard;

/* What the last update left to draw for a slot this frame (a shard ending at age 40 is drawn once more). */
typedef struct ShardDraw {
	uint16_t image;                 /* SHARD_IDLE = nothing */
	int16_t x, y;
	uint8_t flags;                  /* DRAWF_SILHOUETTE on the first tick, else DRAWF_FLIP_V */
	uint8_t color;                  /* silhouette colour */
} ShardDraw;

typedef struct ShardPool {
	Shard slot[MAX_SHARDS];
	uint8_t next_xmode;             /* the next shard's xmode. NOTE: Cosmo's hidden static, kept here */
	ShardDraw draw[MAX_SHARDS];
} ShardPool;

void shard_init(ShardPool *pool);                       /* also resets the x-mode counter */
void shard_new(ShardPool *pool, int image, int x, int y);       /* silently nothing when all 16 are busy */
/* The "move" half of MoveAndDrawShards; the renderer draws the records (game/world/render.c). */
void shard_update(ShardPool *pool, World *w);
void shard_trace(const ShardPool *pool, uint32_t tick, TraceEmit emit, void *ctx);

#endif
