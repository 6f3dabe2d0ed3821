/* adlib.h: the AdLib card's OPL2 (YM3812) at ports 0x388/0x389 — detection, register writes, voices. */
#ifndef DRIVERS_ADLIB_H
#define DRIVERS_ADLIB_H

#include <stdbool.h>
#include <stdint.h>

#include "oplvoice.h"

/* How detection went, for the log and the system-info screen. */
typedef enum AdlibProbe {
	ADLIB_FOUND,
	ADLIB_FLOATING,                 /* status read 0xFF: nothing on the bus */
	ADLIB_BAD_IDLE,                 /* timer bits set after a reset */
	ADLIB_NO_TIMER,                 /* timer 1 never expired */
} AdlibProbe;

AdlibProbe adlib_detect(uint8_t *status_idle, uint8_t *status_timer);   /* the classic timer test */
bool adlib_present(void);
void adlib_reset(void);                 /* every register 0, waveform select enabled, all voices silent */
void adlib_write(uint8_t reg, uint8_t value);   /* no-op without a card */

/* Voice level: load an instrument into channel 0..8, key a note on (F-number/block) or off. */
void adlib_voice_instrument(int ch, const OplInstrument *ins);
void adlib_voice_on(int ch, uint16_t fnum, uint8_t block);
void adlib_voice_off(int ch);

#endif
