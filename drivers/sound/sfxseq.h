/* sfxseq.h: sound-effect sequencer — one PIT divisor per tick, with priorities (no port I/O). */
#ifndef DRIVERS_SFXSEQ_H
#define DRIVERS_SFXSEQ_H

#include <stdbool.h>
#include <stdint.h>

typedef struct SfxSeq {
	const uint16_t *divisors;       /* NULL when idle */
	uint16_t length;
	uint16_t pos;                   /* next divisor to play */
	uint8_t priority;
} SfxSeq;

void sfxseq_reset(SfxSeq *s);
bool sfxseq_start(SfxSeq *s, const uint16_t *divisors, uint16_t length, uint8_t priority);
uint16_t sfxseq_tick(SfxSeq *s);        /* divisor to sound this tick, 0 = silence */
bool sfxseq_busy(const SfxSeq *s);

#endif
