/* musicseq.h: the music player — steps a song's rows on the 140 Hz tick and drives voices through callbacks (no port I/O). */
#ifndef DRIVERS_MUSICSEQ_H
#define DRIVERS_MUSICSEQ_H

#include <stdbool.h>
#include <stdint.h>

#include "oplvoice.h"
#include "song.h"

/* Where the notes go: the AdLib driver in the kernel, a recorder in the tests. */
typedef struct MusicOut {
	void (*instrument)(void *ctx, int voice, const OplInstrument *ins);
	void (*note_on)(void *ctx, int voice, OplPitch pitch);
	void (*note_off)(void *ctx, int voice);
	void *ctx;
} MusicOut;

typedef struct MusicSeq {
	const Song *song;               /* NULL: silent */
	uint16_t row;                   /* next row to play */
	uint8_t wait;                   /* ticks until it plays */
	bool ended;                     /* a jingle played its last row */
	uint32_t rows_played;
} MusicSeq;

void musicseq_init(MusicSeq *m);
void musicseq_start(MusicSeq *m, const Song *song, const MusicOut *out);   /* NULL: stop */
void musicseq_tick(MusicSeq *m, const MusicOut *out);

#endif
