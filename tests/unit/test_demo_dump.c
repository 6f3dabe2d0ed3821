/* test_demo_dump.c: the per-tick state dump (game/formats/dump.c) line by line, action names, and demos replaying deterministically. */
#include "play.h"
#include "testmain.h"

#include "acts.h"
#include "assets.h"
#include "crc32.h"
#include "demo.h"
#include "dump.h"
#include "level.h"
#include "platform.h"
#include "shard.h"
#include "spawner.h"
#include "world.h"

static World w;                         /* ~140 KB: static, not on the stack */

static struct {
	char line[64][DUMP_LINE];
	int n;
	uint32_t crc;                   /* of every line, for long runs */
	long total;
} dumped;

static void capture(void *ctx, const char *line)
{
	(void)ctx;
	assert_true(strlen(line) < DUMP_LINE - 1);      /* nothing was cut */
	assert_true(strncmp(line, "T=", 2) == 0);
	if (dumped.n < (int)ARRAY_LEN(dumped.line))
		snprintf(dumped.line[dumped.n++], DUMP_LINE, "%s", line);
	dumped.crc = crc32_update(dumped.crc, line, strlen(line) + 1);
	dumped.total++;
}

static int fresh(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, 40, 30);
	memset(&dumped, 0, sizeof dumped);
	return 0;
}

static void no_op(Actor *self, World *world)
{
	(void)self;
	(void)world;
}

/* One of everything, placed by hand: the exact lines, in the documented order. */
static void a_world_dumps_one_line_per_thing(void **state)
{
	Actor *p, *c;

	(void)state;
	p = actor_spawn(&w, ACT_PLAYER, 3, 5);
	c = actor_spawn(&w, ACT_CRITTER, 10, 5);
	c->dir = 1;
	c->timer = 4;
	spawner_new(&w.spawners, ACT_GOURD, 6, 9);
	shard_new(&w.shards, IMG_CRITTER0, 7, 8);
	assert_true(platform_new(&w.platforms, &w.map, 20, 12));
	assert_true(fountain_new(&w.platforms, 30, 20, FOUNTAIN_MEDIUM));
	w.score = 1200;
	w.bombs = 2;
	w.in = (GameInput){ .held = BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_JUMP), .pressed = BTN_BIT(BTN_JUMP) };
	w.cam_x = 1;
	w.cam_y = 2;
	w.tick = 17;
	(void)p;
	dump_world(&w, capture, NULL);
	assert_int_equal(dumped.n, 9);
	assert_string_equal(dumped.line[0], "T=17 world in=rj/j cam=1,2 rng=0x00000001 sound=0 flags=-");
	assert_string_equal(dumped.line[1], "T=17 player 0 x=3 y=5 dir=W act=act_player_stand timer=0 vy=0 "
	    "health=3 lives=3 score=1200 bombs=2 bullets=0 hurt=0 cling=-");
	assert_string_equal(dumped.line[2], "T=17 actor 0 PLAYER x=3 y=5 dir=W act=act_player_stand timer=0 "
	    "count=0 hp=1 vx=0 vy=0 anim=0.0");
	assert_string_equal(dumped.line[3], "T=17 actor 1 CRITTER x=10 y=5 dir=E act=act_critter_walk timer=4 "
	    "count=0 hp=1 vx=0 vy=0 anim=2.0");
	assert_string_equal(dumped.line[4], "T=17 spawner 0 x=6 y=9 age=0 actor=GOURD");
	assert_non_null(strstr(dumped.line[5], "T=17 shard 0 x=7 y=8 age=1 image="));
	assert_non_null(strstr(dumped.line[5], " xmode=1 bounced=0"));      /* seed 001: the cycle starts at 1 */
	assert_string_equal(dumped.line[6], "T=17 platforms active=1 fast=0 slow=0");
	assert_string_equal(dumped.line[7], "T=17 platform 0 x=20 y=12 step=0 state=moving");
	assert_string_equal(dumped.line[8], "T=17 fountain 0 x=29 y=19 dir=N height=0 step=0 max=9 delay=0");  /* placed one up-left of its marker */
}

static void world_flags_and_every_button_are_named(void **state)
{
	(void)state;
	w.in = (GameInput){ .held = (1u << BTN_COUNT) - 1, .pressed = 0 };
	w.level_done = true;
	w.game_over = true;
	dump_world(&w, capture, NULL);
	assert_int_equal(dumped.n, 2);          /* world, and a player line saying there is none */
	assert_non_null(strstr(dumped.line[0], " in=lrudjfbpek/- "));
	assert_non_null(strstr(dumped.line[0], " flags=level_done,game_over"));
	assert_string_equal(dumped.line[1], "T=0 player -1 health=3 lives=3 score=0 bombs=0 bullets=0 hurt=0 cling=-");
}

/* An actor about to start next frame says when; unknown action functions print a stable "?". */
static void new_actors_and_unnamed_functions(void **state)
{
	Actor *a;

	(void)state;
	w.in_tick = true;
	a = actor_spawn(&w, ACT_SLUG, 2, 2);
	w.in_tick = false;
	a->tick = no_op;
	dump_world(&w, capture, NULL);
	assert_string_equal(dumped.line[2], "T=0 actor 0 SLUG x=2 y=2 dir=W act=? timer=0 count=0 hp=1 vx=0 vy=0 "
	    "anim=3.0 born=1");
	a->tick = NULL;
	assert_string_equal(dump_act_name(NULL), "none");
	assert_null(dump_act_name(no_op));
	a->tick = no_op;
	assert_string_equal(dump_act_fallback(a), "?");
	a->tick = actor_kinds[ACT_SLUG].start;
	assert_string_equal(dump_act_fallback(a), "?start");
}

/*
 * Every kind's first action function has a name in the dump. When this
 * fails, add one line ACT_NAME(act_<function>) to act_names[] in game/formats/dump.c.
 */
static void every_kinds_first_action_has_a_name(void **state)
{
	(void)state;
	for (int k = 1; k < ACT_COUNT; k++) {
		ActorTick start = actor_kinds[k].start;

		assert_row(!start || dump_act_name(start), "kind %s: its start function is not in act_names[] "
		    "in game/formats/dump.c; add ACT_NAME(<function>) there", actor_kinds[k].name);
	}
	assert_string_equal(dump_act_name(act_player_die), "act_player_die");
	assert_string_equal(dump_act_name(act_barrel_fall), "act_barrel_fall");
}

/* Play a built-in demo through a fresh world; the dump of every tick, folded into a CRC. */
static uint32_t replay(const char *name, uint32_t *ticks)
{
	static DemoPlayer pl;
	const DemoBlob *d = demo_find(name);
	const LevelBlob *lb;
	char err[LEVEL_ERR_SIZE];
	GameInput in;

	assert_non_null(d);
	assert_true(demo_open(&pl, d->data, d->len, err, sizeof err));
	lb = level_find(pl.h.level);
	assert_non_null(lb);
	assert_true(world_load_level(&w, lb->data, lb->len, pl.h.seed, err, sizeof err));
	demo_apply_start(&pl.h, &w);
	memset(&dumped, 0, sizeof dumped);
	dump_world(&w, capture, NULL);
	while (demo_next(&pl, &in)) {
		world_tick(&w, &in);
		dump_world(&w, capture, NULL);
	}
	*ticks = w.tick;
	return dumped.crc;
}

static void built_in_demos_replay_identically(void **state)
{
	(void)state;
	for (int i = 0; i < game_demo_count; i++) {
		uint32_t t1, t2, a = replay(game_demos[i].name, &t1), b = replay(game_demos[i].name, &t2);
		DemoHeader h;

		assert_true(demo_check(game_demos[i].data, game_demos[i].len, &h, NULL, 0));
		assert_row(a == b && t1 == t2, "demo %s: two replays differ", game_demos[i].name);
		assert_row(t1 == h.ticks, "demo %s: %u ticks played, header says %u", game_demos[i].name, t1, h.ticks);
	}
}

/*
 * The player's action functions keep their ids, their places in the name
 * table: the demo planner keys and orders its states by them
 * (tests/host/plan.c), so a function moved in the table re-plans the
 * built-in demos.
 */
static void action_ids_are_stable_and_distinct(void **state)
{
	static const ActorTick player[] = {
		act_player_stand, act_player_begin_jump, act_player_jump, act_player_begin_fall, act_player_fall,
		act_player_die, act_player_fidget, act_player_run, act_player_shoot, act_player_look_up,
		act_player_look_down, act_player_land, act_player_cling, act_player_begin_kick, act_player_kick,
		act_player_recoil,
	};
	static const int ids[] = { 1, 2, 3, 4, 5, 6, 30, 31, 32, 33, 34, 35, 36, 37, 38, 44 };

	(void)state;
	assert_int_equal(dump_act_id(NULL), DUMP_ACT_NONE);
	assert_int_equal(dump_act_id(no_op), DUMP_ACT_UNKNOWN);
	for (size_t i = 0; i < ARRAY_LEN(player); i++)
		assert_row(dump_act_id(player[i]) == ids[i], "%s: id %d, want %d", dump_act_name(player[i]),
		    dump_act_id(player[i]), ids[i]);
}

#define T(f) cmocka_unit_test_setup(f, fresh)
static const struct CMUnitTest tests[] = {
	T(a_world_dumps_one_line_per_thing),
	T(world_flags_and_every_button_are_named),
	T(new_actors_and_unnamed_functions),
	T(every_kinds_first_action_has_a_name),
	T(action_ids_are_stable_and_distinct),
	T(built_in_demos_replay_identically),
};

int main(int argc, char **argv)
{
	if (testmain_filter("demo_dump", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("demo_dump", tests, NULL, NULL);
}
