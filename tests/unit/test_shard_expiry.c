/* test_shard_expiry.c: seed 001 shards' expiry — by age out of view, by age 40 in view; the view test before the fall. */
#include "render.h"
#include "shardfix.h"

static Frame frame;

/*
 * Seed 001: the older-than-16 test is made only from age 9 on, before the
 * tick's fall: out of view the whole time, a shard still runs ages 1..16
 * and goes at 17, never drawn on screen.
 */
static void out_of_view_it_lives_until_age_17(void **state)
{
	int slot;

	(void)state;
	open_map(100, 40, 60, 0);               /* view columns 60..97: the shard never is */
	slot = new_shard(2, 10, 12);
	for (int age = 1; age <= 16; age++) {
		step();
		assert_row(!idle(slot) && w.shards.slot[slot].age == age + 1, "gone at age %d", age);
		assert_row(w.shards.draw[slot].image == IMG, "age %d not drawn", age);
		frame_clear(&frame);
		render_shards(&w, &frame);
		assert_row(frame.count == 0, "age %d: %u commands off screen", age, frame.count);
	}
	step();
	assert_true(idle(slot));
	assert_int_equal(w.shards.draw[slot].image, SHARD_IDLE);
}

/*
 * Seed 001: the view test uses where the shard is before the tick's fall.
 * From row 10 it is at row 18 (rows 17..18, row 17 in the view 0..17)
 * when it runs age 17: kept, falls to 20 out of view; gone at age 18.
 */
static void the_view_test_comes_before_the_fall(void **state)
{
	static const TickRow rows[] = {
		/* age  x   y  next bounce */
		{ 12, 10, 10, 13, 0 },
		{ 13, 10, 12, 14, 0 },
		{ 14, 10, 14, 15, 0 },
		{ 15, 10, 16, 16, 0 },
		{ 16, 10, 18, 17, 0 },
		{ 17, 10, 20, 18, 0 },
		{ 18, 0, 0, GONE, 0 },
	};
	int slot;

	(void)state;
	open_map(40, 40, 0, 0);
	slot = new_shard(2, 10, 10);
	for (int t = 1; t < 12; t++)
		step();
	walk(slot, rows, ARRAY_LEN(rows), "view");
}

/*
 * Seed 001: kept in view (the camera follows it, as when the player
 * follows one), a shard runs ages 1..40 and is drawn at age 40, then
 * removed: on the next tick there is nothing to draw.
 */
static void in_view_it_is_drawn_at_age_40_then_removed(void **state)
{
	int slot;
	const Shard *s;

	(void)state;
	open_map(40, 120, 0, 0);
	slot = new_shard(2, 10, 20);
	s = &w.shards.slot[slot];
	for (int age = 1; age <= 40; age++) {
		assert_row(!idle(slot) && s->age == age, "age %u, want %d", s->age, age);
		w.cam_y = s->y - 9;
		step();
	}
	assert_true(idle(slot));
	assert_int_equal(w.shards.draw[slot].image, IMG);
	assert_int_equal(w.shards.draw[slot].flags, DRAWF_FLIP_V);
	assert_int_equal(w.shards.draw[slot].y, 20 + 2 * (40 - 12));
	frame_clear(&frame);
	render_shards(&w, &frame);
	assert_int_equal(frame.count, 1);
	step();
	assert_int_equal(w.shards.draw[slot].image, SHARD_IDLE);
	frame_clear(&frame);
	render_shards(&w, &frame);
	assert_int_equal(frame.count, 0);
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(out_of_view_it_lives_until_age_17),
	T(the_view_test_comes_before_the_fall),
	T(in_view_it_is_drawn_at_age_40_then_removed),
};

int main(int argc, char **argv)
{
	if (testmain_filter("shard_expiry", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("shard_expiry", tests, NULL, NULL);
}
