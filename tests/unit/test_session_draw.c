/* test_session_draw.c: the session's pictures — every screen fits its frame, menu, pause box, interstitials, halt, status bombs, redraw keys. */
#include "sessionfix.h"

#include "assets.h"
#include "episode.h"
#include "frame.h"
#include "gfx.h"
#include "raster.h"
#include "render.h"
#include "world.h"

static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static void draw(void)
{
	session_draw(&s, &frame);
	assert_int_equal(frame.dropped, 0);
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
}

/* The text command with exactly this string, or NULL. */
static const DrawCmd *find_text(const char *text)
{
	for (int i = 0; i < frame.count; i++)
		if (frame.cmds[i].kind == DRAW_TEXT && strcmp(&frame.text[frame.cmds[i].id], text) == 0)
			return &frame.cmds[i];
	return NULL;
}

static const DrawCmd *find_image(int image)
{
	for (int i = 0; i < frame.count; i++)
		if (frame.cmds[i].kind == DRAW_IMAGE && frame.cmds[i].id == image)
			return &frame.cmds[i];
	return NULL;
}

static int px(int x, int y)
{
	return fb[y * SCREEN_W + x];
}

/* Every mode's picture fits a frame and covers the whole screen (world modes: down to the status bar). */
static void every_screen_fits_and_covers_the_screen(void **state)
{
	(void)state;
	for (int step = 0; step < 12; step++) {
		switch (step) {
		case 0: break;                                  /* title */
		case 1: press(ENTER); break;                    /* menu */
		case 2: press(DOWN); press(ENTER); break;       /* instructions 1 */
		case 3: press(ENTER); break;                    /* instructions 2 */
		case 4: press(ENTER); press(UP); press(ENTER); break;   /* playing */
		case 5: press(PAUSE); break;                    /* paused */
		case 6: press(PAUSE); s.world.level_done = true; idle(1); break;
		case 7: idle(SESSION_LEVEL_DONE_TICKS); s.world.game_over = true; idle(1); break;
		case 8: fresh_session(NULL); session_play_level(&s, "nowhere"); break;  /* error */
		case 9: fresh_session(NULL); idle(SESSION_IDLE_TICKS); break;            /* demo */
		case 10: fresh_session(NULL); new_game(); s.world.level_done = true; idle(1);
			idle(SESSION_LEVEL_DONE_TICKS); s.world.level_done = true; idle(1);
			idle(SESSION_LEVEL_DONE_TICKS); break;  /* episode end */
		case 11: fresh_session(NULL); press(ENTER); press(UP); press(ENTER); break;  /* halted */
		}
		draw();
		for (int y = 0; y < (session_shows_world(&s) ? STATUS_Y : SCREEN_H); y++)
			for (int x = 0; x < SCREEN_W; x++)
				assert_row(px(x, y) != 0xEE, "step %d (mode %d): pixel (%d,%d) not drawn", step, s.mode, x, y);
	}
	assert_int_equal(s.mode, SESSION_HALTED);
}

static void menu_highlights_the_cursor_row_with_the_hero(void **state)
{
	(void)state;
	press(ENTER);
	for (int c = 0; c < MENU_COUNT; c++) {
		const DrawCmd *hero;

		draw();
		for (int i = 0; i < MENU_COUNT; i++) {
			const DrawCmd *t = find_text(menu_labels[i]);

			assert_non_null(t);
			assert_row(t->color == (i == c ? 14 : 7), "cursor %d: item %d colour %d", c, i, t->color);
		}
		hero = find_image(IMG_PLAYER_R0);
		if (!hero)
			hero = find_image(IMG_PLAYER_R1);
		assert_non_null(hero);
		assert_row(hero->y > find_text(menu_labels[c])->y - 8 && hero->y < find_text(menu_labels[c])->y + 16,
		    "cursor %d: hero at y=%d", c, hero->y);
		press(DOWN);
	}
}

static void the_pause_box_sits_over_the_view_and_leaves_the_status_bar(void **state)
{
	static uint8_t playing[SCREEN_W * SCREEN_H];

	(void)state;
	new_game();
	idle(3);
	draw();
	memcpy(playing, fb, sizeof fb);
	press(PAUSE);
	draw();
	assert_non_null(find_text("P: play on"));
	assert_non_null(find_text("Esc or Q: menu"));
	/* A 144x72 box centred on the view's 304x144: (88, 44); black line, white border, blue inside. */
	assert_int_equal(px(88, 44), 0);
	assert_int_equal(px(89, 45), 15);
	assert_int_equal(px(231, 115), 0);
	assert_int_equal(px(92, 112), 1);
	for (int y = 0; y < STATUS_Y; y++)
		for (int x = 0; x < SCREEN_W; x++)
			if (x < 88 || x >= 88 + 144 || y < 44 || y >= 44 + 72)
				assert_row(px(x, y) == playing[y * SCREEN_W + x], "(%d,%d) outside the box changed", x, y);
	for (int i = 0; i < frame.count; i++)
		assert_row(frame.cmds[i].kind == DRAW_CLIP || frame.cmds[i].y < STATUS_Y,
		    "command %d at y=%d reaches the status bar", i, frame.cmds[i].y);
	press(PAUSE);
	draw();
	assert_null(find_text("P: play on"));
}

/* The box's commands fit next to a whole view on every level of the episode. */
static void the_pause_box_fits_the_frame_on_every_episode_level(void **state)
{
	(void)state;
	for (int i = 0; i < episode_level_count; i++) {
		fresh_session(NULL);
		session_play_level(&s, episode_levels[i]);
		press(PAUSE);
		assert_int_equal(s.mode, SESSION_PAUSED);
		draw();                         /* no dropped commands */
		assert_row(frame.count < FRAME_MAX_CMDS - 200, "level %s: %d commands", episode_levels[i], frame.count);
	}
}

static void the_demo_says_so_on_the_view(void **state)
{
	(void)state;
	idle(SESSION_IDLE_TICKS);
	draw();
	assert_non_null(find_text("DEMO"));
	fresh_session(NULL);
	new_game();
	draw();
	assert_null(find_text("DEMO"));
}

static void interstitials_show_the_numbers(void **state)
{
	(void)state;
	new_game();
	s.world.score = 1234;
	s.world.bombs = 7;
	s.world.level_done = true;
	idle(1);
	draw();
	assert_non_null(find_text("Meadow"));
	assert_non_null(find_text("Score  0001234"));
	assert_non_null(find_text("Lives 3   Bombs 07"));
	assert_non_null(find_text("Get ready for level 2"));
	idle(SESSION_LEVEL_DONE_TICKS);
	s.world.level_done = true;              /* level 2 done: level 3 is the last */
	idle(SESSION_LEVEL_DONE_TICKS + 1);
	s.world.level_done = true;
	idle(1);
	draw();
	assert_non_null(find_text("That was the last level!"));
	idle(SESSION_LEVEL_DONE_TICKS);
	draw();
	assert_non_null(find_text("Final score 0001234"));
	assert_non_null(find_text("You have finished the episode."));

	fresh_session(NULL);
	new_game();
	s.world.score = 4321;
	s.world.game_over = true;
	idle(1);
	draw();
	assert_non_null(find_text("Final score 0004321"));
}

static void the_error_screen_is_red_with_the_detail_wrapped(void **state)
{
	(void)state;
	session_play_level(&s, "a-level-name-that-is-long-enough-to-wrap");
	draw();
	assert_int_equal(px(2, 2), 4);
	assert_non_null(find_text("LEVEL NOT FOUND"));
	assert_non_null(find_text("a-level-name-that-is-long-enough-to-wr"));      /* 38 characters */
	assert_non_null(find_text("ap"));
	assert_non_null(find_text("Press Enter to go back."));
}

static void the_halt_screen_says_you_may_turn_off_the_pc(void **state)
{
	(void)state;
	press(ENTER);
	press(UP);
	press(ENTER);
	draw();
	assert_non_null(find_text("You may now turn off your PC."));
	assert_int_equal(px(0, 0), 0);
}

/* What the kernel redraws on: every world frame, a cursor move, a mode change; never while paused. */
static void the_look_changes_exactly_when_the_picture_does(void **state)
{
	uint32_t look;

	(void)state;
	press(ENTER);
	look = session_look(&s);
	idle(1);
	assert_int_equal(session_look(&s), look);
	press(DOWN);
	assert_int_not_equal(session_look(&s), look);
	look = session_look(&s);
	press(UP);
	press(ENTER);
	assert_int_not_equal(session_look(&s), look);
	for (int i = 0; i < 5; i++) {
		look = session_look(&s);
		idle(1);
		assert_int_not_equal(session_look(&s), look);
	}
	press(PAUSE);
	look = session_look(&s);
	idle(500);
	assert_int_equal(session_look(&s), look);
	press(PAUSE);
	assert_int_not_equal(session_look(&s), look);
}

/* The status bar: bombs beside lives, with their icon, zero-padded like the rest. */
static void status_shows_the_bomb_count_with_its_icon(void **state)
{
	static const struct {
		uint8_t bombs;
		const char *text;
	} rows[] = { { 0, "00" }, { 1, "01" }, { 9, "09" }, { 12, "12" }, { 99, "99" } };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const DrawCmd *label = NULL, *value = NULL, *icon;

		s.world.bombs = rows[i].bombs;
		render_status(&s.world, &frame);
		assert_int_equal(frame.dropped, 0);
		for (int k = 0; k < frame.count; k++) {
			const DrawCmd *c = &frame.cmds[k];

			if (c->kind == DRAW_TEXT && c->x == 232 && c->y == STATUS_Y + 22)
				label = c;
			if (c->kind == DRAW_TEXT && c->x == 280 && c->y == STATUS_Y + 22)
				value = c;
		}
		assert_non_null(label);
		assert_string_equal(&frame.text[label->id], "BOMBS");
		assert_non_null(value);
		assert_row(strcmp(&frame.text[value->id], rows[i].text) == 0, "bombs %u shown as \"%s\"",
		    rows[i].bombs, &frame.text[value->id]);
		icon = find_image(IMG_STATUS_BOMB);
		assert_non_null(icon);
		assert_true(icon->x >= 280 + 16 && icon->x + gfx_images[IMG_STATUS_BOMB].w <= SCREEN_W);
		assert_int_equal(icon->y - gfx_images[IMG_STATUS_BOMB].oy, STATUS_Y + 22);
	}
	memset(fb, 0xEE, sizeof fb);
	raster_frame(&frame, fb);
	for (int y = STATUS_Y; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++)
			assert_row(px(x, y) != 0xEE, "status pixel (%d,%d) not drawn", x, y);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(every_screen_fits_and_covers_the_screen, fresh_session),
		cmocka_unit_test_setup(menu_highlights_the_cursor_row_with_the_hero, fresh_session),
		cmocka_unit_test_setup(the_pause_box_sits_over_the_view_and_leaves_the_status_bar, fresh_session),
		cmocka_unit_test_setup(the_pause_box_fits_the_frame_on_every_episode_level, fresh_session),
		cmocka_unit_test_setup(the_demo_says_so_on_the_view, fresh_session),
		cmocka_unit_test_setup(interstitials_show_the_numbers, fresh_session),
		cmocka_unit_test_setup(the_error_screen_is_red_with_the_detail_wrapped, fresh_session),
		cmocka_unit_test_setup(the_halt_screen_says_you_may_turn_off_the_pc, fresh_session),
		cmocka_unit_test_setup(the_look_changes_exactly_when_the_picture_does, fresh_session),
		cmocka_unit_test_setup(status_shows_the_bomb_count_with_its_icon, fresh_session),
	};

	if (testmain_filter("session_draw", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
