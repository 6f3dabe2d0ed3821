/* oplregs.h: the OPL2's voice-level register writes over a write callback, so the AdLib and the synthesizer get the same writes. */
#ifndef DRIVERS_OPLREGS_H
#define DRIVERS_OPLREGS_H

#include <stdint.h>

#include "musicseq.h"
#include "oplvoice.h"

/* Registers of the YM3812 (the voice-level ones; adlib.c adds the timers). */
#define OPL_TEST        0x01            /* bit 5: waveform select enable */
#define OPL_TEST_WSE    0x20
#define OPL_CSM_SEL     0x08            /* bit 7: CSM, bit 6: note select */
#define OPL_CSM_NTS     0x40
#define OPL_OP_CHAR     0x20            /* + operator offset: AM/VIB/EG/KSR/MULT */
#define OPL_OP_LEVEL    0x40            /* KSL, total level (attenuation) */
#define OPL_OP_AD       0x60            /* attack, decay */
#define OPL_OP_SR       0x80            /* sustain level, release */
#define OPL_OP_WAVE     0xE0
#define OPL_CH_FNUM_LO  0xA0            /* + channel */
#define OPL_CH_KEY      0xB0            /* + channel: key-on bit 5, block bits 2-4, F-number bits 8-9 */
#define OPL_CH_FB_CONN  0xC0
#define OPL_DRUMS       0xBD            /* bit 7: tremolo depth, bit 6: vibrato depth, bit 5: rhythm */
#define OPL_KEY_ON      0x20
#define OPL_LEVEL_MUTE  0x3F
#define OPL_SR_FAST_RELEASE 0x0F        /* sustain level 0, release rate 15 */

/* One register write: index, value. The AdLib's goes to the ports, the synthesizer's to its register file. */
typedef void (*OplWriteFn)(void *ctx, uint8_t reg, uint8_t value);

typedef struct OplRegs {
	OplWriteFn write;
	void *ctx;
	uint8_t key_shadow[OPL_CHANNELS];       /* 0xB0+ch without the key bit */
} OplRegs;

extern const uint8_t opl_op_offset[OPL_CHANNELS];       /* modulator's offset per channel; carrier +3 */

void oplregs_init(OplRegs *r, OplWriteFn write, void *ctx);
void oplregs_reset(OplRegs *r);         /* every register 0, waveform select on, all voices muted */
void oplregs_instrument(OplRegs *r, int ch, const OplInstrument *ins);
void oplregs_note_on(OplRegs *r, int ch, uint16_t fnum, uint8_t block);
void oplregs_note_off(OplRegs *r, int ch);

/* A MusicOut whose notes become these writes (ctx = the OplRegs). */
MusicOut oplregs_music_out(OplRegs *r);

#endif
