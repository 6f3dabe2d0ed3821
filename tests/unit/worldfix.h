/* worldfix.h: the one World a world test works on, counting over it, and a recording action function (test_world*.c). */
#ifndef TESTS_UNIT_WORLDFIX_H
#define TESTS_UNIT_WORLDFIX_H

#include "testmain.h"

#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */
static const GameInput no_input = { 0, 0 };

static inline int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	return 0;
}

/* Live actors of a kind. */
static inline int count_kind(int kind)
{
	int n = 0;

	for (int i = 0; i < MAX_ACTORS; i++)
		n += w.actors[i].kind == kind && !w.actors[i].dead;
	return n;
}

/* The first live actor of a kind, or NULL. */
static inline Actor *find_kind(int kind)
{
	for (int i = 0; i < MAX_ACTORS; i++)
		if (w.actors[i].kind == kind && !w.actors[i].dead)
			return &w.actors[i];
	return NULL;
}

/* Shard slots in flight. */
static inline int busy_shards(void)
{
	int n = 0;

	for (int i = 0; i < MAX_SHARDS; i++)
		n += w.shards.slot[i].image != SHARD_IDLE;
	return n;
}

static inline int slot(const Actor *a)
{
	return a ? (int)(a - w.actors) : -1;
}

/* What the test action functions saw, in call order. */
static struct {
	int slot[4 * MAX_ACTORS];
	uint32_t tick[4 * MAX_ACTORS];
	int n;
} calls;

static inline void record(Actor *a, World *world)
{
	assert_ptr_equal(world, &w);
	assert_true(calls.n < (int)ARRAY_LEN(calls.slot));
	calls.slot[calls.n] = slot(a);
	calls.tick[calls.n] = world->tick;
	calls.n++;
}

#endif
