/* castfix.h: a 40x30 world with a floor, and counting helpers, for the creature-cast tests. */
#ifndef TESTS_UNIT_CASTFIX_H
#define TESTS_UNIT_CASTFIX_H

#include "play.h"
#include "testmain.h"
#include "mapfix.h"
#include "worldfix.h"

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "floater.h"
#include "world.h"

#define FLOOR_Y 15                      /* the floor row; things standing on it have y = 14 */

/* An empty 40x30 map, camera at (0, 0): the view covers columns 0-37, rows 0-17. */
static inline int empty_40x30(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, 40, 30);
	return 0;
}

/* The same with a solid floor along row FLOOR_Y. */
static inline int floor_40x30(void **state)
{
	empty_40x30(state);
	map_row(&w.map, FLOOR_Y, 0, 39, block());
	return 0;
}

static inline void tick(void)
{
	world_tick(&w, &no_input);
}

static inline void ticks(int n)
{
	while (n-- > 0)
		tick();
}

static inline int busy_spawners(void)
{
	int n = 0;

	for (int i = 0; i < MAX_SPAWNERS; i++)
		n += w.spawners.slot[i].actor != ACT_NONE;
	return n;
}

/* The first busy spawner, or NULL. */
static inline const Spawner *first_spawner(void)
{
	for (int i = 0; i < MAX_SPAWNERS; i++)
		if (w.spawners.slot[i].actor != ACT_NONE)
			return &w.spawners.slot[i];
	return NULL;
}

/* Spawners created during the last tick (spawner_update ran once on them: age 1). */
static inline int new_spawners(void)
{
	int n = 0;

	for (int i = 0; i < MAX_SPAWNERS; i++)
		n += w.spawners.slot[i].actor != ACT_NONE && w.spawners.slot[i].age == 1;
	return n;
}

/* The player standing on the floor with its left column at x. */
static inline Actor *player_at(int x)
{
	Actor *p = actor_spawn(&w, ACT_PLAYER, x, FLOOR_Y - 1);

	assert_non_null(p);
	return p;
}

#endif
