/*
 * spkmusic.h: a song on the PC speaker — the player's (musicseq) lead voice,
 * voice 0, as a PIT divisor, one note at a time; and the arithmetic of the
 * hand-over to the PCM device's synthesizer (docs/music.md). Pure: no port I/O.
 */
#ifndef DRIVERS_SPKMUSIC_H
#define DRIVERS_SPKMUSIC_H

#include <stdint.h>

#include "musicseq.h"

#define SPKMUSIC_PIT_HZ 1193182u        /* PIT channel 2's clock: a divisor D sounds 1193182 / D Hz */
#define SPKMUSIC_TICK_HZ 140            /* the player's steps a second */

typedef struct SpkMusic {
	uint16_t divisor;               /* the lead's note now, 0 = silent */
} SpkMusic;

/* A MusicOut whose lead voice (0) sets s->divisor; the other voices and the instruments are not heard. */
MusicOut spkmusic_out(SpkMusic *s);
/* The PIT divisor nearest the chip's pitch for p (clamped to 16 bits). */
uint16_t spkmusic_divisor(OplPitch p);
/*
 * The hand-over: the speaker takes its step for song tick `speaker_tick`
 * now; the PCM sample being rendered now is heard `delay_frames` later at
 * `rate`. The song tick to start the synthesizer at, so that it sounds when
 * the speaker would have played it: speaker_tick + delay in ticks, rounded.
 */
uint32_t spkmusic_handover_tick(uint32_t speaker_tick, uint32_t delay_frames, uint32_t rate);

#endif
