/* worldfix.h: the world and a recording action function shared by the world tests (test_world*.c). */
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
