/* spkmusic.c: the song's lead voice on the PC speaker, and the hand-over's song tick (spkmusic.h). */
#include <stdint.h>

#include "spkmusic.h"

static void lead_instrument(void *ctx, int voice, const OplInstrument *ins)
{
	(void)ctx, (void)voice, (void)ins;
}

static void lead_on(void *ctx, int voice, OplPitch p)
{
	if (voice == 0)
		((SpkMusic *)ctx)->divisor = spkmusic_divisor(p);
}

static void lead_off(void *ctx, int voice)
{
	if (voice == 0)
		((SpkMusic *)ctx)->divisor = 0;
}

MusicOut spkmusic_out(SpkMusic *s)
{
	s->divisor = 0;
	return (MusicOut){ .instrument = lead_instrument, .note_on = lead_on, .note_off = lead_off, .ctx = s };
}

uint16_t spkmusic_divisor(OplPitch p)
{
	uint32_t mhz = opl_pitch_millihz(p);
	uint64_t d;

	if (mhz == 0)
		return 0;
	d = ((uint64_t)SPKMUSIC_PIT_HZ * 1000u + mhz / 2) / mhz;
	return d > 0xFFFF ? 0xFFFF : d < 1 ? 1 : (uint16_t)d;
}

uint32_t spkmusic_handover_tick(uint32_t speaker_tick, uint32_t delay_frames, uint32_t rate)
{
	if (rate == 0)
		return speaker_tick;
	return speaker_tick + (uint32_t)(((uint64_t)delay_frames * SPKMUSIC_TICK_HZ + rate / 2) / rate);
}
