/* test_title.c: the title screen — tile stepping with key repeat, edges, facing, its look value and determinism. */
#include "testmain.h"

#include "assets.h"
#include "crc32.h"
#include "frame.h"
#include "gfx.h"
#include "input.h"
#include "planar.h"
#include "raster.h"
#include "sound.h"
#include "title.h"

#define L BTN_BIT(BTN_LEFT)
#define R BTN_BIT(BTN_RIGHT)
#define U BTN_BIT(BTN_UP)
#define D BTN_BIT(BTN_DOWN)

static TitleState title;
static TitleEvents ev;
static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static int fresh_title(void **state)
{
	(void)state;
	memset(&title, 0xA5, sizeof title);
	title_init(&title);
	return 0;
}

/* One tick with these buttons held and these newly pressed (a press is also held). */
static void tick(uint16_t held, uint16_t pressed)
{
	GameInput in = { .held = (uint16_t)(held | pressed), .pressed = pressed };

	memset(&ev, 0xA5, sizeof ev);
	title_tick(&title, &in, &ev);
}

static void idle(int n)
{
	for (int i = 0; i < n; i++)
		tick(0, 0);
}

static uint32_t frame_crc(const TitleState *t)
{
	title_draw(t, &frame);
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
	return planar_frame_crc(fb);
}

static void starts_at_the_start_tile_facing_right(void **state)
{
	(void)state;
	assert_int_equal(title.tick, 0);
	assert_int_equal(title.tx, TITLE_START_TX);
	assert_int_equal(title.ty, TITLE_START_TY);
	assert_int_equal(title.tx, 4);
	assert_int_equal(title.ty, 20);
	assert_false(title.facing_left);
	assert_int_equal(title.steps, 0);
}

static void idle_ticks_count_and_nothing_moves(void **state)
{
	(void)state;
	for (int i = 1; i <= 50; i++) {
		tick(0, 0);
		assert_int_equal(title.tick, i);
		assert_int_equal(ev.sound, SND_NONE);
		assert_false(ev.moved);
	}
	assert_int_equal(title.tx, TITLE_START_TX);
	assert_int_equal(title.ty, TITLE_START_TY);
	assert_int_equal(title.steps, 0);
}

static void press_right_steps_one_tile_at_once_with_move_sound(void **state)
{
	(void)state;
	tick(R, R);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(title.ty, TITLE_START_TY);
	assert_true(ev.moved);
	assert_int_equal(ev.sound, SND_MOVE);
	assert_int_equal(title.steps, 1);
	assert_false(title.facing_left);

	tick(0, 0);                     /* released: no more steps */
	assert_false(ev.moved);
	assert_int_equal(ev.sound, SND_NONE);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
}

/* A press and release inside one tick (pressed, not held at the tick's end) still steps. */
static void tap_inside_one_tick_still_steps(void **state)
{
	GameInput in = { .held = 0, .pressed = R };

	(void)state;
	title_tick(&title, &in, &ev);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(ev.sound, SND_MOVE);
}

/*
 * Right pressed on tick 1 and held: steps on tick 1, again TITLE_REPEAT_DELAY
 * ticks later (tick 21), then every TITLE_REPEAT_RATE ticks (31, 41, 51, ...).
 */
static void holding_right_repeats_after_delay_then_at_rate(void **state)
{
	uint32_t moved_at[16];
	int n = 0;

	(void)state;
	assert_int_equal(TITLE_REPEAT_DELAY, 20);
	assert_int_equal(TITLE_REPEAT_RATE, 10);
	for (int i = 1; i <= 75; i++) {
		int before = title.tx;

		tick(R, i == 1 ? R : 0);
		if (title.tx != before) {
			assert_true(n < (int)ARRAY_LEN(moved_at));
			assert_int_equal(title.tx, before + 1);
			assert_int_equal(ev.sound, SND_MOVE);
			moved_at[n++] = title.tick;
		} else {
			assert_int_equal(ev.sound, SND_NONE);
		}
	}
	assert_int_equal(n, 7);
	assert_int_equal(moved_at[0], 1);
	assert_int_equal(moved_at[1], 1 + TITLE_REPEAT_DELAY);                          /* 21 */
	for (int k = 2; k < n; k++)
		assert_int_equal(moved_at[k], 1 + TITLE_REPEAT_DELAY + (k - 1) * TITLE_REPEAT_RATE); /* 31..71 */
	assert_int_equal(title.tx, TITLE_START_TX + 7);
	assert_int_equal(title.steps, 7);
}

/* Releasing and pressing again starts over: a step at once, then the full delay. */
static void release_and_press_again_restarts_the_delay(void **state)
{
	(void)state;
	tick(R, R);                     /* tick 1: step */
	idle(1);
	for (int i = 0; i < 15; i++)    /* ticks 3..17: held, part of the delay */
		tick(R, 0);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	tick(0, 0);                     /* tick 18: released */
	tick(R, R);                     /* tick 19: a new press steps at once */
	assert_int_equal(title.tx, TITLE_START_TX + 2);
	for (int i = 0; i < TITLE_REPEAT_DELAY - 1; i++) {
		tick(R, 0);
		assert_int_equal(title.tx, TITLE_START_TX + 2);
	}
	tick(R, 0);                     /* tick 39 = 19 + 20 */
	assert_int_equal(title.tick, 39);
	assert_int_equal(title.tx, TITLE_START_TX + 3);
}

/* Holding Down from the top repeats the same way on the vertical axis. */
static void holding_up_repeats_on_the_vertical_axis(void **state)
{
	int moved = 0;

	(void)state;
	for (int i = 1; i <= 41; i++) {
		int before = title.ty;

		tick(U, i == 1 ? U : 0);
		if (title.ty != before) {
			assert_int_equal(title.ty, before - 1);
			assert_true(i == 1 || i == 21 || i == 31 || i == 41);
			moved++;
		}
	}
	assert_int_equal(moved, 4);
	assert_int_equal(title.ty, TITLE_START_TY - 4);
	assert_int_equal(title.tx, TITLE_START_TX);
}

/* Both Left and Right held (no new press): the hero stands still, however long. */
static void left_and_right_held_means_no_motion(void **state)
{
	(void)state;
	for (int i = 0; i < 100; i++) {
		tick(L | R, 0);
		assert_false(ev.moved);
		assert_int_equal(ev.sound, SND_NONE);
	}
	assert_int_equal(title.tx, TITLE_START_TX);
	assert_int_equal(title.steps, 0);
	assert_false(title.facing_left);

	/* Same after Right was pressed and held first: once Left joins, no more repeats. */
	tick(R, R);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	tick(R, 0);
	tick(L | R, 0);                 /* Left held, its press already consumed */
	for (int i = 0; i < 60; i++) {
		tick(L | R, 0);
		assert_false(ev.moved);
	}
	assert_int_equal(title.tx, TITLE_START_TX + 1);
}

static void up_and_down_held_means_no_motion(void **state)
{
	(void)state;
	title.ty = 14;
	for (int i = 0; i < 60; i++)
		tick(U | D, 0);
	assert_int_equal(title.ty, 14);
	assert_int_equal(title.steps, 0);
}

static void step_into_right_edge_bumps_without_moving(void **state)
{
	(void)state;
	title.tx = TITLE_MAX_TX;
	tick(R, R);
	assert_int_equal(title.tx, TITLE_MAX_TX);
	assert_false(ev.moved);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_int_equal(title.steps, 0);

	tick(L, L);                     /* and away from it again */
	assert_int_equal(title.tx, TITLE_MAX_TX - 1);
	assert_int_equal(ev.sound, SND_MOVE);
}

static void step_into_left_edge_bumps_without_moving(void **state)
{
	(void)state;
	title.tx = TITLE_MIN_TX;
	tick(L, L);
	assert_int_equal(title.tx, TITLE_MIN_TX);
	assert_false(ev.moved);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_true(title.facing_left);         /* turns to face the wall */
}

/* Walking right by holding the key: stops at TITLE_MAX_TX, then bumps on every repeat. */
static void holding_right_to_the_edge_then_bumping(void **state)
{
	int bumps = 0;

	(void)state;
	for (int i = 1; i <= 600; i++) {
		tick(R, i == 1 ? R : 0);
		assert_true(title.tx <= TITLE_MAX_TX);
		bumps += ev.sound == SND_BUMP;
		if (ev.sound == SND_BUMP)
			assert_int_equal((title.tick - 1 - TITLE_REPEAT_DELAY) % TITLE_REPEAT_RATE, 0);
	}
	/* 34 steps from 4 to 38: tick 1, 21, 31, ..., 341; repeats at 351..591 bump: 25 of them. */
	assert_int_equal(title.tx, TITLE_MAX_TX);
	assert_int_equal(title.steps, TITLE_MAX_TX - TITLE_START_TX);
	assert_int_equal(bumps, 25);
}

static void up_and_down_limits(void **state)
{
	(void)state;
	assert_int_equal(title.ty, TITLE_MAX_TY);
	tick(D, D);                     /* already standing on the floor */
	assert_int_equal(title.ty, TITLE_MAX_TY);
	assert_int_equal(ev.sound, SND_BUMP);

	for (int ty = TITLE_MAX_TY - 1; ty >= TITLE_MIN_TY; ty--) {
		idle(1);
		tick(U, U);
		assert_int_equal(title.ty, ty);
		assert_int_equal(ev.sound, SND_MOVE);
	}
	idle(1);
	tick(U, U);
	assert_int_equal(title.ty, TITLE_MIN_TY);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_false(title.facing_left);        /* vertical steps do not turn the hero */
	tick(D, D);
	assert_int_equal(title.ty, TITLE_MIN_TY + 1);
}

static void facing_follows_the_last_horizontal_direction(void **state)
{
	(void)state;
	tick(L, L);
	assert_true(title.facing_left);
	idle(1);
	tick(U, U);
	assert_true(title.facing_left);
	idle(1);
	tick(R, R);
	assert_false(title.facing_left);
	idle(1);
	tick(D, D);
	assert_false(title.facing_left);
}

/* A diagonal press moves on both axes in one step: one move sound, one step counted. */
static void diagonal_press_moves_both_axes(void **state)
{
	(void)state;
	tick(R | U, R | U);
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(title.ty, TITLE_START_TY - 1);
	assert_int_equal(title.steps, 1);
	assert_int_equal(ev.sound, SND_MOVE);
}

/* Blocked on one axis but moving on the other is a move, not a bump. */
static void moving_on_one_axis_while_blocked_on_the_other(void **state)
{
	(void)state;
	tick(R | D, R | D);             /* Down is blocked by the floor */
	assert_int_equal(title.tx, TITLE_START_TX + 1);
	assert_int_equal(title.ty, TITLE_MAX_TY);
	assert_int_equal(ev.sound, SND_MOVE);
}

/* The look changes when the hero moves, turns, or changes stride, even on the same tick. */
static void look_changes_when_the_hero_moves(void **state)
{
	GameInput none = { 0 }, right = { .held = R, .pressed = R }, left = { .held = L, .pressed = L };
	TitleState before, still, moved;

	(void)state;
	idle(5);
	before = title;
	still = before;
	title_tick(&still, &none, &ev);
	moved = before;
	title_tick(&moved, &right, &ev);        /* position and stride */
	assert_int_equal(still.tick, moved.tick);
	assert_int_not_equal(title_look(&still), title_look(&moved));
	moved = before;
	title_tick(&moved, &left, &ev);         /* position, facing and stride */
	assert_int_not_equal(title_look(&still), title_look(&moved));

	/* Each part on its own. */
	moved = still;
	moved.ty--;
	assert_int_not_equal(title_look(&still), title_look(&moved));
	moved = still;
	moved.facing_left = !moved.facing_left;
	assert_int_not_equal(title_look(&still), title_look(&moved));
	moved = still;
	moved.steps++;
	assert_int_not_equal(title_look(&still), title_look(&moved));
	moved = still;
	moved.steps += 2;               /* same stride image: same picture */
	assert_int_equal(title_look(&still), title_look(&moved));
}

/*
 * With no input the picture changes by itself only when the clock's tenth
 * changes (every 14 ticks) or the critter bobs (every 6 ticks; its 4-frame
 * walk turns every 12): the look changes at exactly those ticks.
 */
static void look_changes_on_clock_tenths_and_bob_steps_only(void **state)
{
	uint32_t prev = title_look(&title);

	(void)state;
	for (uint32_t t = 1; t <= 2 * 84; t++) {
		uint32_t look;
		bool due = t % 14 == 0 || t % 6 == 0;

		tick(0, 0);
		look = title_look(&title);
		assert_row((look != prev) == due, "tick %u: look %s", t, look != prev ? "changed" : "did not change");
		prev = look;
	}
}

/* title.h: title_look "changes iff the picture changes" — checked against the rastered frames. */
static void look_changes_iff_the_rastered_picture_changes(void **state)
{
	uint32_t prev_look = title_look(&title), prev_crc = frame_crc(&title);

	(void)state;
	for (int t = 1; t <= 200; t++) {
		uint32_t look, crc;

		/* Some steps and turns among the idle ticks. */
		if (t % 37 == 0)
			tick(L, L);
		else if (t % 23 == 0)
			tick(R | U, R | U);
		else
			tick(0, 0);
		look = title_look(&title);
		crc = frame_crc(&title);
		assert_row((look != prev_look) == (crc != prev_crc), "tick %d: look %s but picture %s", t,
		    look != prev_look ? "changed" : "same", crc != prev_crc ? "changed" : "same");
		prev_look = look;
		prev_crc = crc;
	}
}

/* title.h: only the TITLE_ANIM rectangle changes by itself (the kernel redraws just that). */
static void only_the_anim_rectangle_changes_by_itself(void **state)
{
	static uint8_t first[SCREEN_W * SCREEN_H];

	(void)state;
	title_draw(&title, &frame);
	raster_frame(&frame, first);
	for (int t = 1; t <= 170; t++) {
		tick(0, 0);
		title_draw(&title, &frame);
		raster_frame(&frame, fb);
		for (int y = 0; y < SCREEN_H; y++)
			for (int x = 0; x < SCREEN_W; x++) {
				bool inside = x >= TITLE_ANIM_X && x < TITLE_ANIM_X + TITLE_ANIM_W &&
				    y >= TITLE_ANIM_Y && y < TITLE_ANIM_Y + TITLE_ANIM_H;

				if (!inside)
					assert_row(fb[y * SCREEN_W + x] == first[y * SCREEN_W + x],
					    "tick %d: pixel (%d,%d) outside the anim rectangle changed", t, x, y);
			}
	}
}

/* The clock: the one text of the form "ddddd.d" (leading blanks), wherever the layout puts it. */
static const char *find_clock(const Frame *f)
{
	const char *found = NULL;

	for (int i = 0; i < f->count; i++) {
		const char *s = &f->text[f->cmds[i].id];
		bool clock = f->cmds[i].kind == DRAW_TEXT && strlen(s) == 7 && s[5] == '.';

		for (int k = 0; clock && k < 7; k++)
			clock = k == 5 || (s[k] >= '0' && s[k] <= '9') || (s[k] == ' ' && k < 4);
		if (clock) {
			assert_null(found);     /* exactly one */
			found = s;
		}
	}
	assert_non_null(found);
	return found;
}

/* The clock shows tenths of a second (14 ticks at 140 Hz), right-aligned in 7 characters. */
static void clock_text_shows_tenths_of_a_second(void **state)
{
	static const struct {
		uint32_t tick;
		const char *text;
	} rows[] = {
		{ 0, "    0.0" }, { 13, "    0.0" }, { 14, "    0.1" }, { 139, "    0.9" }, { 140, "    1.0" },
		{ 280, "    2.0" }, { 14 * 1234, "  123.4" }, { 14 * 999999, "99999.9" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const char *clock;

		title.tick = rows[i].tick;
		title_draw(&title, &frame);
		clock = find_clock(&frame);
		assert_row(strcmp(clock, rows[i].text) == 0, "tick %u: \"%s\", want \"%s\"",
		    rows[i].tick, clock, rows[i].text);
	}
}

/* The one player image in the frame. */
static const DrawCmd *find_hero(const Frame *f)
{
	const DrawCmd *found = NULL;

	for (int i = 0; i < f->count; i++) {
		const DrawCmd *c = &f->cmds[i];

		if (c->kind == DRAW_IMAGE && (c->id == IMG_PLAYER_R0 || c->id == IMG_PLAYER_R1 ||
		    c->id == IMG_PLAYER_L0 || c->id == IMG_PLAYER_L1)) {
			assert_null(found);
			found = c;
		}
	}
	assert_non_null(found);
	return found;
}

/* The hero image: R0/R1 or L0/L1 by facing and stride, its top-left on tile (tx, ty). */
static void hero_image_follows_facing_and_stride(void **state)
{
	static const struct {
		bool left;
		uint32_t steps;
		int image;
	} rows[] = {
		{ false, 0, IMG_PLAYER_R0 }, { false, 1, IMG_PLAYER_R1 }, { false, 6, IMG_PLAYER_R0 },
		{ true, 0, IMG_PLAYER_L0 }, { true, 3, IMG_PLAYER_L1 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const DrawCmd *hero;
		const GfxImage *im;

		title.facing_left = rows[i].left;
		title.steps = rows[i].steps;
		title.tx = 7 + (int)i;
		title.ty = 12;
		title_draw(&title, &frame);
		hero = find_hero(&frame);
		im = &gfx_images[rows[i].image];
		assert_int_equal(hero->id, rows[i].image);
		assert_int_equal(hero->x - im->ox, title.tx * 8);
		assert_int_equal(hero->y - im->oy, 12 * 8);
	}
}

static void draw_fits_the_frame_and_starts_from_clear(void **state)
{
	(void)state;
	memset(&frame, 0x5A, sizeof frame);
	title_draw(&title, &frame);
	assert_int_equal(frame.dropped, 0);
	assert_true(frame.count > 0 && frame.count < FRAME_MAX_CMDS);
	assert_int_equal(frame.cmds[0].kind, DRAW_FILL);        /* the whole screen first */
	assert_int_equal(frame.cmds[0].w, SCREEN_W);
	assert_int_equal(frame.cmds[0].h, SCREEN_H);
	{
		uint16_t count = frame.count;

		title_draw(&title, &frame);     /* drawing again replaces, not appends */
		assert_int_equal(frame.count, count);
	}
}

/*
 * A recorded input script, like a demo: (from tick, held, pressed). Ticks
 * 1..280: a right press held for 40 ticks, a left tap, an up press held 25,
 * a diagonal, and idling.
 */
static GameInput script_input(uint32_t t)
{
	GameInput in = { 0 };

	if (t >= 10 && t < 50)
		in.held = R;
	if (t == 10)
		in.pressed = R;
	if (t == 70)
		in.pressed = in.held = L;
	if (t >= 100 && t < 125)
		in.held = U;
	if (t == 100)
		in.pressed = U;
	if (t == 200)
		in.pressed = in.held = R | D;
	return in;
}

static uint32_t play_script(TitleState *t, uint32_t ticks)
{
	TitleEvents e;

	title_init(t);
	for (uint32_t i = 1; i <= ticks; i++) {
		GameInput in = script_input(i);

		title_tick(t, &in, &e);
	}
	return frame_crc(t);
}

static void same_script_gives_same_state_and_frame_at_tick_280(void **state)
{
	TitleState a, b;
	uint32_t crc_a, crc_b;

	(void)state;
	memset(&a, 0x11, sizeof a);
	memset(&b, 0x22, sizeof b);
	crc_a = play_script(&a, 280);
	memset(&frame, 0x33, sizeof frame);
	memset(fb, 0x44, sizeof fb);
	crc_b = play_script(&b, 280);

	assert_int_equal(a.tick, 280);
	assert_int_equal(a.tick, b.tick);
	assert_int_equal(a.tx, b.tx);
	assert_int_equal(a.ty, b.ty);
	assert_int_equal(a.facing_left, b.facing_left);
	assert_int_equal(a.steps, b.steps);
	assert_int_equal(a.h.repeat, b.h.repeat);
	assert_int_equal(a.v.repeat, b.v.repeat);
	assert_int_equal(title_look(&a), title_look(&b));
	assert_int_equal(crc_a, crc_b);

	/*
	 * Worked by hand: right at 10, repeats at 30 and 40 (held until 49) -> tx 7;
	 * left tap at 70 -> tx 6; up at 100, repeat at 120 (held until 124) -> ty 18;
	 * diagonal right+down at 200 -> tx 7, ty 19, facing right. 7 steps.
	 */
	assert_int_equal(a.tx, 7);
	assert_int_equal(a.ty, 19);
	assert_false(a.facing_left);
	assert_int_equal(a.steps, 7);
}

/* The frame CRC sees the difference a single step makes. */
static void a_different_script_gives_a_different_frame(void **state)
{
	TitleState a, b;
	uint32_t crc_a;
	TitleEvents e;
	GameInput left = { .held = L, .pressed = L };

	(void)state;
	crc_a = play_script(&a, 280);
	play_script(&b, 279);
	title_tick(&b, &left, &e);
	assert_int_equal(b.tick, 280);
	assert_int_not_equal(frame_crc(&b), crc_a);
}

#define T(f) cmocka_unit_test_setup(f, fresh_title)
static const struct CMUnitTest tests[] = {
	T(starts_at_the_start_tile_facing_right),
	T(idle_ticks_count_and_nothing_moves),
	T(press_right_steps_one_tile_at_once_with_move_sound),
	T(tap_inside_one_tick_still_steps),
	T(holding_right_repeats_after_delay_then_at_rate),
	T(release_and_press_again_restarts_the_delay),
	T(holding_up_repeats_on_the_vertical_axis),
	T(left_and_right_held_means_no_motion),
	T(up_and_down_held_means_no_motion),
	T(step_into_right_edge_bumps_without_moving),
	T(step_into_left_edge_bumps_without_moving),
	T(holding_right_to_the_edge_then_bumping),
	T(up_and_down_limits),
	T(facing_follows_the_last_horizontal_direction),
	T(diagonal_press_moves_both_axes),
	T(moving_on_one_axis_while_blocked_on_the_other),
	T(look_changes_when_the_hero_moves),
	T(look_changes_on_clock_tenths_and_bob_steps_only),
	T(look_changes_iff_the_rastered_picture_changes),
	T(only_the_anim_rectangle_changes_by_itself),
	T(clock_text_shows_tenths_of_a_second),
	T(hero_image_follows_facing_and_stride),
	T(draw_fits_the_frame_and_starts_from_clear),
	T(same_script_gives_same_state_and_frame_at_tick_280),
	T(a_different_script_gives_a_different_frame),
};

int main(int argc, char **argv)
{
	if (testmain_filter("title", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("title", tests, NULL, NULL);
}
