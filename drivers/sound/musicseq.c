/* musicseq.c: plays a Song row by row from the timer tick: instruments at the start, key on/off per cell. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "musicseq.h"

void musicseq_init(MusicSeq *m)
{
	*m = (MusicSeq){ .song = NULL };
}

static void all_off(const MusicSeq *m, const MusicOut *out)
{
	if (m->song)
		for (int v = 0; v < m->song->voices; v++)
			out->note_off(out->ctx, v);
}

/*
 * Switch songs: the old one's voices are keyed off, the new one's
 * instruments loaded; its first row plays on the next tick.
 */
void musicseq_start(MusicSeq *m, const Song *song, const MusicOut *out)
{
	all_off(m, out);
	musicseq_init(m);
	if (!song || !song->rows || !song->voices || song->voices > OPL_CHANNELS)
		return;
	m->song = song;
	for (int v = 0; v < song->voices; v++)
		out->instrument(out->ctx, v, &song->instruments[v]);
}

static void play_row(MusicSeq *m, const MusicOut *out)
{
	const Song *s = m->song;
	const uint8_t *cell = &s->cells[(uint32_t)m->row * s->voices];

	for (int v = 0; v < s->voices; v++) {
		if (cell[v] == SONG_OFF)
			out->note_off(out->ctx, v);
		else if (cell[v] >= OPL_NOTE_MIN && cell[v] <= OPL_NOTE_MAX)
			out->note_on(out->ctx, v, opl_pitch(cell[v]));
	}
	m->rows_played++;
	if (++m->row < s->rows)
		return;
	if (s->loop_row < s->rows)
		m->row = s->loop_row;
	else
		m->ended = true;        /* a jingle: its last notes ring out by their own release */
}

/* One 140 Hz tick: a row every song->speed ticks, the first at once. */
void musicseq_tick(MusicSeq *m, const MusicOut *out)
{
	if (!m->song || m->ended)
		return;
	if (m->wait == 0) {
		play_row(m, out);
		m->wait = m->song->speed;
	}
	m->wait--;
}
