/* test_sfxseq.c: the sound-effect sequencer — one divisor a tick, priorities, rests, becoming idle. */
#include "testmain.h"

#include "sfxseq.h"
#include "sound.h"

static SfxSeq seq;

static const uint16_t three[] = { 1193, 795, 596 };     /* 1000, 1500, 2000 Hz */
static const uint16_t low[] = { 5423, 5423, 5966, 6629 };
static const uint16_t high[] = { 100, 200 };
static const uint16_t with_rest[] = { 1000, 0, 0, 2000 };

static int fresh_state(void **state)
{
	(void)state;
	memset(&seq, 0xA5, sizeof seq);
	sfxseq_reset(&seq);
	return 0;
}

static void reset_is_idle_and_silent(void **state)
{
	(void)state;
	assert_false(sfxseq_busy(&seq));
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
}

/* A 3-divisor effect: d0, d1, d2 on three ticks, then 0 and idle. */
static void three_divisors_then_silence_and_idle(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, three, 3, 10));
	assert_true(sfxseq_busy(&seq));
	assert_int_equal(sfxseq_tick(&seq), 1193);
	assert_int_equal(sfxseq_tick(&seq), 795);
	assert_int_equal(sfxseq_tick(&seq), 596);
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
}

/* Starting does not sound anything by itself: the first divisor comes with the next tick. */
static void length_limits_the_divisors_read(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, low, 2, 1));     /* only the first two of four */
	assert_int_equal(sfxseq_tick(&seq), 5423);
	assert_int_equal(sfxseq_tick(&seq), 5423);
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
}

static void higher_priority_interrupts_a_playing_lower_one(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, low, 4, 10));
	assert_int_equal(sfxseq_tick(&seq), 5423);
	assert_true(sfxseq_start(&seq, high, 2, 20));
	assert_int_equal(sfxseq_tick(&seq), 100);
	assert_int_equal(sfxseq_tick(&seq), 200);
	assert_int_equal(sfxseq_tick(&seq), 0);     /* the interrupted one does not resume */
	assert_false(sfxseq_busy(&seq));
}

static void lower_priority_rejected_while_one_plays(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, high, 2, 20));
	assert_int_equal(sfxseq_tick(&seq), 100);
	assert_false(sfxseq_start(&seq, low, 4, 10));
	assert_int_equal(sfxseq_tick(&seq), 200);   /* the playing one carries on */
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
}

/* Rejected even before its first tick: start, then a lower start at once. */
static void lower_priority_rejected_before_the_first_tick(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, high, 2, 20));
	assert_false(sfxseq_start(&seq, low, 4, 19));
	assert_int_equal(sfxseq_tick(&seq), 100);
}

/* The same blip twice in a row plays from the start the second time. */
static void equal_priority_restarts_from_the_start(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, three, 3, 10));
	assert_int_equal(sfxseq_tick(&seq), 1193);
	assert_int_equal(sfxseq_tick(&seq), 795);
	assert_true(sfxseq_start(&seq, three, 3, 10));
	assert_int_equal(sfxseq_tick(&seq), 1193);
	assert_int_equal(sfxseq_tick(&seq), 795);
	assert_int_equal(sfxseq_tick(&seq), 596);
	assert_int_equal(sfxseq_tick(&seq), 0);

	/* A different effect of the same priority replaces it too. */
	assert_true(sfxseq_start(&seq, three, 3, 10));
	assert_int_equal(sfxseq_tick(&seq), 1193);
	assert_true(sfxseq_start(&seq, low, 4, 10));
	assert_int_equal(sfxseq_tick(&seq), 5423);
}

/* Once an effect has ended (its silent tick returned), any priority starts, even 0. */
static void after_finishing_any_priority_starts(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, high, 2, 200));
	assert_int_equal(sfxseq_tick(&seq), 100);
	assert_int_equal(sfxseq_tick(&seq), 200);
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_true(sfxseq_start(&seq, three, 3, 0));
	assert_int_equal(sfxseq_tick(&seq), 1193);
}

/*
 * The kernel asks for a sound in its main loop and ticks the sequencer in the
 * PIT interrupt. When the tick has returned the last divisor, nothing is left
 * to play: a request made before the next tick should start and sound on that
 * tick instead of being lost to a finished effect's priority.
 */
static void lower_priority_starts_once_the_last_divisor_has_played(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, high, 2, 20));
	assert_int_equal(sfxseq_tick(&seq), 100);
	assert_int_equal(sfxseq_tick(&seq), 200);   /* last divisor: the effect is over */
	assert_true(sfxseq_start(&seq, three, 3, 10));
	assert_int_equal(sfxseq_tick(&seq), 1193);
}

static void null_or_empty_effect_rejected(void **state)
{
	(void)state;
	assert_false(sfxseq_start(&seq, NULL, 3, 10));
	assert_false(sfxseq_start(&seq, three, 0, 10));
	assert_false(sfxseq_busy(&seq));

	/* Nor do they disturb a playing effect, whatever their priority. */
	assert_true(sfxseq_start(&seq, three, 3, 10));
	assert_int_equal(sfxseq_tick(&seq), 1193);
	assert_false(sfxseq_start(&seq, NULL, 5, 255));
	assert_false(sfxseq_start(&seq, low, 0, 255));
	assert_int_equal(sfxseq_tick(&seq), 795);
	assert_int_equal(sfxseq_tick(&seq), 596);
}

/* A 0 inside the sequence is a rest: silent on that tick, but the effect goes on. */
static void rest_inside_a_sequence_keeps_playing(void **state)
{
	(void)state;
	assert_true(sfxseq_start(&seq, with_rest, 4, 10));
	assert_int_equal(sfxseq_tick(&seq), 1000);
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_true(sfxseq_busy(&seq));
	assert_false(sfxseq_start(&seq, three, 3, 9));  /* still guarded by its priority */
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_true(sfxseq_busy(&seq));
	assert_int_equal(sfxseq_tick(&seq), 2000);
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
}

/* The game's own table plays through: SND_BUMP outranks SND_MOVE and has a rest. */
static void game_sound_table_plays_through(void **state)
{
	const SoundDef *move = &snd_defs[SND_MOVE], *bump = &snd_defs[SND_BUMP];

	(void)state;
	assert_true(bump->priority > move->priority);
	assert_true(sfxseq_start(&seq, move->divisors, move->length, move->priority));
	assert_int_equal(sfxseq_tick(&seq), 1193);          /* round(1193182 / 1000) */
	assert_true(sfxseq_start(&seq, bump->divisors, bump->length, bump->priority));
	assert_false(sfxseq_start(&seq, move->divisors, move->length, move->priority));
	for (int i = 0; i < bump->length; i++)
		assert_row(sfxseq_tick(&seq) == bump->divisors[i], "bump tick %d", i);
	assert_int_equal(bump->divisors[6], 0);             /* the rest in the buzz */
	assert_int_equal(sfxseq_tick(&seq), 0);
	assert_false(sfxseq_busy(&seq));
	assert_false(sfxseq_start(&seq, snd_defs[SND_NONE].divisors, snd_defs[SND_NONE].length, 0));
}

#define T(f) cmocka_unit_test_setup(f, fresh_state)
static const struct CMUnitTest tests[] = {
	T(reset_is_idle_and_silent),
	T(three_divisors_then_silence_and_idle),
	T(length_limits_the_divisors_read),
	T(higher_priority_interrupts_a_playing_lower_one),
	T(lower_priority_rejected_while_one_plays),
	T(lower_priority_rejected_before_the_first_tick),
	T(equal_priority_restarts_from_the_start),
	T(after_finishing_any_priority_starts),
	T(lower_priority_starts_once_the_last_divisor_has_played),
	T(null_or_empty_effect_rejected),
	T(rest_inside_a_sequence_keeps_playing),
	T(game_sound_table_plays_through),
};

int main(int argc, char **argv)
{
	if (testmain_filter("sfxseq", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("sfxseq", tests, NULL, NULL);
}
