/* test_player.c: the player's action-function chain (seed 004, Tommy) tick by tick on a hand-built map. */
#include "play.h"
#include "testmain.h"
#include "mapfix.h"

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "world.h"

#define R BTN_BIT(BTN_RIGHT)
#define L BTN_BIT(BTN_LEFT)
#define J BTN_BIT(BTN_JUMP)

#define FLOOR_Y 15                      /* the floor row; standing feet are on row 14 */

static World w;
static Actor *p;

/* A full block (blocks all four ways, no slope), picked by its attributes. */
static void row(int y, int x0, int x1)
{
	map_row(&w.map, y, x0, x1, block());
}

static void column(int x, int y0, int y1)
{
	map_column(&w.map, x, y0, y1, block());
}

/* 40x30 map with a floor across row 15; the player stands on it at (5, 14). */
static int on_the_floor(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, 40, 30);
	row(FLOOR_Y, 0, 39);
	p = actor_spawn(&w, ACT_PLAYER, 5, 14);
	assert_non_null(p);
	return 0;
}

static const char *tick_name(ActorTick t)
{
	return t == act_player_stand ? "stand" : t == act_player_begin_jump ? "begin_jump" :
	    t == act_player_jump ? "jump" : t == act_player_begin_fall ? "begin_fall" :
	    t == act_player_fall ? "fall" : t == act_player_run ? "run" : "?";
}

/* One frame of input and what must hold after it. timer/vy -1 = not checked. */
struct frame {
	uint16_t held, pressed;
	ActorTick tick;
	int x, y;
	int timer, vy;
	SoundId sound;
};

static void play(const struct frame *f, size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		GameInput in = { f[i].held, f[i].pressed };

		world_tick(&w, &in);
		assert_row(p->tick == f[i].tick, "%s, frame %zu: in %s, want %s", what, i + 1,
		    tick_name(p->tick), tick_name(f[i].tick));
		assert_row(p->x == f[i].x && p->y == f[i].y, "%s, frame %zu: at (%d,%d), want (%d,%d)",
		    what, i + 1, p->x, p->y, f[i].x, f[i].y);
		assert_row(f[i].timer < 0 || p->timer == f[i].timer, "%s, frame %zu: timer %u, want %d",
		    what, i + 1, p->timer, f[i].timer);
		assert_row(f[i].vy < 0 || p->vy == f[i].vy, "%s, frame %zu: vy %d, want %d",
		    what, i + 1, p->vy, f[i].vy);
		assert_row(w.sound == f[i].sound, "%s, frame %zu: sound %d, want %d", what, i + 1,
		    w.sound, f[i].sound);
	}
}

#define STAND act_player_stand
#define RUN act_player_run
#define JUMP act_player_jump
#define BEGIN_FALL act_player_begin_fall
#define FALL act_player_fall
#define ANY -1

static void standing_still_stays_on_the_floor(void **state)
{
	static const struct frame f[] = {
		{ 0, 0, STAND, 5, 14, ANY, ANY, SND_NONE },
		{ 0, 0, STAND, 5, 14, ANY, ANY, SND_NONE },
		{ 0, 0, STAND, 5, 14, ANY, ANY, SND_NONE },
		{ 0, 0, STAND, 5, 14, ANY, ANY, SND_NONE },
	};

	(void)state;
	assert_true(actor_on_ground(&w, p));
	play(f, ARRAY_LEN(f), "no input");
	assert_int_equal(p->anim.action, ACTION_PLAYER_STAND);
	assert_int_equal(actor_image(p), IMG_PLAYER_L0);        /* spawned facing west */
}

static void holding_right_walks_one_tile_a_frame_until_the_wall(void **state)
{
	(void)state;
	column(20, 0, 14);                      /* a wall: the player (2 wide) stops at x 18 */
	for (int i = 1; i <= 16; i++) {
		GameInput in = { R, i == 1 ? R : 0 };
		int want = 5 + i < 18 ? 5 + i : 18;

		world_tick(&w, &in);
		assert_row(p->x == want && p->y == 14, "frame %d: at (%d,%d), want (%d,14)", i, p->x, p->y, want);
		assert_row(p->tick == act_player_run, "frame %d: %s", i, tick_name(p->tick));
	}
	assert_int_equal(p->dir, 1);
	assert_int_equal(p->anim.action, ACTION_PLAYER_WALK);
	assert_int_equal(p->anim.angle, 0);

	/* Letting go: stands, facing east. */
	world_tick(&w, &(GameInput){ 0, 0 });
	assert_ptr_equal(p->tick, act_player_stand);
	assert_int_equal(p->x, 18);
	assert_int_equal(p->anim.action, ACTION_PLAYER_STAND);
	assert_int_equal(actor_image(p), IMG_PLAYER_R0);
}

static void holding_left_stops_at_the_map_edge(void **state)
{
	static const int want[] = { 4, 3, 2, 1, 0, 0, 0 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(want); i++) {
		world_tick(&w, &(GameInput){ L, 0 });
		assert_row(p->x == want[i], "frame %zu: x %d, want %d", i + 1, p->x, want[i]);
		assert_row(p->tick == act_player_run, "frame %zu: %s", i + 1, tick_name(p->tick));
	}
	assert_int_equal(p->dir, -1);
}

static void left_and_right_together_stand_still(void **state)
{
	(void)state;
	world_tick(&w, &(GameInput){ L | R, L | R });
	assert_int_equal(p->x, 5);
	assert_ptr_equal(p->tick, act_player_stand);
	assert_int_equal(p->anim.action, ACTION_PLAYER_STAND);
}

/*
 * jump_rise = { 2, 1, 1, 1, 0 }: pressing Jump on the ground runs stand ->
 * begin_jump -> jump inside the same frame (begin_jump asks for SND_JUMP
 * and hands over at once), so after frame 1 the player is in jump, 2 tiles
 * up. Holding Jump plays the whole table: 2+1+1+1+0 = 5 tiles. Then
 * begin_fall -> fall (no move that frame), falling 1 then 2 tiles a frame,
 * and landing goes back to stand with SND_LAND.
 */
static void holding_jump_rises_the_whole_table_then_falls_and_lands(void **state)
{
	static const struct frame f[] = {
		{ J, J, JUMP, 5, 12, 1, ANY, SND_JUMP },        /* rise 2 */
		{ J, 0, JUMP, 5, 11, 2, ANY, SND_NONE },        /* rise 1 */
		{ J, 0, JUMP, 5, 10, 3, ANY, SND_NONE },        /* rise 1 */
		{ J, 0, JUMP, 5, 9, 4, ANY, SND_NONE },         /* rise 1 */
		{ J, 0, JUMP, 5, 9, 5, ANY, SND_NONE },         /* rise 0 */
		{ J, 0, FALL, 5, 9, 0, 0, SND_NONE },           /* table done: begin_fall -> fall */
		{ J, 0, FALL, 5, 10, 0, 1, SND_NONE },          /* fall 1 */
		{ J, 0, FALL, 5, 12, 0, 2, SND_NONE },          /* fall 2 */
		{ J, 0, STAND, 5, 14, 0, 2, SND_LAND },         /* fall 2 onto the floor */
		{ J, 0, STAND, 5, 14, ANY, ANY, SND_NONE },     /* holding does not jump again */
		{ J, J, JUMP, 5, 12, 1, ANY, SND_JUMP },        /* a new press does */
	};

	(void)state;
	play(f, ARRAY_LEN(f), "held jump");
}

static void a_tap_still_rises_the_minimum_two_frames(void **state)
{
	static const struct frame f[] = {
		{ J, J, JUMP, 5, 12, 1, ANY, SND_JUMP },        /* rise 2 */
		{ 0, 0, JUMP, 5, 11, 2, ANY, SND_NONE },        /* released, but before JUMP_MIN_FRAMES: rise 1 */
		{ 0, 0, FALL, 5, 11, 0, 0, SND_NONE },          /* released after the minimum: the rise ends */
		{ 0, 0, FALL, 5, 12, 0, 1, SND_NONE },
		{ 0, 0, STAND, 5, 14, 0, 2, SND_LAND },
	};

	(void)state;
	play(f, ARRAY_LEN(f), "tap");
}

static void a_press_released_inside_the_frame_is_a_tap(void **state)
{
	static const struct frame f[] = {
		{ 0, J, JUMP, 5, 12, 1, ANY, SND_JUMP },
		{ 0, 0, JUMP, 5, 11, 2, ANY, SND_NONE },
		{ 0, 0, FALL, 5, 11, 0, 0, SND_NONE },
	};

	(void)state;
	play(f, ARRAY_LEN(f), "press and release in one frame");
}

static void releasing_after_three_frames_cuts_the_rise(void **state)
{
	static const struct frame f[] = {
		{ J, J, JUMP, 5, 12, 1, ANY, SND_JUMP },
		{ J, 0, JUMP, 5, 11, 2, ANY, SND_NONE },
		{ J, 0, JUMP, 5, 10, 3, ANY, SND_NONE },
		{ 0, 0, FALL, 5, 10, 0, 0, SND_NONE },          /* 4 tiles up instead of 5 */
		{ 0, 0, FALL, 5, 11, 0, 1, SND_NONE },
		{ 0, 0, FALL, 5, 13, 0, 2, SND_NONE },
		{ 0, 0, STAND, 5, 14, 0, 2, SND_LAND },         /* only 1 of 2 tiles left: lands */
	};

	(void)state;
	play(f, ARRAY_LEN(f), "release after 3");
}

/*
 * Ceiling across row 10: the head (top row = y - 1) may go up to row 11,
 * so y stops at 12. The bump asks for SND_BUMP and hands over to
 * begin_fall, which runs (without moving) on the next frame.
 */
static void the_head_hitting_a_ceiling_ends_the_rise(void **state)
{
	static const struct frame f[] = {
		{ J, J, JUMP, 5, 12, 1, ANY, SND_JUMP },        /* rise 2: head on row 11 */
		{ J, 0, BEGIN_FALL, 5, 12, 0, ANY, SND_BUMP },  /* rise 1 blocked by the ceiling */
		{ J, 0, FALL, 5, 12, 0, 0, SND_NONE },
		{ J, 0, FALL, 5, 13, 0, 1, SND_NONE },
		{ J, 0, STAND, 5, 14, 0, 2, SND_LAND },
	};

	(void)state;
	row(10, 0, 39);
	play(f, ARRAY_LEN(f), "ceiling at row 10");
}

static void a_ceiling_inside_the_first_rise_stops_it_halfway(void **state)
{
	static const struct frame f[] = {
		{ J, J, BEGIN_FALL, 5, 13, 0, ANY, SND_BUMP },  /* 1 of 2 tiles; BUMP outranks JUMP */
		{ J, 0, FALL, 5, 13, 0, 0, SND_NONE },
		{ J, 0, STAND, 5, 14, 0, 1, SND_LAND },
	};

	(void)state;
	row(11, 0, 39);
	play(f, ARRAY_LEN(f), "ceiling at row 11");
}

/*
 * A standing jump (no arrow at the press, so no thrust) steered a tile a
 * frame; landing with Left held goes on running.
 */
static void steering_works_while_jumping_and_falling(void **state)
{
	static const struct frame f[] = {
		{ J, J, JUMP, 5, 12, 1, ANY, SND_JUMP },
		{ J | R, R, JUMP, 6, 11, 2, ANY, SND_NONE },
		{ R, 0, FALL, 7, 11, 0, 0, SND_NONE },
		{ R, 0, FALL, 8, 12, 0, 1, SND_NONE },
		{ L, L, RUN, 7, 14, 0, 2, SND_LAND },
		{ L, 0, RUN, 6, 14, ANY, ANY, SND_NONE },
	};

	(void)state;
	play(f, ARRAY_LEN(f), "steering");
}

/*
 * Floor only under columns 0..9 and a lower floor across row 25: walking
 * right from x 8 leaves the ledge when both columns are past 9; the fall
 * starts in that frame without moving, then 1, 2, 2, ... tiles a frame.
 */
static void walking_off_a_ledge_starts_a_fall(void **state)
{
	static const struct frame f[] = {
		{ R, R, RUN, 9, 14, ANY, ANY, SND_NONE },       /* column 9 still on the floor */
		{ R, 0, FALL, 10, 14, 0, 0, SND_NONE },         /* off the edge: run -> begin_fall -> fall */
		{ 0, 0, FALL, 10, 15, 0, 1, SND_NONE },
		{ 0, 0, FALL, 10, 17, 0, 2, SND_NONE },
		{ 0, 0, FALL, 10, 19, 0, 2, SND_NONE },
		{ 0, 0, FALL, 10, 21, 0, 2, SND_NONE },
		{ 0, 0, FALL, 10, 23, 0, 2, SND_NONE },
		{ 0, 0, STAND, 10, 24, 0, 2, SND_LAND },        /* 1 of 2: lands on row 25 */
	};

	(void)state;
	map_init(&w.map, 40, 30);
	row(FLOOR_Y, 0, 9);
	row(25, 0, 39);
	p->x = 8;
	play(f, ARRAY_LEN(f), "ledge");
}

static void jump_pressed_in_mid_air_does_nothing(void **state)
{
	static const struct frame f[] = {
		{ R, R, RUN, 9, 14, ANY, ANY, SND_NONE },
		{ R, 0, FALL, 10, 14, 0, 0, SND_NONE },
		{ J, J, FALL, 10, 15, 0, 1, SND_NONE },         /* same as without the press */
		{ 0, J, FALL, 10, 17, 0, 2, SND_NONE },
		{ J, J, FALL, 10, 19, 0, 2, SND_NONE },
	};

	(void)state;
	map_init(&w.map, 40, 30);
	row(FLOOR_Y, 0, 9);
	row(25, 0, 39);
	p->x = 8;
	play(f, ARRAY_LEN(f), "jump while falling");
}

static void a_player_placed_in_the_air_falls_instead_of_jumping(void **state)
{
	static const struct frame f[] = {
		{ J, J, FALL, 5, 5, 0, 0, SND_NONE },           /* stand sees no ground: begin_fall -> fall */
		{ J, J, FALL, 5, 6, 0, 1, SND_NONE },
		{ J, J, FALL, 5, 8, 0, 2, SND_NONE },
	};

	(void)state;
	p->y = 5;
	play(f, ARRAY_LEN(f), "spawned in the air");
}

static void holding_jump_without_a_press_does_not_jump(void **state)
{
	static const struct frame f[] = {
		{ J, 0, STAND, 5, 14, ANY, ANY, SND_NONE },
		{ J, 0, STAND, 5, 14, ANY, ANY, SND_NONE },
	};

	(void)state;
	play(f, ARRAY_LEN(f), "held, never pressed");
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(standing_still_stays_on_the_floor),
	T(holding_right_walks_one_tile_a_frame_until_the_wall),
	T(holding_left_stops_at_the_map_edge),
	T(left_and_right_together_stand_still),
	T(holding_jump_rises_the_whole_table_then_falls_and_lands),
	T(a_tap_still_rises_the_minimum_two_frames),
	T(a_press_released_inside_the_frame_is_a_tap),
	T(releasing_after_three_frames_cuts_the_rise),
	T(the_head_hitting_a_ceiling_ends_the_rise),
	T(a_ceiling_inside_the_first_rise_stops_it_halfway),
	T(steering_works_while_jumping_and_falling),
	T(walking_off_a_ledge_starts_a_fall),
	T(jump_pressed_in_mid_air_does_nothing),
	T(a_player_placed_in_the_air_falls_instead_of_jumping),
	T(holding_jump_without_a_press_does_not_jump),
};

int main(int argc, char **argv)
{
	if (testmain_filter("player", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("player", tests, NULL, NULL);
}
