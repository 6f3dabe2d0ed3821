/* test_title_draw.c: the title screen's picture — its look value, the drawn frame, and determinism. */
#include "titlefix.h"

#include "assets.h"
#include "frame.h"
#include "gfx.h"
#include "planar.h"
#include "raster.h"

static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static uint32_t frame_crc(const TitleState *t)
{
	title_draw(t, &frame);
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
	return planar_frame_crc(fb);
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
 * With no input the picture changes by itself only when the patrolling
 * critter moves a pixel (every 3 ticks) or its 4-frame walk turns (every
 * 12): the look changes at exactly those ticks.
 */
static void look_changes_on_critter_steps_and_frames_only(void **state)
{
	uint32_t prev = title_look(&title);

	(void)state;
	for (uint32_t t = 1; t <= 2 * 200; t++) {
		uint32_t look;
		bool due = t % 3 == 0 || t % 12 == 0;

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

static bool has_text(const Frame *f, const char *want)
{
	for (int i = 0; i < f->count; i++)
		if (f->cmds[i].kind == DRAW_TEXT && strstr(&f->text[f->cmds[i].id], want))
			return true;
	return false;
}

static bool has_image(const Frame *f, int image)
{
	for (int i = 0; i < f->count; i++)
		if (f->cmds[i].kind == DRAW_IMAGE && f->cmds[i].id == image)
			return true;
	return false;
}

/* A title a player expects: logo, cast, "Press Enter", version and credits; no test card left. */
static void title_shows_logo_cast_press_enter_and_credits(void **state)
{
	static const int cast[] = { IMG_LOGO, IMG_CRITTER0, IMG_BOSS_L0, IMG_EXIT1, IMG_BARREL, IMG_DIAMOND };
	static const char *const card[] = { "VGA", "PIT", "0Dh", "COM1", "Bare metal" };

	(void)state;
	title_draw(&title, &frame);
	for (size_t i = 0; i < ARRAY_LEN(cast); i++)
		assert_row(has_image(&frame, cast[i]), "image %d missing", cast[i]);
	assert_true(has_text(&frame, "Press Enter"));
	assert_true(has_text(&frame, "Version " GAME_VERSION));
	assert_true(has_text(&frame, "Shardfall team"));
	for (size_t i = 0; i < ARRAY_LEN(card); i++)
		assert_row(!has_text(&frame, card[i]), "the test card's \"%s\" is still there", card[i]);
	for (int i = 0; i < frame.count; i++)           /* no palette strip: no 16x12 swatches */
		assert_false(frame.cmds[i].kind == DRAW_FILL && frame.cmds[i].w == 16 && frame.cmds[i].h == 12);
}

/* The critter patrols to and fro inside the animated rectangle, its feet on the grass. */
static void critter_patrols_inside_the_anim_rect(void **state)
{
	int lo = SCREEN_W, hi = -1;

	(void)state;
	for (uint32_t t = 0; t < 600; t++) {
		title.tick = t;
		title_draw(&title, &frame);
		for (int i = 0; i < frame.count; i++) {
			const DrawCmd *c = &frame.cmds[i];

			if (c->kind == DRAW_IMAGE && c->id >= IMG_CRITTER0 && c->id <= IMG_CRITTER3) {
				const GfxImage *im = &gfx_images[c->id];
				int x = c->x - im->ox, top = c->y - im->oy;

				assert_row(x >= TITLE_ANIM_X && x + im->w <= TITLE_ANIM_X + TITLE_ANIM_W, "tick %u: x %d", t, x);
				assert_row(top >= TITLE_ANIM_Y && top + im->h <= TITLE_ANIM_Y + TITLE_ANIM_H, "tick %u: y %d", t, top);
				lo = x < lo ? x : lo;
				hi = x > hi ? x : hi;
			}
		}
	}
	assert_int_equal(lo, TITLE_ANIM_X);
	assert_int_equal(hi, TITLE_ANIM_X + TITLE_ANIM_W - 17);       /* to and fro over 64 pixels */
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

#define T(fn) cmocka_unit_test_setup(fn, fresh_title)
static const struct CMUnitTest tests[] = {
	T(look_changes_when_the_hero_moves),
	T(look_changes_on_critter_steps_and_frames_only),
	T(look_changes_iff_the_rastered_picture_changes),
	T(only_the_anim_rectangle_changes_by_itself),
	T(title_shows_logo_cast_press_enter_and_credits),
	T(critter_patrols_inside_the_anim_rect),
	T(hero_image_follows_facing_and_stride),
	T(draw_fits_the_frame_and_starts_from_clear),
	T(same_script_gives_same_state_and_frame_at_tick_280),
	T(a_different_script_gives_a_different_frame),
};

int main(int argc, char **argv)
{
	if (testmain_filter("title_draw", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("title_draw", tests, NULL, NULL);
}
