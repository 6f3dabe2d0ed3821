/* spawner.h: spawners (seed 000) — upside-down sprites that rise and then become real actors. */
#ifndef GAME_SPAWNER_H
#define GAME_SPAWNER_H

#include <stdint.h>

#include "frame.h"
#include "trace.h"

typedef struct World World;

#define MAX_SPAWNERS 6

typedef struct Spawner {
	uint8_t actor;                  /* ActorKindId to create; ACT_NONE = idle slot */
	int16_t x, y;                   /* map tiles: left column, bottom row */
	uint16_t age;
} Spawner;

/* What the last update left to draw for a slot this frame (a finished spawner is drawn once more). */
typedef struct SpawnerDraw {
	uint8_t actor;                  /* ACT_NONE = nothing */
	int16_t x, y;
	uint8_t flags;                  /* DRAWF_FLIP_V or 0 */
} SpawnerDraw;

typedef struct SpawnerPool {
	Spawner slot[MAX_SPAWNERS];
	SpawnerDraw draw[MAX_SPAWNERS];
} SpawnerPool;

void spawner_init(SpawnerPool *pool);
void spawner_new(SpawnerPool *pool, int actor, int x, int y);  /* silently nothing when all 6 are busy */
/*
 * The "move" half of MoveAndDrawSpawners; the "draw" half is the renderer's,
 * from the draw records (game/world/render.c).
 */
void spawner_update(SpawnerPool *pool, World *w);
void spawner_trace(const SpawnerPool *pool, uint32_t tick, TraceEmit emit, void *ctx);

#endif
