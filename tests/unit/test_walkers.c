/* test_walkers.c: seed 004's hopper and scorpion tick by tick — steps, walls, ledges, touches, slow deaths. */
#include "castfix.h"
#include "player.h"

/* x, y and dir after each tick. */
struct step {
	int x, y, dir;
};

static void walk(const Actor *a, const struct step *s, size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		tick();
		assert_row(a->x == s[i].x && a->y == s[i].y && a->dir == s[i].dir,
		    "%s, tick %zu: at (%d,%d) dir %d, want (%d,%d) dir %d", what, i + 1,
		    a->x, a->y, a->dir, s[i].x, s[i].y, s[i].dir);
	}
}

/* Delta time 13 >= 12: a step every frame; seed 004's launch_enemy starts it east. */
static void hopper_steps_every_frame_starting_east(void **state)
{
	static const struct step s[] = { { 11, 14, 1 }, { 12, 14, 1 }, { 13, 14, 1 }, { 14, 14, 1 } };
	Actor *h;

	(void)state;
	h = actor_spawn(&w, ACT_HOPPER, 10, 14);
	assert_int_equal(h->dir, -1);                   /* every actor spawns facing west */
	walk(h, s, ARRAY_LEN(s), "hopper");
	assert_ptr_equal(h->tick, act_hopper_walk);
	assert_int_equal(h->anim.angle, 0);
	assert_int_equal(actor_image(h), IMG_HOPPER_R0 + (int)(w.tick % 2));    /* two frames, one a tick */
}

/* 13 < 16 <= 26: a step every other frame, the first on the second frame. */
static void scorpion_steps_every_other_frame(void **state)
{
	static const struct step s[] = {
		{ 10, 14, 1 }, { 11, 14, 1 }, { 11, 14, 1 }, { 12, 14, 1 }, { 12, 14, 1 }, { 13, 14, 1 },
	};
	Actor *sc;

	(void)state;
	sc = actor_spawn(&w, ACT_SCORPION, 10, 14);
	walk(sc, s, ARRAY_LEN(s), "scorpion");
	assert_ptr_equal(sc->tick, act_scorpion_walk);
}

/* Blocked by the wall at column 15: it turns and steps west in the same step (the seed adds xspeed after turning). */
static void hopper_turns_at_a_wall_and_steps_back_at_once(void **state)
{
	static const struct step s[] = { { 11, 14, 1 }, { 12, 14, 1 }, { 11, 14, -1 }, { 10, 14, -1 } };
	Actor *h;

	(void)state;
	map_column(&w.map, 15, 0, 14, block());
	h = actor_spawn(&w, ACT_HOPPER, 10, 14);         /* 3 tiles wide: columns 10-12 */
	walk(h, s, ARRAY_LEN(s), "wall");
	assert_int_equal(actor_image(h), IMG_HOPPER_L0 + (int)(w.tick % 2));
}

/* Floor only under columns 5-14: the scorpion turns at both ends (our addition). */
static void scorpion_turns_at_ledges(void **state)
{
	static const struct step s[] = {
		{ 10, 14, 1 }, { 11, 14, 1 }, { 11, 14, 1 }, { 12, 14, 1 },     /* on columns 12-14 */
		{ 12, 14, 1 }, { 11, 14, -1 },                                  /* column 15: no floor */
		{ 11, 14, -1 }, { 10, 14, -1 }, { 10, 14, -1 }, { 9, 14, -1 }, { 9, 14, -1 }, { 8, 14, -1 },
		{ 8, 14, -1 }, { 7, 14, -1 }, { 7, 14, -1 }, { 6, 14, -1 }, { 6, 14, -1 }, { 5, 14, -1 },
		{ 5, 14, -1 }, { 6, 14, 1 },                                    /* column 4: no floor */
	};
	Actor *sc;

	(void)state;
	map_row(&w.map, FLOOR_Y, 5, 14, block());
	sc = actor_spawn(&w, ACT_SCORPION, 10, 14);
	walk(sc, s, ARRAY_LEN(s), "ledge");
}

/* The hopper walks on until no floor is under any of its columns, falls a tile a step, then walks again. */
static void hopper_walks_off_a_ledge_and_falls(void **state)
{
	static const struct step s[] = {
		{ 11, 14, 1 }, { 12, 14, 1 }, { 13, 14, 1 }, { 14, 14, 1 },     /* column 14 still holds it */
		{ 15, 14, 1 },                                                  /* over thin air */
		{ 15, 15, 1 }, { 15, 16, 1 }, { 15, 17, 1 }, { 15, 18, 1 }, { 15, 19, 1 },
		{ 16, 19, 1 },                                                  /* landed on row 20 */
	};
	Actor *h;

	(void)state;
	map_row(&w.map, FLOOR_Y, 5, 14, block());
	map_row(&w.map, 20, 0, 39, block());
	h = actor_spawn(&w, ACT_HOPPER, 10, 14);
	walk(h, s, ARRAY_LEN(s), "off the ledge");
}

/* The hopper reaches the player on its 4th step: one health point, then the cooldown. */
static void hopper_touch_costs_one_health_point(void **state)
{
	(void)state;
	player_at(16);
	actor_spawn(&w, ACT_HOPPER, 10, 14);
	ticks(3);                                       /* columns 13-15: not yet */
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
	tick();                                         /* columns 14-16 */
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	assert_int_equal(w.hurt_cooldown, HURT_COOLDOWN_FRAMES - 1);
	ticks(3);                                       /* still touching, cooling down */
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	assert_int_equal(w.lives, PLAYER_START_LIVES);
}

/* Seed 004: `collision_detection(objp, player) && !kicking`. Boxed in with the player, they touch it every step. */
static void walkers_do_not_hurt_a_kicking_player(void **state)
{
	(void)state;
	map_column(&w.map, 13, 0, 14, block());
	map_column(&w.map, 18, 0, 14, block());
	player_at(16);
	actor_spawn(&w, ACT_HOPPER, 14, 14);
	actor_spawn(&w, ACT_SCORPION, 15, 14);
	w.kicking = true;
	ticks(12);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
	assert_ptr_equal(world_player(&w)->tick, act_player_stand);
	w.kicking = false;
	tick();                                         /* tick 13: only the hopper steps */
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	assert_ptr_equal(world_player(&w)->tick, act_player_stand);
}

/*
 * ORIGINAL: seed 004's scorpion has no `if (nhits > 7)`, so one touch
 * costs a life: here the player dies at once (world_kill_player).
 */
static void scorpion_touch_costs_a_whole_life(void **state)
{
	Actor *p;

	(void)state;
	p = player_at(16);
	w.start_x = 16;
	w.start_y = 14;
	actor_spawn(&w, ACT_SCORPION, 12, 14);
	ticks(3);                                       /* stepped once: columns 13-15 */
	assert_ptr_equal(p->tick, act_player_stand);
	tick();                                         /* columns 14-16: touching */
	assert_int_equal(w.health, 0);
	assert_ptr_equal(p->tick, act_player_die);
	assert_int_equal(w.sound, SND_DEATH);
	assert_int_equal(w.lives, PLAYER_START_LIVES);
	ticks(DEATH_FRAMES);
	assert_int_equal(w.lives, PLAYER_START_LIVES - 1);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

/* As in the seed, the touch is only checked on a frame that stepped. */
static void scorpion_checks_the_touch_only_when_it_steps(void **state)
{
	Actor *p;

	(void)state;
	p = player_at(12);
	actor_spawn(&w, ACT_SCORPION, 11, 14);           /* overlapping from the start */
	tick();                                         /* no step: no touch */
	assert_ptr_equal(p->tick, act_player_stand);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
	tick();                                         /* a step */
	assert_ptr_equal(p->tick, act_player_die);
}

/* Seed 004's `if (!player_blink)`: a blinking player is safe; the first step after the cooldown kills. */
static void scorpion_spares_a_blinking_player(void **state)
{
	Actor *p;

	(void)state;
	map_column(&w.map, 11, 0, 14, block());
	map_column(&w.map, 15, 0, 14, block());
	p = player_at(12);
	actor_spawn(&w, ACT_SCORPION, 12, 14);           /* boxed in: it can neither go nor leave */
	w.hurt_cooldown = 10;
	ticks(11);
	assert_ptr_equal(p->tick, act_player_stand);
	tick();                                         /* tick 12: a step, cooldown over */
	assert_ptr_equal(p->tick, act_player_die);
}

/*
 * Hit: the dead frame at once, a floater, the sound; it lies 44 frames
 * (seed 004's 100) and then goes, scoring 100 (kill_enemy). ORIGINAL: the
 * floater (33 frames) is gone before the score arrives.
 */
static void hit_walker_dies_slowly_then_scores(int kind, HitKind how, int dead_image, SoundId snd)
{
	Actor *a, *f;

	a = actor_spawn(&w, kind, 10, 14);
	ticks(2);
	assert_true(actor_hit(&w, a, how));
	assert_ptr_equal(a->tick, act_walker_die);
	assert_int_equal(actor_image(a), dead_image);
	assert_int_equal(w.sound, snd);
	assert_non_null(f = find_kind(ACT_FLOATER));
	assert_int_equal(actor_image(f), IMG_POINTS_100);
	assert_int_equal(f->x, a->x + 0);               /* (3 - 2) / 2 = 0 tiles in */
	assert_int_equal(f->y, a->y - 2);               /* just above its two rows */
	for (int t = 1; t < 44; t++) {
		int x = a->x;

		tick();
		assert_row(a->kind == kind && !a->dead && a->x == x && w.score == 0,
		    "dying tick %d: kind %d dead %d score %u", t, a->kind, a->dead, w.score);
		assert_row(count_kind(ACT_FLOATER) == (t < 33), "tick %d: %d floaters", t,
		    count_kind(ACT_FLOATER));
	}
	tick();
	assert_int_equal(count_kind(kind), 0);
	assert_int_equal(w.score, 100);
}

static void hopper_shot_dies_slowly_then_scores(void **state)
{
	(void)state;
	hit_walker_dies_slowly_then_scores(ACT_HOPPER, HIT_SHOT, IMG_HOPPER_DEAD_R, SND_ENEMY_HIT);
}

static void scorpion_kicked_dies_slowly_then_scores(void **state)
{
	(void)state;
	hit_walker_dies_slowly_then_scores(ACT_SCORPION, HIT_KICK, IMG_SCORPION_DEAD_R, SND_ENEMY_HIT);
}

static void hopper_pounced_dies_slowly_then_scores(void **state)
{
	(void)state;
	hit_walker_dies_slowly_then_scores(ACT_HOPPER, HIT_POUNCE, IMG_HOPPER_DEAD_R, SND_POUNCE);
}

static void scorpion_bombed_dies_slowly_then_scores(void **state)
{
	(void)state;
	hit_walker_dies_slowly_then_scores(ACT_SCORPION, HIT_BOMB, IMG_SCORPION_DEAD_R, SND_ENEMY_HIT);
}

/* "Enemy can fall while dying": a tile a frame, every frame, down to the floor at row 20. */
static void a_dying_walker_falls(void **state)
{
	Actor *h;

	(void)state;
	map_row(&w.map, 20, 0, 39, block());
	h = actor_spawn(&w, ACT_HOPPER, 10, 10);
	assert_true(actor_hit(&w, h, HIT_SHOT));
	for (int y = 11; y <= 19; y++) {
		tick();
		assert_int_equal(h->y, y);
	}
	tick();
	assert_int_equal(h->y, 19);
	assert_int_equal(h->x, 10);
}

/*
 * NOTE: seed 004 only hits an enemy whose frame is below 6 and the hit
 * sets it to 6, so a dying scorpion is never hit again, even in its first
 * dying frames: the shot is not used up, no second floater, the death
 * counter runs on undisturbed.
 */
static void a_dying_walker_cannot_be_hit_again(void **state)
{
	Actor *s;

	(void)state;
	s = actor_spawn(&w, ACT_SCORPION, 10, 14);
	assert_true(actor_hit(&w, s, HIT_SHOT));
	for (int t = 1; t <= 5; t++) {
		tick();
		assert_int_equal(s->count, t);
		assert_false(actor_hit(&w, s, HIT_SHOT));
		assert_false(actor_hit(&w, s, HIT_POUNCE));
		assert_false(actor_hit(&w, s, HIT_BOMB));
		assert_int_equal(s->count, t);
		assert_int_equal(count_kind(ACT_FLOATER), 1);
	}
	ticks(44 - 5);
	assert_int_equal(count_kind(ACT_SCORPION), 0);
	assert_int_equal(w.score, 100);
}

/* The corpse is harmless, whether or not the player stands in it. */
static void a_dying_walker_does_not_hurt(void **state)
{
	Actor *s, *p;

	(void)state;
	p = player_at(11);
	s = actor_spawn(&w, ACT_SCORPION, 10, 14);
	assert_true(actor_hit(&w, s, HIT_SHOT));
	ticks(20);
	assert_ptr_equal(p->tick, act_player_stand);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

#define T(fn) cmocka_unit_test_setup(fn, floor_40x30)
#define E(fn) cmocka_unit_test_setup(fn, empty_40x30)
static const struct CMUnitTest tests[] = {
	T(hopper_steps_every_frame_starting_east),
	T(scorpion_steps_every_other_frame),
	T(hopper_turns_at_a_wall_and_steps_back_at_once),
	E(scorpion_turns_at_ledges),
	E(hopper_walks_off_a_ledge_and_falls),
	T(hopper_touch_costs_one_health_point),
	T(walkers_do_not_hurt_a_kicking_player),
	T(scorpion_touch_costs_a_whole_life),
	T(scorpion_checks_the_touch_only_when_it_steps),
	T(scorpion_spares_a_blinking_player),
	T(hopper_shot_dies_slowly_then_scores),
	T(scorpion_kicked_dies_slowly_then_scores),
	T(hopper_pounced_dies_slowly_then_scores),
	T(scorpion_bombed_dies_slowly_then_scores),
	E(a_dying_walker_falls),
	T(a_dying_walker_cannot_be_hit_again),
	T(a_dying_walker_does_not_hurt),
};

int main(int argc, char **argv)
{
	if (testmain_filter("walkers", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("walkers", tests, NULL, NULL);
}
