/* test_pcmmix.c: the PCM mixer (drivers/sound/pcmmix.c) — square waves from PIT divisors, the music slot, clipping, the ring's refill and underruns. */
#include "testmain.h"

#include "pcmmix.h"

#define RATE   48000u
#define FRAMES 4096u
#define LEAD   686u                     /* two ticks at 140 Hz */

static int16_t ring[2 * FRAMES];

/* Rising edges (low -> high) in the left channel of frames [from, from + n). */
static int rising_edges(uint32_t from, uint32_t n)
{
	int edges = 0;

	for (uint32_t i = from + 1; i < from + n; i++)
		edges += ring[2 * (i % FRAMES)] > 0 && ring[2 * ((i - 1) % FRAMES)] <= 0;
	return edges;
}

static void a_divisor_becomes_a_square_wave_at_pit_hz_over_divisor(void **state)
{
	static const uint16_t divisors[] = { 1193, 2711, 4560, 800, 9000 };

	(void)state;
	for (size_t k = 0; k < ARRAY_LEN(divisors); k++) {
		PcmMix m;
		uint32_t pos = 0, highs = 0;
		double hz = (double)PCMMIX_PIT_HZ / divisors[k];
		int edges = 0;

		pcmmix_init(&m, ring, FRAMES, RATE, 2000);
		pcmmix_tone(&m, divisors[k]);
		/* one second of refills, the DMA moving 343 frames a tick */
		for (int t = 0; t < 140; t++) {
			uint32_t from = m.wr, n = pcmmix_refill(&m, pos);

			edges += rising_edges(from ? from - 1 : FRAMES - 1, n + 1);
			for (uint32_t i = 0; i < n; i++)
				highs += ring[2 * ((from + i) % FRAMES)] > 0;
			pos = (pos + 343) % FRAMES;
		}
		assert_row(edges >= hz * m.written / RATE - 2 && edges <= hz * m.written / RATE + 2,
		    "divisor %u: %d rising edges in %u frames, want %.1f", divisors[k], edges,
		    (unsigned)m.written, hz * m.written / RATE);
		assert_row(highs * 100 / m.written >= 48 && highs * 100 / m.written <= 52,
		    "divisor %u: high %u of %u frames: the duty is not half", divisors[k], highs, (unsigned)m.written);
		assert_int_equal(m.underruns, 0);
	}
}

static void no_divisor_and_no_music_is_silence(void **state)
{
	PcmMix m;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	ring[100] = 55;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	assert_int_equal(pcmmix_refill(&m, 0), LEAD);
	for (uint32_t i = 0; i < 2 * FRAMES; i++)
		assert_int_equal(ring[i], 0);
	assert_false(m.tone_written);
}

static int music_calls;

static void music_ramp(void *ctx, int16_t *mono, int frames)
{
	int16_t level = *(int16_t *)ctx;

	music_calls++;
	for (int i = 0; i < frames; i++)
		mono[i] = level;
}

static void the_music_slot_is_mixed_with_the_tone_and_clipped(void **state)
{
	PcmMix m;
	int16_t level = 1000;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	pcmmix_set_music(&m, music_ramp, &level);
	music_calls = 0;
	pcmmix_refill(&m, 0);
	assert_int_equal(music_calls, (LEAD + PCMMIX_CHUNK - 1) / PCMMIX_CHUNK);    /* in chunks */
	assert_int_equal(ring[0], 1000);
	assert_int_equal(ring[1], 1000);                /* both channels */
	pcmmix_tone(&m, 1193);
	pcmmix_refill(&m, 343);
	assert_int_equal(ring[2 * LEAD], 1000 + PCMMIX_TONE_LEVEL);     /* the tone starts high */
	level = 32000;                                  /* loud music plus the tone: clipped, not wrapped */
	pcmmix_refill(&m, 686);
	assert_int_equal(ring[2 * (LEAD + 343)], 32767);
	level = -32000;
	pcmmix_tone(&m, 0);
	pcmmix_tone(&m, 1193);
	pcmmix_refill(&m, 1029);
	assert_int_equal(ring[2 * (LEAD + 686)], -32000 + PCMMIX_TONE_LEVEL);
	pcmmix_set_music(&m, NULL, NULL);               /* the slot left empty: the tone alone */
	pcmmix_refill(&m, 1372);
	assert_int_equal(ring[2 * (LEAD + 1029)], PCMMIX_TONE_LEVEL);
}

static void each_refill_tops_the_ring_up_to_the_lead_and_wraps(void **state)
{
	PcmMix m;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	assert_int_equal(pcmmix_refill(&m, 0), LEAD);   /* the first: all of the lead */
	assert_int_equal(m.wr, LEAD);
	assert_int_equal(pcmmix_refill(&m, 343), 343);  /* then what was played */
	assert_int_equal(m.wr, LEAD + 343);
	assert_int_equal(pcmmix_refill(&m, 343), 0);    /* nothing played: nothing written */
	assert_int_equal(m.still, 1);
	for (uint32_t pos = 343 + 342; pos < 3 * FRAMES; pos += 342)
		pcmmix_refill(&m, pos % FRAMES);        /* round the ring three times */
	assert_int_equal(m.ahead, LEAD);
	assert_int_equal(m.wr, (m.last_pos + LEAD) % FRAMES);
	assert_int_equal(m.underruns, 0);
	assert_int_equal(m.written, LEAD + (uint64_t)(m.last_pos + 2 * FRAMES));
}

static void the_dma_passing_what_was_written_is_an_underrun(void **state)
{
	PcmMix m;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	pcmmix_refill(&m, 0);
	pcmmix_refill(&m, LEAD);                        /* exactly what was written: no underrun */
	assert_int_equal(m.underruns, 0);
	assert_int_equal(m.ahead, LEAD);
	pcmmix_refill(&m, 3 * LEAD);                    /* a missed tick or three: read past the end */
	assert_int_equal(m.underruns, 1);
	assert_int_equal(m.lead, LEAD + LEAD / 2);      /* a longer lead from now on */
	assert_int_equal(m.wr, (3 * LEAD + m.lead) % FRAMES);   /* written again from where it reads */
	assert_int_equal(m.ahead, m.lead);
	pcmmix_refill(&m, 3 * LEAD + 300);
	assert_int_equal(m.underruns, 1);
}

static void underruns_lengthen_the_lead_up_to_half_the_ring(void **state)
{
	PcmMix m;
	uint32_t pos = 0;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	pcmmix_refill(&m, 0);
	for (int i = 0; i < 20; i++) {                  /* the DMA jumps a whole lead plus a frame, again and again */
		pos = (pos + m.lead + 1) % FRAMES;
		pcmmix_refill(&m, pos);
		assert_int_equal(m.underruns, (uint32_t)i + 1);
		assert_true(m.lead <= FRAMES / 2);
	}
	assert_int_equal(m.lead, FRAMES / 2);
	pcmmix_init(&m, ring, FRAMES, RATE, FRAMES);    /* a lead asked for over half the ring: half */
	assert_int_equal(m.lead, FRAMES / 2);
}

static void a_dma_position_that_stops_moving_is_stalled(void **state)
{
	PcmMix m;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	for (int t = 1; t < PCMMIX_STALL_REFILLS; t++) {        /* the first refill counts: the DMA never started */
		pcmmix_refill(&m, 0);
		assert_false(pcmmix_stalled(&m));
	}
	pcmmix_refill(&m, 0);
	assert_true(pcmmix_stalled(&m));
	pcmmix_refill(&m, 10);                          /* it moves again */
	assert_false(pcmmix_stalled(&m));
}

static void a_tone_change_is_written_at_the_next_refill(void **state)
{
	PcmMix m;

	(void)state;
	pcmmix_init(&m, ring, FRAMES, RATE, LEAD);
	pcmmix_refill(&m, 0);
	assert_false(m.tone_written);
	pcmmix_tone(&m, 2000);                          /* the effect's first divisor, this tick */
	pcmmix_refill(&m, 343);
	assert_true(m.tone_written);                    /* in the ring this same tick */
	assert_int_equal(ring[2 * LEAD], PCMMIX_TONE_LEVEL);
	assert_int_equal(ring[2 * (LEAD - 1)], 0);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(a_divisor_becomes_a_square_wave_at_pit_hz_over_divisor),
	cmocka_unit_test(no_divisor_and_no_music_is_silence),
	cmocka_unit_test(the_music_slot_is_mixed_with_the_tone_and_clipped),
	cmocka_unit_test(each_refill_tops_the_ring_up_to_the_lead_and_wraps),
	cmocka_unit_test(the_dma_passing_what_was_written_is_an_underrun),
	cmocka_unit_test(underruns_lengthen_the_lead_up_to_half_the_ring),
	cmocka_unit_test(a_dma_position_that_stops_moving_is_stalled),
	cmocka_unit_test(a_tone_change_is_written_at_the_next_refill),
};

int main(int argc, char **argv)
{
	if (testmain_filter("pcmmix", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("pcmmix", tests, NULL, NULL);
}
