/* test_creatures.c: critter, slug and barrel action functions frame by frame on hand-built maps. */
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
	    t == act_slug_fly ? "slug_fly" : t == act_barrel_sit ? "barrel_sit" :
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
	T(barrel_falls_when_unsupported),
	T(barrel_on_the_floor_sits_still),
};

int main(int argc, char **argv)
{
	if (testmain_filter("creatures", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("creatures", tests, NULL, NULL);
}
