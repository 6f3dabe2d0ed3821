/* test_world_frame.c: the world frame — input, sound priority, score, camera, visibility, touching. */
#include "play.h"
#include "worldfix.h"

#include "assets.h"
#include "sound.h"

static void tick_takes_the_input_and_clears_the_sound(void **state)
{
	GameInput in = { .held = BTN_BIT(BTN_LEFT), .pressed = BTN_BIT(BTN_JUMP) };

	(void)state;
	world_request_sound(&w, SND_BUMP);
	world_tick(&w, &in);
	assert_int_equal(w.in.held, BTN_BIT(BTN_LEFT));
	assert_int_equal(w.in.pressed, BTN_BIT(BTN_JUMP));
	assert_int_equal(w.sound, SND_NONE);
	assert_false(w.in_tick);
}

static void request_sound_keeps_the_highest_priority(void **state)
{
	static const struct {
		SoundId first, second, want;
	} rows[] = {
		{ SND_LAND, SND_JUMP, SND_JUMP },       /* 5 then 10 */
		{ SND_JUMP, SND_LAND, SND_JUMP },       /* 10 then 5 */
		{ SND_JUMP, SND_BUMP, SND_BUMP },       /* 10 then 20 */
		{ SND_BUMP, SND_MOVE, SND_BUMP },       /* 20 then 10 */
		{ SND_NONE, SND_LAND, SND_LAND },
		{ SND_LAND, SND_NONE, SND_LAND },       /* asking for nothing does not silence */
		{ SND_LAND, SND_COUNT, SND_LAND },      /* not a sound: ignored */
	};

	(void)state;
	assert_true(snd_defs[SND_LAND].priority < snd_defs[SND_JUMP].priority);
	assert_true(snd_defs[SND_JUMP].priority < snd_defs[SND_BUMP].priority);
	assert_true(snd_defs[SND_MOVE].priority < snd_defs[SND_BUMP].priority);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		w.sound = SND_NONE;
		world_request_sound(&w, rows[i].first);
		world_request_sound(&w, rows[i].second);
		assert_row(w.sound == rows[i].want, "%d then %d: %d, want %d", rows[i].first,
		    rows[i].second, w.sound, rows[i].want);
	}
}

static void add_score_adds_and_bumps_the_status_version(void **state)
{
	uint32_t v = w.status_version;

	(void)state;
	world_add_score(&w, 100);
	assert_int_equal(w.score, 100);
	assert_int_equal(w.status_version, v + 1);
	world_add_score(&w, 250);
	assert_int_equal(w.score, 350);
	assert_int_equal(w.status_version, v + 2);
	world_tick(&w, &no_input);
	assert_int_equal(w.status_version, v + 2);      /* a frame alone changes nothing */
}

/*
 * 100x40 map, 38x18 view: cam_x 0..62, cam_y 0..22. The player's left tile
 * stays 14..22 columns right of cam_x, its feet 5..12 rows below cam_y.
 */
/* Snap (level start): left tile into columns 12..23, feet into rows 3..14, clamped to the map. */
static void camera_keeps_the_player_inside_the_margins(void **state)
{
	static const struct {
		int cam_x, cam_y;       /* before */
		int px, py;             /* player */
		int want_x, want_y;
	} rows[] = {
		{ 0, 0, 0, 0, 0, 0 },           /* top-left corner: clamped at 0 */
		{ 0, 0, 23, 14, 0, 0 },         /* on the right and fall margins: no scroll */
		{ 0, 0, 24, 15, 1, 1 },         /* one past: scroll by one */
		{ 0, 0, 40, 20, 17, 6 },        /* far past: right/fall margins */
		{ 10, 5, 30, 10, 10, 5 },       /* inside the box: no scroll */
		{ 10, 5, 22, 8, 10, 5 },        /* on the left and top margins */
		{ 10, 5, 21, 7, 9, 4 },         /* one before the left and top margins */
		{ 30, 10, 20, 8, 8, 5 },        /* far before: left/top margins */
		{ 0, 0, 99, 39, 62, 22 },       /* bottom-right corner: clamped to the map */
		{ 62, 22, 70, 30, 58, 22 },     /* 8 from cam_x: back to the left margin */
		{ 40, 10, 5, 38, 0, 22 },       /* both at once, both clamped */
	};

	(void)state;
	map_init(&w.map, 100, 40);
	actor_spawn(&w, ACT_PLAYER, 0, 0);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		w.cam_x = rows[i].cam_x;
		w.cam_y = rows[i].cam_y;
		w.actors[w.player].x = (int16_t)rows[i].px;
		w.actors[w.player].y = (int16_t)rows[i].py;
		world_camera_follow(&w);
		assert_row(w.cam_x == rows[i].want_x && w.cam_y == rows[i].want_y,
		    "cam (%d,%d), player (%d,%d): cam (%d,%d), want (%d,%d)", rows[i].cam_x, rows[i].cam_y,
		    rows[i].px, rows[i].py, w.cam_x, w.cam_y, rows[i].want_x, rows[i].want_y);
	}
}

/*
 * Seed 003's view centering, one frame at a time: one tile per rule, x
 * past column 23 / before 12 (NOTE: across, as far as the player went
 * past, up to two tiles — a running jump's thrust moves two a frame), feet past row 17 / above 3, a falling player
 * above row 14, looking up while the feet stay above the bottom row,
 * looking down while they stay 4 rows below the top.
 */
static void camera_step_follows_seed_003_view_centering(void **state)
{
	static const struct {
		const char *what;
		int cam_x, cam_y, px, py, ydir, up, down;
		int want_x, want_y;
	} rows[] = {
		{ "inside: still",               10, 5, 30, 15, 0, 0, 0, 10, 5 },
		{ "x at 23: still",              10, 5, 33, 15, 0, 0, 0, 10, 5 },
		{ "x at 24: one right",          10, 5, 34, 15, 0, 0, 0, 11, 5 },
		{ "x at 11: one left",           10, 5, 21, 15, 0, 0, 0, 9, 5 },
		{ "x far right: two (NOTE)",     10, 5, 60, 15, 0, 0, 0, 12, 5 },
		{ "x at 25: two right (NOTE)",   10, 5, 35, 15, 0, 0, 0, 12, 5 },
		{ "x at 10: two left (NOTE)",    10, 5, 20, 15, 0, 0, 0, 8, 5 },
		{ "x far left: two (NOTE)",      30, 5, 5, 15, 0, 0, 0, 28, 5 },
		{ "right edge of the map",       62, 5, 95, 15, 0, 0, 0, 62, 5 },
		{ "left edge of the map",        0, 5, 3, 15, 0, 0, 0, 0, 5 },
		{ "feet at row 17: still",       10, 5, 30, 22, 0, 0, 0, 10, 5 },
		{ "feet at row 18: one down",    10, 5, 30, 23, 0, 0, 0, 10, 6 },
		{ "feet at row 2: one up",       10, 5, 30, 7, 0, 0, 0, 10, 4 },
		{ "rising at row 1: two up",     10, 5, 30, 6, -1, 0, 0, 10, 3 },
		{ "rising at row 2: one up",     10, 5, 30, 7, -1, 0, 0, 10, 4 },
		{ "falling at row 15: one down", 10, 5, 30, 20, 1, 0, 0, 10, 6 },
		{ "falling at row 14: still",    10, 5, 30, 19, 1, 0, 0, 10, 5 },
		{ "look up",                     10, 5, 30, 15, 0, 1, 0, 10, 4 },
		{ "look up: feet at the bottom", 10, 5, 30, 22, 0, 1, 0, 10, 5 },
		{ "look up at the map top",      10, 0, 30, 10, 0, 1, 0, 10, 0 },
		{ "look down",                   10, 5, 30, 15, 0, 0, 1, 10, 6 },
		{ "look down: feet at row 4",    10, 5, 30, 9, 0, 0, 1, 10, 5 },
	};

	(void)state;
	map_init(&w.map, 100, 40);
	actor_spawn(&w, ACT_PLAYER, 0, 0);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		w.cam_x = rows[i].cam_x;
		w.cam_y = rows[i].cam_y;
		w.actors[w.player].x = (int16_t)rows[i].px;
		w.actors[w.player].y = (int16_t)rows[i].py;
		world_camera_step(&w, rows[i].ydir, rows[i].up, rows[i].down);
		assert_row(w.cam_x == rows[i].want_x && w.cam_y == rows[i].want_y,
		    "%s: cam (%d,%d), want (%d,%d)", rows[i].what, w.cam_x, w.cam_y,
		    rows[i].want_x, rows[i].want_y);
	}
}

static void camera_without_a_player_or_on_a_small_map_is_clamped(void **state)
{
	(void)state;
	map_init(&w.map, 100, 40);
	w.cam_x = 70;
	w.cam_y = 30;
	world_camera_follow(&w);
	assert_int_equal(w.cam_x, 62);
	assert_int_equal(w.cam_y, 22);
	w.cam_x = -5;
	w.cam_y = -5;
	world_camera_follow(&w);
	assert_int_equal(w.cam_x, 0);
	assert_int_equal(w.cam_y, 0);

	/* A map smaller than the view never scrolls. */
	map_init(&w.map, 20, 10);
	actor_spawn(&w, ACT_PLAYER, 19, 9);
	world_camera_follow(&w);
	assert_int_equal(w.cam_x, 0);
	assert_int_equal(w.cam_y, 0);
}

static void tick_moves_the_camera_with_the_player(void **state)
{
	Actor *p;

	(void)state;
	map_init(&w.map, 100, 40);
	p = actor_spawn(&w, ACT_PLAYER, 40, 20);
	p->tick = record;
	calls.n = 0;
	w.cam_x = 0;
	w.cam_y = 0;
	world_tick(&w, &no_input);
	assert_int_equal(w.cam_x, 2);           /* across: two tiles a frame at most (NOTE) */
	assert_int_equal(w.cam_y, 1);           /* down: one tile a frame towards the player */
	world_tick(&w, &no_input);
	assert_int_equal(w.cam_x, 4);
	assert_int_equal(w.cam_y, 2);
}

/* A 2x2 image (16x16) against the view at cam (10, 5): columns 10..47, rows 5..22. */
static void sprite_visible_when_any_tile_is_in_the_view(void **state)
{
	static const struct {
		const char *what;
		int x, y;
		bool want;
	} rows[] = {
		{ "inside", 20, 10, true },
		{ "left: both columns out", 8, 10, false },
		{ "left: right column in", 9, 10, true },
		{ "right: left column in", 47, 10, true },
		{ "right: both columns out", 48, 10, false },
		{ "top: both rows out", 20, 4, false },
		{ "top: bottom row in", 20, 5, true },
		{ "bottom: top row in", 20, 23, true },
		{ "bottom: both rows out", 20, 24, false },
		{ "corner: one tile in", 9, 5, true },
		{ "corner: diagonal out", 8, 4, false },
		{ "corner: bottom-right tile in", 47, 23, true },
		{ "corner: bottom-right out", 48, 24, false },
	};

	(void)state;
	map_init(&w.map, 100, 40);
	w.cam_x = 10;
	w.cam_y = 5;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++)
		assert_row(is_sprite_visible(&w, IMG_PLAYER_R0, rows[i].x, rows[i].y) == rows[i].want,
		    "%s: (%d,%d)", rows[i].what, rows[i].x, rows[i].y);
}

/* Player (2x2) at (5, 10) covers columns 5-6, rows 9-10; a 2x2 critter moves around it. */
static void touching_player_means_sharing_a_tile(void **state)
{
	static const struct {
		const char *what;
		int x, y;
		bool want;
	} rows[] = {
		{ "same place", 5, 10, true },
		{ "one column over", 6, 10, true },
		{ "side by side on the right", 7, 10, false },
		{ "one column over on the left", 4, 10, true },
		{ "side by side on the left", 3, 10, false },
		{ "one row up", 5, 9, true },
		{ "right on its head", 5, 8, false },
		{ "one row down", 5, 11, true },
		{ "under its feet", 5, 12, false },
		{ "corner tiles shared", 6, 9, true },
		{ "corner to corner", 7, 8, false },
	};
	Actor *c;

	(void)state;
	actor_spawn(&w, ACT_PLAYER, 5, 10);
	c = actor_spawn(&w, ACT_CRITTER, 0, 0);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		c->x = (int16_t)rows[i].x;
		c->y = (int16_t)rows[i].y;
		assert_row(is_touching_player(&w, c) == rows[i].want, "%s: critter at (%d,%d)",
		    rows[i].what, rows[i].x, rows[i].y);
	}
	/* The player does not touch itself; nothing touches a missing player. */
	assert_false(is_touching_player(&w, world_player(&w)));
	c->x = 5;
	c->y = 10;
	actor_remove(world_player(&w));
	actor_collect_dead(&w);
	assert_false(is_touching_player(&w, c));
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(tick_takes_the_input_and_clears_the_sound),
	T(request_sound_keeps_the_highest_priority),
	T(add_score_adds_and_bumps_the_status_version),
	T(camera_keeps_the_player_inside_the_margins),
	T(camera_step_follows_seed_003_view_centering),
	T(camera_without_a_player_or_on_a_small_map_is_clamped),
	T(tick_moves_the_camera_with_the_player),
	T(sprite_visible_when_any_tile_is_in_the_view),
	T(touching_player_means_sharing_a_tile),
};

int main(int argc, char **argv)
{
	if (testmain_filter("world_frame", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("world_frame", tests, NULL, NULL);
}
