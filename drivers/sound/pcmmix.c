/* pcmmix.c: the PCM mixer — the effect's PIT tone as a square wave plus the music source, written ahead of a DMA ring. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pcmmix.h"

void pcmmix_init(PcmMix *m, int16_t *ring, uint32_t frames, uint32_t rate, uint32_t lead)
{
	*m = (PcmMix){ .ring = ring, .frames = frames, .rate = rate, .lead = lead < frames / 2 ? lead : frames / 2 };
	m->lead_base = m->lead;
	for (uint32_t i = 0; i < 2 * frames; i++)
		ring[i] = 0;
}

void pcmmix_start(PcmMix *m, uint32_t pos)
{
	m->wr = m->last_pos = pos % m->frames;
	m->ahead = 0;
}

void pcmmix_set_music(PcmMix *m, PcmRender render, void *ctx)
{
	m->music = render;
	m->music_ctx = ctx;
}

void pcmmix_tone(PcmMix *m, uint16_t divisor)
{
	if (divisor != m->divisor)
		m->phase = 0;           /* the PIT restarts its count when reprogrammed */
	m->divisor = divisor;
}

/*
 * One sample of the square wave, as the PIT's mode 3 makes it: high for the
 * first half of each divisor's count, low for the second. The phase counts
 * PIT clocks scaled by the rate, so a sample advances it by exactly
 * PCMMIX_PIT_HZ and a period is divisor x rate: the pitch is exact.
 */
static int16_t tone_sample(PcmMix *m)
{
	uint32_t period = (uint32_t)m->divisor * m->rate;
	int16_t s = m->phase < period / 2 ? PCMMIX_TONE_LEVEL : -PCMMIX_TONE_LEVEL;

	m->phase += PCMMIX_PIT_HZ;
	while (m->phase >= period)
		m->phase -= period;
	return s;
}

static int16_t clip(int32_t v)
{
	return v > 32767 ? 32767 : v < -32768 ? -32768 : (int16_t)v;
}

/* n frames at the write position: music (mono) plus the tone, both channels the same. */
static void render(PcmMix *m, uint32_t n)
{
	int16_t mono[PCMMIX_CHUNK];

	while (n) {
		int k = n < PCMMIX_CHUNK ? (int)n : PCMMIX_CHUNK;

		if (m->music)
			m->music(m->music_ctx, mono, k);
		for (int i = 0; i < k; i++) {
			int32_t v = m->music ? mono[i] : 0;

			if (m->divisor) {
				v += tone_sample(m);
				m->tone_written = true;
			}
			m->ring[2 * m->wr] = clip(v);
			m->ring[2 * m->wr + 1] = clip(v);
			if (++m->wr == m->frames)
				m->wr = 0;
		}
		n -= (uint32_t)k;
		m->written += (uint32_t)k;
	}
}

uint32_t pcmmix_refill(PcmMix *m, uint32_t pos)
{
	uint32_t played, n;

	if (pos >= m->frames)
		pos %= m->frames;
	played = (pos + m->frames - m->last_pos) % m->frames;
	m->still = played ? 0 : m->still + 1;
	if (played > m->ahead) {        /* the DMA read past the last frame written */
		m->underruns++;
		m->lead += m->lead_base / 2;
		if (m->lead > m->frames / 2)
			m->lead = m->frames / 2;
		m->wr = pos;
		m->ahead = 0;
	} else {
		m->ahead -= played;
	}
	m->last_pos = pos;
	n = m->lead > m->ahead ? m->lead - m->ahead : 0;
	m->tone_written = false;
	render(m, n);
	m->ahead += n;
	return n;
}

bool pcmmix_stalled(const PcmMix *m)
{
	return m->still >= PCMMIX_STALL_REFILLS;
}
