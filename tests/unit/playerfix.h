/* playerfix.h: a hand-built world for the player and weapon tests (test_player_*.c, test_bullet.c, test_bomb.c). */
#ifndef TESTS_UNIT_PLAYERFIX_H
#define TESTS_UNIT_PLAYERFIX_H

#include "play.h"
#include "testmain.h"
#include "mapfix.h"
#include "worldfix.h"

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "gfx.h"
#include "player.h"
#include "world.h"

#define L BTN_BIT(BTN_LEFT)
#define R BTN_BIT(BTN_RIGHT)
#define U BTN_BIT(BTN_UP)
#define D BTN_BIT(BTN_DOWN)
#define J BTN_BIT(BTN_JUMP)
#define F BTN_BIT(BTN_FIRE)
#define B BTN_BIT(BTN_BOMB)
#define K BTN_BIT(BTN_KICK)

#define MAP_W 60
#define MAP_H 30
#define FLOOR_Y 15                      /* the floor row; standing feet are on row 14 */

static Actor *p;

/* A full block (all four ways, not sloped) with or without TILE_CAN_CLING. */
static inline uint16_t full_block(bool cling)
{
	for (uint16_t s = 1; s < gfx_tile_count; s++)
		if ((gfx_tile_attrs[s] & (TILE_BLOCK_ALL | TILE_SLOPED)) == TILE_BLOCK_ALL &&
		    ((gfx_tile_attrs[s] & TILE_CAN_CLING) != 0) == cling)
			return (uint16_t)(MAP_SOLID_BASE + s);
	fail_msg("tiles.json has no full block with cling %d", cling);
	return 0;
}

static inline uint16_t cling_block(void) { return full_block(true); }
static inline uint16_t plain_block(void) { return full_block(false); }

/* 60x30 map, a floor across row 15, the player standing at (5, 14) facing west, view on it. */
static inline int on_the_floor(void **state)
{
	(void)state;
	world_init(&w, 1);
	map_init(&w.map, MAP_W, MAP_H);
	map_row(&w.map, FLOOR_Y, 0, MAP_W - 1, plain_block());
	p = actor_spawn(&w, ACT_PLAYER, 5, 14);
	assert_non_null(p);
	w.start_x = 5;
	w.start_y = 14;
	world_camera_follow(&w);
	return 0;
}

/* One world frame: buttons held at its end and newly pressed in it. */
static inline void frame(uint16_t held, uint16_t pressed)
{
	GameInput in = { held, pressed };

	world_tick(&w, &in);
}

/* Turn the player to face east (or west) without moving. */
static inline void face_east(bool east)
{
	player_face(p, east ? 1 : -1);
}

/* An actor that stays where it is put (its action function is taken away). */
static inline Actor *still(int kind, int x, int y)
{
	Actor *a = actor_spawn(&w, kind, x, y);

	assert_non_null(a);
	a->tick = NULL;
	return a;
}

static inline const char *state_name(ActorTick t)
{
	static const struct {
		ActorTick t;
		const char *name;
	} names[] = {
		{ act_player_stand, "stand" }, { act_player_fidget, "fidget" }, { act_player_run, "run" },
		{ act_player_shoot, "shoot" }, { act_player_look_up, "look_up" },
		{ act_player_look_down, "look_down" }, { act_player_land, "land" },
		{ act_player_begin_jump, "begin_jump" }, { act_player_jump, "jump" },
		{ act_player_begin_fall, "begin_fall" }, { act_player_fall, "fall" },
		{ act_player_cling, "cling" }, { act_player_begin_kick, "begin_kick" },
		{ act_player_kick, "kick" }, { act_player_die, "die" },
	};

	for (size_t i = 0; i < ARRAY_LEN(names); i++)
		if (names[i].t == t)
			return names[i].name;
	return "?";
}

#define assert_state(want) assert_true_msg_state(want, __FILE__, __LINE__)
static inline void assert_true_msg_state(ActorTick want, const char *file, int line)
{
	if (p->tick != want)
		fail_msg("%s:%d: player in %s, want %s (tick %u)", file, line, state_name(p->tick),
		    state_name(want), w.tick);
}

#endif
