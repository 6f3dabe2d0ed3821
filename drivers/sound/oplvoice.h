/* oplvoice.h: what the OPL2 needs per voice (no port I/O): an instrument's register set and note pitches. */
#ifndef DRIVERS_OPLVOICE_H
#define DRIVERS_OPLVOICE_H

#include <stdint.h>

#define OPL_CHANNELS    9               /* melodic voices of an OPL2 */
#define OPL_CLOCK_HZ    49716           /* sample rate of the chip: 3.579545 MHz / 72 */

/*
 * An instrument: the values of each operator's registers, modulator then
 * carrier, as written to 0x20 (AM/VIB/EG/KSR/MULT), 0x40 (KSL/total level),
 * 0x60 (attack/decay), 0x80 (sustain/release), 0xE0 (waveform), and the
 * channel's 0xC0 (feedback << 1 | connection).
 */
typedef struct OplInstrument {
	uint8_t mod_char, car_char;
	uint8_t mod_level, car_level;
	uint8_t mod_ad, car_ad;
	uint8_t mod_sr, car_sr;
	uint8_t mod_wave, car_wave;
	uint8_t fb_conn;
} OplInstrument;

/* A note's pitch for the chip: F-number (10 bits) and block (octave, 0..7). */
typedef struct OplPitch {
	uint16_t fnum;
	uint8_t block;
} OplPitch;

#define OPL_NOTE_MIN    12              /* MIDI C0 */
#define OPL_NOTE_MAX    107             /* MIDI B7 */

/*
 * MIDI note number (60 = middle C, 69 = A4 = 440 Hz) to F-number and
 * block: f = fnum * 49716 / 2^(20 - block). Notes outside
 * OPL_NOTE_MIN..OPL_NOTE_MAX give fnum 0.
 */
OplPitch opl_pitch(int note);
uint32_t opl_pitch_millihz(OplPitch p);     /* the frequency the chip plays, in mHz */

#endif
