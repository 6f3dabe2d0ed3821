/*
 * test_spkmusic.c: the music on the PC speaker and its hand-over to the
 * synthesizer (drivers/sound/spkmusic.c, synthplay_start_at; docs/music.md):
 * the lead's divisors, the speaker following voice 0 only, a song started at
 * tick T in the same state as one played T ticks, and the hand-over's tick
 * against a PCM mix whose DMA position moves as real hardware's does.
 */
#include <math.h>

#include "testmain.h"

#include "musicseq.h"
#include "pcmmix.h"
#include "songs.h"
#include "spkmusic.h"
#include "synthplay.h"

#define RATE 48000u

static const Song *song_named(const char *name)
{
	for (int i = 0; i < SONG_COUNT; i++)
		if (!strcmp(songs[i]->name, name))
			return songs[i];
	fail_msg("no song %s", name);
	return NULL;
}

/* Every note from C1 up: 1193182 / divisor within 0.2% of the note (the PIT's integer divisor; B7 is 302). */
static void lead_divisors_are_the_notes(void **state)
{
	(void)state;
	for (int n = 24; n <= OPL_NOTE_MAX; n++) {
		uint16_t d = spkmusic_divisor(opl_pitch(n));
		double want = 440.0 * pow(2.0, (n - 69) / 12.0), got = (double)SPKMUSIC_PIT_HZ / d;

		assert_row(fabs(got / want - 1) < 0.002, "note %d: divisor %u plays %.2f Hz, want %.2f", n, d, got, want);
	}
	assert_int_equal(spkmusic_divisor(opl_pitch(12)), 0xFFFF);      /* C0 (16 Hz) is below the PIT's reach */
	assert_int_equal(spkmusic_divisor(opl_pitch(200)), 0);          /* no pitch: silent */
}

/* The speaker sounds voice 0's note from its key-on to its key-off, whatever the other voices do. */
static void the_speaker_plays_the_lead_alone(void **state)
{
	(void)state;
	for (int i = 0; i < SONG_COUNT; i++) {
		const Song *s = songs[i];
		SpkMusic spk;
		MusicOut out = spkmusic_out(&spk);
		MusicSeq m;
		uint16_t want = 0;
		int changes = 0;

		musicseq_init(&m);
		musicseq_start(&m, s, &out);
		for (uint32_t t = 0; t < (uint32_t)s->rows * s->speed; t++) {
			if (t % s->speed == 0) {
				uint8_t c = s->cells[(uint32_t)(t / s->speed) * s->voices];

				if (c == SONG_OFF)
					want = 0;
				else if (c >= OPL_NOTE_MIN && c <= OPL_NOTE_MAX)
					want = spkmusic_divisor(opl_pitch(c)), changes++;
			}
			musicseq_tick(&m, &out);
			assert_row(spk.divisor == want, "%s tick %u: divisor %u, want %u", s->name, t, spk.divisor, want);
		}
		assert_row(changes > 0, "%s: the lead never played", s->name);
	}
}

static uint32_t op_regs(const OplsOperator *o)
{
	return (uint32_t)o->reg20 | (uint32_t)o->reg40 << 8 | (uint32_t)o->reg60 << 16 | (uint32_t)o->reg80 << 24;
}

/*
 * synthplay_start_at(T) against a song played T ticks on the synthesizer:
 * the player's row, wait and rows played, every channel's F-number, block
 * and key, every operator's registers are the same; the next step is step T.
 */
static void start_at_carries_the_song_position_over(void **state)
{
	static SynthPlay a, b;
	static int16_t buf[RATE / 140 + 2];
	static const uint32_t at[] = { 0, 1, 11, 16, 17, 33, 34, 271, 272, 273, 500, 1200, 3000 };

	(void)state;
	for (int i = 0; i < SONG_COUNT; i++) {
		for (size_t k = 0; k < ARRAY_LEN(at); k++) {
			const Song *s = songs[i];
			uint32_t t = at[k];

			synthplay_start(&a, s, RATE);
			for (uint32_t j = 0; j < t; j++)
				synthplay_render(&a, buf, (int)(a.left ? a.left : synthplay_tick_frames(&a)));
			synthplay_start_at(&b, s, RATE, t);
			assert_row(b.ticks == a.ticks && b.left == 0, "%s at %u: ticks %u/%u", s->name, t, b.ticks, a.ticks);
			assert_row(b.seq.row == a.seq.row && b.seq.wait == a.seq.wait && b.seq.ended == a.seq.ended &&
			    b.seq.rows_played == a.seq.rows_played, "%s at %u: row %u wait %u, want row %u wait %u",
			    s->name, t, b.seq.row, b.seq.wait, a.seq.row, a.seq.wait);
			for (int c = 0; c < OPL_CHANNELS && !a.seq.ended; c++)
				assert_row(b.synth.ch[c].key == a.synth.ch[c].key && (!a.synth.ch[c].key ||
				    (b.synth.ch[c].fnum == a.synth.ch[c].fnum && b.synth.ch[c].block == a.synth.ch[c].block)),
				    "%s at %u: channel %d key %u fnum %u, want key %u fnum %u", s->name, t, c,
				    b.synth.ch[c].key, b.synth.ch[c].fnum, a.synth.ch[c].key, a.synth.ch[c].fnum);
			for (int o = 0; o < OPLS_OPERATORS; o++)
				assert_row(op_regs(&b.synth.op[o]) == op_regs(&a.synth.op[o]), "%s at %u: operator %d registers",
				    s->name, t, o);
		}
	}
}

/* The tick to start at: the speaker's, plus the frames until the first sample is heard, in ticks, rounded. */
static void the_handover_tick_adds_the_delay(void **state)
{
	(void)state;
	assert_int_equal(spkmusic_handover_tick(5, 0, RATE), 5);
	assert_int_equal(spkmusic_handover_tick(10, 1029, RATE), 13);   /* the mix's 3-tick lead */
	assert_int_equal(spkmusic_handover_tick(5, 171, RATE), 5);      /* 0.499 of a tick */
	assert_int_equal(spkmusic_handover_tick(5, 172, RATE), 6);      /* 0.502 */
	assert_int_equal(spkmusic_handover_tick(7, 5000, 0), 7);
}

/* The hand-over in a PCM mix: what the kernel's music slot and tick do (kernel/sound/music.c). */
typedef struct Handover {
	PcmMix *mix;
	SynthPlay synth;
	const Song *song;
	uint32_t speaker_tick;          /* the speaker's steps so far */
	bool started;
	uint32_t start_tick;            /* S: the synthesizer's first song tick */
	uint64_t first_frame;           /* the mix's frame count at its first sample */
} Handover;

static void handover_render(void *ctx, int16_t *mono, int frames)
{
	Handover *h = ctx;

	if (!h->started) {
		h->started = true;
		h->start_tick = spkmusic_handover_tick(h->speaker_tick, (h->mix->wr + h->mix->frames - h->mix->last_pos) %
		    h->mix->frames, RATE);
		h->first_frame = h->mix->written;
		synthplay_start_at(&h->synth, h->song, RATE, h->start_tick);
	}
	synthplay_render(&h->synth, mono, frames);
}

/*
 * A DMA position that moves `step` ticks' worth every `step` ticks (1: as
 * real hardware, smoothly): the speaker stops in the first tick the DMA has
 * read the synthesizer's first sample (U, its song tick then); the
 * synthesizer started at S. |U - S| is the song's seam: within `most`.
 */
static void seam(uint32_t step, uint32_t most)
{
	static int16_t ring[2 * 16384];
	static PcmMix mix;
	static Handover h;
	uint64_t dma = 0;
	uint32_t u = 0;

	pcmmix_init(&mix, ring, 16384, RATE, 3 * RATE / 140 + 1);
	pcmmix_start(&mix, 0);
	pcmmix_refill(&mix, 0);
	h = (Handover){ .mix = &mix, .song = song_named("title"), .speaker_tick = 9 };
	pcmmix_set_music(&mix, handover_render, &h);
	for (uint32_t tick = 1; tick < 200; tick++) {
		if (tick % step == 0)
			dma = (uint64_t)tick * RATE / 140;
		pcmmix_refill(&mix, (uint32_t)(dma % 16384));
		if (h.started && mix.written - mix.ahead > h.first_frame) {
			u = h.speaker_tick;
			break;
		}
		h.speaker_tick++;       /* the speaker's step for this tick */
	}
	print_message("DMA every %u tick(s): synthesizer from song tick %u, speaker off at %u\n", step, h.start_tick, u);
	assert_true(h.started && u > 0);
	assert_true(u + most >= h.start_tick && u <= h.start_tick + most);
}

static void the_seam_is_within_a_tick(void **state)
{
	(void)state;
	seam(1, 1);                     /* real hardware: the speaker stops on the synthesizer's own tick, +-1 */
	seam(8, 8);                     /* QEMU's HDA on a busy host: the position jumps 50-70 ms */
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lead_divisors_are_the_notes),
		cmocka_unit_test(the_speaker_plays_the_lead_alone),
		cmocka_unit_test(start_at_carries_the_song_position_over),
		cmocka_unit_test(the_handover_tick_adds_the_delay),
		cmocka_unit_test(the_seam_is_within_a_tick),
	};

	if (testmain_filter("spkmusic", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("spkmusic", tests, NULL, NULL);
}
