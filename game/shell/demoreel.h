/* demoreel.h: the built-in demos (game_demos[]) as the session's demo source, one after another. */
#ifndef GAME_DEMOREEL_H
#define GAME_DEMOREEL_H

#include <stdbool.h>
#include <stdint.h>

#include "demo.h"
#include "input.h"

/*
 * The input source of a demo: start() names the level to play (false:
 * nothing to play), next() gives each world frame's recorded input (false:
 * the recording has ended). The built-in one is the demo reel below.
 */
typedef struct DemoSource {
	bool (*start)(void *ctx, const char **level);
	void (*begin)(void *ctx, World *w);     /* optional: after the level loaded (seed, stats) */
	bool (*next)(void *ctx, GameInput *out);
	void *ctx;
} DemoSource;

typedef struct DemoReel {
	DemoPlayer player;
	uint32_t next;                  /* index in game_demos[] of the next demo to show */
} DemoReel;

void demo_reel_init(DemoReel *r);
DemoSource demo_reel_source(DemoReel *r);       /* start/begin/next over r */

/* The parts, for sources that play one demo of their own (the kernel's demo=NAME). */
void demo_begin_world(const DemoHeader *h, World *w);   /* the demo's seed and starting stats */

#endif
