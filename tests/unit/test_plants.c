/* test_plants.c: the tulip launcher and what it launches (blue ball, parachute), the eye plant. */
#include "castfix.h"

#include "cast.h"

static int expected_launch(void)
{
	Rng r = w.rng;

	return rng_below(&r, 2) ? ACT_PARACHUTE : ACT_BLUE_BALL;
}

/* Closed for 39 frames, open for the next 8, then a launch through a spawner from its flower; again 48 later. */
static void tulip_opens_then_launches_every_48_frames(void **state)
{
	Actor *t;
	int want = ACT_NONE, launches = 0;

	(void)state;
	t = actor_spawn(&w, ACT_TULIP, 10, 14);          /* 2x3 tiles, rows 12-14 */
	for (int f = 1; f <= 96; f++) {
		int phase = f % 48;

		if (phase == 0)
			want = expected_launch();
		tick();
		assert_row(actor_image(t) == (phase >= 40 ? IMG_TULIP_OPEN : IMG_TULIP_CLOSED),
		    "frame %d: image %d", f, actor_image(t));
		assert_row(new_spawners() == (phase == 0), "frame %d: %d new spawners", f, new_spawners());
		if (phase == 0) {
			const Spawner *sp = first_spawner();      /* the first one has landed by the second */

			launches++;
			assert_int_equal(sp->actor, want);
			assert_int_equal(sp->x, 10);
			assert_int_equal(sp->y, 13 - 2);        /* from row 13, up 2 in its first tick */
		}
	}
	assert_int_equal(launches, 2);
	assert_int_equal(count_kind(ACT_BLUE_BALL) + count_kind(ACT_PARACHUTE), 1);   /* the first landed */
}

/* The spawner ends at the map's top; the creature appears there and comes down (seed 000). */
static void launched_creature_becomes_an_actor_and_falls(void **state)
{
	Actor *c = NULL;
	int kind, y;

	(void)state;
	actor_spawn(&w, ACT_TULIP, 10, 14);
	ticks(47);
	kind = expected_launch();
	tick();
	for (int f = 0; f < 11 && !c; f++) {
		tick();
		c = find_kind(kind);
	}
	assert_non_null(c);
	assert_int_equal(c->x, 10);
	y = c->y;
	assert_true(y <= 2);
	ticks(30);
	assert_true(c->y > y);
}

static void tulip_out_of_view_does_nothing(void **state)
{
	Actor *t;

	(void)state;
	t = actor_spawn(&w, ACT_TULIP, 38, 14);          /* the view ends at column 37 */
	ticks(100);
	assert_int_equal(busy_spawners(), 0);
	assert_int_equal(t->timer, 0);
}

/* LAUNCHED_MAX blue balls about: the tulip keeps its rhythm but launches nothing. */
static void tulip_launches_nothing_while_six_are_about(void **state)
{
	Actor *balls[LAUNCHED_MAX];

	(void)state;
	for (int i = 0; i < LAUNCHED_MAX; i++)
		balls[i] = actor_spawn(&w, ACT_BLUE_BALL, 20 + 2 * i, 14);
	actor_spawn(&w, ACT_TULIP, 2, 14);
	ticks(48);
	assert_int_equal(busy_spawners(), 0);
	actor_hit(&w, balls[0], HIT_SHOT);
	ticks(48);
	assert_int_equal(busy_spawners(), 1);
	assert_int_equal(launched_count(&w), LAUNCHED_MAX);     /* five balls and the spawner */
}

static void tulip_is_destroyed_by_shots_not_pounces(void **state)
{
	Actor *t;

	(void)state;
	t = actor_spawn(&w, ACT_TULIP, 10, 14);
	assert_false(actor_hit(&w, t, HIT_POUNCE));
	assert_true(actor_hit(&w, t, HIT_SHOT));
	assert_true(t->dead);
	assert_int_equal(w.score, 200);
}

/* On the floor: up 3 tiles a tile a frame, down a tile a frame, again; a tile east every other frame. */
static void blue_ball_bounces_and_rolls_toward_the_player(void **state)
{
	static const int8_t xy[][2] = {
		{ 10, 14 }, { 11, 13 }, { 11, 12 }, { 12, 11 }, { 12, 12 }, { 13, 13 }, { 13, 14 },
		{ 14, 14 }, { 14, 13 }, { 15, 12 },
	};
	Actor *b;

	(void)state;
	player_at(30);
	b = actor_spawn(&w, ACT_BLUE_BALL, 10, 14);
	for (size_t i = 0; i < ARRAY_LEN(xy); i++) {
		tick();
		assert_row(b->x == xy[i][0] && b->y == xy[i][1], "tick %zu: at (%d,%d), want (%d,%d)",
		    i + 1, b->x, b->y, xy[i][0], xy[i][1]);
	}
	assert_int_equal(b->dir, 1);
}

/* Under a ceiling at row 12 it cannot rise at all; a wall turns it. */
static void blue_ball_under_a_ceiling_rolls_flat_and_turns_at_walls(void **state)
{
	Actor *b;

	(void)state;
	map_row(&w.map, 12, 0, 39, block());
	map_column(&w.map, 14, 13, 14, block());
	b = actor_spawn(&w, ACT_BLUE_BALL, 10, 14);      /* no player: it keeps facing west... */
	b->dir = 1;                                     /* ...unless told otherwise */
	for (int t = 1; t <= 12; t++) {
		tick();
		assert_row(b->y == 14, "tick %d: y %d", t, b->y);
	}
	assert_int_equal(b->dir, -1);                   /* met the wall at column 14 */
	assert_true(b->x < 12);
}

static void blue_ball_hurts_on_touch(void **state)
{
	(void)state;
	player_at(11);
	actor_spawn(&w, ACT_BLUE_BALL, 10, 14);
	tick();
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
}

/*
 * From row 5 with the player to the east: a tile down every 2 frames, a
 * tile east every 4; on the floor it packs up and walks (a tile every
 * other frame).
 */
static void parachute_sinks_drifts_then_walks(void **state)
{
	Actor *c;

	(void)state;
	player_at(30);
	c = actor_spawn(&w, ACT_PARACHUTE, 10, 5);
	assert_int_equal(actor_image(c), IMG_PARACHUTE);
	for (int t = 1; t <= 18; t++) {
		tick();
		assert_row(c->x == 10 + t / 4 && c->y == 5 + t / 2 && c->tick == act_parachute_drift,
		    "tick %d: at (%d,%d), want (%d,%d)", t, c->x, c->y, 10 + t / 4, 5 + t / 2);
	}
	tick();                                         /* on the floor: walks from now */
	assert_ptr_equal(c->tick, act_parachute_walk);
	assert_int_equal(actor_image(c) - IMG_PARA_WALK_R0, 0);
	assert_int_equal(c->x, 14);
	tick();
	assert_int_equal(c->x, 14);
	tick();
	assert_int_equal(c->x, 15);
	assert_int_equal(c->y, 14);
}

/* Landed, it turns at ledges like the critter and hurts on touch. */
static void parachute_walker_turns_at_ledges_and_hurts(void **state)
{
	Actor *c;

	(void)state;
	map_row(&w.map, FLOOR_Y, 0, 39, MAP_AIR);
	map_row(&w.map, FLOOR_Y, 8, 12, block());
	c = actor_spawn(&w, ACT_PARACHUTE, 10, 14);
	c->dir = 1;
	tick();                                         /* lands at once, no player: keeps east */
	for (int t = 0; t < 20; t++) {
		tick();
		assert_row(c->x >= 8 && c->x <= 11 && c->y == 14, "walk %d: at (%d,%d)", t, c->x, c->y);
	}
	player_at(c->x);
	tick();
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
}

/* Seed 000: "each Eye Plant spawns an Idle Bomb when bombed" — a spawner from its spot. */
static void eye_plant_bombed_leaves_an_idle_bomb(void **state)
{
	Actor *e;

	(void)state;
	e = actor_spawn(&w, ACT_EYE_PLANT, 10, 14);
	assert_true(actor_hit(&w, e, HIT_BOMB));
	assert_true(e->dead);
	assert_int_equal(busy_spawners(), 1);
	assert_int_equal(first_spawner()->actor, ACT_BOMB_PICKUP);
	assert_int_equal(first_spawner()->x, 10);
	assert_int_equal(first_spawner()->y, 14);
	assert_int_equal(w.score, 200);
	assert_int_equal(actor_image(find_kind(ACT_FLOATER)), IMG_POINTS_200);
}

/* Shot, kicked or pounced it is just destroyed: no bomb. */
static void eye_plant_shot_kicked_or_pounced_leaves_no_bomb(void **state)
{
	static const HitKind hows[] = { HIT_SHOT, HIT_KICK, HIT_POUNCE };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(hows); i++) {
		Actor *e = actor_spawn(&w, ACT_EYE_PLANT, 4 + 3 * (int)i, 14);

		assert_true(actor_hit(&w, e, hows[i]));
		assert_true(e->dead);
	}
	assert_int_equal(busy_spawners(), 0);
	assert_int_equal(w.score, 600);
}

/* It watches the player (east or west view) and hurts on touch. */
static void eye_plant_watches_and_hurts(void **state)
{
	Actor *e, *p;

	(void)state;
	p = player_at(4);
	e = actor_spawn(&w, ACT_EYE_PLANT, 10, 14);
	tick();
	assert_int_equal(e->anim.angle, 180);
	assert_true(actor_image(e) >= IMG_EYE_PLANT_L0 && actor_image(e) <= IMG_EYE_PLANT_L2);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
	p->x = 11;
	tick();
	assert_int_equal(e->anim.angle, 0);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
}

#define T(fn) cmocka_unit_test_setup(fn, floor_40x30)
static const struct CMUnitTest tests[] = {
	T(tulip_opens_then_launches_every_48_frames),
	T(launched_creature_becomes_an_actor_and_falls),
	T(tulip_out_of_view_does_nothing),
	T(tulip_launches_nothing_while_six_are_about),
	T(tulip_is_destroyed_by_shots_not_pounces),
	T(blue_ball_bounces_and_rolls_toward_the_player),
	T(blue_ball_under_a_ceiling_rolls_flat_and_turns_at_walls),
	T(blue_ball_hurts_on_touch),
	T(parachute_sinks_drifts_then_walks),
	T(parachute_walker_turns_at_ledges_and_hurts),
	T(eye_plant_bombed_leaves_an_idle_bomb),
	T(eye_plant_shot_kicked_or_pounced_leaves_no_bomb),
	T(eye_plant_watches_and_hurts),
};

int main(int argc, char **argv)
{
	if (testmain_filter("plants", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("plants", tests, NULL, NULL);
}
