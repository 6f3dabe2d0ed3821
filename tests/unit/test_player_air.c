/* test_player_air.c: the player in the air — jump height, thrust, fall speed, shooting in the air, wall cling. */
#include "playerfix.h"

/* The highest the feet get (smallest y) from the floor (feet on 14), Jump held for `held` frames. */
static int peak_after_holding(int held)
{
	int peak = p->y;

	for (int i = 1; i <= 20; i++) {
		frame(i <= held ? J : 0, i == 1 ? J : 0);
		if (p->y < peak)
			peak = p->y;
	}
	assert_state(act_player_stand);
	assert_int_equal(p->y, 14);
	return peak;
}

/*
 * jump_rise = { 2, 1, 1, 1, 0 }, at least JUMP_MIN_FRAMES (2) frames:
 * holding longer goes higher, letting go cuts the rise (seed 004: "a
 * slight tap on the Ctrl key makes Tommy jump a tiny amount, and a
 * prolonged press ... reach his maximum height").
 */
static void jump_height_grows_with_the_hold(void **state)
{
	static const struct {
		int held, peak;
	} rows[] = {
		{ 1, 11 }, { 2, 11 }, { 3, 10 }, { 4, 9 }, { 5, 9 }, { 12, 9 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		int peak;

		on_the_floor(NULL);
		peak = peak_after_holding(rows[i].held);
		assert_row(peak == rows[i].peak, "held %d frames: peak %d, want %d", rows[i].held, peak,
		    rows[i].peak);
	}
}

/*
 * A jump pressed while an arrow is held starts with JUMP_THRUST_FRAMES of
 * forward thrust: two tiles a frame, then one (seed 004's forward_thrust,
 * decaying). Running right from x 5: run 6, 7; jump 9, 11 (thrust), then
 * 12, 13, ... a tile a frame through the rest of the rise and the fall.
 */
static void a_running_jump_has_thrust_that_decays(void **state)
{
	static const struct {
		uint16_t held, pressed;
		ActorTick want;
		int x, y, vx;
	} f[] = {
		{ R, R, act_player_run, 6, 14, 0 },
		{ R, 0, act_player_run, 7, 14, 0 },
		{ R | J, J, act_player_jump, 9, 12, 1 },
		{ R | J, 0, act_player_jump, 11, 11, 0 },
		{ R | J, 0, act_player_jump, 12, 10, 0 },
		{ R | J, 0, act_player_jump, 13, 9, 0 },
		{ R | J, 0, act_player_jump, 14, 9, 0 },
		{ R, 0, act_player_fall, 15, 9, 0 },
		{ R, 0, act_player_fall, 16, 10, 0 },
		{ R, 0, act_player_fall, 17, 12, 0 },
		{ R, 0, act_player_run, 18, 14, 0 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(f); i++) {
		frame(f[i].held, f[i].pressed);
		assert_row(p->tick == f[i].want && p->x == f[i].x && p->y == f[i].y && p->vx == f[i].vx,
		    "frame %zu: %s at (%d,%d) vx %d, want %s at (%d,%d) vx %d", i + 1, state_name(p->tick),
		    p->x, p->y, p->vx, state_name(f[i].want), f[i].x, f[i].y, f[i].vx);
	}
}

/* Letting go of the arrow drops what thrust is left; turning round too. */
static void releasing_the_arrow_drops_the_thrust(void **state)
{
	(void)state;
	frame(R | J, R | J);                    /* from standing, with Right: thrust */
	assert_int_equal(p->x, 7);
	assert_int_equal(p->vx, 1);
	frame(J, 0);                            /* no arrow: no move, thrust gone */
	assert_int_equal(p->x, 7);
	assert_int_equal(p->vx, 0);
	frame(R | J, R);
	assert_int_equal(p->x, 8);              /* a tile only */

	on_the_floor(NULL);
	frame(R | J, R | J);
	frame(L | J, L);                        /* turning round: one tile back, no thrust */
	assert_int_equal(p->x, 6);
	assert_int_equal(p->vx, 0);
}

/* Jump while running left (several keys at once): the same jump, mirrored. */
static void jumping_while_running_left(void **state)
{
	static const int want_x[] = { 24, 23, 21, 19, 18, 17, 16 };

	(void)state;
	p->x = 25;
	for (size_t i = 0; i < ARRAY_LEN(want_x); i++) {
		uint16_t held = i >= 2 ? L | J : L;

		frame(held, i == 0 ? L : i == 2 ? J : 0);
		assert_row(p->x == want_x[i], "frame %zu: x %d, want %d", i + 1, p->x, want_x[i]);
		assert_int_equal(p->dir, -1);
	}
	assert_state(act_player_jump);
	assert_int_equal(actor_image(p), IMG_PLAYER_JUMP_L);
	assert_int_equal(p->y, 9);
}

/* Falling from row 2: begin_fall holds still, then 1, then 2 tiles a frame; steering a tile a frame. */
static void falling_accelerates_to_two_tiles_a_frame(void **state)
{
	static const struct {
		ActorTick want;
		int x, y, vy;
	} f[] = {
		{ act_player_fall, 5, 2, 0 },   /* stand: no ground -> begin_fall -> fall (no move yet) */
		{ act_player_fall, 6, 3, 1 },
		{ act_player_fall, 7, 5, 2 },
		{ act_player_fall, 8, 7, 2 },
		{ act_player_fall, 9, 9, 2 },
		{ act_player_fall, 10, 11, 2 },
		{ act_player_fall, 11, 13, 2 },
		{ act_player_run, 12, 14, 2 },  /* one tile left: lands, Right held -> run */
	};

	(void)state;
	p->y = 2;
	for (size_t i = 0; i < ARRAY_LEN(f); i++) {
		frame(R, i == 0 ? R : 0);
		assert_row(p->tick == f[i].want && p->x == f[i].x && p->y == f[i].y && p->vy == f[i].vy,
		    "frame %zu: %s at (%d,%d) vy %d", i + 1, state_name(p->tick), p->x, p->y, p->vy);
		if (i > 0 && p->tick == act_player_fall)
			assert_int_equal(actor_image(p), IMG_PLAYER_FALL_R);
	}
	assert_int_equal(w.sound, SND_LAND);
}

/* Fire held in the air: the air-shooting pose; a bullet every other frame at the feet row reached. */
static void shooting_while_jumping_and_falling(void **state)
{
	int fired = 0;

	(void)state;
	face_east(true);
	for (int i = 1; i <= 12; i++) {
		int before = w.bullets;
		Actor *b;

		frame(J | F, i == 1 ? J | F : 0);
		assert_row(p->tick == act_player_jump || p->tick == act_player_fall || p->tick == act_player_shoot,
		    "frame %d: %s", i, state_name(p->tick));
		if (p->tick != act_player_shoot)
			assert_int_equal(actor_image(p), IMG_PLAYER_AIR_SHOOT_R);
		if (w.bullets > before) {
			fired++;
			assert_row(i % 2 == 1, "frame %d: a bullet out of turn", i);
			b = NULL;
			for (int k = 0; k < MAX_ACTORS; k++)
				if (w.actors[k].kind == ACT_BULLET && w.actors[k].timer == 1)
					b = &w.actors[k];
			assert_non_null(b);
			assert_int_equal(b->x, p->x + 2);       /* the muzzle: in front of the 2-wide body */
			assert_int_equal(b->y, p->y);
		} else {
			assert_row(i % 2 == 0, "frame %d: no bullet", i);
		}
	}
	assert_int_equal(fired, 6);
}

/* Falling with Fire held (the player put in the air): shots from the rows the fall reaches. */
static void shooting_while_falling(void **state)
{
	static const int rows_fired[] = { 3, 7, 11 };   /* frames 2, 4, 6 (frame 1 only begins the fall) */
	int n = 0;

	(void)state;
	face_east(true);
	p->y = 2;
	for (int i = 1; i <= 6; i++) {
		int before = w.bullets;

		frame(F, i == 1 ? F : 0);
		if (w.bullets > before) {
			assert_true(n < (int)ARRAY_LEN(rows_fired));
			assert_int_equal(p->y, rows_fired[n]);
			n++;
		}
	}
	assert_int_equal(n, 3);
	assert_int_equal(w.bullets, 3);
}

/* A wall of cling tiles (or plain ones) in column 10, rows 0..14: the player fits up to x 8. */
static void wall(uint16_t cell)
{
	map_column(&w.map, 10, 0, 14, cell);
	p->x = 7;
	face_east(true);
}

/*
 * Cosmo's cling: pushing toward a TILE_CAN_CLING wall in the air. The rise
 * goes on along the wall; the first falling frame pushed against it grabs
 * it (w->cling_dir = DIR4_EAST), and the player then stays put.
 */
static void a_jump_against_a_cling_wall_grabs_it_when_the_fall_starts(void **state)
{
	static const struct {
		uint16_t held, pressed;
		ActorTick want;
		int x, y;
	} f[] = {
		{ R | J, R | J, act_player_jump, 8, 12 },
		{ R | J, 0, act_player_jump, 8, 11 },
		{ R | J, 0, act_player_jump, 8, 10 },
		{ R | J, 0, act_player_jump, 8, 9 },
		{ R | J, 0, act_player_jump, 8, 9 },
		{ R | J, 0, act_player_fall, 8, 9 },
		{ R, 0, act_player_cling, 8, 9 },
		{ R, 0, act_player_cling, 8, 9 },
		{ 0, 0, act_player_cling, 8, 9 },       /* letting go of the arrow keeps the grip */
		{ U, U, act_player_cling, 8, 9 },
	};

	(void)state;
	wall(cling_block());
	for (size_t i = 0; i < ARRAY_LEN(f); i++) {
		frame(f[i].held, f[i].pressed);
		assert_row(p->tick == f[i].want && p->x == f[i].x && p->y == f[i].y,
		    "frame %zu: %s at (%d,%d), want %s at (%d,%d)", i + 1, state_name(p->tick), p->x, p->y,
		    state_name(f[i].want), f[i].x, f[i].y);
		assert_row((w.cling_dir == DIR4_EAST) == (f[i].want == act_player_cling), "frame %zu: cling_dir %d",
		    i + 1, w.cling_dir);
	}
	assert_int_equal(actor_image(p), IMG_PLAYER_CLING_R);
}

static void a_plain_wall_is_not_clung_to(void **state)
{
	(void)state;
	wall(plain_block());
	for (int i = 0; i < 6; i++)
		frame(R | J, i == 0 ? R | J : 0);
	assert_state(act_player_fall);
	for (int i = 0; i < 4; i++) {
		frame(R, 0);
		assert_int_equal(w.cling_dir, DIR4_NONE);
	}
	assert_state(act_player_run);          /* landed, pushing against the wall */
	assert_int_equal(p->x, 8);
	assert_int_equal(p->y, 14);
}

/* Put the player on the wall at (8, 9), clinging, as after the jump above. */
static void clinging(uint16_t cell)
{
	wall(cell);
	p->x = 8;
	p->y = 9;
	frame(R, R);                            /* stand: no ground -> begin_fall */
	frame(R, 0);                            /* fall: pushes against the wall */
	assert_state(act_player_cling);
	assert_int_equal(p->y, 9);
}

static void a_jump_leaves_the_wall_and_climbs_it(void **state)
{
	(void)state;
	clinging(cling_block());
	frame(R | J, J);
	assert_state(act_player_jump);
	assert_int_equal(w.cling_dir, DIR4_NONE);
	assert_int_equal(p->y, 7);
	assert_int_equal(w.sound, SND_JUMP);
	for (int i = 0; i < 6; i++)
		frame(R | J, 0);                /* the rise: 6, 5, 4, 4; begin_fall; the fall grabs */
	assert_state(act_player_cling);
	assert_int_equal(p->y, 4);              /* five rows higher */
	assert_int_equal(w.cling_dir, DIR4_EAST);
}

static void pushing_away_or_down_lets_go(void **state)
{
	(void)state;
	clinging(cling_block());
	frame(L, L);
	assert_state(act_player_fall);
	assert_int_equal(w.cling_dir, DIR4_NONE);
	assert_int_equal(p->y, 9);
	frame(L, 0);
	assert_int_equal(p->x, 7);
	assert_int_equal(p->y, 10);

	on_the_floor(NULL);
	clinging(cling_block());
	frame(D, D);
	assert_state(act_player_fall);
	assert_int_equal(w.cling_dir, DIR4_NONE);
	frame(0, 0);
	assert_int_equal(p->y, 10);
}

/* The grab needs a cling tile beside the player's top row, and air under the feet. */
static void no_cling_beside_the_top_of_a_wall_or_on_the_ground(void **state)
{
	(void)state;
	map_column(&w.map, 10, 9, 14, cling_block());   /* a low wall: rows 9..14 */
	p->x = 8;
	p->y = 9;                               /* the feet beside it, the top row (8) beside air */
	face_east(true);
	frame(R, R);
	frame(R, 0);
	assert_state(act_player_fall);
	assert_int_equal(w.cling_dir, DIR4_NONE);

	on_the_floor(NULL);
	wall(cling_block());
	for (int i = 0; i < 4; i++)
		frame(R, i == 0 ? R : 0);               /* walking into it on the ground */
	assert_state(act_player_run);
	assert_int_equal(p->x, 8);
	assert_int_equal(w.cling_dir, DIR4_NONE);
}

/*
 * Seed 003: a platform passing under a clinging player releases the cling
 * (platform_carry_player clears w->cling_dir); the cling state then lets
 * go. Ground under the feet by any other means ends it as well.
 */
static void a_released_cling_falls_and_ground_underneath_ends_it(void **state)
{
	(void)state;
	clinging(cling_block());
	w.cling_dir = DIR4_NONE;                /* what platform_carry_player does */
	frame(0, 0);
	assert_state(act_player_fall);

	on_the_floor(NULL);
	clinging(cling_block());
	map_row(&w.map, 10, 8, 9, plain_block());       /* something appears under the feet */
	frame(0, 0);
	assert_state(act_player_stand);
	assert_int_equal(w.cling_dir, DIR4_NONE);

	on_the_floor(NULL);
	clinging(cling_block());
	map_column(&w.map, 10, 0, 14, MAP_AIR); /* the wall goes away */
	frame(R, 0);
	assert_state(act_player_fall);
	assert_int_equal(w.cling_dir, DIR4_NONE);
}

static void clinging_to_a_wall_on_the_west(void **state)
{
	(void)state;
	map_column(&w.map, 3, 0, 14, cling_block());
	p->x = 4;
	p->y = 9;
	frame(L, L);
	frame(L, 0);
	assert_state(act_player_cling);
	assert_int_equal(w.cling_dir, DIR4_WEST);
	assert_int_equal(actor_image(p), IMG_PLAYER_CLING_L);
	frame(R, R);                            /* away from a west wall is Right */
	assert_state(act_player_fall);
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(jump_height_grows_with_the_hold),
	T(a_running_jump_has_thrust_that_decays),
	T(releasing_the_arrow_drops_the_thrust),
	T(jumping_while_running_left),
	T(falling_accelerates_to_two_tiles_a_frame),
	T(shooting_while_jumping_and_falling),
	T(shooting_while_falling),
	T(a_jump_against_a_cling_wall_grabs_it_when_the_fall_starts),
	T(a_plain_wall_is_not_clung_to),
	T(a_jump_leaves_the_wall_and_climbs_it),
	T(pushing_away_or_down_lets_go),
	T(no_cling_beside_the_top_of_a_wall_or_on_the_ground),
	T(a_released_cling_falls_and_ground_underneath_ends_it),
	T(clinging_to_a_wall_on_the_west),
};

int main(int argc, char **argv)
{
	if (testmain_filter("player_air", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("player_air", tests, NULL, NULL);
}
