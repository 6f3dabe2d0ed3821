/* test_shard.c: seed 001 shards — the pool and its x-mode counter, flight in open air, drawing, trace. */
#include "shardfix.h"
#include "tracecap.h"

#include "collide.h"
#include "render.h"

static Frame frame, want_frame;

#define XMODES  5                       /* 0 east, 1 west, 2 none, 3 east x2, 4 west x2 */

static void test_tiles_and_image_are_as_assumed(void **state)
{
	(void)state;
	assert_int_equal(map_attr(BRICK) & TILE_BLOCK_ALL, TILE_BLOCK_ALL);
	assert_int_equal(map_attr(LEDGE) & (TILE_BLOCK_ALL | TILE_SLOPED), TILE_BLOCK_SOUTH);
	assert_true(map_attr(SLOPE) & TILE_SLOPED);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(image_tiles_w(IMG_SHARD0 + i), 2);
		assert_int_equal(image_tiles_h(IMG_SHARD0 + i), 2);
	}
}

/* Seed 001, NewShard: the first shard is in slot 0 with age 1, not bounced, x-mode 1. */
static void new_shard_takes_the_lowest_idle_slot_at_age_1(void **state)
{
	(void)state;
	shard_new(&w.shards, IMG_SHARD2, 7, 9);
	shard_new(&w.shards, IMG_SHARD3, 8, 10);
	assert_int_equal(w.shards.slot[0].image, IMG_SHARD2);
	assert_int_equal(w.shards.slot[0].x, 7);
	assert_int_equal(w.shards.slot[0].y, 9);
	assert_int_equal(w.shards.slot[0].age, 1);
	assert_int_equal(w.shards.slot[0].xmode, 1);
	assert_false(w.shards.slot[0].bounced);
	assert_int_equal(w.shards.slot[1].image, IMG_SHARD3);
	assert_int_equal(w.shards.slot[1].xmode, 2);
	for (int i = 2; i < MAX_SHARDS; i++)
		assert_row(idle(i) && w.shards.slot[i].age == 0, "slot %d busy", i);
}

/* Seed 001: x-modes are dealt 1, 2, 3, 4, 0, 1, ... across every shard made. */
static void xmode_counter_runs_1_2_3_4_0_1(void **state)
{
	static const int want[] = { 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(want); i++) {
		shard_new(&w.shards, IMG, 10, 10);
		assert_row(w.shards.slot[i].xmode == want[i], "shard %zu: xmode %u, want %d", i,
		    w.shards.slot[i].xmode, want[i]);
	}
}

/*
 * NOTE: seed 001 — Cosmo's counter is a function-static nothing resets (a
 * demo replayed without restarting the game can differ). Ours is world
 * state: shard_init, run at level start by world_init, deals from 1 again.
 */
static void shard_init_resets_the_counter_and_every_slot(void **state)
{
	(void)state;
	for (int i = 0; i < 3; i++)
		shard_new(&w.shards, IMG, 10, 10);
	step();
	shard_init(&w.shards);
	for (int i = 0; i < MAX_SHARDS; i++) {
		assert_row(idle(i) && w.shards.slot[i].age == 0, "slot %d busy", i);
		assert_row(w.shards.draw[i].image == SHARD_IDLE, "slot %d still drawn", i);
	}
	shard_new(&w.shards, IMG, 10, 10);
	assert_int_equal(w.shards.slot[0].xmode, 1);

	shard_new(&w.shards, IMG, 10, 10);
	world_init(&w, 2);                      /* a level start */
	assert_true(idle(0) && idle(1));
	shard_new(&w.shards, IMG, 10, 10);
	assert_int_equal(w.shards.slot[0].xmode, 1);
}

/*
 * Seed 001: with all 16 slots busy the 17th shard is dropped silently.
 * ORIGINAL: the counter moves on before the slot search, so the dropped
 * shard still uses up its x-mode: the next one made gets the mode after it.
 */
static void the_17th_shard_is_dropped_but_uses_up_its_xmode(void **state)
{
	Shard before[MAX_SHARDS];

	(void)state;
	open_map(100, 40, 60, 0);               /* slot 0 is out of view: removed when 17 */
	shard_new(&w.shards, IMG, 10, 12);             /* slot 0, xmode 1 */
	step();
	for (int i = 1; i < MAX_SHARDS; i++)    /* slots 1..15: xmodes 2,3,4,0,1,... ,0,1 */
		shard_new(&w.shards, IMG, 70, 12);
	assert_int_equal(w.shards.slot[15].xmode, 1);
	memcpy(before, w.shards.slot, sizeof before);
	shard_new(&w.shards, IMG_SHARD1, 70, 5);       /* the 17th would get xmode 2 */
	assert_memory_equal(before, w.shards.slot, sizeof before);
	assert_int_equal(w.shards.next_xmode, 3);

	for (int t = 2; t <= 16; t++)           /* slot 0 runs ages 2..16 */
		step();
	assert_false(idle(0));
	step();                                 /* age 17, out of view */
	assert_true(idle(0));
	for (int i = 1; i < MAX_SHARDS; i++)
		assert_row(!idle(i), "slot %d went too", i);
	shard_new(&w.shards, IMG, 70, 12);
	assert_int_equal(w.shards.slot[0].xmode, 3);
}

/* NOTE: an image outside the table is refused and leaves the counter alone. */
static void new_shard_refuses_images_outside_the_table(void **state)
{
	static const int bad[] = { -1, IMG_COUNT, SHARD_IDLE };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++)
		shard_new(&w.shards, bad[i], 10, 10);
	for (int i = 0; i < MAX_SHARDS; i++)
		assert_row(idle(i), "slot %d busy", i);
	shard_new(&w.shards, IMG, 10, 10);
	assert_int_equal(w.shards.slot[0].xmode, 1);
}

/*
 * Seed 001, all five x-modes in open air from (50, 12), view rows 0..17.
 * Up 2 at ages 1..4, 1 at age 5, hang at 6 and 7, down 1 at 8, then 2 a
 * tick. Sideways every tick: east, west, none, east 2, west 2. At age 17
 * (older than 16) each is tested where it is, row 20, out of view: removed.
 */
static void five_xmodes_in_open_air(void **state)
{
	static const struct {
		int age, y;
		int x[XMODES];
	} rows[] = {
		/* age  y    mode 0  1   2   3   4 */
		{ 1, 10, { 51, 49, 50, 52, 48 } },
		{ 2, 8, { 52, 48, 50, 54, 46 } },
		{ 3, 6, { 53, 47, 50, 56, 44 } },
		{ 4, 4, { 54, 46, 50, 58, 42 } },
		{ 5, 3, { 55, 45, 50, 60, 40 } },
		{ 6, 3, { 56, 44, 50, 62, 38 } },
		{ 7, 3, { 57, 43, 50, 64, 36 } },
		{ 8, 4, { 58, 42, 50, 66, 34 } },
		{ 9, 6, { 59, 41, 50, 68, 32 } },
		{ 10, 8, { 60, 40, 50, 70, 30 } },
		{ 11, 10, { 61, 39, 50, 72, 28 } },
		{ 12, 12, { 62, 38, 50, 74, 26 } },
		{ 13, 14, { 63, 37, 50, 76, 24 } },
		{ 14, 16, { 64, 36, 50, 78, 22 } },
		{ 15, 18, { 65, 35, 50, 80, 20 } },
		{ 16, 20, { 66, 34, 50, 82, 18 } },
	};
	int slot[XMODES];

	(void)state;
	open_map(100, 40, 31, 0);
	for (int m = 0; m < XMODES; m++)
		slot[m] = new_shard(m, 50, 12);
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		step();
		for (int m = 0; m < XMODES; m++) {
			const Shard *s = &w.shards.slot[slot[m]];

			assert_row(s->x == rows[i].x[m] && s->y == rows[i].y && s->age == rows[i].age + 1,
			    "age %d, mode %d: at (%d,%d) age %u, want (%d,%d) age %d", rows[i].age, m, s->x,
			    s->y, s->age, rows[i].x[m], rows[i].y, rows[i].age + 1);
		}
	}
	step();
	for (int m = 0; m < XMODES; m++)
		assert_row(idle(slot[m]), "mode %d still there at age 17", m);
}

/*
 * Seed 001: the first tick is a white outline the right way up, every
 * later tick the piece upside down — both where the tick left it.
 */
static void drawn_white_outline_first_then_upside_down(void **state)
{
	static const struct {
		int flags, color;
	} rows[] = {
		{ DRAWF_SILHOUETTE, 15 },
		{ DRAWF_FLIP_V, 0 },
		{ DRAWF_FLIP_V, 0 },
		{ DRAWF_FLIP_V, 0 },
	};
	int slot;

	(void)state;
	open_map(40, 40, 0, 0);
	slot = new_shard(0, 10, 12);
	frame_clear(&frame);
	render_shards(&w, &frame);
	assert_int_equal(frame.count, 0);       /* not drawn before its first update */
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const Shard *s = &w.shards.slot[slot];

		step();
		frame_clear(&frame);
		render_shards(&w, &frame);
		frame_clear(&want_frame);
		render_sprite(&w, &want_frame, IMG, s->x, s->y, rows[i].flags, rows[i].color);
		assert_row(frame.count == 1 && want_frame.count == 1, "tick %zu: %u commands", i + 1,
		    frame.count);
		assert_row(frame.cmds[0].kind == DRAW_IMAGE && frame.cmds[0].id == IMG,
		    "tick %zu: not the shard image", i + 1);
		assert_row(frame.cmds[0].flags == rows[i].flags && frame.cmds[0].color == rows[i].color,
		    "tick %zu: flags %u colour %u, want %d %d", i + 1, frame.cmds[0].flags,
		    frame.cmds[0].color, rows[i].flags, rows[i].color);
		assert_row(frame.cmds[0].x == want_frame.cmds[0].x && frame.cmds[0].y == want_frame.cmds[0].y,
		    "tick %zu: drawn at (%d,%d), want (%d,%d)", i + 1, frame.cmds[0].x, frame.cmds[0].y,
		    want_frame.cmds[0].x, want_frame.cmds[0].y);
	}
}

/* Shards are drawn in slot order; a shard made after the update waits for the next one. */
static void draw_follows_the_last_update(void **state)
{
	(void)state;
	open_map(40, 40, 0, 0);
	shard_new(&w.shards, IMG_SHARD0, 5, 12);
	shard_new(&w.shards, IMG_SHARD1, 15, 12);
	step();
	shard_new(&w.shards, IMG_SHARD2, 25, 12);
	frame_clear(&frame);
	render_shards(&w, &frame);
	assert_int_equal(frame.count, 2);
	assert_int_equal(frame.cmds[0].id, IMG_SHARD0);
	assert_int_equal(frame.cmds[1].id, IMG_SHARD1);
	step();
	frame_clear(&frame);
	render_shards(&w, &frame);
	assert_int_equal(frame.count, 3);
	assert_int_equal(frame.cmds[2].id, IMG_SHARD2);
	assert_int_equal(frame.cmds[2].flags, DRAWF_SILHOUETTE);
}

/* "T=<tick> shard <slot> x= y= age= xmode= bounced=" per busy slot, in slot order. */
static void trace_lists_busy_slots(void **state)
{
	(void)state;
	open_map(40, 40, 0, 0);
	fill(0, 16, 39, 25, BRICK);
	traced.n = 0;
	shard_trace(&w.shards, w.tick, capture, NULL);
	assert_int_equal(traced.n, 0);

	shard_new(&w.shards, IMG, 30, 15);             /* xmode 1, on the floor: no move on tick 1 */
	new_shard(0, 20, 12);                   /* slot 1, in the air */
	step();
	traced.n = 0;
	shard_trace(&w.shards, w.tick, capture, NULL);
	assert_int_equal(traced.n, 2);
	assert_string_equal(traced.line[0], "T=1 shard 0 x=30 y=13 age=2 xmode=1 bounced=0");
	assert_string_equal(traced.line[1], "T=1 shard 1 x=21 y=10 age=2 xmode=0 bounced=0");
	for (int t = 2; t <= 13; t++)           /* west at ticks 2..12; bounce at 13 */
		step();
	traced.n = 0;
	shard_trace(&w.shards, w.tick, capture, NULL);
	assert_string_equal(traced.line[0], "T=13 shard 0 x=19 y=13 age=4 xmode=1 bounced=1");
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(test_tiles_and_image_are_as_assumed),
	T(new_shard_takes_the_lowest_idle_slot_at_age_1),
	T(xmode_counter_runs_1_2_3_4_0_1),
	T(shard_init_resets_the_counter_and_every_slot),
	T(the_17th_shard_is_dropped_but_uses_up_its_xmode),
	T(new_shard_refuses_images_outside_the_table),
	T(five_xmodes_in_open_air),
	T(drawn_white_outline_first_then_upside_down),
	T(draw_follows_the_last_update),
	T(trace_lists_busy_slots),
};

int main(int argc, char **argv)
{
	if (testmain_filter("shard", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("shard", tests, NULL, NULL);
}
