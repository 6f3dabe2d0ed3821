/*
 * synthplay.h: a song on the OPL2 synthesizer by the sample clock — the
 * player steps at each 140 Hz tick's boundary in the samples (tick t starts
 * at frame t * rate / 140), so the samples do not depend on how the output
 * is asked for: the kernel's PCM mix (kernel/music.c) and the host tools
 * (tests/host/synthrender.c) get the same numbers (docs/music.md).
 */
#ifndef DRIVERS_SYNTHPLAY_H
#define DRIVERS_SYNTHPLAY_H

#include <stdint.h>

#include "musicseq.h"
#include "oplregs.h"
#include "oplsynth.h"

#define SYNTHPLAY_TICK_HZ 140           /* the kernel's timer: one player step per tick */

typedef struct SynthPlay {
	OplSynth synth;
	OplRegs regs;                   /* the AdLib's writes, into the synthesizer */
	MusicOut out;
	MusicSeq seq;
	uint32_t rate;
	uint32_t ticks;                 /* player steps taken */
	uint32_t left;                  /* frames still to render before the next step */
} SynthPlay;

/* A freshly reset synthesizer (as adlib_reset resets the card) and `song` from its start (NULL: silence). */
void synthplay_start(SynthPlay *p, const Song *song, uint32_t rate);
/*
 * The same song from song tick `tick` (the hand-over from the speaker,
 * docs/music.md): a freshly reset synthesizer, the instruments loaded, the
 * player stepped `tick` times in silence, then every voice whose note is
 * held at that point keyed on at once; the next render takes step `tick`,
 * with the tick lengths of a render from the start.
 */
void synthplay_start_at(SynthPlay *p, const Song *song, uint32_t rate, uint32_t tick);
/* The next `frames` mono samples; the player steps wherever a tick begins. */
void synthplay_render(SynthPlay *p, int16_t *mono, int frames);
/* The frames of the next tick (after the current one's `left`): the host's tick-by-tick loops. */
uint32_t synthplay_tick_frames(const SynthPlay *p);

#endif
