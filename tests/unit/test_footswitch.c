/* test_footswitch.c: the foot switch as the original's ActFootSwitch — four pushes, the knob sinking, platforms a frame later, explosions. */
#include "platformfix.h"

#include "assets.h"
#include "collide.h"
#include "play.h"
#include "sound.h"

#define FLOOR 20                        /* brick row; the knob starts in it at columns 10-11 */
#define KNOB_X 10

static const GameInput none = { 0, 0 };
static Actor *sw;

static uint16_t cell(uint16_t tile)
{
	return (uint16_t)(MAP_SOLID_BASE + tile);
}

/* A brick floor at row 20, the switch's knob in it at (10, 20), platforms frozen as the loader leaves them. */
static int switch_world(void **state)
{
	fresh_world(state);
	for (int x = 0; x < MAP_W; x++)
		map_set_tile(&w.map, x, FLOOR, cell(TILE_BRICK));
	sw = actor_spawn(&w, ACT_FOOT_SWITCH, KNOB_X, FLOOR);
	assert_non_null(sw);
	w.platforms.active = false;
	return 0;
}

static bool knob_solid_at(int y)
{
	return map_get_tile(&w.map, KNOB_X, y) == cell(TILE_SWITCH_KNOB_L) &&
	       map_get_tile(&w.map, KNOB_X + 1, y) == cell(TILE_SWITCH_KNOB_R) &&
	       (map_attr_at(&w.map, KNOB_X, y) & TILE_BLOCK_ALL) == TILE_BLOCK_ALL;
}

static bool shaft_at(int y)
{
	return map_get_tile(&w.map, KNOB_X, y) == cell(TILE_SWITCH_SHAFT_L) &&
	       map_get_tile(&w.map, KNOB_X + 1, y) == cell(TILE_SWITCH_SHAFT_R) &&
	       map_attr_at(&w.map, KNOB_X, y) == 0;
}

/*
 * One frame each: tick, the pushes and sinks after it, the knob's row,
 * the sound asked for, the platform's x, whether the player recoils.
 */
typedef struct SwitchRow {
	int tick, pushes, sunk, knob_y;
	SoundId sound;
	int plat_x;
	bool recoil;
} SwitchRow;

/*
 * ORIGINAL: ActFootSwitch + InteractPlayer. The player drops from row 15
 * onto the knob: at tick 3 it stands on it (lands) and the touch counts
 * push 1 and starts a strength-3 recoil; tick 4 the switch's move sinks
 * the knob a row ("switch moves"); the recoil rises two rows, hangs, the
 * player falls back onto the knob and pushes again: pushes at ticks 3,
 * 10, 17, 24, sinks at 4, 11, 18, 25. The fourth sink plays "switch on"
 * and turns the platforms on from the switch's move — after this frame's
 * MovePlatforms, so both platforms (x 30 going east, x 20 going north)
 * first move at tick 26.
 */
static void four_pushes_then_the_platforms_start_a_frame_later(void **state)
{
	static const SwitchRow rows[] = {
		/* tick pushes sunk knob_y sound plat_x recoil */
		{ 2, 0, 0, 20, SND_NONE, 30, false },
		{ 3, 1, 0, 20, SND_LAND, 30, true },
		{ 4, 1, 1, 21, SND_SWITCH_MOVE, 30, true },
		{ 9, 1, 1, 21, SND_NONE, 30, false },
		{ 10, 2, 1, 21, SND_LAND, 30, true },
		{ 11, 2, 2, 22, SND_SWITCH_MOVE, 30, true },
		{ 17, 3, 2, 22, SND_LAND, 30, true },
		{ 18, 3, 3, 23, SND_SWITCH_MOVE, 30, true },
		{ 24, 4, 3, 23, SND_LAND, 30, true },
		{ 25, 4, 4, 24, SND_SWITCH, 30, true },
		{ 26, 4, 4, 24, SND_NONE, 31, true },
		{ 27, 4, 4, 24, SND_NONE, 32, true },
		{ 31, 4, 4, 24, SND_LAND, 36, false },       /* landed for good: no fifth push */
		{ 40, 4, 4, 24, SND_NONE, 37, false },
	};
	Actor *p;
	size_t r = 0;

	(void)state;
	for (int x = 30; x < 37; x++)
		path(x, 10, DIR8_EAST);
	for (int y = 8; y <= 16; y++)
		path(20, y, DIR8_NORTH);
	new_platform(30, 10);
	new_platform(20, 16);
	p = new_player(KNOB_X, 15);
	for (uint32_t t = 0; t <= 40; t++) {
		world_tick(&w, &none);
		assert_row(w.platforms.active == (t >= 25), "tick %u: platforms active %d", t, w.platforms.active);
		if (r < ARRAY_LEN(rows) && rows[r].tick == (int)t) {
			const SwitchRow *e = &rows[r++];

			assert_row(sw->count == e->pushes && sw->vx == e->sunk && sw->y == e->knob_y,
			    "tick %u: pushes %u sunk %d knob row %d, want %d %d %d", t, sw->count, sw->vx,
			    sw->y, e->pushes, e->sunk, e->knob_y);
			assert_row(w.sound == e->sound, "tick %u: sound %d, want %d", t, w.sound, e->sound);
			assert_row(plat(0)->x == e->plat_x, "tick %u: platform x %d, want %d", t, plat(0)->x,
			    e->plat_x);
			/* the second rises a row a tick from the same tick as the first (until its path ends) */
			assert_row(plat(1)->y == 16 - (e->plat_x - 30) || e->plat_x == 37,
			    "tick %u: second platform y %d", t, plat(1)->y);
			assert_row((p->tick == act_player_recoil) == e->recoil, "tick %u: recoiling %d", t,
			    p->tick == act_player_recoil);
		}
	}
	assert_int_equal(r, ARRAY_LEN(rows));
	assert_int_equal(actor_image(sw), IMG_FOOT_SWITCH_DOWN);
}

/* The knob is its own row of solid tiles; each sink leaves open shaft above it. */
static void the_knob_is_solid_tiles_and_leaves_a_shaft(void **state)
{
	(void)state;
	world_tick(&w, &none);                          /* the first move lays the knob */
	assert_true(knob_solid_at(FLOOR));
	assert_int_equal(test_sprite_move(&w.map, DIR4_SOUTH, actor_kind_image(ACT_PLAYER), KNOB_X,
	    FLOOR), MOVE_BLOCKED);                      /* something to stand on */
	new_player(KNOB_X, FLOOR - 1);
	for (int t = 0; t < 40; t++)
		world_tick(&w, &none);
	assert_int_equal(sw->y, FLOOR + 4);
	for (int y = FLOOR; y < FLOOR + 4; y++)
		assert_row(shaft_at(y), "row %d is not open shaft", y);
	assert_true(knob_solid_at(FLOOR + 4));
}

/*
 * ORIGINAL: ActFootSwitch's IsNearExplosion test — an explosion over the
 * knob counts a push, sunk in the next frame, with nobody bounced. The
 * bomb (a later actor slot) goes off at tick 9, so the switch sees the
 * blast at tick 10 and sinks at tick 11; the blast is gone before the
 * knob could take another push from it.
 */
static void an_explosion_pushes_the_switch(void **state)
{
	static const struct {
		int tick, pushes, sunk;
		SoundId sound;
	} rows[] = {
		{ 9, 0, 0, SND_EXPLOSION }, { 10, 1, 0, SND_NONE }, { 11, 1, 1, SND_SWITCH_MOVE },
		{ 12, 1, 1, SND_NONE }, { 20, 1, 1, SND_NONE },
	};
	Actor *p;
	size_t r = 0;

	(void)state;
	p = new_player(30, FLOOR - 1);
	world_tick(&w, &none);
	assert_non_null(actor_spawn(&w, ACT_BOMB, KNOB_X + 2, FLOOR - 1));     /* blast: columns 11-13 */
	for (uint32_t t = 1; t <= 20; t++) {
		world_tick(&w, &none);
		if (r < ARRAY_LEN(rows) && rows[r].tick == (int)t) {
			assert_row(sw->count == rows[r].pushes && sw->vx == rows[r].sunk && w.sound == rows[r].sound,
			    "tick %u: pushes %u sunk %d sound %d", t, sw->count, sw->vx, w.sound);
			r++;
		}
		assert_ptr_not_equal(p->tick, act_player_recoil);
	}
	assert_int_equal(r, ARRAY_LEN(rows));
	assert_false(w.platforms.active);
}

/* A push waits for the knob to sink before another counts: two touches in one frame are one push. */
static void one_push_per_sink(void **state)
{
	(void)state;
	world_tick(&w, &none);
	new_player(KNOB_X, FLOOR - 1);
	assert_true(foot_switch_touch(&w, sw));
	assert_false(foot_switch_touch(&w, sw));        /* waiting to sink */
	assert_int_equal(sw->count, 1);
	world_tick(&w, &none);                          /* this frame's move leaves it: pushed this frame */
	assert_int_equal(sw->vx, 0);
	world_tick(&w, &none);
	assert_int_equal(sw->vx, 1);
}

#define T(fn) cmocka_unit_test_setup(fn, switch_world)
static const struct CMUnitTest tests[] = {
	T(four_pushes_then_the_platforms_start_a_frame_later),
	T(the_knob_is_solid_tiles_and_leaves_a_shaft),
	T(an_explosion_pushes_the_switch),
	T(one_push_per_sink),
};

int main(int argc, char **argv)
{
	if (testmain_filter("footswitch", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("footswitch", tests, NULL, NULL);
}
