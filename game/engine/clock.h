/* clock.h: fixed timestep — turns a free-running tick count into whole game frames (seed 002). */
#ifndef GAME_CLOCK_H
#define GAME_CLOCK_H

#include <stdint.h>

typedef struct GameClock {
	uint32_t last;                  /* tick count already accounted for */
	uint32_t lag;                   /* ticks not yet spent on a frame */
	uint16_t ticks_per_frame;
	uint16_t max_catch_up;          /* frames per call at most; the rest of the lag is dropped */
	uint32_t dropped;               /* frames given up because the machine fell too far behind */
} GameClock;

void clock_init(GameClock *c, uint32_t now, uint16_t ticks_per_frame, uint16_t max_catch_up);

/*
 * How many game frames to run now: the lag grows by the ticks since the
 * last call, every whole ticks_per_frame of it is one frame. Logic runs
 * them all before the next draw (catching up); beyond max_catch_up the
 * excess is dropped and counted, so a long stall cannot snowball.
 */
uint32_t clock_frames_due(GameClock *c, uint32_t now);

#endif
