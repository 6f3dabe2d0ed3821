/*
 * oplsynth.c: an OPL2 (YM3812) synthesizer in integer C, written from the
 * YM3812 application manual and the published notes on the chip's ROMs
 * (tools/opltables.py). The chip runs at 49716 samples a second; this runs
 * every part at the output rate instead (phase increments, envelope rates and
 * LFOs scaled by 49716 / rate), so there is no resampler. docs/music.md says
 * what differs from the chip.
 */
#include <stdbool.h>
#include <stdint.h>

#include "oplregs.h"
#include "oplsynth.h"
#include "opltables.h"

#define ENV_ONE         (1u << OPLT_ENV_FRAC)
#define ENV_MAX         (511u << OPLT_ENV_FRAC)         /* silent */
#define ATT_SILENT      (13 * 256)      /* log attenuation past which the output is 0 */
#define TREM_PERIOD     13440           /* chip samples: 3.7 Hz */
#define VIB_PERIOD      8192            /* chip samples: 6.07 Hz, 8 steps */
#define TREM_DEEP       26              /* 4.8 dB in 0.1875 dB steps; shallow is a quarter (1 dB) */

#define CHAR_AM         0x80
#define CHAR_VIB        0x40
#define CHAR_EGT        0x20            /* sustained: hold at the sustain level until key off */
#define CHAR_KSR        0x10
#define CHAR_MULT       0x0F

/* The multiplier register's value to twice the multiple (0 is one half). */
static const uint8_t mult_x2[16] = { 1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 20, 24, 24, 30, 30 };

/* Vibrato's eight steps, in eighths of the depth's F-number fraction. */
static const int8_t vib_steps[8] = { 0, 1, 2, 1, 0, -1, -2, -1 };

/* Operator register offsets 0x00..0x15 to operator slots (-1: no operator there). */
static int op_slot(int offset)
{
	if (offset > 0x15 || (offset & 7) > 5)
		return -1;
	return (offset >> 3) * 6 + (offset & 7);
}

/* Channel c's modulator slot; its carrier is 3 slots on. */
static int mod_slot(int ch)
{
	return (ch / 3) * 6 + ch % 3;
}

static int slot_channel(int slot)
{
	return (slot / 6) * 3 + slot % 3;
}

/* A chip-sample quantity in output samples: x * 49716 / rate. */
static uint32_t per_output(const OplSynth *s, uint32_t chip, int frac_shift)
{
	return (uint32_t)(((uint64_t)chip * s->rate_k) >> frac_shift);
}

/* The envelope rate 0..63 for a 4-bit rate value, with key-scale rate. */
static int eff_rate(const OplSynth *s, const OplsOperator *o, const OplsChannel *c, int r4)
{
	int fbit = s->note_select ? (c->fnum >> 8) & 1 : (c->fnum >> 9) & 1;
	int ksr = (c->block << 1) | fbit;
	int r;

	if (r4 == 0)
		return 0;
	if (!(o->reg20 & CHAR_KSR))
		ksr >>= 2;
	r = r4 * 4 + ksr;
	return r > 63 ? 63 : r;
}

/* Recompute what the operator's registers and its channel's pitch imply. */
static void op_update(OplSynth *s, int slot)
{
	OplsOperator *o = &s->op[slot];
	const OplsChannel *c = &s->ch[slot_channel(slot)];
	int ksl_bits = o->reg40 >> 6, ksl = 0;
	int sl = o->reg80 >> 4;
	int ra = eff_rate(s, o, c, o->reg60 >> 4);
	uint32_t ka;

	o->inc = (uint32_t)(((uint64_t)((uint32_t)c->fnum << c->block) * mult_x2[o->reg20 & CHAR_MULT] * s->rate_k) >> 5);
	if (ksl_bits) {
		ksl = oplt_ksl[c->fnum >> 6] - 8 * (7 - c->block);     /* 0.75 dB units at 6 dB/octave */
		if (ksl < 0)
			ksl = 0;
		ksl = (ksl * 4) >> (ksl_bits == 3 ? 0 : ksl_bits == 1 ? 1 : 2);   /* 6, 3, 1.5 dB/octave */
	}
	o->base_att = (uint16_t)((o->reg40 & 0x3F) * 4 + ksl);
	o->sustain = (sl == 15 ? 31u : (uint32_t)sl) * 16u << OPLT_ENV_FRAC;
	ka = oplt_attack[ra];
	if (ka != OPLT_ATTACK_INSTANT) {
		/* (1 - k)^CHUNK of the way left after a chunk: ka is what is taken, k in 2^-24 */
		uint64_t k = ((uint64_t)ka * s->rate_k) >> 16, left = 1u << 24;

		if (k > (1u << 24))
			k = 1u << 24;
		for (int i = 0; i < OPLS_CHUNK; i++)
			left -= (left * k) >> 24;
		ka = (uint32_t)(((1u << 24) - left) >> (24 - OPLT_ENV_FRAC));
	}
	o->attack_k = ka;
	o->decay_step = per_output(s, oplt_decay[eff_rate(s, o, c, o->reg60 & 15)], 16) * OPLS_CHUNK;
	o->release_step = per_output(s, oplt_decay[eff_rate(s, o, c, o->reg80 & 15)], 16) * OPLS_CHUNK;
}

void oplsynth_init(OplSynth *s, uint32_t rate_hz)
{
	if (rate_hz < 8000)
		rate_hz = 8000;
	*s = (OplSynth){ .rate_k = (uint32_t)(((uint64_t)OPL_CLOCK_HZ << 16) / rate_hz) };
	s->trem_inc = per_output(s, 0xFFFFFFFFu / TREM_PERIOD, 16);
	s->vib_inc = per_output(s, 0xFFFFFFFFu / VIB_PERIOD, 16);
	for (int i = 0; i < OPLS_OPERATORS; i++) {
		s->op[i].env = ENV_MAX;
		s->op[i].stage = OPLS_OFF;
		op_update(s, i);
	}
}

static void key_on(OplSynth *s, int ch)
{
	for (int k = 0; k < 2; k++) {
		OplsOperator *o = &s->op[mod_slot(ch) + 3 * k];

		o->phase = 0;
		o->stage = OPLS_ATTACK;
	}
}

static void key_off(OplSynth *s, int ch)
{
	for (int k = 0; k < 2; k++) {
		OplsOperator *o = &s->op[mod_slot(ch) + 3 * k];

		if (o->stage != OPLS_OFF)
			o->stage = OPLS_RELEASE;
	}
}

static void channel_update(OplSynth *s, int ch)
{
	op_update(s, mod_slot(ch));
	op_update(s, mod_slot(ch) + 3);
}

void oplsynth_write(OplSynth *s, uint8_t reg, uint8_t value)
{
	int group = reg & 0xE0, slot = op_slot(reg & 0x1F), ch = reg & 0x0F;

	if (reg == OPL_TEST) {
		s->wave_enable = value & OPL_TEST_WSE;
	} else if (reg == OPL_CSM_SEL) {
		s->note_select = value & OPL_CSM_NTS;
		for (int i = 0; i < OPL_CHANNELS; i++)
			channel_update(s, i);
	} else if (reg == OPL_DRUMS) {
		s->deep_trem = value & 0x80;    /* NOTE: the rhythm mode (bit 5) is not synthesized */
		s->deep_vib = value & 0x40;
	} else if (group >= OPL_OP_CHAR && group <= OPL_OP_SR && slot >= 0) {
		OplsOperator *o = &s->op[slot];

		if (group == OPL_OP_CHAR)
			o->reg20 = value;
		else if (group == OPL_OP_LEVEL)
			o->reg40 = value;
		else if (group == OPL_OP_AD)
			o->reg60 = value;
		else
			o->reg80 = value;
		op_update(s, slot);
	} else if (group == OPL_OP_WAVE && slot >= 0) {
		s->op[slot].wave = value & 3;
	} else if ((reg & 0xF0) == OPL_CH_FNUM_LO && ch < OPL_CHANNELS) {
		s->ch[ch].fnum = (uint16_t)((s->ch[ch].fnum & 0x300) | value);
		channel_update(s, ch);
	} else if ((reg & 0xF0) == OPL_CH_KEY && ch < OPL_CHANNELS) {
		OplsChannel *c = &s->ch[ch];
		uint8_t key = value & OPL_KEY_ON;

		c->fnum = (uint16_t)((c->fnum & 0xFF) | (value & 3) << 8);
		c->block = (value >> 2) & 7;
		channel_update(s, ch);
		if (key && !c->key)
			key_on(s, ch);
		else if (!key && c->key)
			key_off(s, ch);
		c->key = key;
	} else if ((reg & 0xF0) == OPL_CH_FB_CONN && ch < OPL_CHANNELS) {
		s->ch[ch].feedback = (value >> 1) & 7;
		s->ch[ch].additive = value & 1;
	}
}

void oplsynth_write_fn(void *ctx, uint8_t reg, uint8_t value)
{
	oplsynth_write(ctx, reg, value);
}

/* One chunk (OPLS_CHUNK output samples) of the envelope: attack toward 0, decay to the sustain level, release to silence. */
static void envelope_step(OplsOperator *o)
{
	switch (o->stage) {
	case OPLS_ATTACK:
		if (o->attack_k == OPLT_ATTACK_INSTANT) {
			o->env = 0;
		} else {
			uint32_t d = ((o->env >> OPLT_ENV_FRAC) + OPLT_ATTACK_FLOOR) * o->attack_k;

			o->env = d >= o->env ? 0 : o->env - d;
		}
		if (o->env == 0)
			o->stage = OPLS_DECAY;
		break;
	case OPLS_DECAY:
		o->env += o->decay_step;
		if (o->env >= o->sustain) {
			o->env = o->sustain;
			o->stage = OPLS_SUSTAIN;
		}
		break;
	case OPLS_SUSTAIN:
		if (o->reg20 & CHAR_EGT)
			break;
		/* a percussive tone (EG-type 0) goes on at the release rate */
		/* fall through */
	case OPLS_RELEASE:
		o->env += o->release_step;
		if (o->env >= ENV_MAX) {
			o->env = ENV_MAX;
			o->stage = OPLS_OFF;
		}
		break;
	default:
		break;
	}
}

/*
 * One operator's output for a 10-bit phase index (already modulated): the
 * waveform's log-sine (oplt_wave: bit 15 the sign), plus the attenuation
 * (att8: 0.1875 dB steps times 8, the log-sine's 1/256 units), through the
 * exponent table: a signed 13-bit value, as the chip's operators give (the
 * negative half is the one's complement). A log past 31 * 256 cannot occur
 * (4095 + 511 * 8), so the shift stays under 32 and large logs give 0.
 */
static inline int op_output(const uint16_t *wave, unsigned idx, unsigned att8)
{
	unsigned e = wave[idx], a = (e & 0x7FFF) + att8;
	int v = oplt_exp2[a & 0xFF] >> (a >> 8);

	return v ^ -(int)(e >> 15);
}

/* The operator's attenuation for this chunk, times 8 (0.1875 dB steps, at most 511). */
static unsigned op_att8(const OplsOperator *o, unsigned trem)
{
	unsigned att = (o->env >> OPLT_ENV_FRAC) + o->base_att;

	if (o->reg20 & CHAR_AM)
		att += trem;
	return (att > 511 ? 511 : att) << 3;
}

/* The operator's phase step for this chunk, with vibrato (vib: -4..4 in 1/2 of inc >> 8). */
static uint32_t op_step(const OplsOperator *o, int vib)
{
	if (!(o->reg20 & CHAR_VIB))
		return o->inc;
	return o->inc + (uint32_t)(vib * (int32_t)(o->inc >> 8) / 2);
}

/* A chunk's boundary: the LFOs and every envelope take their step; what stays constant for the chunk is set. */
static void chunk_step(OplSynth *s, unsigned *trem, int *vib)
{
	unsigned t = s->trem_phase >> 26;

	*trem = ((t < 32 ? t : 63 - t) * TREM_DEEP) / 31;
	if (!s->deep_trem)
		*trem >>= 2;
	*vib = vib_steps[s->vib_phase >> 29] * (s->deep_vib ? 2 : 1);  /* 14 cents deep, 7 shallow */
	s->trem_phase += s->trem_inc * OPLS_CHUNK;
	s->vib_phase += s->vib_inc * OPLS_CHUNK;
	for (int i = 0; i < OPLS_OPERATORS; i++)
		envelope_step(&s->op[i]);
}

/* The per-sample loop of one channel, specialised by the compiler for feedback and connection. */
static inline void channel_loop(OplsOperator *m, OplsOperator *k, const uint16_t *mw, const uint16_t *kw,
    unsigned ma, unsigned ka, uint32_t mi, uint32_t ki, int fbshift, int32_t *acc, int n,
    const bool feedback, const bool additive)
{
	uint32_t mp = m->phase, kp = k->phase;
	int o0 = m->out[0], o1 = m->out[1];

	for (int i = 0; i < n; i++) {
		int fb = feedback ? (o0 + o1) >> fbshift : 0;
		int mo = op_output(mw, ((mp >> 22) + (unsigned)fb) & 0x3FF, ma);

		o1 = o0;
		o0 = mo;
		if (additive)
			acc[i] += op_output(kw, kp >> 22, ka) + mo;
		else
			acc[i] += op_output(kw, ((kp >> 22) + (unsigned)mo) & 0x3FF, ka);
		mp += mi;
		kp += ki;
	}
	m->phase = mp;
	k->phase = kp;
	m->out[0] = (int16_t)o0;
	m->out[1] = (int16_t)o1;
}

/* One channel's n samples (n <= OPLS_CHUNK) added into acc. */
static void channel_render(OplSynth *s, int ch, int32_t *acc, int n, unsigned trem, int vib)
{
	const OplsChannel *c = &s->ch[ch];
	OplsOperator *m = &s->op[mod_slot(ch)], *k = m + 3;
	const uint16_t *mw = oplt_wave[s->wave_enable ? m->wave : 0], *kw = oplt_wave[s->wave_enable ? k->wave : 0];
	unsigned ma = op_att8(m, trem), ka = op_att8(k, trem);
	uint32_t mi = op_step(m, vib), ki = op_step(k, vib);
	int fbshift = 9 - c->feedback;

	if (ka >= ATT_SILENT && (ma >= ATT_SILENT || !c->additive)) {  /* nothing to hear: the phases go on */
		m->phase += mi * (uint32_t)n;
		k->phase += ki * (uint32_t)n;
		m->out[0] = m->out[1] = 0;
		return;
	}
	if (c->additive) {
		if (c->feedback)
			channel_loop(m, k, mw, kw, ma, ka, mi, ki, fbshift, acc, n, true, true);
		else
			channel_loop(m, k, mw, kw, ma, ka, mi, ki, fbshift, acc, n, false, true);
	} else {
		if (c->feedback)
			channel_loop(m, k, mw, kw, ma, ka, mi, ki, fbshift, acc, n, true, false);
		else
			channel_loop(m, k, mw, kw, ma, ka, mi, ki, fbshift, acc, n, false, false);
	}
}

/*
 * The envelopes and LFOs step once every OPLS_CHUNK output samples (counted
 * from init, whatever the calls' sizes, so the samples do not depend on
 * how the output is split); the phases and feedback every sample.
 */
void oplsynth_render(OplSynth *s, int16_t *mono, int frames)
{
	while (frames > 0) {
		int32_t acc[OPLS_CHUNK] = { 0 };
		int n = OPLS_CHUNK - (int)(s->samples % OPLS_CHUNK);

		if (n > frames)
			n = frames;
		if (s->samples % OPLS_CHUNK == 0)
			chunk_step(s, &s->trem, &s->vib);
		for (int ch = 0; ch < OPL_CHANNELS; ch++) {
			const OplsOperator *m = &s->op[mod_slot(ch)];

			if (m->stage != OPLS_OFF || m[3].stage != OPLS_OFF)
				channel_render(s, ch, acc, n, s->trem, s->vib);
		}
		for (int i = 0; i < n; i++)
			mono[i] = (int16_t)(acc[i] > 32767 ? 32767 : acc[i] < -32768 ? -32768 : acc[i]);
		s->samples += (uint32_t)n;
		mono += n;
		frames -= n;
	}
}
