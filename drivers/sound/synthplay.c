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
