/* synthsong.h: a song through the music player into the OPL2 synthesizer, tick by tick (host tools and tests), on drivers/sound/synthplay.c: the kernel's code. */
#ifndef TESTS_HOST_SYNTHSONG_H
#define TESTS_HOST_SYNTHSONG_H

#include <stdint.h>

#include "synthplay.h"

#define SYNTHSONG_TICK_HZ SYNTHPLAY_TICK_HZ

typedef SynthPlay SynthSong;

/* Reset the synthesizer as adlib_reset resets the card, then start the song. */
static inline void synthsong_start(SynthSong *p, const Song *song, uint32_t rate)
{
	synthplay_start(p, song, rate);
}

/* One 140 Hz tick: the player's step, then the samples up to the tick's end; returns how many. */
static inline int synthsong_tick(SynthSong *p, int16_t *mono)
{
	int n = (int)(p->left ? p->left : synthplay_tick_frames(p));

	synthplay_render(p, mono, n);
	return n;
}

#endif
