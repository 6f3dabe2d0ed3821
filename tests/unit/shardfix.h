/* shardfix.h: the world, tiles and one-tick helpers shared by the shard tests (test_shard*.c). */
#ifndef TESTS_UNIT_SHARDFIX_H
#define TESTS_UNIT_SHARDFIX_H

#include "testmain.h"

#include "assets.h"
#include "frame.h"
#include "map.h"
#include "shard.h"
#include "sound.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */
static Frame frame;

#define IMG     IMG_SHARD0              /* 2x2 tiles (checked in test_shard.c): columns x, x+1, rows y-1, y */
#define BRICK   ((uint16_t)(MAP_SOLID_BASE + TILE_BRICK))       /* blocks all four ways */
#define LEDGE   ((uint16_t)(MAP_SOLID_BASE + TILE_PLATFORM_BLUE)) /* blocks south only */
#define SLOPE   ((uint16_t)(MAP_SOLID_BASE + TILE_SLOPE_UR))    /* south-blocking slope */

static inline int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	return 0;
}

/* An all-air map of width x height with the view's top-left at (cam_x, cam_y). */
static inline void open_map(int width, int height, int cam_x, int cam_y)
{
	map_init(&w.map, width, height);
	w.cam_x = cam_x;
	w.cam_y = cam_y;
}

/* Brick over columns x0..x1, rows y0..y1 (inclusive). */
static inline void fill(int x0, int y0, int x1, int y1, uint16_t tile)
{
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++)
			map_set_tile(&w.map, x, y, tile);
}

/* A shard with a chosen x-mode (the counter is world state: set it, then create). Returns its slot. */
static inline int new_shard(int xmode, int x, int y)
{
	w.shards.next_xmode = (uint8_t)xmode;
	shard_new(&w.shards, IMG, x, y);
	for (int i = 0; i < MAX_SHARDS; i++) {
		const Shard *s = &w.shards.slot[i];

		if (s->image != SHARD_IDLE && s->age == 1 && s->x == x && s->y == y && s->xmode == xmode)
			return i;
	}
	fail_msg("shard_new(%d, %d) made no shard", x, y);
	return -1;
}

/* One tick of shards as world_tick runs it: the sound is per tick. */
static inline void step(void)
{
	w.sound = SND_NONE;
	shard_update(&w.shards, &w);
	w.tick++;
}

static inline bool idle(int slot)
{
	return w.shards.slot[slot].image == SHARD_IDLE;
}

#endif
