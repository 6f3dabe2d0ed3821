/* renderfix.h: the world, the frame and the 320x200 picture the render tests draw (test_render*.c). */
#ifndef TESTS_UNIT_RENDERFIX_H
#define TESTS_UNIT_RENDERFIX_H

#include <stdint.h>

#include "testmain.h"

#include "frame.h"
#include "world.h"

#define NOTHING 0xEE                    /* not a colour: pixels no command drew */

static World w;
static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static inline int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	return 0;
}

/* Index of the first command of this kind at (x, y) from `from` on, or -1. */
static inline int find_cmd(int kind, int x, int y, int from)
{
	for (int i = from; i < frame.count; i++)
		if (frame.cmds[i].kind == kind && frame.cmds[i].x == x && frame.cmds[i].y == y)
			return i;
	return -1;
}

#endif
