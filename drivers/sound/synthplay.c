/* synthplay.c: a song on the OPL2 synthesizer by the sample clock (synthplay.h). */
#include <stdint.h>

#include "synthplay.h"

void synthplay_start(SynthPlay *p, const Song *song, uint32_t rate)
{
	oplsynth_init(&p->synth, rate);
	oplregs_init(&p->regs, oplsynth_write_fn, &p->synth);
	oplregs_reset(&p->regs);
	p->out = oplregs_music_out(&p->regs);
	musicseq_init(&p->seq);
	musicseq_start(&p->seq, song, &p->out);
	p->rate = rate;
	p->ticks = 0;
	p->left = 0;
}

/* The player's steps in silence: which note each voice holds (0: none). */
typedef struct Held {
	OplPitch pitch[OPL_CHANNELS];
	uint8_t on[OPL_CHANNELS];
} Held;

static void held_instrument(void *ctx, int voice, const OplInstrument *ins)
{
	(void)ctx, (void)voice, (void)ins;
}

static void held_on(void *ctx, int voice, OplPitch pitch)
{
	((Held *)ctx)->pitch[voice] = pitch;
	((Held *)ctx)->on[voice] = 1;
}

static void held_off(void *ctx, int voice)
{
	((Held *)ctx)->on[voice] = 0;
}

void synthplay_start_at(SynthPlay *p, const Song *song, uint32_t rate, uint32_t tick)
{
	Held held = { .on = { 0 } };
	MusicOut quiet = { .instrument = held_instrument, .note_on = held_on, .note_off = held_off, .ctx = &held };

	synthplay_start(p, song, rate);
	for (uint32_t t = 0; t < tick && p->seq.song && !p->seq.ended; t++)
		musicseq_tick(&p->seq, &quiet);
	for (int v = 0; p->seq.song && !p->seq.ended && v < p->seq.song->voices; v++)
		if (held.on[v])         /* (a jingle that is over rang out on the speaker: nothing is keyed again) */
			p->out.note_on(p->out.ctx, v, held.pitch[v]);
	p->ticks = tick;
}

uint32_t synthplay_tick_frames(const SynthPlay *p)
{
	uint64_t from = (uint64_t)p->ticks * p->rate / SYNTHPLAY_TICK_HZ;
	uint64_t to = (uint64_t)(p->ticks + 1) * p->rate / SYNTHPLAY_TICK_HZ;

	return (uint32_t)(to - from);
}

void synthplay_render(SynthPlay *p, int16_t *mono, int frames)
{
	while (frames > 0) {
		int n;

		if (p->left == 0) {     /* a tick begins here: the player's step, its writes before its samples */
			p->left = synthplay_tick_frames(p);
			musicseq_tick(&p->seq, &p->out);
			p->ticks++;
		}
		n = (uint32_t)frames < p->left ? frames : (int)p->left;
		oplsynth_render(&p->synth, mono, n);
		p->left -= (uint32_t)n;
		mono += n;
		frames -= n;
	}
}
