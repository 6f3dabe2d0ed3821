/* oplnote.c: MIDI note numbers to OPL2 F-numbers and blocks (pure; tested against the formula on the host). */
#include <stdint.h>

#include "oplvoice.h"

/*
 * F-numbers of C4..B4 in block 4: round(f * 2^16 / 49716) with
 * f = 440 * 2^((n - 69) / 12). One octave up is the same F-number one
 * block higher, so octave o plays in block o (C0..B7 -> blocks 0..7).
 * tests/unit/test_opl.c checks every note against the formula.
 */
static const uint16_t fnum_octave4[12] = {
	345, 365, 387, 410, 435, 460, 488, 517, 547, 580, 615, 651,
};

OplPitch opl_pitch(int note)
{
	if (note < OPL_NOTE_MIN || note > OPL_NOTE_MAX)
		return (OplPitch){ 0, 0 };
	return (OplPitch){ fnum_octave4[note % 12], (uint8_t)(note / 12 - 1) };
}

uint32_t opl_pitch_millihz(OplPitch p)
{
	/* fnum * 49716 * 1000 / 2^(20 - block), in 64 bits to keep every digit */
	return (uint32_t)(((uint64_t)p.fnum * OPL_CLOCK_HZ * 1000u) >> (20 - p.block));
}
