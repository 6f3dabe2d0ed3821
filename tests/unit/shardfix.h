/* shardfix.h: the world, tiles, one-tick helpers and the tick-table walker shared by the shard tests (test_shard*.c). */
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

#define GONE    0                       /* "next age" of a removed shard */

/*
 * One tick of one shard: `age` is the age it runs this tick with, (x, y)
 * where it is after the tick, `next` the age stored after (GONE: removed),
 * `bounce` whether the bounce sound was asked for.
 */
typedef struct TickRow {
	int age, x, y, next;
	bool bounce;
} TickRow;

static inline void walk(int slot, const TickRow *rows, size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		const TickRow *r = &rows[i];
		const Shard *s = &w.shards.slot[slot];

		assert_row(!idle(slot) && s->age == r->age, "%s tick %zu: age %u, want %d", what, i + 1,
		    s->age, r->age);
		step();
		if (r->next == GONE) {
			assert_row(idle(slot) && s->age == 0, "%s tick %zu: still there at (%d,%d)",
			    what, i + 1, s->x, s->y);
			assert_row(w.shards.draw[slot].image == SHARD_IDLE, "%s tick %zu: drawn", what, i + 1);
		} else {
			assert_row(s->x == r->x && s->y == r->y && s->age == r->next,
			    "%s tick %zu (age %d): at (%d,%d) age %u, want (%d,%d) age %d", what, i + 1,
			    r->age, s->x, s->y, s->age, r->x, r->y, r->next);
		}
		assert_row((w.sound == SND_SHARD_BOUNCE) == r->bounce, "%s tick %zu: sound %d", what,
		    i + 1, w.sound);
	}
}

#endif
