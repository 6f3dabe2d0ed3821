/* test_player_kick.c: the kick (seed 004's begin_kick / kick) — its frames, reach, the side faced, w->kicking. */
#include "player.h"
#include "playerfix.h"

/*
 * A tap of Kick (facing east, standing at x 5): wind-up, the leg out (the
 * kick lands, SND_KICK), the leg held, the leg back, then standing again.
 * w->kicking is set from the press to the last kick frame.
 */
static void a_kick_takes_four_frames(void **state)
{
	static const struct {
		uint16_t held, pressed;
		ActorTick want;
		int image;
		bool kicking;
		SoundId sound;
	} f[] = {
		{ K, K, act_player_kick, IMG_PLAYER_KICK0_R, true, SND_NONE },
		{ 0, 0, act_player_kick, IMG_PLAYER_KICK1_R, true, SND_KICK },
		{ 0, 0, act_player_kick, IMG_PLAYER_KICK1_R, true, SND_NONE },
		{ 0, 0, act_player_kick, IMG_PLAYER_KICK0_R, true, SND_NONE },
		{ 0, 0, act_player_stand, IMG_PLAYER_R0, false, SND_NONE },
		{ 0, 0, act_player_stand, IMG_PLAYER_R0, false, SND_NONE },
	};

	(void)state;
	face_east(true);
	for (size_t i = 0; i < ARRAY_LEN(f); i++) {
		frame(f[i].held, f[i].pressed);
		assert_row(p->tick == f[i].want && actor_image(p) == f[i].image && w.kicking == f[i].kicking &&
		    w.sound == f[i].sound, "frame %zu: %s image %d kicking %d sound %d", i + 1,
		    state_name(p->tick), actor_image(p), w.kicking, w.sound);
		assert_int_equal(p->x, 5);
		assert_int_equal(p->y, 14);
	}
}

/* Kick held: up to KICK_REPEATS more kicks, each a new impact two frames after the last. */
static void holding_kick_kicks_again(void **state)
{
	int impacts = 0, frames = 0;

	(void)state;
	frame(K, K);
	while (p->tick == act_player_kick && frames < 30) {
		frame(K, 0);
		frames++;
		impacts += w.sound == SND_KICK;
		assert_true(w.kicking == (p->tick == act_player_kick));
	}
	assert_state(act_player_stand);
	assert_false(w.kicking);
	assert_int_equal(impacts, 1 + KICK_REPEATS);
	assert_int_equal(frames, 2 + 2 * KICK_REPEATS + 2);     /* impact, out; (again, out) x 3; back; stand */
}

/*
 * Critters (2 wide, AF_SHOOTABLE) right behind and right in front of the
 * player (x 3 and x 7 around the body at 5..6): a kick to the east fells
 * only the one in front; the one behind is untouched. Then a kick to the
 * west fells the other.
 */
static void a_kick_hits_only_the_side_faced(void **state)
{
	Actor *front, *behind;

	(void)state;
	front = still(ACT_CRITTER, 7, 14);
	behind = still(ACT_CRITTER, 3, 14);
	w.hurt_cooldown = 200;                  /* their touch does not matter here */
	face_east(true);
	frame(K, K);
	assert_false(front->dead);              /* the wind-up reaches nothing */
	frame(0, 0);
	assert_int_equal(front->kind, ACT_NONE);        /* hit, removed */
	assert_int_equal(behind->kind, ACT_CRITTER);
	assert_false(behind->dead);
	for (int i = 0; i < 4; i++)
		frame(0, 0);
	assert_state(act_player_stand);

	face_east(false);
	frame(K, K);
	frame(0, 0);
	assert_int_equal(behind->kind, ACT_NONE);
}

/*
 * The reach is the body (x 5..6) stretched KICK_REACH (1) tile toward the
 * side faced: a critter right next to it (x 7, or x 3 to the west) or
 * overlapping it from the front is kicked; one a tile further off is not.
 * Overlapping from behind does not count (seed 004: a right kick needs the
 * enemy's x right of the player's, a left kick left of it).
 */
static void the_kick_reaches_one_tile(void **state)
{
	static const struct {
		int critter_x;
		bool east, hit;
	} rows[] = {
		{ 7, true, true }, { 6, true, true }, { 8, true, false }, { 9, true, false },
		{ 5, true, false }, { 4, true, false }, { 3, true, false },
		{ 3, false, true }, { 4, false, true }, { 2, false, false }, { 5, false, false },
		{ 7, false, false },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Actor *c;

		on_the_floor(NULL);
		w.hurt_cooldown = 200;
		c = still(ACT_CRITTER, rows[i].critter_x, 14);
		face_east(rows[i].east);
		frame(K, K);
		frame(0, 0);
		assert_row((c->kind == ACT_NONE) == rows[i].hit, "critter at %d, kick %s: %s", rows[i].critter_x,
		    rows[i].east ? "east" : "west", c->kind == ACT_NONE ? "hit" : "missed");
	}
}

/* Only AF_SHOOTABLE kinds react: a barrel in front stays. */
static void a_kick_leaves_unshootable_actors_alone(void **state)
{
	Actor *barrel;

	(void)state;
	barrel = still(ACT_BARREL, 7, 14);
	face_east(true);
	frame(K, K);
	frame(0, 0);
	assert_int_equal(barrel->kind, ACT_BARREL);
	assert_false(barrel->dead);
	assert_int_equal(w.score, 0);
}

/* The ground going away mid-kick ends it: a fall, and w->kicking cleared. */
static void the_ground_going_away_ends_a_kick(void **state)
{
	(void)state;
	frame(K, K);
	assert_true(w.kicking);
	map_row(&w.map, FLOOR_Y, 0, MAP_W - 1, MAP_AIR);
	frame(0, 0);
	assert_state(act_player_fall);
	assert_false(w.kicking);
}

/* Kicks start from the ground states (run, look, shoot), not in the air. */
static void kicks_start_on_the_ground_only(void **state)
{
	(void)state;
	frame(R, R);
	frame(R | K, K);
	assert_state(act_player_kick);
	assert_int_equal(p->x, 6);              /* the run's step is not taken in the kick's frame */

	on_the_floor(NULL);
	frame(J, J);
	frame(J | K, K);
	assert_state(act_player_jump);
	assert_false(w.kicking);
}

/* A death mid-kick clears w->kicking. */
static void dying_mid_kick_clears_the_flag(void **state)
{
	(void)state;
	frame(K, K);
	world_kill_player(&w);
	frame(0, 0);
	assert_state(act_player_die);
	assert_false(w.kicking);
	assert_int_equal(actor_image(p), IMG_PLAYER_DEAD);
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(a_kick_takes_four_frames),
	T(holding_kick_kicks_again),
	T(a_kick_hits_only_the_side_faced),
	T(the_kick_reaches_one_tile),
	T(a_kick_leaves_unshootable_actors_alone),
	T(the_ground_going_away_ends_a_kick),
	T(kicks_start_on_the_ground_only),
	T(dying_mid_kick_clears_the_flag),
};

int main(int argc, char **argv)
{
	if (testmain_filter("player_kick", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("player_kick", tests, NULL, NULL);
}
