/* test_player_hurt.c: hurts and the blinking cooldown in every player state; death and respawn from any state. */
#include "player.h"
#include "playerfix.h"

/* Put the player on a cling wall in column 10 at (8, 9). */
static void to_cling(void)
{
	map_column(&w.map, 10, 0, 14, cling_block());
	face_east(true);
	p->x = 8;
	p->y = 9;
	frame(R, R);
	frame(R, 0);
}

static void to_fall(void)
{
	p->y = 2;
	frame(0, 0);
	frame(0, 0);
}

static const struct hurt_row {
	const char *what;
	void (*setup)(void);            /* or NULL: one frame of `held`/`pressed` gets there */
	uint16_t held, pressed;
	ActorTick state;
} hurt_rows[] = {
	{ "standing", NULL, 0, 0, act_player_stand },
	{ "running", NULL, R, R, act_player_run },
	{ "jumping", NULL, J, J, act_player_jump },
	{ "falling", to_fall, 0, 0, act_player_fall },
	{ "kicking", NULL, K, K, act_player_kick },
	{ "clinging", to_cling, R, 0, act_player_cling },
	{ "looking up", NULL, U, U, act_player_look_up },
	{ "looking down", NULL, D, D, act_player_look_down },
	{ "shooting", NULL, F, F, act_player_shoot },
};

static void enter(const struct hurt_row *r)
{
	on_the_floor(NULL);
	if (r->setup)
		r->setup();
	else
		frame(r->held, r->pressed);
	assert_row(p->tick == r->state, "%s: in %s", r->what, state_name(p->tick));
}

/*
 * In every state a hurt costs one point, asks for SND_HURT, starts
 * HURT_COOLDOWN_FRAMES of blinking during which more hurts do nothing,
 * and does not interrupt what the player is doing.
 */
static void a_hurt_in_any_state_costs_one_point_then_cools_down(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(hurt_rows); i++) {
		const struct hurt_row *r = &hurt_rows[i];

		enter(r);
		w.sound = SND_NONE;
		world_hurt_player(&w);
		assert_row(w.health == PLAYER_MAX_HEALTH - 1 && w.sound == SND_HURT &&
		    w.hurt_cooldown == HURT_COOLDOWN_FRAMES, "%s: health %d sound %d cooldown %d", r->what,
		    w.health, w.sound, w.hurt_cooldown);
		frame(r->held, 0);
		assert_row(p->tick == r->state, "%s: after the hurt in %s", r->what, state_name(p->tick));
		world_hurt_player(&w);
		assert_row(w.health == PLAYER_MAX_HEALTH - 1, "%s: hurt again while blinking", r->what);
		assert_int_equal(w.hurt_cooldown, HURT_COOLDOWN_FRAMES - 1);
	}
}

/*
 * The cooldown runs out after HURT_COOLDOWN_FRAMES frames whatever the
 * player does meanwhile (here: runs, jumps, lands, kicks, shoots).
 */
static void the_cooldown_runs_through_state_changes(void **state)
{
	static const uint16_t moves[][2] = {
		{ R, R }, { R, 0 }, { R | J, J }, { R | J, 0 }, { R, 0 }, { 0, 0 }, { K, K }, { 0, 0 },
		{ F, F }, { F, 0 }, { L, L }, { U, U },
	};

	(void)state;
	world_hurt_player(&w);
	for (int t = 1; t < HURT_COOLDOWN_FRAMES; t++) {
		const uint16_t *m = moves[t % ARRAY_LEN(moves)];

		frame(m[0], m[1]);
		world_hurt_player(&w);
		assert_row(w.health == PLAYER_MAX_HEALTH - 1, "frame %d (%s): hurt while blinking", t,
		    state_name(p->tick));
	}
	frame(0, 0);
	assert_int_equal(w.hurt_cooldown, 0);
	world_hurt_player(&w);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 2);
}

/* The last point kills in any state: the death pose, clinging and kicking end; the respawn stands. */
static void dying_in_any_state_respawns_standing(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(hurt_rows); i++) {
		const struct hurt_row *r = &hurt_rows[i];

		enter(r);
		w.health = 1;
		world_hurt_player(&w);
		assert_row(p->tick == act_player_die && w.sound == SND_DEATH, "%s: %s", r->what, state_name(p->tick));
		frame(r->held, r->pressed);
		assert_row(!w.kicking && w.cling_dir == DIR4_NONE && actor_image(p) == IMG_PLAYER_DEAD,
		    "%s: kicking %d cling %d image %d", r->what, w.kicking, w.cling_dir, actor_image(p));
		for (int t = 1; t < DEATH_FRAMES; t++)
			frame(r->held, 0);
		assert_row(p->tick == act_player_stand && p->x == 5 && p->y == 14 && p->vx == 0 &&
		    actor_image(p) == (p->dir > 0 ? IMG_PLAYER_R0 : IMG_PLAYER_L0),
		    "%s: respawned in %s at (%d,%d) image %d", r->what, state_name(p->tick), p->x, p->y,
		    actor_image(p));
		assert_int_equal(w.health, PLAYER_MAX_HEALTH);
		assert_int_equal(w.hurt_cooldown, HURT_COOLDOWN_FRAMES - 1);   /* blinking, one frame spent */
		assert_int_equal(w.lives, PLAYER_START_LIVES - 1);
	}
}

/* Dead, the player does nothing: no shots, no bombs, no moves. */
static void the_dead_do_not_act(void **state)
{
	(void)state;
	w.bombs = 3;
	world_kill_player(&w);
	for (int t = 0; t < DEATH_FRAMES - 1; t++) {
		frame(R | F | J | K | B, R | F | J | K | B);
		assert_state(act_player_die);
	}
	assert_int_equal(p->x, 5);
	assert_int_equal(w.bullets, 0);
	assert_int_equal(w.bombs, 3);
}

#define T(fn) cmocka_unit_test_setup(fn, on_the_floor)
static const struct CMUnitTest tests[] = {
	T(a_hurt_in_any_state_costs_one_point_then_cools_down),
	T(the_cooldown_runs_through_state_changes),
	T(dying_in_any_state_respawns_standing),
	T(the_dead_do_not_act),
};

int main(int argc, char **argv)
{
	if (testmain_filter("player_hurt", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("player_hurt", tests, NULL, NULL);
}
