/* spawnerfix.h: the world, open map and one-step helpers shared by the spawner tests (test_spawner*.c). */
#ifndef TESTS_UNIT_SPAWNERFIX_H
#define TESTS_UNIT_SPAWNERFIX_H

#include "play.h"
#include "testmain.h"
#include "tracecap.h"

#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "frame.h"
#include "map.h"
#include "render.h"
#include "spawner.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */

/* A tall open map; spawners start at (X0, Y0), 2x2-tile sprites reach row Y0 - 1. */
#define MAP_W 40
#define MAP_H 48
#define X0    10
#define Y0    40
#define KIND  ACT_BARREL

#define CEILING (MAP_SOLID_BASE + TILE_BRICK)           /* blocks north (checked in test_spawner.c) */
#define LEDGE   (MAP_SOLID_BASE + TILE_PLATFORM_BLUE)   /* blocks south only: something to stand on */

static inline int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, MAP_W, MAP_H);
	return 0;
}

/* One spawner step as world_tick runs it: after the actor loop, inside the tick. */
static inline void update(void)
{
	w.in_tick = true;
	spawner_update(&w.spawners, &w);
	w.in_tick = false;
}

/* The row of a kind's top tile when its bottom row is y. */
static inline int top_row(int kind, int y)
{
	return y - image_tiles_h(actor_kind_image(kind)) + 1;
}

/* A row of ceiling tiles d rows above the top of a KIND sprite standing on Y0. */
static inline void ceiling_above_start(int d, uint16_t tile)
{
	for (int x = X0 - 3; x <= X0 + 4; x++)
		map_set_tile(&w.map, x, top_row(KIND, Y0) - d, tile);
}

static inline int count_kind(int kind)
{
	int n = 0;

	for (int i = 0; i < MAX_ACTORS; i++)
		n += w.actors[i].kind == kind;
	return n;
}

static inline Actor *first_of_kind(int kind)
{
	for (int i = 0; i < MAX_ACTORS; i++)
		if (w.actors[i].kind == kind)
			return &w.actors[i];
	return NULL;
}

static inline void trace_now(void)
{
	traced.n = 0;
	spawner_trace(&w.spawners, w.tick, capture, NULL);
}

#endif
