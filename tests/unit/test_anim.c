/* test_anim.c: seed 002's action system — loop/oscillate/freeze tick by tick, countdown, set_action. */
#include "animfix.h"

static void init_is_not_drawn_at_angle_0(void **state)
{
	AnimState a;

	(void)state;
	memset(&a, 0x5A, sizeof a);
	anim_init(&a);
	assert_int_equal(a.action, ACTION_NONE);
	assert_int_equal(a.angle, 0);
	assert_int_equal(a.facing, 0);
	assert_int_equal(a.frame, 0);
	assert_int_equal(anim_image_in(&a, table, N), -1);
	anim_tick_in(&a, table, N);
	assert_int_equal(a.frame, 0);
	assert_int_equal(anim_image_in(&a, table, N), -1);
}

/* Seed 002 suggests starting actors at "no action" so that action 0 still starts. */
static void action_0_starts_on_a_fresh_actor(void **state)
{
	AnimState a = playing(T_LOOP3);

	(void)state;
	assert_int_equal(a.action, T_LOOP3);
	assert_int_equal(anim_image_in(&a, table, N), 100);
}

static void loop_runs_0_1_2_0_1_2(void **state)
{
	static const struct step want[] = {
		{ 1, 1 }, { 2, 1 }, { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 1 }, { 1, 1 },
	};

	(void)state;
	walk_ticks(T_LOOP3, want, ARRAY_LEN(want), "loop, 3 frames");
}

/*
 * ORIGINAL (seed 002): on reaching frameCount, oscillate goes back to
 * frameCount - 1 (the last frame again) with vec -1, and on reaching -1
 * goes to 0 (frame 0 again) with vec +1, so both ends show for two steps.
 */
static void oscillate_3_frames_holds_each_end_two_steps(void **state)
{
	static const struct step want[] = {
		{ 1, 1 }, { 2, 1 }, { 2, -1 }, { 1, -1 }, { 0, -1 }, { 0, 1 },
		{ 1, 1 }, { 2, 1 }, { 2, -1 }, { 1, -1 }, { 0, -1 }, { 0, 1 }, { 1, 1 },
	};

	(void)state;
	walk_ticks(T_OSC3, want, ARRAY_LEN(want), "oscillate, 3 frames");
}

static void oscillate_4_frames_runs_0123_3210_0123(void **state)
{
	static const struct step want[] = {
		{ 1, 1 }, { 2, 1 }, { 3, 1 }, { 3, -1 }, { 2, -1 }, { 1, -1 }, { 0, -1 },
		{ 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 }, { 3, -1 },
	};

	(void)state;
	walk_ticks(T_OSC4, want, ARRAY_LEN(want), "oscillate, 4 frames");
}

static void oscillate_2_frames_runs_0110_0110(void **state)
{
	static const struct step want[] = {
		{ 1, 1 }, { 1, -1 }, { 0, -1 }, { 0, 1 }, { 1, 1 }, { 1, -1 }, { 0, -1 }, { 0, 1 },
	};

	(void)state;
	walk_ticks(T_OSC2, want, ARRAY_LEN(want), "oscillate, 2 frames");
}

/* 0 -> 1 = count: back to 0 going down; 0 -> -1: back to 0 going up. */
static void oscillate_1_frame_stays_on_0(void **state)
{
	static const struct step want[] = {
		{ 0, -1 }, { 0, 1 }, { 0, -1 }, { 0, 1 }, { 0, -1 },
	};

	(void)state;
	walk_ticks(T_OSC1, want, ARRAY_LEN(want), "oscillate, 1 frame");
}

static void freeze_runs_0_1_2_then_stays_on_2_with_vec_0(void **state)
{
	static const struct step want[] = {
		{ 1, 1 }, { 2, 1 }, { 2, 0 }, { 2, 0 }, { 2, 0 }, { 2, 0 }, { 2, 0 },
	};

	(void)state;
	walk_ticks(T_FREEZE3, want, ARRAY_LEN(want), "freeze, 3 frames");
}

static void freeze_1_frame_stays_on_0(void **state)
{
	static const struct step want[] = { { 0, 0 }, { 0, 0 }, { 0, 0 } };

	(void)state;
	walk_ticks(T_FREEZE1, want, ARRAY_LEN(want), "freeze, 1 frame");
}

/* ORIGINAL (seed 002): its SELECT CASE ELSE makes every other mode a freeze. */
static void an_unknown_mode_freezes_like_seed_002(void **state)
{
	static const struct step want[] = { { 1, 1 }, { 2, 1 }, { 2, 0 }, { 2, 0 } };

	(void)state;
	walk_ticks(T_ODDMODE, want, ARRAY_LEN(want), "mode 7");
}

/* Delay 2: countdown 2, 1, 0, then the frame moves and the countdown reloads — every third tick. */
static void delay_2_changes_frame_on_ticks_3_6_9(void **state)
{
	AnimState a = playing(T_SLOW);
	static const struct {
		uint8_t frame, countdown;
	} want[] = {
		{ 0, 1 }, { 0, 0 }, { 1, 2 },           /* ticks 1..3 */
		{ 1, 1 }, { 1, 0 }, { 2, 2 },           /* ticks 4..6 */
		{ 2, 1 }, { 2, 0 }, { 0, 2 },           /* ticks 7..9: loops to 0 */
		{ 0, 1 }, { 0, 0 }, { 1, 2 },           /* ticks 10..12 */
	};

	(void)state;
	assert_int_equal(a.countdown, 2);
	for (size_t t = 0; t < ARRAY_LEN(want); t++) {
		anim_tick_in(&a, table, N);
		assert_row(a.frame == want[t].frame && a.countdown == want[t].countdown,
		    "after tick %zu: frame %u countdown %u, want frame %u countdown %u", t + 1,
		    a.frame, a.countdown, want[t].frame, want[t].countdown);
	}
}

/* Holding "walk" calls set_action every tick: it must not rewind. */
static void setting_the_playing_action_again_does_not_restart_it(void **state)
{
	AnimState a = playing(T_SLOW);

	(void)state;
	for (int t = 0; t < 4; t++)
		anim_tick_in(&a, table, N);             /* frame 1, countdown 1 */
	assert_int_equal(a.frame, 1);
	assert_int_equal(a.countdown, 1);
	for (int t = 0; t < 3; t++)
		anim_set_action_in(&a, table, N, T_SLOW);
	assert_int_equal(a.action, T_SLOW);
	assert_int_equal(a.frame, 1);
	assert_int_equal(a.countdown, 1);
	assert_int_equal(a.vec, 1);

	/* Also mid-way back through an oscillation: vec stays -1. */
	a = playing(T_OSC4);
	for (int t = 0; t < 5; t++)
		anim_tick_in(&a, table, N);             /* 1 2 3 3 2 */
	assert_int_equal(a.frame, 2);
	assert_int_equal(a.vec, -1);
	anim_set_action_in(&a, table, N, T_OSC4);
	assert_int_equal(a.frame, 2);
	assert_int_equal(a.vec, -1);
}

/* A different action: frame 0, full delay, forwards, and the view recomputed for the new view count. */
static void changing_action_restarts_and_recomputes_facing(void **state)
{
	AnimState a = playing(T_OSC4);

	(void)state;
	anim_set_angle_in(&a, table, N, 180);
	assert_int_equal(a.facing, 0);                  /* 1 view */
	for (int t = 0; t < 5; t++)
		anim_tick_in(&a, table, N);             /* frame 2, vec -1 */
	anim_set_action_in(&a, table, N, T_V4);
	assert_int_equal(a.action, T_V4);
	assert_int_equal(a.frame, 0);
	assert_int_equal(a.countdown, 5);
	assert_int_equal(a.vec, 1);
	assert_int_equal(a.angle, 180);
	assert_int_equal(a.facing, 2);                  /* west of 4 */
	anim_set_action_in(&a, table, N, T_V2);
	assert_int_equal(a.facing, 1);                  /* west of 2 */
	assert_int_equal(a.countdown, 0);
	anim_set_action_in(&a, table, N, T_V1);
	assert_int_equal(a.facing, 0);

	/* Frozen (vec 0) then changed: runs forwards again. */
	a = playing(T_FREEZE3);
	for (int t = 0; t < 4; t++)
		anim_tick_in(&a, table, N);
	assert_int_equal(a.vec, 0);
	anim_set_action_in(&a, table, N, T_LOOP3);
	assert_int_equal(a.frame, 0);
	assert_int_equal(a.vec, 1);
	anim_tick_in(&a, table, N);
	assert_int_equal(a.frame, 1);
}

/* ACTION_NONE: nothing drawn, ticks do nothing, the angle is kept for the next action. */
static void none_keeps_facing_0_and_remembers_the_angle(void **state)
{
	AnimState a = playing(T_LOOP3);

	(void)state;
	anim_tick_in(&a, table, N);
	anim_set_action_in(&a, table, N, ACTION_NONE);
	assert_int_equal(a.action, ACTION_NONE);
	assert_int_equal(anim_image_in(&a, table, N), -1);
	anim_set_angle_in(&a, table, N, 270);
	assert_int_equal(a.angle, 270);
	assert_int_equal(a.facing, 0);
	anim_tick_in(&a, table, N);
	assert_int_equal(anim_image_in(&a, table, N), -1);
	anim_set_action_in(&a, table, N, T_V4);
	assert_int_equal(a.facing, 3);                  /* north of 4 */
	assert_int_equal(a.frame, 0);
	assert_int_equal(anim_image_in(&a, table, N), 220 + 3 * 3);
	/* Back to the action it played before NONE: a change, so a restart. */
	anim_set_action_in(&a, table, N, T_LOOP3);
	assert_int_equal(a.frame, 0);
}

#define T(fn) cmocka_unit_test(fn)
static const struct CMUnitTest tests[] = {
	T(init_is_not_drawn_at_angle_0),
	T(action_0_starts_on_a_fresh_actor),
	T(loop_runs_0_1_2_0_1_2),
	T(oscillate_3_frames_holds_each_end_two_steps),
	T(oscillate_4_frames_runs_0123_3210_0123),
	T(oscillate_2_frames_runs_0110_0110),
	T(oscillate_1_frame_stays_on_0),
	T(freeze_runs_0_1_2_then_stays_on_2_with_vec_0),
	T(freeze_1_frame_stays_on_0),
	T(an_unknown_mode_freezes_like_seed_002),
	T(delay_2_changes_frame_on_ticks_3_6_9),
	T(setting_the_playing_action_again_does_not_restart_it),
	T(changing_action_restarts_and_recomputes_facing),
	T(none_keeps_facing_0_and_remembers_the_angle),
};

int main(int argc, char **argv)
{
	if (testmain_filter("anim", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("anim", tests, NULL, NULL);
}
