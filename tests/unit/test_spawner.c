/* test_spawner.c: seed 000 spawners — the pool: init, new, six slots, freeing, the created actor, the trace. */
#include "spawnerfix.h"

static void test_tiles_block_as_assumed(void **state)
{
	(void)state;
	assert_true(map_attr(CEILING) & TILE_BLOCK_NORTH);
	assert_false(map_attr(LEDGE) & TILE_BLOCK_NORTH);
	assert_true(map_attr(LEDGE) & TILE_BLOCK_SOUTH);
	assert_int_equal(image_tiles_w(actor_kind_image(KIND)), 2);
	assert_int_equal(image_tiles_h(actor_kind_image(KIND)), 2);
}

static void init_clears_every_slot_and_drawing(void **state)
{
	(void)state;
	for (int i = 0; i < MAX_SPAWNERS; i++)
		spawner_new(&w.spawners, KIND, X0 + i, Y0);
	update();
	spawner_init(&w.spawners);
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		assert_row(w.spawners.slot[i].actor == ACT_NONE, "slot %d still busy", i);
		assert_row(w.spawners.draw[i].actor == ACT_NONE, "slot %d still drawn", i);
	}
	trace_now();
	assert_int_equal(traced.n, 0);
}

/* Seed 000: InitializeSpawners ends unfinished animations — they never become actors. */
static void init_ends_unfinished_spawners_without_actors(void **state)
{
	(void)state;
	spawner_new(&w.spawners, KIND, X0, Y0);
	for (int age = 1; age <= 5; age++)
		update();
	spawner_init(&w.spawners);
	for (int t = 0; t < 20; t++)
		update();
	assert_int_equal(actor_count(&w), 0);
}

static void new_takes_the_lowest_idle_slot_at_age_0(void **state)
{
	(void)state;
	spawner_new(&w.spawners, ACT_SLUG, 3, 30);
	spawner_new(&w.spawners, ACT_CRITTER, 7, 31);
	assert_int_equal(w.spawners.slot[0].actor, ACT_SLUG);
	assert_int_equal(w.spawners.slot[0].x, 3);
	assert_int_equal(w.spawners.slot[0].y, 30);
	assert_int_equal(w.spawners.slot[0].age, 0);
	assert_int_equal(w.spawners.slot[1].actor, ACT_CRITTER);
	assert_int_equal(w.spawners.slot[1].x, 7);
	assert_int_equal(w.spawners.slot[1].y, 31);
	assert_int_equal(w.spawners.slot[1].age, 0);
	for (int i = 2; i < MAX_SPAWNERS; i++)
		assert_row(w.spawners.slot[i].actor == ACT_NONE, "slot %d taken", i);
	/* Nothing moves, and nothing is drawn, until the next update. */
	assert_int_equal(w.spawners.draw[0].actor, ACT_NONE);
}

/* Seed 000: six slots; NewSpawner with none idle does nothing. */
static void seventh_spawner_is_ignored_when_six_are_busy(void **state)
{
	(void)state;
	assert_int_equal(MAX_SPAWNERS, 6);
	for (int i = 0; i < MAX_SPAWNERS; i++)
		spawner_new(&w.spawners, KIND, X0 + i, Y0 - i);
	update();
	spawner_new(&w.spawners, ACT_SLUG, 1, 1);
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		const Spawner *sp = &w.spawners.slot[i];

		assert_row(sp->actor == KIND && sp->x == X0 + i && sp->age == 1,
		    "slot %d: actor %u x %d age %u", i, sp->actor, sp->x, sp->age);
	}
	trace_now();
	assert_int_equal(traced.n, MAX_SPAWNERS);
	/* The six run to the end; the seventh never appears. */
	for (int t = 2; t <= 11; t++)
		update();
	assert_int_equal(actor_count(&w), MAX_SPAWNERS);
	assert_int_equal(count_kind(ACT_SLUG), 0);
}

/* NOTE: our guard — kinds outside the actor table never take a slot. */
static void new_refuses_non_kinds(void **state)
{
	static const int kinds[] = { ACT_NONE, ACT_COUNT, ACT_COUNT + 1, -1, 255 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++)
		spawner_new(&w.spawners, kinds[i], X0, Y0);
	for (int i = 0; i < MAX_SPAWNERS; i++)
		assert_row(w.spawners.slot[i].actor == ACT_NONE, "slot %d taken", i);
}

static void slot_is_freed_on_completion_and_reused(void **state)
{
	(void)state;
	ceiling_above_start(1, CEILING);        /* only over X0..X0+1 and neighbours */
	spawner_new(&w.spawners, KIND, X0, Y0);          /* slot 0: done at age 1 */
	spawner_new(&w.spawners, KIND, X0 + 20, Y0);     /* slot 1: open air */
	update();
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(w.spawners.slot[1].actor, KIND);
	trace_now();
	assert_int_equal(traced.n, 1);

	spawner_new(&w.spawners, ACT_SLUG, X0 + 24, Y0);
	assert_int_equal(w.spawners.slot[0].actor, ACT_SLUG);
	assert_int_equal(w.spawners.slot[0].age, 0);
	assert_int_equal(w.spawners.slot[0].y, Y0);
	update();
	assert_int_equal(w.spawners.slot[0].age, 1);
	assert_int_equal(w.spawners.slot[0].y, Y0 - 2);
	assert_int_equal(w.spawners.slot[1].age, 2);
	assert_int_equal(w.spawners.slot[1].y, Y0 - 4);
}

/* A full actor pool loses the actor (actor_spawn refuses) but the slot is still freed. */
static void a_full_actor_pool_still_frees_the_slot(void **state)
{
	(void)state;
	for (int i = 0; i < MAX_ACTORS; i++)
		assert_non_null(actor_spawn(&w, ACT_CRITTER, i % MAP_W, 5));
	ceiling_above_start(1, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	update();
	assert_int_equal(w.spawners.slot[0].actor, ACT_NONE);
	assert_int_equal(count_kind(KIND), 0);
	assert_int_equal(actor_count(&w), MAX_ACTORS);
}

/* What the created actor's action function saw. */
static struct {
	int calls;
	uint32_t tick;
} ran;

static void record(Actor *a, World *world)
{
	(void)a;
	ran.calls++;
	ran.tick = world->tick;
}

/*
 * The actor exists as soon as the update that ends the spawner returns, but
 * its first action is next frame's: this frame it is the spawner's drawing.
 */
static void created_actor_waits_for_the_next_frame(void **state)
{
	static const GameInput none = { 0, 0 };
	Actor *a;

	(void)state;
	ran.calls = 0;
	w.tick = 5;
	ceiling_above_start(1, CEILING);
	spawner_new(&w.spawners, KIND, X0, Y0);
	update();                               /* at the end of frame 5's actor loop */
	a = first_of_kind(KIND);
	assert_non_null(a);
	assert_int_equal(a->born, 6);
	a->tick = record;
	world_tick(&w, &none);                  /* an actor loop at tick 5 skips it */
	assert_int_equal(ran.calls, 0);
	world_tick(&w, &none);                  /* frame 6 */
	assert_int_equal(ran.calls, 1);
	assert_int_equal(ran.tick, 6);
}

static void trace_has_one_line_per_busy_spawner(void **state)
{
	(void)state;
	w.tick = 42;
	spawner_new(&w.spawners, ACT_SLUG, 3, 30);
	spawner_new(&w.spawners, KIND, 12, 25);
	spawner_new(&w.spawners, ACT_CRITTER, 20, 35);
	w.spawners.slot[1].actor = ACT_NONE;    /* slot 1 idle: no line */
	update();
	trace_now();
	assert_int_equal(traced.n, 2);
	assert_string_equal(traced.line[0], "T=42 spawner 0 x=3 y=28 age=1 actor=3");
	assert_string_equal(traced.line[1], "T=42 spawner 2 x=20 y=33 age=1 actor=2");
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(test_tiles_block_as_assumed),
	T(init_clears_every_slot_and_drawing),
	T(init_ends_unfinished_spawners_without_actors),
	T(new_takes_the_lowest_idle_slot_at_age_0),
	T(seventh_spawner_is_ignored_when_six_are_busy),
	T(new_refuses_non_kinds),
	T(slot_is_freed_on_completion_and_reused),
	T(a_full_actor_pool_still_frees_the_slot),
	T(created_actor_waits_for_the_next_frame),
	T(trace_has_one_line_per_busy_spawner),
};

int main(int argc, char **argv)
{
	if (testmain_filter("spawner", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("spawner", tests, NULL, NULL);
}
