/* animfix.h: the local action table and one-tick helpers shared by the anim tests (test_anim*.c). */
#ifndef TESTS_UNIT_ANIMFIX_H
#define TESTS_UNIT_ANIMFIX_H

#include "testmain.h"

#include "anim.h"

/* A local table, so nothing here depends on the art. Images start at 100 to tell them from frame numbers. */
enum {
	T_LOOP3,                        /* 3 frames, loop, delay 0 */
	T_OSC3,                         /* 3 frames, oscillate, delay 0 */
	T_OSC4,                         /* 4 frames, oscillate, delay 0 (the critter's shape) */
	T_OSC2,                         /* 2 frames, oscillate, delay 0 */
	T_OSC1,                         /* 1 frame, oscillate */
	T_FREEZE3,                      /* 3 frames, freeze, delay 0 */
	T_FREEZE1,                      /* 1 frame, freeze */
	T_ODDMODE,                      /* mode 7: not a mode at all */
	T_SLOW,                         /* 3 frames, loop, delay 2 */
	T_V1,                           /* 1 view */
	T_V2,                           /* 2 views */
	T_V4,                           /* 4 views, 3 frames each, delay 5 */
	T_V8,                           /* 8 views */
	T_COUNT
};

static const Action table[T_COUNT] = {
	[T_LOOP3]   = { .first = 100, .count = 3, .views = 1, .mode = ANIM_LOOP, .delay = 0 },
	[T_OSC3]    = { .first = 110, .count = 3, .views = 1, .mode = ANIM_OSCILLATE, .delay = 0 },
	[T_OSC4]    = { .first = 120, .count = 4, .views = 1, .mode = ANIM_OSCILLATE, .delay = 0 },
	[T_OSC2]    = { .first = 130, .count = 2, .views = 1, .mode = ANIM_OSCILLATE, .delay = 0 },
	[T_OSC1]    = { .first = 140, .count = 1, .views = 1, .mode = ANIM_OSCILLATE, .delay = 0 },
	[T_FREEZE3] = { .first = 150, .count = 3, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[T_FREEZE1] = { .first = 160, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[T_ODDMODE] = { .first = 170, .count = 3, .views = 1, .mode = 7, .delay = 0 },
	[T_SLOW]    = { .first = 180, .count = 3, .views = 1, .mode = ANIM_LOOP, .delay = 2 },
	[T_V1]      = { .first = 200, .count = 1, .views = 1, .mode = ANIM_LOOP, .delay = 0 },
	[T_V2]      = { .first = 210, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 0 },
	[T_V4]      = { .first = 220, .count = 3, .views = 4, .mode = ANIM_LOOP, .delay = 5 },
	[T_V8]      = { .first = 240, .count = 1, .views = 8, .mode = ANIM_LOOP, .delay = 0 },
};

#define N ((uint8_t)T_COUNT)

/* A fresh actor playing `action` of the local table. */
static inline AnimState playing(uint8_t action)
{
	AnimState a;

	anim_init(&a);
	anim_set_action_in(&a, table, N, action);
	return a;
}

/* Tick once per row and check the frame and direction after each tick. */
struct step {
	uint8_t frame;
	int8_t vec;
};

static inline void walk_ticks(uint8_t action, const struct step *want, size_t n, const char *what)
{
	AnimState a = playing(action);

	assert_row(a.frame == 0 && a.vec == 1, "%s: starts on frame 0 going forwards", what);
	for (size_t t = 0; t < n; t++) {
		anim_tick_in(&a, table, N);
		assert_row(a.frame == want[t].frame && a.vec == want[t].vec,
		    "%s: after tick %zu frame %u vec %d, want frame %u vec %d", what, t + 1,
		    a.frame, a.vec, want[t].frame, want[t].vec);
	}
}

#endif
