/*
 * music.c: plays the session's tune on the AdLib; without one, on the PC
 * speaker (the lead voice) from the first frame, then on our OPL2
 * synthesizer through the PCM device once that is up, from the same song
 * tick (the hand-over, docs/music.md). The main loop names a tune
 * (music_select); the timer interrupt switches songs and steps the player
 * (drivers/sound/musicseq.c), whose notes become the OPL2's register writes
 * (drivers/sound/adlib.c to the card, drivers/sound/oplregs.c to the
 * synthesizer: the same writes) or the speaker's divisor
 * (drivers/sound/spkmusic.c). The session's sound effects start here
 * too (music_effect: the speaker and the PCM mix). Nothing here reads or
 * writes the game's state: music on or off, card or not, every tick of the
 * game is the same.
 */
#include <stdbool.h>
#include <stddef.h>

#include "adlib.h"
#include "cpu.h"
#include "crc32.h"
#include "kfmt.h"
#include "klog.h"
#include "music.h"
#include "musicseq.h"
#include "oplregs.h"
#include "oplsynth.h"
#include "pcm.h"
#include "songs.h"
#include "sound.h"
#include "speaker.h"
#include "spkmusic.h"
#include "synthplay.h"
#include "tunes.h"

static bool card;                       /* the AdLib plays */
static volatile bool speaker;           /* else the lead voice on the PC speaker, until the PCM device takes over */
static bool synth_on;                   /* else the synthesizer, rendered into the PCM mix */
static SynthPlay synth;                 /* the synthesizer's song, stepped by its own sample clock */
static uint32_t synth_rate;
static const Song *synth_song;          /* what the synthesizer last started */
static uint32_t crc_frames;             /* musiccrc=S: frames a song's CRC covers (0: none) */
static uint32_t crc_done, crc, crc_from;        /* frames of the current song CRC'd so far, their CRC, its first tick */
static const Song *volatile crc_song;   /* whose CRC the main loop is to log (set by the IRQ) */
static volatile uint32_t crc_ready, crc_ready_from;     /* its CRC and song tick, valid while crc_song is set */
static bool crc_logged;
static const Song *tune_song[MUS_COUNT];
static volatile const Song *wanted;     /* written by the main loop, read by the IRQ */
static const Song *started;             /* what the IRQ last started on the card or the speaker */
static MusicSeq seq;
static MusicId selected = MUS_NONE;

/* The speaker's song and the hand-over to the synthesizer (all but `pending` only touched in IRQ0). */
static SpkMusic spk;
static MusicOut spk_out;
static uint32_t spk_ticks;              /* steps the speaker took of its song */
static uint32_t spk_end;                /* ticks since a jingle's last row */
static volatile bool handover_pending;  /* the PCM device is up: its first music samples take over */
static bool handing;                    /* the synthesizer started at handover_tick; the speaker plays on until it is heard */
static uint64_t handover_frame;         /* the mix's frame count at the synthesizer's first sample */
static uint32_t handover_tick, handover_off;    /* the song tick the synthesizer started at; the speaker's when it stopped */
static const Song *handover_song;
static volatile bool handover_done;     /* for the main loop's COM1 line */
static bool handover_logged;
static uint64_t handover_tsc;           /* the TSC when the speaker stopped (make bench-boot) */
static volatile bool spk_sounded;       /* the speaker's first note has sounded, at spk_first_tsc */
static uint64_t spk_first_tsc;
static bool spk_first_logged;

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

void music_init(bool have_card, bool use_speaker)
{
	card = have_card;
	speaker = !card && use_speaker;
	spk_out = spkmusic_out(&spk);
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
	else if (speaker)
		klog("music: on the PC speaker (the lead voice) until a PCM device is up\n");
}

static void crc_start(uint32_t from_tick)
{
	crc_done = 0;
	crc = 0;
	crc_from = from_tick;
}

/*
 * The synthesizer's first samples (IRQ0, the mix's first call of the music
 * slot once the PCM device is up): the speaker's song goes on from the song
 * tick the speaker will have reached when they are heard (the DMA position
 * is pcm_music_delay() frames behind them), on a synthesizer stepped there
 * in silence with the held notes keyed (synthplay_start_at). The speaker
 * plays on until the DMA engine has read the first of them (music_tick).
 */
static void handover_start(void)
{
	if (!speaker || !started) {     /* no song on the speaker: nothing to carry over */
		speaker = false;
		spk_music(0);
		synth_song = NULL;
		return;
	}
	handover_song = synth_song = started;
	handover_tick = spkmusic_handover_tick(spk_ticks, pcm_music_delay(), synth_rate);
	handover_frame = pcm_frames_written();
	synthplay_start_at(&synth, synth_song, synth_rate, handover_tick);
	crc_start(handover_tick);
	handing = true;
}

/*
 * The PCM mix asks for music (IRQ0, in pcm's refill): the synthesizer's
 * samples. The player steps here, at each 140 Hz tick of the samples
 * themselves (synthplay), not in music_tick: where the DMA engine happens to
 * be never moves a note by a sample. A change of song takes effect at the
 * next tick's boundary on a freshly reset synthesizer, as synthrender starts
 * one on the host, so each song's samples are the host's, sample for sample
 * (musiccrc= logs a CRC-32 of the first seconds to compare).
 */
static void synth_render(void *ctx, int16_t *mono, int frames)
{
	(void)ctx;
	while (frames > 0) {
		const Song *w = (const Song *)wanted;
		int n = frames;

		if (synth.left == 0 && handover_pending) {
			handover_pending = false;
			handover_start();
		} else if (synth.left == 0 && w != synth_song) {
			synth_song = w;
			synthplay_start(&synth, w, synth_rate);
			crc_start(0);
		}
		if (synth.left && (uint32_t)n > synth.left)
			n = (int)synth.left;
		else if (!synth.left && (uint32_t)n > synthplay_tick_frames(&synth))
			n = (int)synthplay_tick_frames(&synth);
		synthplay_render(&synth, mono, n);
		if (synth_song && crc_done < crc_frames) {
			uint32_t k = crc_frames - crc_done < (uint32_t)n ? crc_frames - crc_done : (uint32_t)n;

			crc = crc32_update(crc, mono, k * sizeof *mono);
			crc_done += k;
			if (crc_done == crc_frames && !crc_song) {
				crc_ready = crc;
				crc_ready_from = crc_from;
				crc_song = synth_song;
			}
		}
		mono += n;
		frames -= n;
	}
}

/*
 * No AdLib, a PCM device at rate_hz: the songs play on the synthesizer,
 * which gets exactly the register writes the card would (oplregs).
 * crc_seconds (musiccrc=): log a CRC-32 of the first seconds of the first
 * song that plays that long (at most an hour's worth).
 */
void music_use_synth(uint32_t rate_hz, uint32_t crc_seconds)
{
	if (card || rate_hz == 0)
		return;
	synth_rate = rate_hz;
	crc_frames = (crc_seconds < 3600 ? crc_seconds : 3600) * rate_hz;
	synthplay_start(&synth, NULL, rate_hz);
	synth_on = true;
	handover_pending = speaker;             /* the speaker's song moves over at the mix's first call */
	pcm_set_music(synth_render, NULL);
	klog("music: on the OPL2 synthesizer, %u Hz, into the PCM mix\n", (unsigned)rate_hz);
	if (!handover_pending && selected != MUS_NONE) {        /* nothing played it before */
		klog("music: play %s\n", music_names[selected]);
		wanted = tune_song[selected];
	}
}

/* " at tsc=T" (the TSC since reset: instructions under QEMU -icount, make bench-boot), or "" without one. */
static const char *tsc_text(char *buf, size_t size, uint64_t tsc)
{
	buf[0] = '\0';
	if (tsc)
		kfmt_snprintf(buf, size, " at tsc=%u%09u", (unsigned)(tsc / 1000000000u), (unsigned)(tsc % 1000000000u));
	return buf;
}

/* Main loop: the speaker's first note, the hand-over and the CRC the IRQ finished (musiccrc=), on COM1. */
void music_service(void)
{
	const Song *s = crc_song;
	char tsc[32];

	if (spk_sounded && !spk_first_logged) {
		spk_first_logged = true;
		klog("music: first note on the speaker%s\n", tsc_text(tsc, sizeof tsc, spk_first_tsc));
	}
	if (handover_done && !handover_logged) {
		handover_logged = true;
		klog("music: speaker -> PCM at song tick %u (%s, speaker off at song tick %u)%s\n",
		    (unsigned)handover_tick, handover_song->name, (unsigned)handover_off,
		    tsc_text(tsc, sizeof tsc, handover_tsc));
	}
	if (s && !crc_logged) {
		crc_logged = true;
		klog("music: crc32 %s from song tick %u first %u frames at %u Hz: %08x\n", s->name,
		    (unsigned)crc_ready_from, (unsigned)crc_frames, (unsigned)synth_rate, (unsigned)crc_ready);
	}
}

bool music_on_synth(void)
{
	return synth_on;
}

bool music_on_speaker(void)
{
	return speaker;
}

void music_select(MusicId id)
{
	if (id == selected || id < MUS_NONE || id >= MUS_COUNT)
		return;
	selected = id;
	if (!card && !synth_on && !speaker)
		return;
	if (id == MUS_NONE)
		klog("music: stop\n");
	else
		klog("music: play %s\n", music_names[id]);
	wanted = tune_song[id];
}

/*
 * The speaker's step: the lead's note for this tick (a jingle's last row
 * for its own length, then silence). Once the synthesizer has taken over
 * and the DMA engine has read its first sample, the speaker stops in the
 * same tick, for good.
 */
static void speaker_tick(void)
{
	const Song *w = (const Song *)wanted;

	if (handing && pcm_frames_played() > handover_frame) {
		handing = false;
		speaker = false;
		handover_off = spk_ticks;
		spk_music(0);
		if (!cpu_timestamp(&handover_tsc))
			handover_tsc = 0;
		handover_done = true;
		return;
	}
	if (w != started) {
		started = w;
		musicseq_start(&seq, w, &spk_out);
		spk_ticks = 0;
		spk_end = 0;
	}
	musicseq_tick(&seq, &spk_out);
	spk_ticks++;
	if (seq.ended && spk_end++ >= seq.song->speed)
		spk.divisor = 0;
	spk_music(spk.divisor);
	if (spk.divisor && !spk_sounded) {
		if (!cpu_timestamp(&spk_first_tsc))
			spk_first_tsc = 0;
		spk_sounded = true;
	}
}

void music_tick(void)
{
	const MusicOut *o = &out;
	const Song *w;

	if (speaker) {
		speaker_tick();
		return;
	}
	if (!card)
		return;         /* the synthesizer's player steps in synth_render, by the sample clock */
	w = (const Song *)wanted;
	if (w != started) {
		started = w;
		musicseq_start(&seq, w, o);
	}
	musicseq_tick(&seq, o);
}

/*
 * `sfx start id=N div=...` goes to COM1 for every sound effect started
 * (the speaker tests read it), but not from inside the frame: the line is
 * formatted and sent (a busy wait on the UART, ~5 ms at 115200 baud) when
 * the frame is drawn and the loop waits for the next tick.
 */
static SoundId sfx_started[8];
static int sfx_pending;

void music_log_effects(void)
{
	for (int k = 0; k < sfx_pending; k++) {
		const SoundDef *d = &snd_defs[sfx_started[k]];
		char list[160];
		int n = 0;

		for (int i = 0; i < d->length && n < (int)sizeof list - 8; i++)
			n += kfmt_snprintf(list + n, sizeof list - (size_t)n, i ? ",%u" : "%u", d->divisors[i]);
		klog("sfx start id=%d div=%s\n", (int)sfx_started[k], list);
	}
	sfx_pending = 0;
}

void music_effect(SoundId id)
{
	const SoundDef *d;

	if (id == SND_NONE || id >= SND_COUNT)
		return;
	d = &snd_defs[id];
	if (!spk_play(d->divisors, d->length, d->priority))
		return;
	pcm_effect_requested();                 /* bench: ticks until its first sample is in the PCM ring */
	if (sfx_pending == (int)(sizeof sfx_started / sizeof sfx_started[0]))
		music_log_effects();                   /* (a long catch-up: no room to wait) */
	sfx_started[sfx_pending++] = id;
}
