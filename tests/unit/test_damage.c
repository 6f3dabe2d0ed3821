/* test_damage.c: actor_hit's reach — which kinds each way of hitting affects — and the cast's table entries. */
#include "castfix.h"

/* For each kind: does a pounce, shot, kick, bomb on a fresh one react (use the hit up)? */
static const struct {
	int kind;
	bool pounce, shot, kick, bomb;
} reach[] = {
	{ ACT_CRITTER, true, true, true, true },
	{ ACT_SLUG, true, true, true, true },
	{ ACT_BARREL, true, false, false, true },
	{ ACT_BASKET, true, false, false, true },
	{ ACT_GOURD, false, false, false, false },
	{ ACT_TOMATO, false, false, false, false },
	{ ACT_DIAMOND, false, false, false, false },
	{ ACT_EMERALD, false, false, false, false },
	{ ACT_HAMBURGER, false, false, false, false },
	{ ACT_FOOT_SWITCH, false, false, false, false },  /* pushed by its own move (test_footswitch.c) */
	{ ACT_FLOATER, false, false, false, false },
	{ ACT_TULIP, false, true, true, true },
	{ ACT_BLUE_BALL, true, true, true, true },
	{ ACT_PARACHUTE, true, true, true, true },
	{ ACT_EYE_PLANT, true, true, true, true },
	{ ACT_SATELLITE, false, true, true, true },
	{ ACT_FROZEN_FRIEND, true, false, false, false },
	{ ACT_HOPPER, true, true, true, true },
	{ ACT_SCORPION, true, true, true, true },
	{ ACT_BOSS, true, true, true, true },
};

static void each_kind_reacts_to_the_hits_that_reach_it(void **state)
{
	static const HitKind hows[] = { HIT_POUNCE, HIT_SHOT, HIT_KICK, HIT_BOMB };
	static const char *const names[] = { "pounce", "shot", "kick", "bomb" };

	for (size_t i = 0; i < ARRAY_LEN(reach); i++) {
		const bool want[] = { reach[i].pounce, reach[i].shot, reach[i].kick, reach[i].bomb };

		for (size_t h = 0; h < ARRAY_LEN(hows); h++) {
			Actor *a;
			bool got;

			floor_40x30(state);
			a = actor_spawn(&w, reach[i].kind, 10, 14);
			assert_non_null(a);
			got = actor_hit(&w, a, hows[h]);
			assert_row(got == want[h], "%s, %s: %s", actor_kinds[reach[i].kind].name, names[h],
			    got ? "reacted" : "no reaction");
		}
	}
}

static void no_one_to_hit(void **state)
{
	Actor *a;

	(void)state;
	assert_false(actor_hit(&w, NULL, HIT_SHOT));
	a = actor_spawn(&w, ACT_CRITTER, 10, 14);
	actor_remove(a);
	assert_false(actor_hit(&w, a, HIT_SHOT));       /* marked dead this tick */
	tick();
	assert_false(actor_hit(&w, a, HIT_BOMB));       /* a free slot */
	assert_int_equal(w.score, 0);
}

/* actor_pounce is actor_hit with HIT_POUNCE. */
static void pounce_is_a_hit(void **state)
{
	Actor *a;

	(void)state;
	a = actor_spawn(&w, ACT_HOPPER, 10, 14);
	assert_true(actor_pounce(&w, a));
	assert_ptr_equal(a->tick, act_walker_die);
	assert_false(actor_pounce(&w, a));
}

/* Every cast kind starts somewhere and shows a real image; the big ones are big. */
static void cast_kinds_have_a_start_and_art(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(reach); i++) {
		int k = reach[i].kind;

		assert_row(actor_kinds[k].start != NULL, "%s has no start", actor_kinds[k].name);
		assert_row(actor_kind_image(k) >= 0, "%s has no image", actor_kinds[k].name);
	}
	assert_int_equal(image_tiles_w(actor_kind_image(ACT_BOSS)), 4);
	assert_int_equal(image_tiles_h(actor_kind_image(ACT_BOSS)), 4);
	assert_int_equal(image_tiles_w(actor_kind_image(ACT_HOPPER)), 3);
	assert_int_equal(image_tiles_w(actor_kind_image(ACT_SCORPION)), 3);
	assert_int_equal(actor_kinds[ACT_BOSS].hp, 12);
	assert_int_equal(actor_kind_image(ACT_BLUE_BALL), IMG_BLUE_BALL0);      /* what its spawner shows */
	assert_int_equal(actor_kind_image(ACT_PARACHUTE), IMG_PARACHUTE);
}

#define T(fn) cmocka_unit_test_setup(fn, floor_40x30)
static const struct CMUnitTest tests[] = {
	T(each_kind_reacts_to_the_hits_that_reach_it),
	T(no_one_to_hit),
	T(pounce_is_a_hit),
	T(cast_kinds_have_a_start_and_art),
};

int main(int argc, char **argv)
{
	if (testmain_filter("damage", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("damage", tests, NULL, NULL);
}
