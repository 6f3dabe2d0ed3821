/* oplregs.c: voice-level OPL2 register writes (reset, instrument, key on/off) over a write callback (pure: no port I/O). */
#include <stddef.h>
#include <stdint.h>

#include "oplregs.h"

const uint8_t opl_op_offset[OPL_CHANNELS] = { 0x00, 0x01, 0x02, 0x08, 0x09, 0x0A, 0x10, 0x11, 0x12 };

void oplregs_init(OplRegs *r, OplWriteFn write, void *ctx)
{
	*r = (OplRegs){ .write = write, .ctx = ctx };
}

static void put(OplRegs *r, int reg, uint8_t value)
{
	r->write(r->ctx, (uint8_t)reg, value);
}

/* Silence and a clean slate: every register 0, then each operator muted with the fastest release. */
void oplregs_reset(OplRegs *r)
{
	for (int reg = 0x01; reg <= 0xF5; reg++)
		put(r, reg, 0);
	for (int ch = 0; ch < OPL_CHANNELS; ch++) {
		for (int op = 0; op <= 3; op += 3) {
			put(r, OPL_OP_SR + opl_op_offset[ch] + op, OPL_SR_FAST_RELEASE);
			put(r, OPL_OP_LEVEL + opl_op_offset[ch] + op, OPL_LEVEL_MUTE);
		}
		r->key_shadow[ch] = 0;
	}
	put(r, OPL_TEST, OPL_TEST_WSE);
	put(r, OPL_CSM_SEL, 0);
	put(r, OPL_DRUMS, 0);                   /* melodic mode: 9 voices */
}

void oplregs_instrument(OplRegs *r, int ch, const OplInstrument *ins)
{
	uint8_t m, c;

	if (ch < 0 || ch >= OPL_CHANNELS)
		return;
	m = opl_op_offset[ch];
	c = (uint8_t)(m + 3);
	put(r, OPL_CH_KEY + ch, r->key_shadow[ch]);     /* key off while the sound changes */
	put(r, OPL_OP_CHAR + m, ins->mod_char);
	put(r, OPL_OP_CHAR + c, ins->car_char);
	put(r, OPL_OP_LEVEL + m, ins->mod_level);
	put(r, OPL_OP_LEVEL + c, ins->car_level);
	put(r, OPL_OP_AD + m, ins->mod_ad);
	put(r, OPL_OP_AD + c, ins->car_ad);
	put(r, OPL_OP_SR + m, ins->mod_sr);
	put(r, OPL_OP_SR + c, ins->car_sr);
	put(r, OPL_OP_WAVE + m, ins->mod_wave);
	put(r, OPL_OP_WAVE + c, ins->car_wave);
	put(r, OPL_CH_FB_CONN + ch, ins->fb_conn);
}

/* A new note: key off first, so the envelope starts again even on the same pitch. */
void oplregs_note_on(OplRegs *r, int ch, uint16_t fnum, uint8_t block)
{
	if (ch < 0 || ch >= OPL_CHANNELS)
		return;
	put(r, OPL_CH_KEY + ch, r->key_shadow[ch]);
	r->key_shadow[ch] = (uint8_t)(((block & 7) << 2) | ((fnum >> 8) & 3));
	put(r, OPL_CH_FNUM_LO + ch, fnum & 0xFF);
	put(r, OPL_CH_KEY + ch, r->key_shadow[ch] | OPL_KEY_ON);
}

void oplregs_note_off(OplRegs *r, int ch)
{
	if (ch < 0 || ch >= OPL_CHANNELS)
		return;
	put(r, OPL_CH_KEY + ch, r->key_shadow[ch]);
}

static void out_instrument(void *ctx, int voice, const OplInstrument *ins)
{
	oplregs_instrument(ctx, voice, ins);
}

static void out_note_on(void *ctx, int voice, OplPitch p)
{
	oplregs_note_on(ctx, voice, p.fnum, p.block);
}

static void out_note_off(void *ctx, int voice)
{
	oplregs_note_off(ctx, voice);
}

MusicOut oplregs_music_out(OplRegs *r)
{
	return (MusicOut){ .instrument = out_instrument, .note_on = out_note_on, .note_off = out_note_off, .ctx = r };
}
