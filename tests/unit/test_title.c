/* test_title.c: the title screen's hero — tile stepping with key repeat, edges, facing. */
#include "titlefix.h"

#include "sound.h"

static void starts_at_the_start_tile_facing_right(void **state)
{
	(void)state;
	assert_int_equal(title.tick, 0);
	assert_int_equal(title.tx, TITLE_START_TX);
	assert_int_equal(title.ty, TITLE_START_TY);
	assert_int_equal(title.tx, 4);
	assert_int_equal(title.ty, 20);
	assert_false(title.facing_left);
	assert_int_equal(title.steps, 0);
}

static void idle_ticks_count_and_nothing_moves(void **state)
{
	(void)state;
	for (int i = 1; i <= 50; i++) {
		tick(0, 0);
		assert_int_equal(title.tick, i);
		assert_int_equal(ev.sound, SND_NONE);
		assert_false(ev.moved);
	}
	assert_int_equal(title.tx, TITLE_START_TX);
	assert_int_equal(title.ty, TITLE_START_TY);
	assert_int_equal(title.steps, 0);
}

static void press_right_steps_one_tile_at_once_with_move_sound(void **state)
{
	(void)state;
	tick(R, R);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(title.ty, TITLE_START_TY);
	assert_true(ev.moved);
	assert_int_equal(ev.sound, SND_MOVE);
	assert_int_equal(title.steps, 1);
	assert_false(title.facing_left);

	tick(0, 0);                     /* released: no more steps */
	assert_false(ev.moved);
	assert_int_equal(ev.sound, SND_NONE);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
}

/* A press and release inside one tick (pressed, not held at the tick's end) still steps. */
static void tap_inside_one_tick_still_steps(void **state)
{
	GameInput in = { .held = 0, .pressed = R };

	(void)state;
	title_tick(&title, &in, &ev);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(ev.sound, SND_MOVE);
}

/*
 * Right pressed on tick 1 and held: steps on tick 1, again TITLE_REPEAT_DELAY
 * ticks later (tick 21), then every TITLE_REPEAT_RATE ticks (31, 41, 51, ...).
 */
static void holding_right_repeats_after_delay_then_at_rate(void **state)
{
	uint32_t moved_at[16];
	int n = 0;

	(void)state;
	assert_int_equal(TITLE_REPEAT_DELAY, 20);
	assert_int_equal(TITLE_REPEAT_RATE, 10);
	for (int i = 1; i <= 75; i++) {
		int before = title.tx;

		tick(R, i == 1 ? R : 0);
		if (title.tx != before) {
			assert_true(n < (int)ARRAY_LEN(moved_at));
			assert_int_equal(title.tx, before + 1);
			assert_int_equal(ev.sound, SND_MOVE);
			moved_at[n++] = title.tick;
		} else {
			assert_int_equal(ev.sound, SND_NONE);
		}
	}
	assert_int_equal(n, 7);
	assert_int_equal(moved_at[0], 1);
	assert_int_equal(moved_at[1], 1 + TITLE_REPEAT_DELAY);                          /* 21 */
	for (int k = 2; k < n; k++)
		assert_int_equal(moved_at[k], 1 + TITLE_REPEAT_DELAY + (k - 1) * TITLE_REPEAT_RATE); /* 31..71 */
	assert_int_equal(title.tx, TITLE_START_TX + 7);
	assert_int_equal(title.steps, 7);
}

/* Releasing and pressing again starts over: a step at once, then the full delay. */
static void release_and_press_again_restarts_the_delay(void **state)
{
	(void)state;
	tick(R, R);                     /* tick 1: step */
	idle(1);
	for (int i = 0; i < 15; i++)    /* ticks 3..17: held, part of the delay */
		tick(R, 0);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	tick(0, 0);                     /* tick 18: released */
	tick(R, R);                     /* tick 19: a new press steps at once */
	assert_int_equal(title.tx, TITLE_START_TX + 2);
	for (int i = 0; i < TITLE_REPEAT_DELAY - 1; i++) {
		tick(R, 0);
		assert_int_equal(title.tx, TITLE_START_TX + 2);
	}
	tick(R, 0);                     /* tick 39 = 19 + 20 */
	assert_int_equal(title.tick, 39);
	assert_int_equal(title.tx, TITLE_START_TX + 3);
}

/* Holding Down from the top repeats the same way on the vertical axis. */
static void holding_up_repeats_on_the_vertical_axis(void **state)
{
	int moved = 0;

	(void)state;
	for (int i = 1; i <= 41; i++) {
		int before = title.ty;

		tick(U, i == 1 ? U : 0);
		if (title.ty != before) {
			assert_int_equal(title.ty, before - 1);
			assert_true(i == 1 || i == 21 || i == 31 || i == 41);
			moved++;
		}
	}
	assert_int_equal(moved, 4);
	assert_int_equal(title.ty, TITLE_START_TY - 4);
	assert_int_equal(title.tx, TITLE_START_TX);
}

/* Both Left and Right held (no new press): the hero stands still, however long. */
static void left_and_right_held_means_no_motion(void **state)
{
	(void)state;
	for (int i = 0; i < 100; i++) {
		tick(L | R, 0);
		assert_false(ev.moved);
		assert_int_equal(ev.sound, SND_NONE);
	}
	assert_int_equal(title.tx, TITLE_START_TX);
	assert_int_equal(title.steps, 0);
	assert_false(title.facing_left);

	/* Same after Right was pressed and held first: once Left joins, no more repeats. */
	tick(R, R);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	tick(R, 0);
	tick(L | R, 0);                 /* Left held, its press already consumed */
	for (int i = 0; i < 60; i++) {
		tick(L | R, 0);
		assert_false(ev.moved);
	}
	assert_int_equal(title.tx, TITLE_START_TX + 1);
}

static void up_and_down_held_means_no_motion(void **state)
{
	(void)state;
	title.ty = 14;
	for (int i = 0; i < 60; i++)
		tick(U | D, 0);
	assert_int_equal(title.ty, 14);
	assert_int_equal(title.steps, 0);
}

static void step_into_right_edge_bumps_without_moving(void **state)
{
	(void)state;
	title.tx = TITLE_MAX_TX;
	tick(R, R);
	assert_int_equal(title.tx, TITLE_MAX_TX);
	assert_false(ev.moved);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_int_equal(title.steps, 0);

	tick(L, L);                     /* and away from it again */
	assert_int_equal(title.tx, TITLE_MAX_TX - 1);
	assert_int_equal(ev.sound, SND_MOVE);
}

static void step_into_left_edge_bumps_without_moving(void **state)
{
	(void)state;
	title.tx = TITLE_MIN_TX;
	tick(L, L);
	assert_int_equal(title.tx, TITLE_MIN_TX);
	assert_false(ev.moved);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_true(title.facing_left);         /* turns to face the wall */
}

/* Walking right by holding the key: stops at TITLE_MAX_TX, then bumps on every repeat. */
static void holding_right_to_the_edge_then_bumping(void **state)
{
	int bumps = 0;

	(void)state;
	for (int i = 1; i <= 600; i++) {
		tick(R, i == 1 ? R : 0);
		assert_true(title.tx <= TITLE_MAX_TX);
		bumps += ev.sound == SND_BUMP;
		if (ev.sound == SND_BUMP)
			assert_int_equal((title.tick - 1 - TITLE_REPEAT_DELAY) % TITLE_REPEAT_RATE, 0);
	}
	/* 34 steps from 4 to 38: tick 1, 21, 31, ..., 341; repeats at 351..591 bump: 25 of them. */
	assert_int_equal(title.tx, TITLE_MAX_TX);
	assert_int_equal(title.steps, TITLE_MAX_TX - TITLE_START_TX);
	assert_int_equal(bumps, 25);
}

static void up_and_down_limits(void **state)
{
	(void)state;
	assert_int_equal(title.ty, TITLE_MAX_TY);
	tick(D, D);                     /* already standing on the floor */
	assert_int_equal(title.ty, TITLE_MAX_TY);
	assert_int_equal(ev.sound, SND_BUMP);

	for (int ty = TITLE_MAX_TY - 1; ty >= TITLE_MIN_TY; ty--) {
		idle(1);
		tick(U, U);
		assert_int_equal(title.ty, ty);
		assert_int_equal(ev.sound, SND_MOVE);
	}
	idle(1);
	tick(U, U);
	assert_int_equal(title.ty, TITLE_MIN_TY);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_false(title.facing_left);        /* vertical steps do not turn the hero */
	tick(D, D);
	assert_int_equal(title.ty, TITLE_MIN_TY + 1);
}

static void facing_follows_the_last_horizontal_direction(void **state)
{
	(void)state;
	tick(L, L);
	assert_true(title.facing_left);
	idle(1);
	tick(U, U);
	assert_true(title.facing_left);
	idle(1);
	tick(R, R);
	assert_false(title.facing_left);
	idle(1);
	tick(D, D);
	assert_false(title.facing_left);
}

/* A diagonal press moves on both axes in one step: one move sound, one step counted. */
static void diagonal_press_moves_both_axes(void **state)
{
	(void)state;
	tick(R | U, R | U);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(title.ty, TITLE_START_TY - 1);
	assert_int_equal(title.steps, 1);
	assert_int_equal(ev.sound, SND_MOVE);
}

/* Blocked on one axis but moving on the other is a move, not a bump. */
static void moving_on_one_axis_while_blocked_on_the_other(void **state)
{
	(void)state;
	tick(R | D, R | D);             /* Down is blocked by the floor */
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(title.ty, TITLE_MAX_TY);
	assert_int_equal(ev.sound, SND_MOVE);
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_title)
static const struct CMUnitTest tests[] = {
	T(starts_at_the_start_tile_facing_right),
	T(idle_ticks_count_and_nothing_moves),
	T(press_right_steps_one_tile_at_once_with_move_sound),
	T(tap_inside_one_tick_still_steps),
	T(holding_right_repeats_after_delay_then_at_rate),
	T(release_and_press_again_restarts_the_delay),
	T(holding_up_repeats_on_the_vertical_axis),
	T(left_and_right_held_means_no_motion),
	T(up_and_down_held_means_no_motion),
	T(step_into_right_edge_bumps_without_moving),
	T(step_into_left_edge_bumps_without_moving),
	T(holding_right_to_the_edge_then_bumping),
	T(up_and_down_limits),
	T(facing_follows_the_last_horizontal_direction),
	T(diagonal_press_moves_both_axes),
	T(moving_on_one_axis_while_blocked_on_the_other),
};

int main(int argc, char **argv)
{
	if (testmain_filter("title", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("title", tests, NULL, NULL);
}
