/* oplsynth.h: an OPL2 (YM3812) synthesizer in integer C — the chip's register file in, 16-bit mono samples out (pure: no port I/O). */
#ifndef DRIVERS_OPLSYNTH_H
#define DRIVERS_OPLSYNTH_H

#include <stdint.h>

#include "oplvoice.h"

#define OPLS_OPERATORS  18              /* two per channel */
#define OPLS_CHUNK      16              /* output samples per envelope and LFO step (3 kHz at 48 kHz) */

/* Envelope stages. */
enum { OPLS_ATTACK, OPLS_DECAY, OPLS_SUSTAIN, OPLS_RELEASE, OPLS_OFF };

typedef struct OplsOperator {
	uint32_t phase;                 /* one cycle = 2^32 */
	uint32_t inc;                   /* per output sample, without vibrato */
	uint32_t env;                   /* attenuation in 0.1875 dB steps << OPLT_ENV_FRAC; 511 steps = silent */
	uint32_t sustain;               /* the decay's end, same units */
	uint32_t attack_k, decay_step, release_step;    /* per chunk, at the current rates */
	uint16_t base_att;              /* total level + key-scale level, in 0.1875 dB steps */
	int16_t out[2];                 /* the last two outputs (the modulator's feedback) */
	uint8_t stage;
	uint8_t reg20, reg40, reg60, reg80, wave;
} OplsOperator;

typedef struct OplsChannel {
	uint16_t fnum;                  /* 10 bits */
	uint8_t block;
	uint8_t key;
	uint8_t feedback;               /* 0..7 */
	uint8_t additive;               /* connection: 0 FM, 1 both operators to the output */
} OplsChannel;

typedef struct OplSynth {
	OplsOperator op[OPLS_OPERATORS];
	OplsChannel ch[OPL_CHANNELS];
	uint32_t rate_k;                /* 49716 * 2^16 / output rate */
	uint32_t trem_phase, trem_inc, vib_phase, vib_inc;
	uint32_t samples;               /* output samples since init (the chunk clock) */
	unsigned trem;                  /* this chunk's tremolo, 0.1875 dB steps */
	int vib;                        /* this chunk's vibrato step */
	uint8_t wave_enable;            /* register 0x01 bit 5 */
	uint8_t note_select;            /* register 0x08 bit 6 */
	uint8_t deep_trem, deep_vib;    /* register 0xBD bits 7, 6 */
} OplSynth;

void oplsynth_init(OplSynth *s, uint32_t rate_hz);     /* every register 0, all silent; 8000..96000 Hz */
void oplsynth_write(OplSynth *s, uint8_t reg, uint8_t value);   /* a write to the chip's register `reg` */
void oplsynth_render(OplSynth *s, int16_t *mono, int frames);  /* the next `frames` samples at the output rate */

/* For oplregs_init: an OplWriteFn whose ctx is the OplSynth. */
void oplsynth_write_fn(void *ctx, uint8_t reg, uint8_t value);

#endif
