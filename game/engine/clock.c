/* clock.c: the accumulator behind the fixed-timestep loop; wraps cleanly at 2^32 ticks. */
#include <stdint.h>

#include "clock.h"

void clock_init(GameClock *c, uint32_t now, uint16_t ticks_per_frame, uint16_t max_catch_up)
{
	c->last = now;
	c->lag = 0;
	c->ticks_per_frame = ticks_per_frame ? ticks_per_frame : 1;
	c->max_catch_up = max_catch_up ? max_catch_up : 1;
	c->dropped = 0;
}

uint32_t clock_frames_due(GameClock *c, uint32_t now)
{
	uint32_t frames;

	c->lag += now - c->last;                /* unsigned: correct across wrap-around */
	c->last = now;
	frames = c->lag / c->ticks_per_frame;
	c->lag %= c->ticks_per_frame;
	if (frames > c->max_catch_up) {
		c->dropped += frames - c->max_catch_up;
		frames = c->max_catch_up;
	}
	return frames;
}
