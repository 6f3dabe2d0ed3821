/* test_oplsynth.c: the OPL2 synthesizer (drivers/sound/oplsynth.c) against the chip's formula, the manual's envelope table, its waveforms, and a whole song. */
#include <math.h>

#include "testmain.h"

#include "oplregs.h"
#include "oplsynth.h"
#include "opltables.h"
#include "songs.h"
#include "../host/synthsong.h"

#define RATE            48000
#define MANUAL_SPS      50000.0         /* the manual's timings are at 3.6 MHz: 50000 chip samples a second */

static OplSynth s;
static int16_t buf[RATE * 4];

/* Channel 0: modulator slot 0 (registers +0x00), carrier slot 3 (+0x03). */
static void voice(int mult, int wave, int fb_conn, int mod_level, int car_ad, int car_sr, int car_char_flags)
{
	oplsynth_init(&s, RATE);
	oplsynth_write(&s, OPL_TEST, OPL_TEST_WSE);
	oplsynth_write(&s, OPL_OP_CHAR + 0, (uint8_t)(0x20 | mult));
	oplsynth_write(&s, OPL_OP_CHAR + 3, (uint8_t)(car_char_flags | mult));
	oplsynth_write(&s, OPL_OP_LEVEL + 0, (uint8_t)mod_level);
	oplsynth_write(&s, OPL_OP_LEVEL + 3, 0x00);
	oplsynth_write(&s, OPL_OP_AD + 0, 0xF0);
	oplsynth_write(&s, OPL_OP_AD + 3, (uint8_t)car_ad);
	oplsynth_write(&s, OPL_OP_SR + 0, 0x00);
	oplsynth_write(&s, OPL_OP_SR + 3, (uint8_t)car_sr);
	oplsynth_write(&s, OPL_OP_WAVE + 0, (uint8_t)wave);
	oplsynth_write(&s, OPL_OP_WAVE + 3, (uint8_t)wave);
	oplsynth_write(&s, OPL_CH_FB_CONN + 0, (uint8_t)fb_conn);
}

static void key(int fnum, int block, bool on)
{
	oplsynth_write(&s, OPL_CH_FNUM_LO + 0, fnum & 0xFF);
	oplsynth_write(&s, OPL_CH_KEY + 0, (uint8_t)((on ? OPL_KEY_ON : 0) | block << 2 | fnum >> 8));
}

/* A pure sine on channel 0: modulator muted, carrier at full level, instant attack, sustained. */
static void sine_voice(int mult)
{
	voice(mult, 0, 0, 0x3F, 0xF0, 0x00, 0x20);
}

/* Frequency from rising zero crossings (interpolated) in buf[from..to). */
static double measure_hz(const int16_t *x, int from, int to, int rate)
{
	double first = -1, last = -1;
	int n = 0;

	for (int i = from + 1; i < to; i++) {
		if (x[i - 1] < 0 && x[i] >= 0) {
			double t = i - 1 + (double)-x[i - 1] / (x[i] - x[i - 1]);

			if (first < 0)
				first = t;
			last = t;
			n++;
		}
	}
	return n > 1 ? (n - 1) * rate / (last - first) : 0;
}

static const struct { int fnum, block, mult; } pitches[] = {
	{ 580, 4, 1 }, { 345, 4, 1 }, { 651, 5, 1 }, { 1023, 7, 1 }, { 100, 3, 1 }, { 512, 1, 1 },
	{ 300, 6, 1 }, { 580, 2, 0 }, { 580, 2, 2 }, { 410, 3, 15 }, { 700, 0, 4 },
};

/* f = fnum * 49716 / 2^(20 - block) (times the multiplier) within 0.5%, measured from 1 s of a sine voice. */
static void pitch_per_block_and_fnumber(void **state)
{
	double worst = 0;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(pitches); i++) {
		static const double mult[16] = { 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 12, 12, 15, 15 };
		double want = pitches[i].fnum * 49716.0 / (1 << (20 - pitches[i].block)) * mult[pitches[i].mult];
		double got;

		sine_voice(pitches[i].mult);
		key(pitches[i].fnum, pitches[i].block, true);
		oplsynth_render(&s, buf, RATE);
		got = measure_hz(buf, 0, RATE, RATE);
		assert_row(fabs(got / want - 1) < 0.005, "fnum %d block %d mult %d: %.3f Hz, want %.3f",
		    pitches[i].fnum, pitches[i].block, pitches[i].mult, got, want);
		worst = fmax(worst, fabs(got / want - 1));
	}
	print_message("pitch: worst of %zu voices %.4f %% off the formula\n", ARRAY_LEN(pitches), 100 * worst);
}

/* Output samples until the carrier's envelope leaves `stage` (or `limit`). */
static long samples_in_stage(int stage, long limit)
{
	int16_t x;
	long n = 0;

	while (s.op[3].stage == stage && n < limit) {
		oplsynth_render(&s, &x, 1);
		n++;
	}
	return n;
}

/* The manual's time at rate 4 (R=1) over the rate's factor, in our output samples. */
static double manual_samples(double ms_rate4, int rate)
{
	int hi = rate >> 2, lo = hi >= 15 ? 0 : rate & 3;

	return ms_rate4 / 1000 * MANUAL_SPS / ((4 + lo) / 4.0 * (1 << (hi - 1))) / 49716.0 * RATE;
}

/*
 * The manual's table: attack 0..100% at rate 4 2826.24 ms, decay 0..96 dB
 * 39280.64 ms, halving every 4 rates, (4 + lo) / 4 between; attack 60..63
 * instant. Rates 4R + Rks with KSR on: block 3, F-number bit 9 set, Rks = 7.
 */
static void envelope_timing_per_rate(void **state)
{
	double worst_a = 0, worst_d = 0, worst_r = 0;

	(void)state;
	for (int r4 = 1; r4 <= 15; r4++) {
		for (int ksr = 0; ksr <= 1; ksr++) {
			int block = ksr ? 3 : 0, rate = r4 * 4 + (ksr ? 7 : 0);
			double want_a, want_d, want_r;
			long a, d, r;

			if (rate > 63)
				rate = 63;
			/* attack, then decay to SL 15 (93 dB of the 96), sustained; then release after key off */
			voice(1, 0, 0, 0x3F, r4 << 4 | r4, 0xF0 | r4, 0x20 | (ksr ? 0x10 : 0));
			key(0x200, block, true);
			a = samples_in_stage(OPLS_ATTACK, 10 * RATE);
			want_a = rate >= 60 ? 1 : manual_samples(2826.24, rate);
			assert_row(fabs(a - want_a) <= want_a * 0.03 + OPLS_CHUNK, "attack rate %d: %ld samples, want %.0f", rate,
			    a, want_a);
			d = samples_in_stage(OPLS_DECAY, 60L * RATE);
			want_d = manual_samples(39280.64, rate) * 496 / 512;
			assert_row(fabs(d - want_d) <= want_d * 0.01 + OPLS_CHUNK, "decay rate %d: %ld samples, want %.0f", rate,
			    d, want_d);
			assert_int_equal(s.op[3].stage, OPLS_SUSTAIN);
			key(0x200, block, false);
			oplsynth_write(&s, OPL_OP_SR + 3, (uint8_t)r4);         /* SL 0: release the whole 96 dB */
			s.op[3].env = 0;
			r = samples_in_stage(OPLS_RELEASE, 60L * RATE);
			want_r = manual_samples(39280.64, rate) * 511 / 512;
			assert_row(fabs(r - want_r) <= want_r * 0.01 + OPLS_CHUNK, "release rate %d: %ld samples, want %.0f", rate,
			    r, want_r);
			/* the figures below: times of 50 chunks (17 ms) and more, where a chunk is under 2 % */
			if (want_a > 50 * OPLS_CHUNK)
				worst_a = fmax(worst_a, fabs(a / want_a - 1));
			if (want_d > 50 * OPLS_CHUNK)
				worst_d = fmax(worst_d, fabs(d / want_d - 1));
			if (want_r > 50 * OPLS_CHUNK)
				worst_r = fmax(worst_r, fabs(r / want_r - 1));
		}
	}
	print_message("envelope, times >= 17 ms: worst attack %.2f %%, decay %.2f %%, release %.2f %% off the manual\n",
	    100 * worst_a, 100 * worst_d, 100 * worst_r);
}

/* One cycle of a 100 Hz-ish voice (fnum 0x80 block 4: 97.1 Hz) with waveform `wave`: 494 samples. */
static int one_cycle(int wave, bool enable)
{
	voice(1, wave, 0, 0x3F, 0xF0, 0x00, 0x20);
	if (!enable)
		oplsynth_write(&s, OPL_TEST, 0);
	key(0x80, 4, true);
	oplsynth_render(&s, buf, 1);            /* the instant attack */
	oplsynth_render(&s, buf, RATE / 10);
	return (int)(RATE / (0x80 * 49716.0 / (1 << 16)));
}

/* In quarter q (0..3) of the cycle starting at buf[0]: the mean sample. */
static double quarter_mean(int period, int q)
{
	double sum = 0;
	int from = period * q / 4 + 2, to = period * (q + 1) / 4 - 2;

	for (int i = from; i < to; i++)
		sum += buf[i];
	return sum / (to - from);
}

/* Sine; half-sine (negative half silent); abs-sine (both halves positive); quarter-sine (2nd and 4th quarters silent). */
static void waveform_shapes(void **state)
{
	static const struct { int wave; int sign[4]; } shapes[] = {
		{ 0, { 1, 1, -1, -1 } }, { 1, { 1, 1, 0, 0 } }, { 2, { 1, 1, 1, 1 } }, { 3, { 1, 0, 1, 0 } },
	};
	double peak = 4096 * 2 / M_PI;          /* mean of a full-scale half-sine */

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(shapes); i++) {
		int period = one_cycle(shapes[i].wave, true);

		for (int q = 0; q < 4; q++) {
			double m = quarter_mean(period, q), want = shapes[i].sign[q] * peak;

			assert_row(fabs(m - want) < 0.08 * peak, "wave %d quarter %d: mean %.0f, want %.0f",
			    shapes[i].wave, q, m, want);
		}
	}
	/* waveform select disabled: every operator plays the sine */
	int period = one_cycle(3, false);

	assert_true(quarter_mean(period, 2) < -0.9 * peak);
}

/* The power at harmonic h of f in buf[0..n). */
static double harmonic_power(int n, double f, int h)
{
	double re = 0, im = 0;

	for (int i = 0; i < n; i++) {
		re += buf[i] * cos(2 * M_PI * f * h * i / RATE);
		im += buf[i] * sin(2 * M_PI * f * h * i / RATE);
	}
	return (re * re + im * im) / n / n;
}

/* The modulator alone (additive, carrier muted): a sine without feedback, rich in harmonics with it. */
static void feedback_changes_the_spectrum(void **state)
{
	double f = 580 * 49716.0 / (1 << 16), ratio[2];

	(void)state;
	for (int fb = 0; fb <= 1; fb++) {
		voice(1, 0, (fb ? 6 << 1 : 0) | 1, 0x00, 0xF0, 0x00, 0x20);
		oplsynth_write(&s, OPL_OP_LEVEL + 3, 0x3F);
		key(580, 4, true);
		oplsynth_render(&s, buf, RATE / 10);
		oplsynth_render(&s, buf, RATE / 2);
		ratio[fb] = (harmonic_power(RATE / 2, f, 2) + harmonic_power(RATE / 2, f, 3)) /
		    harmonic_power(RATE / 2, f, 1);
	}
	assert_true(ratio[0] < 0.001);
	assert_true(ratio[1] > 0.05);
}

/* Key off at release rate 8 (34 with block 4's key scaling): silent (every sample 0, both operators off) after the manual's time. */
static void key_off_releases_to_silence(void **state)
{
	long n;

	(void)state;
	sine_voice(1);
	oplsynth_write(&s, OPL_OP_SR + 3, 0x08);
	key(580, 4, true);
	oplsynth_render(&s, buf, RATE / 10);
	assert_true(abs(buf[RATE / 10 - 1]) > 0 || abs(buf[RATE / 10 - 2]) > 0);
	key(580, 4, false);
	n = samples_in_stage(OPLS_RELEASE, 10L * RATE);
	assert_true(fabs(n - manual_samples(39280.64, 34) * 511 / 512) < manual_samples(39280.64, 34) * 0.02);
	oplsynth_render(&s, buf, RATE / 10);
	for (int i = 0; i < RATE / 10; i++)
		assert_int_equal(buf[i], 0);
	assert_int_equal(s.op[3].stage, OPLS_OFF);     /* the carrier; the muted modulator has release rate 0 */
}

/* The title theme through the player and oplregs (the AdLib's writes), `secs` seconds into out. */
static int render_title(int16_t *out, int secs)
{
	static SynthSong p;
	int n = 0;

	synthsong_start(&p, &song_title, RATE);
	for (int t = 0; t < secs * SYNTHSONG_TICK_HZ; t++)
		n += synthsong_tick(&p, out + n);
	return n;
}

/*
 * The kernel's way (drivers/sound/synthplay.c asked by the PCM mix for up to
 * 256 frames at a time, wherever the DMA engine is) gives the host's
 * tick-by-tick samples, sample for sample, whatever the sizes of the calls:
 * the player steps by the samples' own clock.
 */
static void synthplay_chunks_equal_the_ticks(void **state)
{
	static int16_t chunked[RATE * 3];
	static SynthPlay p;
	static const int sizes[] = { 256, 1, 77, 343, 4096 };
	int n = render_title(buf, 3);

	(void)state;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int done = 0;

		synthplay_start(&p, &song_title, RATE);
		while (done < n) {
			int c = sizes[k] < n - done ? sizes[k] : n - done;

			synthplay_render(&p, chunked + done, c);
			done += c;
		}
		assert_memory_equal(buf, chunked, (size_t)n * sizeof buf[0]);
		assert_int_equal(p.ticks, 3 * SYNTHPLAY_TICK_HZ);
	}
}

/* Twice the same samples; and the lead's first two bars (alone) at the song's pitches within 0.5%. */
static void title_theme_is_deterministic_and_in_tune(void **state)
{
	static int16_t again[RATE * 4];
	const Song *t = &song_title;
	int n = render_title(buf, 4), row_samples = t->speed * RATE / SYNTHSONG_TICK_HZ, checked = 0;

	(void)state;
	assert_int_equal(render_title(again, 4), n);
	assert_memory_equal(buf, again, (size_t)n * sizeof buf[0]);
	for (int row = 0; row < 16; row++) {
		int note = t->cells[row * t->voices], from, len = 1;
		double want, got;

		if (note < OPL_NOTE_MIN)
			continue;
		while (row + len < 16 && t->cells[(row + len) * t->voices] == SONG_HOLD)
			len++;
		/* the row's first note plays after the tick that starts it: skip 10 ms of attack */
		from = row * row_samples + RATE / 100;
		want = 440.0 * pow(2.0, (note - 69) / 12.0);
		got = measure_hz(buf, from, (row + len) * row_samples, RATE);
		assert_row(fabs(got / want - 1) < 0.005, "row %d note %d: %.2f Hz, want %.2f", row, note, got, want);
		print_message("title row %2d note %d: %.2f Hz, song %.2f Hz (%+.3f %%)\n", row, note, got, want,
		    100 * (got / want - 1));
		checked++;
	}
	assert_true(checked >= 8);
}

/* A recorder of register writes. */
static struct {
	int n;
	uint8_t reg[64], value[64];
} writes;

static void record_write(void *ctx, uint8_t reg, uint8_t value)
{
	(void)ctx;
	if (writes.n < 64) {
		writes.reg[writes.n] = reg;
		writes.value[writes.n] = value;
	}
	writes.n++;
}

/*
 * oplregs (what adlib.c writes to the card, and a MusicOut gives the
 * synthesizer): channel 4 (modulator 0x09, carrier 0x0C) gets an instrument
 * with the key off first, then a note: key off, F-number low, block and
 * F-number high with the key bit; a key off repeats the last block byte.
 */
static void oplregs_writes_what_the_adlib_writes(void **state)
{
	static const OplInstrument ins = {
		.mod_char = 0x21, .car_char = 0x22, .mod_level = 0x1C, .car_level = 0x02, .mod_ad = 0xF2,
		.car_ad = 0xD3, .mod_sr = 0x14, .car_sr = 0x26, .mod_wave = 0x01, .car_wave = 0x02, .fb_conn = 0x08,
	};
	static const uint8_t want[][2] = {
		{ 0xB4, 0x00 }, { 0x29, 0x21 }, { 0x2C, 0x22 }, { 0x49, 0x1C }, { 0x4C, 0x02 }, { 0x69, 0xF2 },
		{ 0x6C, 0xD3 }, { 0x89, 0x14 }, { 0x8C, 0x26 }, { 0xE9, 0x01 }, { 0xEC, 0x02 }, { 0xC4, 0x08 },
		{ 0xB4, 0x00 }, { 0xA4, 0x44 }, { 0xB4, 0x32 },         /* note on: fnum 0x244, block 4 */
		{ 0xB4, 0x12 },                                         /* note off */
	};
	OplRegs r;
	MusicOut out;

	(void)state;
	writes.n = 0;
	oplregs_init(&r, record_write, NULL);
	out = oplregs_music_out(&r);
	out.instrument(out.ctx, 4, &ins);
	out.note_on(out.ctx, 4, (OplPitch){ .fnum = 0x244, .block = 4 });
	out.note_off(out.ctx, 4);
	assert_int_equal(writes.n, ARRAY_LEN(want));
	for (size_t i = 0; i < ARRAY_LEN(want); i++)
		assert_row(writes.reg[i] == want[i][0] && writes.value[i] == want[i][1],
		    "write %zu: %02x <- %02x, want %02x <- %02x", i, writes.reg[i], writes.value[i], want[i][0],
		    want[i][1]);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pitch_per_block_and_fnumber),
		cmocka_unit_test(envelope_timing_per_rate),
		cmocka_unit_test(waveform_shapes),
		cmocka_unit_test(feedback_changes_the_spectrum),
		cmocka_unit_test(key_off_releases_to_silence),
		cmocka_unit_test(title_theme_is_deterministic_and_in_tune),
		cmocka_unit_test(synthplay_chunks_equal_the_ticks),
		cmocka_unit_test(oplregs_writes_what_the_adlib_writes),
	};

	if (testmain_filter("oplsynth", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("oplsynth", tests, NULL, NULL);
}
