/* test_opl.c: the OPL2 note table against the chip's formula, and the music player stepping every built-in song. */
#include <math.h>

#include "testmain.h"

#include "musicseq.h"
#include "oplvoice.h"
#include "songs.h"

/* f = fnum * 49716 / 2^(20 - block) must be the equal-tempered pitch 440 * 2^((n - 69) / 12) within 0.2%. */
static void every_note_matches_the_opl2_formula(void **state)
{
	(void)state;
	for (int n = OPL_NOTE_MIN; n <= OPL_NOTE_MAX; n++) {
		OplPitch p = opl_pitch(n);
		double want = 440.0 * pow(2.0, (n - 69) / 12.0);
		double got = p.fnum * (double)OPL_CLOCK_HZ / (double)(1u << (20 - p.block));

		assert_row(p.fnum > 0 && p.fnum < 1024, "note %d: fnum %u", n, p.fnum);
		assert_row(p.block <= 7, "note %d: block %u", n, p.block);
		assert_row(fabs(got / want - 1) < 0.002, "note %d: %.3f Hz, want %.3f", n, got, want);
		assert_row(fabs(opl_pitch_millihz(p) / 1000.0 - got) < 0.01, "note %d: millihz", n);
	}
}

/* Each F-number is the best one for its block: the next one up or down would be further from the pitch. */
static void every_fnumber_is_the_nearest(void **state)
{
	(void)state;
	for (int n = OPL_NOTE_MIN; n <= OPL_NOTE_MAX; n++) {
		OplPitch p = opl_pitch(n);
		double want = 440.0 * pow(2.0, (n - 69) / 12.0);
		double unit = (double)OPL_CLOCK_HZ / (double)(1u << (20 - p.block));

		assert_row(fabs(p.fnum * unit - want) <= unit / 2 + 1e-9, "note %d: fnum %u off by more than half a step",
		    n, p.fnum);
	}
}

static void out_of_range_notes_give_no_pitch(void **state)
{
	(void)state;
	assert_int_equal(opl_pitch(OPL_NOTE_MIN - 1).fnum, 0);
	assert_int_equal(opl_pitch(OPL_NOTE_MAX + 1).fnum, 0);
	assert_int_equal(opl_pitch(69).fnum, 580);
	assert_int_equal(opl_pitch(69).block, 4);
}

/* A recorder for the player's output. */
static struct {
	int instruments, ons, offs;
	int on_voice[64], on_block[64], on_fnum[64];
} rec;

static void rec_instrument(void *ctx, int voice, const OplInstrument *ins)
{
	(void)ctx;
	(void)ins;
	assert_true(voice >= 0 && voice < OPL_CHANNELS);
	rec.instruments++;
}

static void rec_on(void *ctx, int voice, OplPitch p)
{
	(void)ctx;
	assert_true(voice >= 0 && voice < OPL_CHANNELS);
	assert_true(p.fnum > 0);
	if (rec.ons < 64) {
		rec.on_voice[rec.ons] = voice;
		rec.on_block[rec.ons] = p.block;
		rec.on_fnum[rec.ons] = p.fnum;
	}
	rec.ons++;
}

static void rec_off(void *ctx, int voice)
{
	(void)ctx;
	assert_true(voice >= 0 && voice < OPL_CHANNELS);
	rec.offs++;
}

static const MusicOut out = { .instrument = rec_instrument, .note_on = rec_on, .note_off = rec_off };

static int fresh(void **state)
{
	(void)state;
	memset(&rec, 0, sizeof rec);
	return 0;
}

/* Row 0 at once, then a row every `speed` ticks: rows_played after T ticks is ceil(T / speed). */
static void rows_come_every_speed_ticks(void **state)
{
	static const OplInstrument ins[2] = { { .car_level = 0 } };
	static const uint8_t cells[] = { 60, SONG_HOLD, SONG_OFF, 64, 67, SONG_HOLD };
	static const Song song = { .name = "t", .voices = 2, .speed = 5, .rows = 3, .loop_row = SONG_NO_LOOP,
	    .instruments = ins, .cells = cells };
	MusicSeq m;

	(void)state;
	musicseq_init(&m);
	musicseq_start(&m, &song, &out);
	assert_int_equal(rec.instruments, 2);
	musicseq_tick(&m, &out);
	assert_int_equal(rec.ons, 1);           /* C-4 on voice 0 */
	assert_int_equal(rec.on_voice[0], 0);
	assert_int_equal(rec.on_fnum[0], 345);
	assert_int_equal(rec.on_block[0], 4);
	for (int i = 0; i < 4; i++)
		musicseq_tick(&m, &out);
	assert_int_equal(m.rows_played, 1);
	musicseq_tick(&m, &out);                /* tick 6: row 1 */
	assert_int_equal(rec.offs, 1);
	assert_int_equal(rec.ons, 2);
	assert_int_equal(rec.on_voice[1], 1);
	for (int i = 0; i < 5; i++)
		musicseq_tick(&m, &out);            /* row 2, then the jingle is over */
	assert_true(m.ended);
	for (int i = 0; i < 50; i++)
		musicseq_tick(&m, &out);
	assert_int_equal(m.rows_played, 3);
	assert_int_equal(rec.ons, 3);
}

/* Every built-in song: plays every row, a looping one comes back to its loop row, a jingle ends. */
static void every_song_plays_through(void **state)
{
	(void)state;
	assert_true(SONG_COUNT >= 7);
	for (int i = 0; i < SONG_COUNT; i++) {
		const Song *song = songs[i];
		MusicSeq m;
		uint32_t ticks = (uint32_t)song->rows * song->speed;

		fresh(NULL);
		musicseq_init(&m);
		musicseq_start(&m, song, &out);
		assert_row(rec.instruments == song->voices, "%s: %d instruments", song->name, rec.instruments);
		for (uint32_t t = 0; t < ticks; t++)
			musicseq_tick(&m, &out);
		assert_row(m.rows_played == song->rows, "%s: %u rows of %u", song->name, m.rows_played, song->rows);
		assert_row(rec.ons > 0, "%s: no note", song->name);
		if (song->loop_row == SONG_NO_LOOP) {
			assert_row(m.ended, "%s: a jingle that does not end", song->name);
		} else {
			assert_row(!m.ended && m.row == song->loop_row, "%s: row %u after the end, loop %u", song->name,
			    m.row, song->loop_row);
		}
		musicseq_start(&m, NULL, &out);         /* stopping keys every voice off */
		assert_null(m.song);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_note_matches_the_opl2_formula),
		cmocka_unit_test(every_fnumber_is_the_nearest),
		cmocka_unit_test(out_of_range_notes_give_no_pitch),
		cmocka_unit_test_setup(rows_come_every_speed_ticks, fresh),
		cmocka_unit_test_setup(every_song_plays_through, fresh),
	};

	if (testmain_filter("opl", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("opl", tests, NULL, NULL);
}
