/* test_creatures.c: critter, roamer slug and barrel action functions frame by frame on hand-built maps. */
#include "play.h"
#include "testmain.h"
#include "mapfix.h"

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "world.h"

#define FLOOR_Y 15

static World w;
static const GameInput no_input = { 0, 0 };

static void row(int y, int x0, int x1, uint16_t cell)
{
	map_row(&w.map, y, x0, x1, cell);
}

static void column(int x, int y0, int y1)
{
	map_column(&w.map, x, y0, y1, block());
}

static int empty_40x30(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, 40, 30);
	return 0;
}

static const char *tick_name(ActorTick t)
{
	return t == act_critter_walk ? "critter_walk" : t == act_critter_fall ? "critter_fall" :
	    t == act_slug_fly ? "slug_fly" : t == act_slug_flee ? "slug_flee" :
	    t == act_barrel_sit ? "barrel_sit" :
	    t == act_barrel_fall ? "barrel_fall" : "?";
}

struct frame {
	int x, y, dir;
	ActorTick tick;
};

static void play(Actor *a, const struct frame *f, size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++) {
		world_tick(&w, &no_input);
		assert_row(a->x == f[i].x && a->y == f[i].y && a->dir == f[i].dir,
		    "%s, frame %zu: at (%d,%d) dir %d, want (%d,%d) dir %d", what, i + 1, a->x, a->y,
		    a->dir, f[i].x, f[i].y, f[i].dir);
		assert_row(a->tick == f[i].tick, "%s, frame %zu: in %s, want %s", what, i + 1,
		    tick_name(a->tick), tick_name(f[i].tick));
	}
}

#define WALK act_critter_walk
#define CFALL act_critter_fall

/* The critter (2x2) steps one tile every other frame, west first; a wall at column 3 turns it. */
static void critter_turns_at_a_wall(void **state)
{
	static const struct frame f[] = {
		{ 8, 14, -1, WALK },            /* odd frame: rests */
		{ 7, 14, -1, WALK },
		{ 7, 14, -1, WALK },
		{ 6, 14, -1, WALK },
		{ 6, 14, -1, WALK },
		{ 5, 14, -1, WALK },
		{ 5, 14, -1, WALK },
		{ 4, 14, -1, WALK },            /* next to the wall */
		{ 4, 14, -1, WALK },
		{ 4, 14, 1, WALK },             /* blocked: turns, does not move */
		{ 4, 14, 1, WALK },
		{ 5, 14, 1, WALK },
	};
	Actor *c;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	column(3, 0, 14);
	c = actor_spawn(&w, ACT_CRITTER, 8, 14);
	play(c, f, ARRAY_LEN(f), "wall");
	assert_int_equal(c->anim.angle, 0);
}

/* Floor only under columns 5..12: the critter turns rather than step off either end. */
static void critter_turns_at_a_ledge_instead_of_walking_off(void **state)
{
	static const struct frame f[] = {
		{ 8, 14, -1, WALK }, { 7, 14, -1, WALK },
		{ 7, 14, -1, WALK }, { 6, 14, -1, WALK },
		{ 6, 14, -1, WALK }, { 5, 14, -1, WALK },       /* on columns 5-6, the last two */
		{ 5, 14, -1, WALK }, { 5, 14, 1, WALK },        /* column 4 has no floor: turn */
		{ 5, 14, 1, WALK }, { 6, 14, 1, WALK },
		{ 6, 14, 1, WALK }, { 7, 14, 1, WALK },
		{ 7, 14, 1, WALK }, { 8, 14, 1, WALK },
		{ 8, 14, 1, WALK }, { 9, 14, 1, WALK },
		{ 9, 14, 1, WALK }, { 10, 14, 1, WALK },
		{ 10, 14, 1, WALK }, { 11, 14, 1, WALK },       /* on columns 11-12 */
		{ 11, 14, 1, WALK }, { 11, 14, -1, WALK },      /* column 13 has no floor: turn */
		{ 11, 14, -1, WALK }, { 10, 14, -1, WALK },
	};
	Actor *c;

	(void)state;
	row(FLOOR_Y, 5, 12, block());
	c = actor_spawn(&w, ACT_CRITTER, 8, 14);
	play(c, f, ARRAY_LEN(f), "ledge");
}

/* The floor under it goes away: it switches to falling, drops a tile a frame, walks again after landing. */
static void critter_falls_when_the_floor_is_removed(void **state)
{
	static const struct frame f[] = {
		{ 8, 14, -1, CFALL },           /* no ground: hand over to fall */
		{ 8, 15, -1, CFALL },
		{ 8, 16, -1, CFALL },
		{ 8, 17, -1, CFALL },
		{ 8, 18, -1, CFALL },
		{ 8, 19, -1, CFALL },           /* on the lower floor (row 20) */
		{ 8, 19, -1, WALK },            /* could not fall: walks again */
	};
	Actor *c;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	row(20, 0, 39, block());
	c = actor_spawn(&w, ACT_CRITTER, 8, 14);
	/* Half the floor gone (under column 9): the other tile still holds it. */
	map_set_tile(&w.map, 9, FLOOR_Y, MAP_AIR);
	world_tick(&w, &no_input);
	assert_ptr_equal(c->tick, act_critter_walk);
	assert_int_equal(c->x, 8);
	assert_int_equal(c->y, 14);
	/* All of it gone. */
	row(FLOOR_Y, 0, 39, MAP_AIR);
	play(c, f, ARRAY_LEN(f), "floor removed");
}

#define FLY act_slug_fly

/* The slug flies level, one tile every frame, between walls at columns 3 and 10; nothing holds it up. */
static void slug_turns_at_walls(void **state)
{
	static const struct frame f[] = {
		{ 5, 8, -1, FLY },
		{ 4, 8, -1, FLY },              /* next to the west wall */
		{ 4, 8, 1, FLY },               /* turns */
		{ 5, 8, 1, FLY },
		{ 6, 8, 1, FLY },
		{ 7, 8, 1, FLY },
		{ 8, 8, 1, FLY },               /* covers 8-9, next to the east wall */
		{ 8, 8, -1, FLY },              /* turns */
		{ 7, 8, -1, FLY },
	};
	Actor *s;

	(void)state;
	column(3, 0, 29);
	column(10, 0, 29);
	s = actor_spawn(&w, ACT_SLUG, 6, 8);
	play(s, f, ARRAY_LEN(f), "slug");
	assert_int_equal(s->anim.angle, 180);
}

/* Spawners created during the last tick (spawner_update ran once on them: age 1). */
static int new_spawners(void)
{
	int n = 0;

	for (int i = 0; i < MAX_SPAWNERS; i++)
		n += w.spawners.slot[i].actor != ACT_NONE && w.spawners.slot[i].age == 1;
	return n;
}

static bool is_treasure(int kind)
{
	return kind == ACT_GOURD || kind == ACT_TOMATO || kind == ACT_DIAMOND || kind == ACT_EMERALD;
}

/*
 * The roamer slug flies into the player at tick 7: a treasure rises
 * through a spawner (seed 000) and the slug flees west. It turns at the
 * wall (column 6), is free to give again after 16 frames of fleeing
 * (tick 23), and meets the player again at tick 32: the second gift.
 */
static void slug_releases_a_prize_per_touch_and_flees(void **state)
{
	Actor *s, *p;
	int releases = 0;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	column(6, 0, 14);
	p = actor_spawn(&w, ACT_PLAYER, 20, 14);
	s = actor_spawn(&w, ACT_SLUG, 12, 14);
	s->dir = 1;
	for (int t = 1; t <= 40; t++) {
		int n;

		world_tick(&w, &no_input);
		n = new_spawners();
		assert_row(n == (t == 7 || t == 32), "tick %d: %d new spawners, slug at %d", t, n, s->x);
		for (int i = 0; n && i < MAX_SPAWNERS; i++)
			if (w.spawners.slot[i].age == 1) {
				assert_row(is_treasure(w.spawners.slot[i].actor), "tick %d: gift %d", t,
				    w.spawners.slot[i].actor);
				assert_row(w.spawners.slot[i].x == 19, "tick %d: from x %d", t,
				    w.spawners.slot[i].x);
			}
		releases += n;
		if (t == 7 || t == 32)
			assert_row(s->tick == act_slug_flee && s->dir == -1, "tick %d: not fleeing", t);
		if (t == 23)
			assert_ptr_equal(s->tick, act_slug_fly);
	}
	assert_int_equal(releases, 2);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);  /* it never hurts */
	assert_int_equal(p->x, 20);
}

/* Boxed in with the player, it touches all the time: one gift only, it stays fleeing. */
static void slug_touching_all_along_gives_once(void **state)
{
	Actor *s;
	int releases = 0;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	column(10, 0, 14);
	column(13, 0, 14);
	actor_spawn(&w, ACT_PLAYER, 11, 14);
	s = actor_spawn(&w, ACT_SLUG, 11, 14);
	for (int t = 0; t < 100; t++) {
		world_tick(&w, &no_input);
		releases += new_spawners();
	}
	assert_int_equal(releases, 1);
	assert_ptr_equal(s->tick, act_slug_flee);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

/* Shot (AF_SHOOTABLE) or pounced: gone, 100 points, a floater. */
static void critter_and_slug_are_defeated_by_any_hit(void **state)
{
	Actor *c, *s, *f;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	c = actor_spawn(&w, ACT_CRITTER, 8, 14);
	s = actor_spawn(&w, ACT_SLUG, 20, 8);
	assert_true(actor_hit(&w, c, HIT_SHOT));
	assert_true(c->dead);
	assert_int_equal(w.score, 100);
	assert_int_equal(w.sound, SND_ENEMY_HIT);
	assert_false(actor_hit(&w, c, HIT_SHOT));       /* already gone */
	w.sound = SND_NONE;                             /* a tick would clear it */
	assert_true(actor_hit(&w, s, HIT_POUNCE));
	assert_int_equal(w.sound, SND_POUNCE);
	assert_int_equal(w.score, 200);
	world_tick(&w, &no_input);
	f = NULL;
	for (int i = 0; i < MAX_ACTORS; i++)
		if (w.actors[i].kind == ACT_FLOATER && w.actors[i].x == 8 && w.actors[i].y == 12)
			f = &w.actors[i];
	assert_non_null(f);
	assert_int_equal(actor_image(f), IMG_POINTS_100);
}

#define SIT act_barrel_sit
#define BFALL act_barrel_fall

static void barrel_falls_when_unsupported(void **state)
{
	static const struct frame f[] = {
		{ 6, 10, -1, BFALL },           /* nothing under it: hand over to fall */
		{ 6, 11, -1, BFALL },
		{ 6, 12, -1, BFALL },
		{ 6, 13, -1, BFALL },
		{ 6, 14, -1, BFALL },           /* on the floor */
		{ 6, 14, -1, SIT },
		{ 6, 14, -1, SIT },
	};
	Actor *b;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	b = actor_spawn(&w, ACT_BARREL, 6, 10);
	play(b, f, ARRAY_LEN(f), "barrel");
}

static void barrel_on_the_floor_sits_still(void **state)
{
	static const struct frame f[] = {
		{ 6, 14, -1, SIT }, { 6, 14, -1, SIT }, { 6, 14, -1, SIT },
	};
	Actor *b;

	(void)state;
	row(FLOOR_Y, 0, 39, block());
	b = actor_spawn(&w, ACT_BARREL, 6, 14);
	play(b, f, ARRAY_LEN(f), "barrel on the floor");
}

#define T(fn) cmocka_unit_test_setup(fn, empty_40x30)
static const struct CMUnitTest tests[] = {
	T(critter_turns_at_a_wall),
	T(critter_turns_at_a_ledge_instead_of_walking_off),
	T(critter_falls_when_the_floor_is_removed),
	T(slug_turns_at_walls),
	T(slug_releases_a_prize_per_touch_and_flees),
	T(slug_touching_all_along_gives_once),
	T(critter_and_slug_are_defeated_by_any_hit),
	T(barrel_falls_when_unsupported),
	T(barrel_on_the_floor_sits_still),
};

int main(int argc, char **argv)
{
	if (testmain_filter("creatures", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("creatures", tests, NULL, NULL);
}
