/* adlib.c: the AdLib's OPL2 register map, the classic timer detection, and voice-level writes. */
#include <stdbool.h>
#include <stdint.h>

#include "adlib.h"
#include "io.h"

#define OPL_ADDR        0x0388          /* write: register index; read: status */
#define OPL_DATA        0x0389

/* Registers. */
#define OPL_TEST        0x01            /* bit 5: waveform select enable */
#define OPL_TEST_WSE    0x20
#define OPL_TIMER1      0x02            /* count, 80 us units, up from this value to 0xFF */
#define OPL_TIMER_CTRL  0x04
#define OPL_TC_RESET_IRQ 0x80           /* clear the status flags */
#define OPL_TC_MASK_BOTH 0x60           /* mask both timers */
#define OPL_TC_START_T1 0x21            /* start timer 1, mask timer 2 */
#define OPL_CSM_SEL     0x08
#define OPL_OP_CHAR     0x20            /* + operator offset: AM/VIB/EG/KSR/MULT */
#define OPL_OP_LEVEL    0x40            /* KSL, total level (attenuation) */
#define OPL_OP_AD       0x60            /* attack, decay */
#define OPL_OP_SR       0x80            /* sustain level, release */
#define OPL_OP_WAVE     0xE0
#define OPL_CH_FNUM_LO  0xA0            /* + channel */
#define OPL_CH_KEY      0xB0            /* + channel: key-on bit 5, block bits 2-4, F-number bits 8-9 */
#define OPL_CH_FB_CONN  0xC0
#define OPL_DRUMS       0xBD
#define OPL_KEY_ON      0x20
#define OPL_LEVEL_MUTE  0x3F
#define OPL_SR_FAST_RELEASE 0x0F        /* sustain level 0, release rate 15 */

/* Status register. */
#define OPL_ST_FLAGS    0xE0            /* IRQ, timer 1 expired, timer 2 expired */
#define OPL_ST_T1_DONE  0xC0            /* IRQ and timer 1 */

/* Delays, counted in status reads (about 1 us each on an ISA bus). */
#define OPL_ADDR_READS  6               /* 3.3 us after an index write */
#define OPL_DATA_READS  35              /* 23 us after a data write */
#define OPL_TIMER_READS 200             /* >= 80 us for timer 1 to overflow once */
#define OPL_TIMER_POLLS 100             /* then poll this many more times at most */

/* The modulator's register offset for each channel; its carrier is 3 above. */
static const uint8_t op_offset[OPL_CHANNELS] = { 0x00, 0x01, 0x02, 0x08, 0x09, 0x0A, 0x10, 0x11, 0x12 };

static bool present;
static uint8_t key_shadow[OPL_CHANNELS];        /* 0xB0+ch without the key bit */

static void status_reads(int n)
{
	for (int i = 0; i < n; i++)
		(void)inb(OPL_ADDR);
}

static void opl_out(uint8_t reg, uint8_t value)
{
	outb(OPL_ADDR, reg);
	status_reads(OPL_ADDR_READS);
	outb(OPL_DATA, value);
	status_reads(OPL_DATA_READS);
}

/*
 * The detection every DOS game used: reset both timers, read the status
 * (must show no flags), run timer 1 for one 80 us step, read it again
 * (must show IRQ and timer 1: 0xC0). Every wait is a fixed number of
 * status reads, so a floating bus (0xFF) or a dead card never hangs us.
 */
AdlibProbe adlib_detect(uint8_t *status_idle, uint8_t *status_timer)
{
	uint8_t s1, s2 = 0;
	AdlibProbe r;

	opl_out(OPL_TIMER_CTRL, OPL_TC_MASK_BOTH);
	opl_out(OPL_TIMER_CTRL, OPL_TC_RESET_IRQ);
	s1 = inb(OPL_ADDR);
	if (s1 == 0xFF) {
		r = ADLIB_FLOATING;
	} else if (s1 & OPL_ST_FLAGS) {
		r = ADLIB_BAD_IDLE;
	} else {
		opl_out(OPL_TIMER1, 0xFF);
		opl_out(OPL_TIMER_CTRL, OPL_TC_START_T1);
		status_reads(OPL_TIMER_READS);
		for (int i = 0; i < OPL_TIMER_POLLS; i++) {
			s2 = inb(OPL_ADDR);
			if ((s2 & OPL_ST_FLAGS) == OPL_ST_T1_DONE)
				break;
		}
		r = (s2 & OPL_ST_FLAGS) == OPL_ST_T1_DONE ? ADLIB_FOUND : ADLIB_NO_TIMER;
		opl_out(OPL_TIMER_CTRL, OPL_TC_MASK_BOTH);
		opl_out(OPL_TIMER_CTRL, OPL_TC_RESET_IRQ);
	}
	if (status_idle)
		*status_idle = s1;
	if (status_timer)
		*status_timer = s2;
	present = r == ADLIB_FOUND;
	return r;
}

bool adlib_present(void)
{
	return present;
}

void adlib_write(uint8_t reg, uint8_t value)
{
	if (present)
		opl_out(reg, value);
}

/* Silence and a clean slate: every register 0, then each operator muted with the fastest release. */
void adlib_reset(void)
{
	if (!present)
		return;
	for (int reg = 0x01; reg <= 0xF5; reg++)
		opl_out((uint8_t)reg, 0);
	for (int ch = 0; ch < OPL_CHANNELS; ch++) {
		for (int op = 0; op <= 3; op += 3) {
			opl_out((uint8_t)(OPL_OP_SR + op_offset[ch] + op), OPL_SR_FAST_RELEASE);
			opl_out((uint8_t)(OPL_OP_LEVEL + op_offset[ch] + op), OPL_LEVEL_MUTE);
		}
		key_shadow[ch] = 0;
	}
	opl_out(OPL_TEST, OPL_TEST_WSE);
	opl_out(OPL_CSM_SEL, 0);
	opl_out(OPL_DRUMS, 0);                  /* melodic mode: 9 voices */
}

void adlib_voice_instrument(int ch, const OplInstrument *ins)
{
	uint8_t m = op_offset[ch], c = (uint8_t)(m + 3);

	if (!present || ch < 0 || ch >= OPL_CHANNELS)
		return;
	opl_out(OPL_CH_KEY + ch, key_shadow[ch]);       /* key off while the sound changes */
	opl_out(OPL_OP_CHAR + m, ins->mod_char);
	opl_out(OPL_OP_CHAR + c, ins->car_char);
	opl_out(OPL_OP_LEVEL + m, ins->mod_level);
	opl_out(OPL_OP_LEVEL + c, ins->car_level);
	opl_out(OPL_OP_AD + m, ins->mod_ad);
	opl_out(OPL_OP_AD + c, ins->car_ad);
	opl_out(OPL_OP_SR + m, ins->mod_sr);
	opl_out(OPL_OP_SR + c, ins->car_sr);
	opl_out(OPL_OP_WAVE + m, ins->mod_wave);
	opl_out(OPL_OP_WAVE + c, ins->car_wave);
	opl_out(OPL_CH_FB_CONN + ch, ins->fb_conn);
}

/* A new note: key off first, so the envelope starts again even on the same pitch. */
void adlib_voice_on(int ch, uint16_t fnum, uint8_t block)
{
	if (!present || ch < 0 || ch >= OPL_CHANNELS)
		return;
	opl_out(OPL_CH_KEY + ch, key_shadow[ch]);
	key_shadow[ch] = (uint8_t)(((block & 7) << 2) | ((fnum >> 8) & 3));
	opl_out(OPL_CH_FNUM_LO + ch, fnum & 0xFF);
	opl_out(OPL_CH_KEY + ch, key_shadow[ch] | OPL_KEY_ON);
}

void adlib_voice_off(int ch)
{
	if (!present || ch < 0 || ch >= OPL_CHANNELS)
		return;
	opl_out(OPL_CH_KEY + ch, key_shadow[ch]);
}
