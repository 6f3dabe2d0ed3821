/* test_player_ground.c: the player's ground states — stand, fidget (seed 004), run, shoot, look up/down, land. */
#include "playerfix.h"

#include "rng.h"

/*
 * Seed 004's fidget, in frames: standing IDLE_MIN_FRAMES + r frames
 * (r = 0..IDLE_SPREAD-1 from the world's RNG, drawn only once the minimum
 * has passed), then a grin or a frown (from the RNG) for FIDGET_MIN_FRAMES
 * + 0..FIDGET_SPREAD-1 frames, then standing again, and again.
 */
static void standing_still_fidgets_after_the_idle_time(void **state)
{
	Rng want = w.rng;                       /* the same draws, in the same order */
	uint32_t before = w.rng.s;
	int t = 0;

	(void)state;
	for (int round = 0; round < 3; round++) {
		int idle, len, pose;

		for (int i = 1; i < IDLE_MIN_FRAMES; i++, t++) {
			frame(0, 0);
			assert_state(act_player_stand);
		}
		if (round == 0)
			assert_int_equal(w.rng.s, before);      /* nothing drawn before the minimum */
		idle = IDLE_MIN_FRAMES + (int)rng_below(&want, IDLE_SPREAD);
		for (int i = IDLE_MIN_FRAMES; i <= idle; i++, t++) {
			frame(0, 0);
			assert_state(act_player_stand);
			assert_int_equal(actor_image(p), IMG_PLAYER_L0);
		}
		pose = rng_below(&want, 2) ? IMG_PLAYER_FROWN_L : IMG_PLAYER_GRIN_L;
		len = FIDGET_MIN_FRAMES + (int)rng_below(&want, FIDGET_SPREAD);
		for (int i = 0; i < len; i++, t++) {
			frame(0, 0);
			assert_state(act_player_fidget);
			assert_int_equal(actor_image(p), pose);
			assert_int_equal(p->x, 5);
		}
		frame(0, 0);                    /* the fidget is over: standing straight */
		t++;
		assert_state(act_player_stand);
		assert_int_equal(actor_image(p), IMG_PLAYER_L0);
		assert_int_equal(w.rng.s, want.s);
	}
	assert_true(t > 3 * (IDLE_MIN_FRAMES + FIDGET_MIN_FRAMES));
}

static void the_idle_time_is_37_to_74_frames_and_a_fidget_15_to_30(void **state)
{
	(void)state;
	assert_int_equal(IDLE_MIN_FRAMES, 37);          /* 500 Tommy ticks / 13.5 per frame */
	assert_int_equal(IDLE_MIN_FRAMES + IDLE_SPREAD - 1, 74);        /* 1000 */
	assert_int_equal(FIDGET_MIN_FRAMES, 15);        /* 200 */
	assert_int_equal(FIDGET_MIN_FRAMES + FIDGET_SPREAD - 1, 30);    /* 400 */
}

static void a_held_button_keeps_the_player_from_fidgeting(void **state)
{
	(void)state;
	for (int i = 0; i < 200; i++) {
		frame(B, 0);                    /* Bomb held with no bombs: stands, but not idle */
		assert_state(act_player_stand);
	}
}

static void fidget_until(void)
{
	for (int i = 0; i < 200 && p->tick != act_player_fidget; i++)
		frame(0, 0);
	assert_state(act_player_fidget);
}

static void any_button_ends_a_fidget_in_the_same_frame(void **state)
{
	(void)state;
	fidget_until();
	frame(R, R);
	assert_state(act_player_run);
	assert_int_equal(p->x, 6);
	assert_int_equal(actor_image(p), IMG_PLAYER_R0 + 1);    /* the stride's second frame */

	fidget_until();
	frame(J, J);
	assert_state(act_player_jump);
	assert_int_equal(p->y, 12);

	for (int i = 0; i < 20 && p->tick != act_player_stand; i++)
		frame(0, 0);
	fidget_until();                 /* the ground goes away under a fidget: it falls */
	map_row(&w.map, FLOOR_Y, 0, MAP_W - 1, MAP_AIR);
	frame(0, 0);
	assert_state(act_player_fall);
}

/* Run is its own state: a tile a frame, turning at once, standing when let go. */
static void running_turns_and_stops(void **state)
{
	static const struct {
		uint16_t held, pressed;
		ActorTick want;
		int x, dir, action;
	} f[] = {
		{ R, R, act_player_run, 6, 1, ACTION_PLAYER_WALK },
		{ R, 0, act_player_run, 7, 1, ACTION_PLAYER_WALK },
		{ L, L, act_player_run, 6, -1, ACTION_PLAYER_WALK },    /* turns and steps in one frame */
		{ L, 0, act_player_run, 5, -1, ACTION_PLAYER_WALK },
		{ 0, 0, act_player_stand, 5, -1, ACTION_PLAYER_STAND },
		{ L | R, L | R, act_player_stand, 5, -1, ACTION_PLAYER_STAND },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(f); i++) {
		frame(f[i].held, f[i].pressed);
		assert_row(p->tick == f[i].want && p->x == f[i].x && p->dir == f[i].dir &&
		    p->anim.action == f[i].action, "frame %zu: %s at %d dir %d action %d", i + 1,
		    state_name(p->tick), p->x, p->dir, p->anim.action);
	}
}

/* From standing, one frame of each input combination: the state the ground decision picks. */
static void the_ground_decision_order(void **state)
{
	static const struct {
		const char *what;
		uint16_t held, pressed;
		ActorTick want;
	} rows[] = {
		{ "nothing", 0, 0, act_player_stand },
		{ "Jump press with Right", J | R, J, act_player_jump },
		{ "Jump held, not pressed", J, 0, act_player_stand },
		{ "Kick press with Right", K | R, K, act_player_kick },
		{ "Kick press with Jump press", K | J, K | J, act_player_jump },
		{ "Right with Fire", R | F, 0, act_player_run },
		{ "Fire with Up", F | U, 0, act_player_shoot },
		{ "Fire tapped inside the frame", 0, F, act_player_shoot },
		{ "Up", U, 0, act_player_look_up },
		{ "Down", D, 0, act_player_look_down },
		{ "Up and Down: down wins", U | D, 0, act_player_look_down },
		{ "Up with Left: runs", U | L, 0, act_player_run },
		{ "Left and Right", L | R, 0, act_player_stand },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		on_the_floor(NULL);
		frame(rows[i].held, rows[i].pressed);
		assert_row(p->tick == rows[i].want, "%s: %s, want %s", rows[i].what, state_name(p->tick),
		    state_name(rows[i].want));
	}
}

/* Fire held on the ground without an arrow: the shoot pose, a bullet every SHOT_GAP_FRAMES. */
static void standing_and_shooting(void **state)
{
	(void)state;
	face_east(true);
	frame(F, F);
	assert_state(act_player_shoot);
	assert_int_equal(actor_image(p), IMG_PLAYER_SHOOT_R);
	assert_int_equal(w.bullets, 1);
	assert_int_equal(w.sound, SND_SHOOT);
	frame(F, 0);
	assert_int_equal(w.bullets, 1);
	frame(F, 0);
	assert_int_equal(w.bullets, 2);
	frame(0, 0);
	assert_state(act_player_stand);
	assert_int_equal(actor_image(p), IMG_PLAYER_R0);
}

/*
 * Look up / down on a tall map (floor on row 45, feet on 44): the view
 * starts with the feet on view row 14 (cam_y 30). Up moves it a row a frame
 * until the feet are on the view's last row (cam_y 27); Down until the feet
 * are 4 rows below the top (cam_y 40). Letting go leaves the view there.
 */
static void tall_map(void)
{
	map_init(&w.map, MAP_W, 60);
	map_row(&w.map, 45, 0, MAP_W - 1, plain_block());
	p->y = 44;
	world_camera_follow(&w);
	assert_int_equal(w.cam_y, 30);
}

static void looking_up_moves_the_view_to_cosmos_limit(void **state)
{
	static const int want[] = { 29, 28, 27, 27, 27 };

	(void)state;
	tall_map();
	for (size_t i = 0; i < ARRAY_LEN(want); i++) {
		frame(U, i == 0 ? U : 0);
		assert_state(act_player_look_up);
		assert_int_equal(actor_image(p), IMG_PLAYER_LOOK_UP_L);
		assert_row(w.cam_y == want[i], "frame %zu: cam_y %d, want %d", i + 1, w.cam_y, want[i]);
	}
	frame(0, 0);
	assert_state(act_player_stand);
	assert_int_equal(w.cam_y, 27);
}

static void looking_down_moves_the_view_to_cosmos_limit(void **state)
{
	(void)state;
	tall_map();
	for (int i = 1; i <= 14; i++) {
		frame(D, i == 1 ? D : 0);
		assert_state(act_player_look_down);
		assert_int_equal(actor_image(p), IMG_PLAYER_LOOK_DOWN_L);
		assert_row(w.cam_y == (i < 10 ? 30 + i : 40), "frame %d: cam_y %d", i, w.cam_y);
	}
	frame(U, U);                            /* and back up, a row a frame */
	assert_state(act_player_look_up);
	assert_int_equal(w.cam_y, 39);
}

static void the_view_does_not_look_past_the_map_top(void **state)
{
	(void)state;
	assert_int_equal(w.cam_y, 0);
	for (int i = 0; i < 4; i++) {
		frame(U, 0);
		assert_state(act_player_look_up);
		assert_int_equal(w.cam_y, 0);
	}
}

static void running_or_shooting_does_not_look(void **state)
{
	(void)state;
	tall_map();
	frame(U | R, U | R);
	assert_state(act_player_run);
	assert_int_equal(w.cam_y, 30);
	frame(D | F, D | F);
	assert_state(act_player_shoot);
	assert_int_equal(w.cam_y, 30);
}

/*
 * Landing chooses the next ground state for the next frame: stand, run,
 * shoot, or a jump pressed. SND_LAND, unless a shot fired while falling
 * in the same frame outranks it.
 */
static void landing_picks_the_next_state(void **state)
{
	static const struct {
		const char *what;
		uint16_t held, pressed;
		ActorTick want;
		SoundId sound;
	} rows[] = {
		{ "nothing", 0, 0, act_player_stand, SND_LAND },
		{ "Right", R, 0, act_player_run, SND_LAND },
		{ "Fire", F, 0, act_player_shoot, SND_SHOOT },
		{ "Down", D, 0, act_player_look_down, SND_LAND },
		{ "a Jump press", J, J, act_player_begin_jump, SND_LAND },  /* last: see below */
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		on_the_floor(NULL);
		p->y = 12;                      /* two rows up: begin_fall, 1, then land on 14 */
		frame(0, 0);
		assert_state(act_player_fall);
		frame(0, 0);
		assert_int_equal(p->y, 13);
		frame(rows[i].held, rows[i].pressed);
		assert_row(p->y == 14 && w.sound == rows[i].sound, "%s: y %d sound %d", rows[i].what, p->y,
		    w.sound);
		assert_row(p->tick == rows[i].want, "%s: %s, want %s", rows[i].what, state_name(p->tick),
		    state_name(rows[i].want));
	}
	frame(J, 0);                            /* the last row's press jumps in the next frame */
	assert_state(act_player_jump);
	assert_int_equal(p->y, 12);
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(standing_still_fidgets_after_the_idle_time),
	T(the_idle_time_is_37_to_74_frames_and_a_fidget_15_to_30),
	T(a_held_button_keeps_the_player_from_fidgeting),
	T(any_button_ends_a_fidget_in_the_same_frame),
	T(running_turns_and_stops),
	T(the_ground_decision_order),
	T(standing_and_shooting),
	T(looking_up_moves_the_view_to_cosmos_limit),
	T(looking_down_moves_the_view_to_cosmos_limit),
	T(the_view_does_not_look_past_the_map_top),
	T(running_or_shooting_does_not_look),
	T(landing_picks_the_next_state),
};

int main(int argc, char **argv)
{
	if (testmain_filter("player_ground", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("player_ground", tests, NULL, NULL);
}
