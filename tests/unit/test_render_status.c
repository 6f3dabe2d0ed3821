/* test_render_status.c: the status bar as draw commands and pixels — score and lives digits, the font's glyphs, health boxes. */
#include "hud.h"
#include "renderfix.h"
#include "testmain.h"

#include "assets.h"
#include "crc32.h"
#include "demo.h"
#include "demoframes.h"
#include "frame.h"
#include "gfx.h"
#include "raster.h"
#include "render.h"
#include "world.h"

/* The DRAW_TEXT command at (x, y), or NULL. */
static const DrawCmd *text_at(int x, int y)
{
	int k = find_cmd(DRAW_TEXT, x, y, 0);

	return k >= 0 ? &frame.cmds[k] : NULL;
}

static void status_shows_score_and_lives_as_zero_padded_digits(void **state)
{
	static const struct {
		uint32_t score;
		uint8_t lives;
		const char *score_text, *lives_text;
	} rows[] = {
		{ 0, 3, "0000000", "03" },
		{ 1234, 3, "0001234", "03" },
		{ 9999999, 0, "9999999", "00" },
		{ 50, 12, "0000050", "12" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const DrawCmd *c;

		w.score = rows[i].score;
		w.lives = rows[i].lives;
		render_status(&w, &frame);
		assert_int_equal(frame.dropped, 0);
		c = text_at(8, STATUS_Y + 8);
		assert_non_null(c);
		assert_string_equal(&frame.text[c->id], "SCORE");
		c = text_at(56, STATUS_Y + 8);
		assert_non_null(c);
		assert_row(strcmp(&frame.text[c->id], rows[i].score_text) == 0, "score %u shown as \"%s\"",
		    rows[i].score, &frame.text[c->id]);
		c = text_at(232, STATUS_Y + 8);
		assert_non_null(c);
		assert_string_equal(&frame.text[c->id], "LIVES");
		c = text_at(280, STATUS_Y + 8);
		assert_non_null(c);
		assert_row(strcmp(&frame.text[c->id], rows[i].lives_text) == 0, "lives %u shown as \"%s\"",
		    rows[i].lives, &frame.text[c->id]);
	}
}

static void status_score_digits_are_the_font_glyphs_on_screen(void **state)
{
	static const char digits[] = "0001234";
	const DrawCmd *c;
	int bg;

	(void)state;
	w.score = 1234;
	render_status(&w, &frame);
	c = text_at(56, STATUS_Y + 8);
	assert_non_null(c);
	memset(fb, NOTHING, sizeof fb);
	raster_frame(&frame, fb);
	bg = fb[(STATUS_Y + 8) * SCREEN_W + 0];         /* the bar's background, left of everything */
	assert_int_not_equal(bg, NOTHING);
	assert_int_not_equal(bg, c->color);
	for (int i = 0; i < 7; i++) {
		const uint8_t *g = gfx_font[(uint8_t)digits[i]];

		for (int y = 0; y < 8; y++)
			for (int x = 0; x < 8; x++) {
				int px = 56 + i * 8 + x, py = STATUS_Y + 8 + y;
				int want = (g[y] & (0x80 >> x)) ? c->color : bg;

				assert_row(fb[py * SCREEN_W + px] == want, "digit %d ('%c') pixel (%d,%d) = 0x%02X, want 0x%02X",
				    i, digits[i], x, y, fb[py * SCREEN_W + px], want);
			}
	}
}

static void status_health_boxes_show_health_left_of_max(void **state)
{
	(void)state;
	for (int health = 0; health <= PLAYER_MAX_HEALTH; health++) {
		int full = -1, empty = -1;

		w.health = (uint8_t)health;
		render_status(&w, &frame);
		for (int i = 0; i < PLAYER_MAX_HEALTH; i++) {
			int k = find_cmd(DRAW_FILL, 184 + i * 10, STATUS_Y + 8, 0);

			assert_row(k >= 0, "health %d: no box %d", health, i);
			assert_row(frame.cmds[k].w == 8 && frame.cmds[k].h == 8, "health %d: box %d size", health, i);
			if (i < health) {
				assert_row(full < 0 || frame.cmds[k].color == full, "health %d: box %d", health, i);
				full = frame.cmds[k].color;
			} else {
				assert_row(empty < 0 || frame.cmds[k].color == empty, "health %d: box %d", health, i);
				empty = frame.cmds[k].color;
			}
		}
		assert_row(full < 0 || empty < 0 || full != empty, "health %d: full and empty look the same", health);
	}
}

/*
 * The kernel redraws the status bar only when status_version moves, so every
 * change to what the bar shows must call world_status_changed(): on every
 * frame of every built-in demo, a bar drawn with the version unchanged has
 * the pixels of the one before.
 */
static void status_bar_changes_only_with_its_version_in_every_demo(void **state)
{
	static Frame view;
	int marked = 0;

	(void)state;
	for (uint32_t d = 0; d < game_demo_count; d++) {
		DemoFrames df;
		uint32_t version = 0, crc = 0;

		demoframes_open(&df, d, &w, &view, &frame);
		while (demoframes_next(&df)) {
			uint32_t now;

			raster_frame(&frame, fb);
			now = crc32_update(0, fb, sizeof fb);
			if (df.t > 0 && w.status_version == version)
				assert_row(now == crc, "demo %s tick %u: the status bar changed, its version did not",
				           game_demos[d].name, df.t);
			else if (df.t > 0 && now != crc)
				marked++;
			version = w.status_version;
			crc = now;
		}
	}
	assert_true(marked > 0);                /* the demos do change the bar (scores, bombs, lives) */
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(status_shows_score_and_lives_as_zero_padded_digits),
	T(status_score_digits_are_the_font_glyphs_on_screen),
	T(status_health_boxes_show_health_left_of_max),
	T(status_bar_changes_only_with_its_version_in_every_demo),
};

int main(int argc, char **argv)
{
	if (testmain_filter("render_status", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("render_status", tests, NULL, NULL);
}
