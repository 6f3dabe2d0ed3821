/* test_bullet.c: the player's bullets (seed 004's launch_bullet, bullet_go, kill_bullet) tick by tick. */
#include "playerfix.h"

static int live_bullets(void)
{
	return count_kind(ACT_BULLET);
}

/* The newest bullet (the one that has acted once). */
static Actor *newest(void)
{
	for (int i = 0; i < MAX_ACTORS; i++)
		if (w.actors[i].kind == ACT_BULLET && w.actors[i].timer == 1)
			return &w.actors[i];
	return NULL;
}

/*
 * One tap of Fire facing east from x 5 (body 5..6): the bullet shows at the
 * muzzle (x 7, the feet row) in the very frame it is fired, then flies 3
 * tiles a frame until it passes the view's right edge (column 37), and is
 * removed a frame after that. ORIGINAL: seed 004 — bullet_go only sets the
 * action to kill_bullet, which removes the bullet in the next frame.
 */
static void a_bullet_flies_three_tiles_a_frame_and_leaves_the_view(void **state)
{
	static const int want_x[] = { 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40 };
	Actor *b;

	(void)state;
	face_east(true);
	frame(F, F);
	b = newest();
	assert_non_null(b);
	assert_int_equal(w.sound, SND_SHOOT);
	assert_int_equal(actor_image(b), IMG_BULLET);
	assert_true(is_sprite_visible(&w, actor_image(b), b->x, b->y));
	for (size_t i = 0; i < ARRAY_LEN(want_x); i++) {
		if (i > 0)
			frame(0, 0);
		assert_row(b->x == want_x[i] && b->y == 14, "frame %zu: bullet at (%d,%d), want (%d,14)", i + 1,
		    b->x, b->y, want_x[i]);
		assert_row(b->tick == (i + 1 < ARRAY_LEN(want_x) ? act_bullet : act_bullet_die),
		    "frame %zu: the bullet should %s", i + 1, i + 1 < ARRAY_LEN(want_x) ? "fly" : "be dying");
		assert_int_equal(w.bullets, 1);
	}
	frame(0, 0);
	assert_int_equal(b->kind, ACT_NONE);
	assert_int_equal(w.bullets, 0);
}

/* The view is what counts, not the map: with the view at columns 17..54, a bullet west dies past 17. */
static void the_view_edge_is_where_the_camera_is(void **state)
{
	static const int want_x[] = { 39, 36, 33, 30, 27, 24, 21, 18, 15 };
	Actor *b;

	(void)state;
	map_init(&w.map, 100, MAP_H);
	map_row(&w.map, FLOOR_Y, 0, 99, plain_block());
	p->x = 40;
	world_camera_follow(&w);
	assert_int_equal(w.cam_x, 17);
	frame(F, F);
	b = newest();
	assert_non_null(b);
	for (size_t i = 0; i < ARRAY_LEN(want_x); i++) {
		if (i > 0)
			frame(0, 0);
		assert_row(b->x == want_x[i], "frame %zu: x %d, want %d", i + 1, b->x, want_x[i]);
	}
	assert_ptr_equal(b->tick, act_bullet_die);
	assert_int_equal(actor_image(b), IMG_BULLET);   /* off the view: no burst */
}

/*
 * A wall in column 15: the bullet goes 7, 10, 13, then stops at 14 with
 * the wall next (Tommy's can_move_right fails), shows its burst there for
 * a frame, and is gone.
 */
static void a_bullet_stops_at_a_wall(void **state)
{
	static const int want_x[] = { 7, 10, 13, 14 };
	Actor *b;

	(void)state;
	map_column(&w.map, 15, 0, 14, plain_block());
	face_east(true);
	frame(F, F);
	b = newest();
	for (size_t i = 0; i < ARRAY_LEN(want_x); i++) {
		if (i > 0)
			frame(0, 0);
		assert_row(b->x == want_x[i], "frame %zu: x %d, want %d", i + 1, b->x, want_x[i]);
	}
	assert_ptr_equal(b->tick, act_bullet_die);
	assert_int_equal(actor_image(b), IMG_BULLET_HIT);
	frame(0, 0);
	assert_int_equal(b->kind, ACT_NONE);
	assert_int_equal(w.bullets, 0);
}

/* Against a wall (nothing free in front) Fire does nothing: no bullet, no sound, no gap. */
static void no_bullet_out_of_a_muzzle_in_a_wall(void **state)
{
	(void)state;
	map_column(&w.map, 7, 0, 14, plain_block());
	face_east(true);
	frame(F, F);
	assert_int_equal(w.bullets, 0);
	assert_int_equal(live_bullets(), 0);
	assert_int_equal(w.sound, SND_NONE);
	assert_int_equal(w.shot_wait, 0);
}

/*
 * A critter (2 wide, AF_SHOOTABLE) at x 20: the bullet passes 16 -> 19,
 * then in the next frame steps onto 20, hits it (actor_hit, HIT_SHOT: the
 * critter is removed) and stops there, dying a frame later. A barrel in
 * the way is not shootable: the bullet flies through it.
 */
static void a_bullet_hits_the_first_shootable_actor(void **state)
{
	static const int want_x[] = { 7, 10, 13, 16, 19, 20 };
	Actor *b, *c, *barrel;

	(void)state;
	c = still(ACT_CRITTER, 20, 14);
	barrel = still(ACT_BARREL, 11, 14);
	face_east(true);
	frame(F, F);
	b = newest();
	for (size_t i = 0; i < ARRAY_LEN(want_x); i++) {
		if (i > 0)
			frame(0, 0);
		assert_row(b->x == want_x[i], "frame %zu: x %d, want %d", i + 1, b->x, want_x[i]);
	}
	assert_ptr_equal(b->tick, act_bullet_die);
	assert_int_equal(c->kind, ACT_NONE);
	assert_int_equal(barrel->kind, ACT_BARREL);
	frame(0, 0);
	assert_int_equal(b->kind, ACT_NONE);
	assert_int_equal(w.bullets, 0);
}

/* Two critters on the same tile: one bullet fells one of them (the first in slot order). */
static void one_bullet_one_hit(void **state)
{
	Actor *a, *c;

	(void)state;
	a = still(ACT_CRITTER, 12, 14);
	c = still(ACT_CRITTER, 12, 14);
	face_east(true);
	frame(F, F);
	for (int i = 0; i < 3; i++)
		frame(0, 0);
	assert_int_equal(a->kind, ACT_NONE);
	assert_int_equal(c->kind, ACT_CRITTER);
	assert_int_equal(w.bullets, 0);
}

/*
 * A critter right in front of the muzzle is hit in the firing frame; one
 * overlapping the player's front is hit too (the muzzle column is its back).
 */
static void a_point_blank_shot_hits_in_the_firing_frame(void **state)
{
	Actor *c;

	(void)state;
	c = still(ACT_CRITTER, 7, 14);
	w.hurt_cooldown = 200;
	face_east(true);
	frame(F, F);
	assert_int_equal(c->kind, ACT_NONE);
	assert_int_equal(w.bullets, 1);         /* it shows its burst this frame */
	frame(0, 0);
	assert_int_equal(w.bullets, 0);

	on_the_floor(NULL);
	c = still(ACT_CRITTER, 6, 14);          /* overlapping the player's front column */
	w.hurt_cooldown = 200;
	face_east(true);
	frame(F, F);
	assert_int_equal(c->kind, ACT_NONE);
}

/* Fire held: a bullet every SHOT_GAP_FRAMES (2) frames — Tommy's "more than 15 ticks" at 13.5 a frame. */
static void bullets_are_spaced_two_frames_apart(void **state)
{
	(void)state;
	assert_int_equal(SHOT_GAP_FRAMES, 2);
	face_east(true);
	for (int i = 1; i <= 10; i++) {
		frame(F, i == 1 ? F : 0);
		assert_row(w.bullets == (i + 1) / 2, "frame %d: %d bullets", i, w.bullets);
		assert_row((w.sound == SND_SHOOT) == (i % 2 == 1), "frame %d: sound %d", i, w.sound);
	}
	assert_int_equal(live_bullets(), w.bullets);
}

/* Tapping faster than the gap does not beat it: a tap inside the wait fires nothing. */
static void tapping_does_not_beat_the_gap(void **state)
{
	(void)state;
	face_east(true);
	frame(0, F);
	assert_int_equal(w.bullets, 1);
	frame(0, F);
	assert_int_equal(w.bullets, 1);
	frame(0, F);
	assert_int_equal(w.bullets, 2);
}

/*
 * At most MAX_BULLETS (9) alive. NOTE: seed 004's `nbullets > 9` would let
 * a tenth out; we stop at nine. With 8 parked bullets a ninth flies; the
 * tenth is refused (no sound) until one of them is gone.
 */
static void at_most_nine_bullets(void **state)
{
	Actor *parked[8];

	(void)state;
	assert_int_equal(MAX_BULLETS, 9);
	for (int i = 0; i < 8; i++) {
		parked[i] = still(ACT_BULLET, 30, 3 + i);
		w.bullets++;
	}
	face_east(true);
	frame(F, F);
	assert_int_equal(w.bullets, 9);
	assert_int_equal(live_bullets(), 9);
	for (int i = 0; i < 6; i++) {
		frame(F, 0);
		assert_int_equal(w.bullets, 9);
		assert_int_equal(w.sound, SND_NONE);
	}
	act_bullet_die(parked[0], &w);          /* one goes (kill_bullet) */
	frame(F, 0);
	assert_int_equal(w.bullets, 9);
	assert_int_equal(w.sound, SND_SHOOT);
	assert_int_equal(live_bullets(), 9);
}

/* Shooting on the run (Right and Fire together): the muzzle moves with the player. */
static void shooting_while_running(void **state)
{
	static const int muzzle[] = { 8, -1, 10, -1, 12 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(muzzle); i++) {
		int before = w.bullets;

		frame(R | F, i == 0 ? R | F : 0);
		assert_state(act_player_run);
		assert_int_equal(p->x, 6 + (int)i);
		if (muzzle[i] < 0) {
			assert_int_equal(w.bullets, before);
		} else {
			assert_int_equal(w.bullets, before + 1);
			assert_int_equal(newest()->x, muzzle[i]);
		}
	}
}

/* Shooting west: the bullet comes out one tile left of the body. */
static void shooting_west(void **state)
{
	Actor *b;

	(void)state;
	p->x = 20;
	frame(F, F);
	b = newest();
	assert_non_null(b);
	assert_int_equal(b->x, 19);
	assert_int_equal(b->dir, -1);
	frame(0, 0);
	assert_int_equal(b->x, 16);
}

/* A long session of running back and forth, jumping and firing: w->bullets always counts the bullets alive. */
static void the_bullet_count_matches_the_pool(void **state)
{
	(void)state;
	map_column(&w.map, 30, 0, 14, plain_block());
	for (int t = 0; t < 300; t++) {
		uint16_t dir = (t / 20) % 2 ? L : R;
		uint16_t held = dir | F | (t % 13 < 4 ? J : 0);

		frame(held, (t % 13 == 0 ? J : 0) | (t % 20 == 0 ? dir : 0));
		assert_row(w.bullets == live_bullets(), "frame %d: w.bullets %d, pool %d", t, w.bullets,
		    live_bullets());
		assert_true(w.bullets <= MAX_BULLETS);
	}
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(a_bullet_flies_three_tiles_a_frame_and_leaves_the_view),
	T(the_view_edge_is_where_the_camera_is),
	T(a_bullet_stops_at_a_wall),
	T(no_bullet_out_of_a_muzzle_in_a_wall),
	T(a_bullet_hits_the_first_shootable_actor),
	T(one_bullet_one_hit),
	T(a_point_blank_shot_hits_in_the_firing_frame),
	T(bullets_are_spaced_two_frames_apart),
	T(tapping_does_not_beat_the_gap),
	T(at_most_nine_bullets),
	T(shooting_while_running),
	T(shooting_west),
	T(the_bullet_count_matches_the_pool),
};

int main(int argc, char **argv)
{
	if (testmain_filter("bullet", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("bullet", tests, NULL, NULL);
}
