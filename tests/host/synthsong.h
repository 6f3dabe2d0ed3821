/* synthsong.h: a song through the music player into the OPL2 synthesizer, tick by tick (host tools and tests). */
#ifndef TESTS_HOST_SYNTHSONG_H
#define TESTS_HOST_SYNTHSONG_H

#include <stdint.h>

#include "musicseq.h"
#include "oplregs.h"
#include "oplsynth.h"

#define SYNTHSONG_TICK_HZ 140           /* the kernel's timer: one player step per tick */

typedef struct SynthSong {
	OplSynth synth;
	OplRegs regs;                   /* the AdLib's writes, into the synthesizer */
	MusicOut out;
	MusicSeq seq;
	uint32_t rate;
	uint32_t ticks;
} SynthSong;

/* Reset the synthesizer as adlib_reset resets the card, then start the song. */
static inline void synthsong_start(SynthSong *p, const Song *song, uint32_t rate)
{
	oplsynth_init(&p->synth, rate);
	oplregs_init(&p->regs, oplsynth_write_fn, &p->synth);
	oplregs_reset(&p->regs);
	p->out = oplregs_music_out(&p->regs);
	musicseq_init(&p->seq);
	musicseq_start(&p->seq, song, &p->out);
	p->rate = rate;
	p->ticks = 0;
}

/* One 140 Hz tick: the player's step, then the samples up to the tick's end; returns how many. */
static inline int synthsong_tick(SynthSong *p, int16_t *mono)
{
	uint64_t from = (uint64_t)p->ticks * p->rate / SYNTHSONG_TICK_HZ;
	uint64_t to = (uint64_t)(p->ticks + 1) * p->rate / SYNTHSONG_TICK_HZ;

	musicseq_tick(&p->seq, &p->out);
	oplsynth_render(&p->synth, mono, (int)(to - from));
	p->ticks++;
	return (int)(to - from);
}

#endif
