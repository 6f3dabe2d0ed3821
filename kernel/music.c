/*
 * music.c: plays the session's tune on the AdLib. The main loop names a
 * tune (music_select); the timer interrupt switches songs and steps the
 * player (drivers/sound/musicseq.c), whose notes go to drivers/sound/adlib.c. Nothing
 * here reads or writes the game's state: music on or off, card or not,
 * every tick of the game is the same.
 */
#include <stdbool.h>
#include <stddef.h>

#include "adlib.h"
#include "klog.h"
#include "music.h"
#include "musicseq.h"
#include "songs.h"
#include "tunes.h"

static bool card;
static const Song *tune_song[MUS_COUNT];
static volatile const Song *wanted;     /* written by the main loop, read by the IRQ */
static const Song *started;             /* what the IRQ last started */
static MusicSeq seq;
static MusicId selected = MUS_NONE;

static void out_instrument(void *ctx, int voice, const OplInstrument *ins)
{
	(void)ctx;
	adlib_voice_instrument(voice, ins);
}

static void out_note_on(void *ctx, int voice, OplPitch p)
{
	(void)ctx;
	adlib_voice_on(voice, p.fnum, p.block);
}

static void out_note_off(void *ctx, int voice)
{
	(void)ctx;
	adlib_voice_off(voice);
}

static const MusicOut out = {
	.instrument = out_instrument, .note_on = out_note_on, .note_off = out_note_off, .ctx = NULL,
};

static bool same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

void music_init(bool have_card)
{
	card = have_card;
	musicseq_init(&seq);
	for (int id = MUS_NONE + 1; id < MUS_COUNT; id++) {
		for (int i = 0; i < SONG_COUNT; i++)
			if (same(songs[i]->name, music_names[id]))
				tune_song[id] = songs[i];
		if (!tune_song[id])
			klog("music: no song '%s' built in\n", music_names[id]);
	}
	if (card)
		adlib_reset();
}

void music_select(MusicId id)
{
	if (id == selected || id < MUS_NONE || id >= MUS_COUNT)
		return;
	selected = id;
	if (!card)
		return;
	if (id == MUS_NONE)
		klog("music: stop\n");
	else
		klog("music: play %s\n", music_names[id]);
	wanted = tune_song[id];
}

void music_tick(void)
{
	const Song *w;

	if (!card)
		return;
	w = (const Song *)wanted;
	if (w != started) {
		started = w;
		musicseq_start(&seq, w, &out);
	}
	musicseq_tick(&seq, &out);
}
