/* sfxseq.c: steps through a sound effect's PIT divisors, letting higher priorities interrupt. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sfxseq.h"

void sfxseq_reset(SfxSeq *s)
{
	s->divisors = NULL;
	s->length = 0;
	s->pos = 0;
	s->priority = 0;
}

/*
 * Start an effect unless a higher-priority one is still playing. An equal
 * priority restarts (the same blip twice in a row plays from the start).
 * Returns whether it started.
 */
bool sfxseq_start(SfxSeq *s, const uint16_t *divisors, uint16_t length, uint8_t priority)
{
	if (divisors == NULL || length == 0)
		return false;
	if (s->divisors != NULL && priority < s->priority)
		return false;
	s->divisors = divisors;
	s->length = length;
	s->pos = 0;
	s->priority = priority;
	return true;
}

/*
 * Called once per 140 Hz tick: the divisor to program now, 0 for silence.
 * Handing out the last divisor ends the effect, so the next request of any
 * priority starts at once; the last tone still sounds until the next tick.
 */
uint16_t sfxseq_tick(SfxSeq *s)
{
	uint16_t d;

	if (s->divisors == NULL)
		return 0;
	d = s->divisors[s->pos++];
	if (s->pos >= s->length)
		sfxseq_reset(s);
	return d;
}

bool sfxseq_busy(const SfxSeq *s)
{
	return s->divisors != NULL;
}
