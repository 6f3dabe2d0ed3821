/* test_anim_views.c: seed 002's action system — facing per view count, image lookup, bad ids, the game's table. */
#include "animfix.h"

#include <limits.h>

#include "actions.h"
#include "assets.h"

/*
 * An independent statement of the facing rule: view k (clockwise from
 * east) covers the w = 360 / views degrees starting w / 2 before k * w.
 */
static int expected_facing(int angle, int views)
{
	int w = 360 / views;

	for (int k = 0; k < views; k++) {
		int from = k * w - w / 2;

		if ((((angle - from) % 360) + 360) % 360 < w)
			return k;
	}
	return -1;
}

static const struct {
	uint8_t action;
	int views;
} view_actions[] = { { T_V1, 1 }, { T_V2, 2 }, { T_V4, 4 }, { T_V8, 8 } };

static void facing_for_every_angle_with_1_2_4_8_views(void **state)
{
	(void)state;
	for (size_t v = 0; v < ARRAY_LEN(view_actions); v++) {
		AnimState a = playing(view_actions[v].action);

		for (int angle = 0; angle < 360; angle++) {
			int want = expected_facing(angle, view_actions[v].views);

			anim_set_angle_in(&a, table, N, angle);
			assert_row(a.angle == angle && a.facing == want,
			    "%d views, angle %d: facing %u, want %d", view_actions[v].views,
			    angle, a.facing, want);
		}
	}
}

/* The sector edges spelled out: east is -45..44 with 4 views, -90..89 with 2, -22..22 with 8. */
static const struct {
	uint8_t action;
	int angle;
	uint8_t facing;
} facing_edges[] = {
	{ T_V1, 0, 0 }, { T_V1, 180, 0 }, { T_V1, 359, 0 },
	{ T_V2, 0, 0 }, { T_V2, 89, 0 }, { T_V2, 90, 1 }, { T_V2, 180, 1 }, { T_V2, 269, 1 },
	{ T_V2, 270, 0 }, { T_V2, 359, 0 },
	{ T_V4, 0, 0 }, { T_V4, 44, 0 }, { T_V4, 45, 1 }, { T_V4, 90, 1 }, { T_V4, 134, 1 },
	{ T_V4, 135, 2 }, { T_V4, 180, 2 }, { T_V4, 224, 2 }, { T_V4, 225, 3 }, { T_V4, 270, 3 },
	{ T_V4, 314, 3 }, { T_V4, 315, 0 }, { T_V4, 359, 0 },
	{ T_V8, 0, 0 }, { T_V8, 22, 0 }, { T_V8, 23, 1 }, { T_V8, 45, 1 }, { T_V8, 67, 1 },
	{ T_V8, 68, 2 }, { T_V8, 180, 4 }, { T_V8, 315, 7 }, { T_V8, 337, 7 }, { T_V8, 338, 0 },
};

static void facing_at_the_sector_edges(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(facing_edges); i++) {
		AnimState a = playing(facing_edges[i].action);

		anim_set_angle_in(&a, table, N, facing_edges[i].angle);
		assert_row(a.facing == facing_edges[i].facing, "%u views, angle %d: facing %u, want %u",
		    table[facing_edges[i].action].views, facing_edges[i].angle, a.facing,
		    facing_edges[i].facing);
	}
}

/* Any int comes back as 0..359; INT_MAX is 127 past a whole turn, INT_MIN 232. */
static const struct {
	int in;
	int16_t angle;
	uint8_t facing4;
} wrap_rows[] = {
	{ -1, 359, 0 }, { -45, 315, 0 }, { -46, 314, 3 }, { -90, 270, 3 }, { -180, 180, 2 },
	{ -359, 1, 0 }, { -360, 0, 0 }, { -361, 359, 0 }, { -3600 - 90, 270, 3 },
	{ -1000000 * 36 - 135, 225, 3 }, { 360, 0, 0 }, { 405, 45, 1 }, { 719, 359, 0 },
	{ 720 + 180, 180, 2 }, { 36000045, 45, 1 }, { INT_MAX, 127, 1 }, { INT_MIN, 232, 3 },
	{ INT_MIN + 1, 233, 3 },
};

static void angles_of_any_size_and_sign_wrap_into_0_359(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(wrap_rows); i++) {
		AnimState a = playing(T_V4);

		anim_set_angle_in(&a, table, N, wrap_rows[i].in);
		assert_row(a.angle == wrap_rows[i].angle && a.facing == wrap_rows[i].facing4,
		    "%d degrees: angle %d facing %u, want %d facing %u", wrap_rows[i].in,
		    a.angle, a.facing, wrap_rows[i].angle, wrap_rows[i].facing4);
	}
}

/* Turning changes only the view: the frame and countdown carry on. */
static void turning_keeps_the_frame_and_countdown(void **state)
{
	AnimState a = playing(T_V4);

	(void)state;
	for (int t = 0; t < 8; t++)
		anim_tick_in(&a, table, N);             /* delay 5: frame 1 after tick 6, countdown 3 */
	assert_int_equal(a.frame, 1);
	assert_int_equal(a.countdown, 3);
	anim_set_angle_in(&a, table, N, 90);
	assert_int_equal(a.frame, 1);
	assert_int_equal(a.countdown, 3);
	assert_int_equal(a.facing, 1);
	assert_int_equal(anim_image_in(&a, table, N), 220 + 3 * 1 + 1);
}

/* image = first + count * facing + frame, for every view and frame of a 4-view, 3-frame action. */
static void image_is_first_plus_count_times_facing_plus_frame(void **state)
{
	static const int angle_of_view[4] = { 0, 90, 180, 270 };

	(void)state;
	for (int view = 0; view < 4; view++) {
		AnimState a = playing(T_V4);

		anim_set_angle_in(&a, table, N, angle_of_view[view]);
		for (int frame = 0; frame < 3; frame++) {
			int want = 220 + 3 * view + frame;

			assert_row(anim_image_in(&a, table, N) == want, "view %d frame %d: image %d, want %d",
			    view, frame, anim_image_in(&a, table, N), want);
			for (int t = 0; t < 6; t++)             /* delay 5: six ticks a frame */
				anim_tick_in(&a, table, N);
		}
		assert_row(anim_image_in(&a, table, N) == 220 + 3 * view, "view %d loops to frame 0", view);
	}
}

/* A state that disagrees with its action (poked, or from another table) still gives an image inside the action. */
static void out_of_range_frame_or_facing_stays_inside_the_action(void **state)
{
	AnimState a = playing(T_V4);

	(void)state;
	a.frame = 9;
	a.facing = 7;
	assert_int_equal(anim_image_in(&a, table, N), 220 + 3 * 3 + 2);
	a.countdown = 0;
	anim_tick_in(&a, table, N);             /* past the end: loops */
	assert_int_equal(a.frame, 0);
}

/* Ids at or past n behave as ACTION_NONE and never index the table (ASan watches the reads). */
static void bad_action_ids_act_as_none(void **state)
{
	static const uint8_t bad[] = { T_COUNT, T_COUNT + 1, 100, 200, 254, ACTION_NONE };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		AnimState a = playing(T_LOOP3);

		anim_tick_in(&a, table, N);
		anim_set_action_in(&a, table, N, bad[i]);
		assert_row(a.action == ACTION_NONE, "id %u: stored as %u", bad[i], a.action);
		assert_row(anim_image_in(&a, table, N) == -1, "id %u drew something", bad[i]);
		anim_set_angle_in(&a, table, N, 180);
		assert_row(a.facing == 0 && a.angle == 180, "id %u: facing %u", bad[i], a.facing);
	}

	/* A valid id of a bigger table is bad against a shorter one. */
	AnimState a = playing(T_V4);

	anim_set_action_in(&a, table, 2, T_V4);
	assert_int_equal(a.action, ACTION_NONE);

	/* An id poked straight into the state is checked by every function too. */
	a = playing(T_V4);
	a.action = T_COUNT + 3;
	a.frame = 1;
	a.countdown = 0;
	assert_int_equal(anim_image_in(&a, table, N), -1);
	anim_tick_in(&a, table, N);
	assert_int_equal(a.frame, 1);
	assert_int_equal(a.countdown, 0);
	anim_set_angle_in(&a, table, N, 90);
	assert_int_equal(a.facing, 0);
	anim_set_action_in(&a, table, N, T_LOOP3);
	assert_int_equal(a.action, T_LOOP3);
	assert_int_equal(a.frame, 0);

	/* No table at all. */
	anim_set_action_in(&a, NULL, 0, 0);
	assert_int_equal(a.action, ACTION_NONE);
	assert_int_equal(anim_image_in(&a, NULL, 0), -1);
}

/* The game's own table: every action's images exist, and the player turns to the right pictures. */
static void game_table_stays_inside_the_image_list(void **state)
{
	(void)state;
	assert_int_equal(anim_action_count, ACTION_COUNT);
	for (int i = 0; i < anim_action_count; i++) {
		const Action *act = &anim_actions[i];

		assert_row(act->count >= 1 && act->views >= 1 && 360 % act->views == 0,
		    "action %d: count %u views %u", i, act->count, act->views);
		assert_row(act->first + act->count * act->views <= IMG_COUNT,
		    "action %d: images %u..%d past IMG_COUNT %d", i, act->first,
		    act->first + act->count * act->views - 1, IMG_COUNT);
		assert_row(act->mode <= ANIM_FREEZE, "action %d: mode %u", i, act->mode);
	}
}

static void game_player_stands_and_walks_east_and_west(void **state)
{
	AnimState a;

	(void)state;
	anim_init(&a);
	anim_set_action(&a, ACTION_PLAYER_STAND);
	assert_int_equal(anim_image(&a), IMG_PLAYER_R0);
	anim_tick(&a);
	assert_int_equal(anim_image(&a), IMG_PLAYER_R0);
	anim_set_angle(&a, 180);
	assert_int_equal(anim_image(&a), IMG_PLAYER_L0);
	anim_tick(&a);
	assert_int_equal(anim_image(&a), IMG_PLAYER_L0);

	anim_set_action(&a, ACTION_PLAYER_WALK);        /* still facing west */
	assert_int_equal(anim_image(&a), IMG_PLAYER_L0);
	anim_tick(&a);
	assert_int_equal(anim_image(&a), IMG_PLAYER_L1);
	anim_tick(&a);
	assert_int_equal(anim_image(&a), IMG_PLAYER_L0);
	anim_set_angle(&a, 0);
	assert_int_equal(anim_image(&a), IMG_PLAYER_R0);
	anim_tick(&a);
	assert_int_equal(anim_image(&a), IMG_PLAYER_R1);
	anim_set_action(&a, ACTION_PLAYER_STAND);
	assert_int_equal(anim_image(&a), IMG_PLAYER_R0);
}

/* The critter's idle: oscillate over CRITTER0..3, two ticks a frame, each end held twice (seed 002). */
static void game_critter_idle_sequence(void **state)
{
	static const int want[] = {
		0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0, 1, 1,
	};
	AnimState a;

	(void)state;
	anim_init(&a);
	anim_set_action(&a, ACTION_CRITTER_IDLE);
	for (size_t t = 0; t < ARRAY_LEN(want); t++) {
		assert_row(anim_image(&a) == IMG_CRITTER0 + want[t], "tick %zu: image %d, want CRITTER%d",
		    t, anim_image(&a), want[t]);
		anim_tick(&a);
	}
	anim_set_action(&a, ACTION_COUNT);
	assert_int_equal(anim_image(&a), -1);
}

#define T(fn) cmocka_unit_test(fn)
static const struct CMUnitTest tests[] = {
	T(facing_for_every_angle_with_1_2_4_8_views),
	T(facing_at_the_sector_edges),
	T(angles_of_any_size_and_sign_wrap_into_0_359),
	T(turning_keeps_the_frame_and_countdown),
	T(image_is_first_plus_count_times_facing_plus_frame),
	T(out_of_range_frame_or_facing_stays_inside_the_action),
	T(bad_action_ids_act_as_none),
	T(game_table_stays_inside_the_image_list),
	T(game_player_stands_and_walks_east_and_west),
	T(game_critter_idle_sequence),
};

int main(int argc, char **argv)
{
	if (testmain_filter("anim_views", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("anim_views", tests, NULL, NULL);
}
