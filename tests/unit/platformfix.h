/* platformfix.h: the world, path and spawn helpers and the octagon path shared by test_platform.c and test_riding.c. */
#ifndef TESTS_UNIT_PLATFORMFIX_H
#define TESTS_UNIT_PLATFORMFIX_H

#include "testmain.h"

#include "acts.h"
#include "dir.h"
#include "map.h"
#include "platform.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */

#define MAP_W 40
#define MAP_H 30

static inline int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, MAP_W, MAP_H);
	return 0;
}

static inline void path(int x, int y, int dir)
{
	map_set_tile(&w.map, x, y, (uint16_t)dir);
}

static inline Platform *plat(int i)
{
	return &w.platforms.plat[i];
}

static inline Platform *new_platform(int x, int y)
{
	assert_true(platform_new(&w.platforms, &w.map, x, y));
	return plat(w.platforms.count - 1);
}

static inline Actor *new_player(int x, int y)
{
	Actor *p = actor_spawn(&w, ACT_PLAYER, x, y);

	assert_non_null(p);
	assert_ptr_equal(p, world_player(&w));
	return p;
}

/* An octagon through all eight directions: (10,10) NE, E, SE, S, SW, W, NW, N back to (10,10). */
static const struct {
	int x, y, dir;
} octagon[] = {
	{ 10, 10, DIR8_NORTHEAST }, { 11, 9, DIR8_EAST }, { 12, 9, DIR8_SOUTHEAST },
	{ 13, 10, DIR8_SOUTH }, { 13, 11, DIR8_SOUTHWEST }, { 12, 12, DIR8_WEST },
	{ 11, 12, DIR8_NORTHWEST }, { 10, 11, DIR8_NORTH },
};

static inline void lay_octagon(void)
{
	for (size_t i = 0; i < ARRAY_LEN(octagon); i++)
		path(octagon[i].x, octagon[i].y, octagon[i].dir);
}

#endif
