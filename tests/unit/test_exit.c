/* test_exit.c: the level exit — its kind and animation, touching it finishes the level once, the test level's exit is reachable. */
#include "play.h"
#include "player.h"
#include "worldfix.h"
#include "mapfix.h"

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "level.h"
#include "script.h"

#define FLOOR 12

static Actor *player, *door;

/* A floor on row FLOOR, the player standing at x=4, the exit at x=12 (both on the floor). */
static int exit_world(void **state)
{
	fresh_world(state);
	map_row(&w.map, FLOOR, 0, VIEW_W - 1, block());
	player = actor_spawn(&w, ACT_PLAYER, 4, FLOOR - 1);
	door = actor_spawn(&w, ACT_EXIT, 12, FLOOR - 1);
	assert_non_null(player);
	assert_non_null(door);
	return 0;
}

static void walk_right(void)
{
	GameInput in = { BTN_BIT(BTN_RIGHT), 0 };

	world_tick(&w, &in);
}

static void exit_kind_is_a_still_door_two_tiles_wide_three_high(void **state)
{
	const ActorKind *k = &actor_kinds[ACT_EXIT];
	Rect r;

	(void)state;
	assert_string_equal(k->name, "EXIT");
	assert_ptr_equal(k->start, act_exit);
	assert_int_equal(k->action, ACTION_EXIT);
	assert_int_equal(k->flags, 0);          /* not weighted, harmless, not a prize, no pouncing */
	assert_int_equal(actor_kind_image(ACT_EXIT), IMG_EXIT0);
	assert_int_equal(gfx_images[IMG_EXIT0].w, 16);
	assert_int_equal(gfx_images[IMG_EXIT0].h, 24);
	r = sprite_rect_tiles(IMG_EXIT0, 12, 11);
	assert_int_equal(r.x, 12);
	assert_int_equal(r.y, 9);
	assert_int_equal(r.w, 2);
	assert_int_equal(r.h, 3);
}

/* The sign blinks: EXIT0 for 5 frames, EXIT1 for 5, and again (delay 4). */
static void the_sign_blinks_every_five_frames(void **state)
{
	(void)state;
	player->x = 30;                         /* far away */
	for (int f = 0; f < 20; f++) {
		int want = (f / 5) % 2 ? IMG_EXIT1 : IMG_EXIT0;

		assert_row(actor_image(door) == want, "frame %d: image %d, want %d", f, actor_image(door), want);
		world_tick(&w, &no_input);
	}
	assert_int_equal(door->x, 12);
	assert_int_equal(door->y, FLOOR - 1);
}

/* Walking in from the left: the first frame the player's tiles overlap the door's. */
static void touching_the_exit_finishes_the_level_with_the_fanfare(void **state)
{
	(void)state;
	for (int f = 1; f <= 6; f++) {         /* x 5..10: the player covers x..x+1 */
		walk_right();
		assert_row(!w.level_done, "frame %d at x=%d: already done", f, player->x);
		assert_row(w.sound != SND_EXIT, "frame %d: exit sound", f);
	}
	assert_int_equal(player->x, 10);
	walk_right();                           /* x=11: covers 11-12, the door 12-13 */
	assert_int_equal(player->x, 11);
	assert_true(w.level_done);
	assert_int_equal(w.sound, SND_EXIT);
	assert_false(door->dead);               /* the door stays */
	walk_right();                           /* still touching: nothing new */
	assert_true(w.level_done);
	assert_int_not_equal(w.sound, SND_EXIT);
}

static void a_player_above_the_door_does_not_touch_it(void **state)
{
	(void)state;
	map_row(&w.map, 7, 10, 14, block());    /* a ledge over the door's top (row 9) */
	player->x = 12;
	player->y = 6;
	for (int f = 0; f < 5; f++)
		world_tick(&w, &no_input);
	assert_int_equal(player->y, 6);
	assert_false(w.level_done);
}

static void a_dying_player_cannot_finish(void **state)
{
	(void)state;
	player->x = 12;
	world_kill_player(&w);
	world_tick(&w, &no_input);
	assert_true(is_touching_player(&w, door));
	assert_false(w.level_done);
}

static void no_player_no_exit(void **state)
{
	(void)state;
	actor_remove(player);
	actor_collect_dead(&w);
	world_tick(&w, &no_input);
	assert_false(w.level_done);
}

/*
 * A boss in the level bars the door: touching it does nothing, it shows
 * EXIT_SEALED from the first tick; the frame the boss bursts (its last hit)
 * the door opens, and touching it then finishes the level.
 */
static void a_living_boss_seals_the_exit_until_it_bursts(void **state)
{
	Actor *boss;

	(void)state;
	boss = actor_spawn(&w, ACT_BOSS, 24, FLOOR - 1);
	assert_non_null(boss);
	player->x = 11;                         /* touching the door from the start */
	for (int f = 1; f <= 10; f++) {
		world_tick(&w, &no_input);
		assert_row(!w.level_done, "frame %d: finished past a living boss", f);
		assert_row(actor_image(door) == IMG_EXIT_SEALED, "frame %d: image %d", f, actor_image(door));
		assert_row(w.sound != SND_EXIT, "frame %d: exit sound", f);
	}
	while (boss->kind == ACT_BOSS && !boss->dead) {
		boss->count = 0;                /* no hit flash: every hit counts */
		actor_hit(&w, boss, HIT_SHOT);
	}
	actor_collect_dead(&w);
	world_tick(&w, &no_input);
	assert_true(w.level_done);
	assert_int_equal(w.sound, SND_EXIT);
	assert_int_equal(door->anim.action, ACTION_EXIT);
}

/* game/levels/test.tmj: one EXIT on the ground before the brick wall, reached by running and jumping. */
static void the_test_level_exit_is_reachable(void **state)
{
	const LevelBlob *b = level_find("test");
	char err[LEVEL_ERR_SIZE];
	Script sc;
	int exits = 0, bad, f;

	(void)state;
	assert_true(world_load_level(&w, b->data, b->len, 1, err, sizeof err));
	for (int i = 0; i < MAX_ACTORS; i++) {
		if (w.actors[i].kind == ACT_EXIT) {
			exits++;
			assert_int_equal(w.actors[i].x, 62);
			assert_int_equal(w.actors[i].y, 18);
		}
	}
	assert_int_equal(exits, 1);
	assert_true(script_parse(&sc, "r22,.3,j2,rj2,r1,.3,.10,r3,rj6,r10,rj6,r4,.8", &bad));
	for (f = 1; f <= 120 && !w.level_done; f++) {
		GameInput in;

		script_next(&sc, &in);
		world_tick(&w, &in);
	}
	assert_true(w.level_done);
	assert_int_equal(f - 1, 72);
	assert_int_equal(w.actors[w.player].x, 61);
	/*
	 * Barrel 100 + its prize 200 + the first critter 100 + the second
	 * critter 100, landed on at the door (the first critter now climbs the
	 * hill's slope: a MOVE_SLOPED step, AdjustActorMove).
	 */
	assert_int_equal(w.score, 500);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(exit_kind_is_a_still_door_two_tiles_wide_three_high, exit_world),
		cmocka_unit_test_setup(the_sign_blinks_every_five_frames, exit_world),
		cmocka_unit_test_setup(touching_the_exit_finishes_the_level_with_the_fanfare, exit_world),
		cmocka_unit_test_setup(a_player_above_the_door_does_not_touch_it, exit_world),
		cmocka_unit_test_setup(a_dying_player_cannot_finish, exit_world),
		cmocka_unit_test_setup(no_player_no_exit, exit_world),
		cmocka_unit_test_setup(a_living_boss_seals_the_exit_until_it_bursts, exit_world),
		cmocka_unit_test_setup(the_test_level_exit_is_reachable, fresh_world),
	};

	if (testmain_filter("exit", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
