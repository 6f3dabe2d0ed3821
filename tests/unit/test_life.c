/* test_life.c: the player's health — harmful touches with the cooldown, death, respawn, game over. */
#include "play.h"
#include "player.h"
#include "testmain.h"
#include "worldfix.h"

#include "acts.h"
#include "assets.h"

#define FLOOR_ROW 20

#define none no_input

/* A 60x24 world with a floor on row 20 and the player standing at (5, 19). */
static int floored_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, 60, 24);
	for (int x = 0; x < 60; x++)
		map_set_tile(&w.map, x, FLOOR_ROW, MAP_SOLID_BASE + TILE_GRASS_TOP);
	actor_spawn(&w, ACT_PLAYER, 5, FLOOR_ROW - 1);
	w.start_x = 5;
	w.start_y = FLOOR_ROW - 1;
	return 0;
}

static Actor *player(void)
{
	return world_player(&w);
}

static void a_harmful_touch_costs_one_point_then_the_cooldown_protects(void **state)
{
	Actor *c = actor_spawn(&w, ACT_CRITTER, 6, FLOOR_ROW - 1);

	(void)state;
	c->tick = NULL;                         /* keep it where it is */
	world_tick(&w, &none);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	assert_int_equal(w.sound, SND_HURT);
	for (int t = 1; t < HURT_COOLDOWN_FRAMES; t++) {
		world_tick(&w, &none);
		assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	}
	world_tick(&w, &none);                  /* cooldown over: hurt again */
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 2);
}

static void harmless_actors_do_not_hurt(void **state)
{
	(void)state;
	actor_spawn(&w, ACT_BARREL, 6, FLOOR_ROW - 1);
	for (int t = 0; t < 5; t++)
		world_tick(&w, &none);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

static void the_last_point_kills_then_a_life_buys_a_respawn(void **state)
{
	(void)state;
	w.health = 1;
	player()->x = 30;
	world_hurt_player(&w);
	assert_int_equal(w.health, 0);
	assert_ptr_equal(player()->tick, act_player_die);
	assert_int_equal(w.sound, SND_DEATH);
	for (int t = 0; t < DEATH_FRAMES - 1; t++) {
		world_tick(&w, &none);
		assert_ptr_equal(player()->tick, act_player_die);
		assert_int_equal(player()->x, 30);      /* lies where it fell */
	}
	world_tick(&w, &none);
	assert_ptr_equal(player()->tick, act_player_stand);
	assert_int_equal(player()->x, 5);
	assert_int_equal(player()->y, FLOOR_ROW - 1);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
	assert_int_equal(w.lives, PLAYER_START_LIVES - 1);
	assert_false(w.game_over);
}

static void the_dead_are_not_hurt_again(void **state)
{
	(void)state;
	world_kill_player(&w);
	w.hurt_cooldown = 0;
	world_hurt_player(&w);
	assert_int_equal(w.health, 0);
	world_kill_player(&w);                  /* a second death does not restart the timer */
	assert_int_equal(player()->timer, 0);
}

static void the_last_life_ends_the_game(void **state)
{
	(void)state;
	w.lives = 1;
	world_kill_player(&w);
	for (int t = 0; t < DEATH_FRAMES; t++)
		world_tick(&w, &none);
	assert_int_equal(w.lives, 0);
	assert_true(w.game_over);
}

static void falling_off_the_bottom_of_the_world_kills(void **state)
{
	(void)state;
	map_set_tile(&w.map, 5, FLOOR_ROW, MAP_AIR);    /* a hole under the player */
	map_set_tile(&w.map, 6, FLOOR_ROW, MAP_AIR);
	for (int t = 0; t < 8 && player()->tick != act_player_die; t++)
		world_tick(&w, &none);
	assert_ptr_equal(player()->tick, act_player_die);
	assert_int_equal(player()->y, 23);              /* on the map's last row */
}

#define T(fn) cmocka_unit_test_setup(fn, floored_world)
static const struct CMUnitTest tests[] = {
	T(a_harmful_touch_costs_one_point_then_the_cooldown_protects),
	T(harmless_actors_do_not_hurt),
	T(the_last_point_kills_then_a_life_buys_a_respawn),
	T(the_dead_are_not_hurt_again),
	T(the_last_life_ends_the_game),
	T(falling_off_the_bottom_of_the_world_kills),
};

int main(int argc, char **argv)
{
	if (testmain_filter("life", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("life", tests, NULL, NULL);
}
