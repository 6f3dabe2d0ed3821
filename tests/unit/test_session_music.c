/* test_session_music.c: the tune the session names, Music and Sound effects in the menu, M in play, System info. */
#include "sessionfix.h"

#include "episode.h"
#include "progress.h"
#include "session_int.h"
#include "sysinfo.h"
#include "tunes.h"
#include "world.h"

static void title_and_menus_want_the_title_theme(void **state)
{
	(void)state;
	assert_int_equal(session_music(&s), MUS_TITLE);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(session_music(&s), MUS_TITLE);
}

static void each_episode_level_has_its_tune(void **state)
{
	static const MusicId want[] = {
		MUS_MEADOW, MUS_MUDWORKS, MUS_MEADOW, MUS_MUDWORKS, MUS_MUDWORKS,
		MUS_FORTRESS, MUS_MUDWORKS, MUS_MEADOW, MUS_FORTRESS, MUS_FORTRESS,
	};

	(void)state;
	assert_int_equal(episode_level_count, ARRAY_LEN(want));
	for (uint8_t i = 0; i < episode_level_count; i++) {
		SessionEvents e;

		fresh_session(NULL);
		session_start_episode_level(&s, i, &e);
		assert_int_equal(s.mode, SESSION_PLAYING);
		assert_row(session_music(&s) == want[i], "level %u: tune %d", i, session_music(&s));
	}
	fresh_session(NULL);
	session_play_level(&s, "test");
	assert_int_equal(session_music(&s), MUS_MEADOW);        /* any other level */
}

/* e1l10: the fortress tune in the hall, the boss tune once the boss is in view, the fortress's after it bursts. */
static void the_boss_in_view_brings_the_boss_tune(void **state)
{
	Actor *boss = NULL;

	(void)state;
	session_play_level(&s, "e1l10");
	for (int i = 0; i < MAX_ACTORS; i++)
		if (s.world.actors[i].kind == ACT_BOSS)
			boss = &s.world.actors[i];
	assert_non_null(boss);
	assert_int_equal(session_music(&s), MUS_FORTRESS);     /* the level starts far from the arena */
	s.world.cam_x = boss->x - 10;
	s.world.cam_y = boss->y - 10;
	assert_int_equal(session_music(&s), MUS_BOSS);
	boss->dead = true;
	assert_int_equal(session_music(&s), MUS_FORTRESS);
}

static void jingles_for_level_complete_and_game_over(void **state)
{
	(void)state;
	s.mode = SESSION_LEVEL_DONE;
	assert_int_equal(session_music(&s), MUS_COMPLETE);
	s.mode = SESSION_EPISODE_END;
	assert_int_equal(session_music(&s), MUS_COMPLETE);
	s.mode = SESSION_GAME_OVER;
	assert_int_equal(session_music(&s), MUS_GAME_OVER);
	s.mode = SESSION_HALTED;
	assert_int_equal(session_music(&s), MUS_NONE);
}

static void menu_music_toggles_and_is_remembered(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = 0; i < MENU_MUSIC; i++)
		press(DOWN);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_false(s.music_on);
	assert_true(saw("menu: music off"));
	assert_int_equal(session_music(&s), MUS_NONE);
	tick_keys(0, 0, SKEY_ESC);              /* title, then a game: still off */
	new_game();
	assert_int_equal(session_music(&s), MUS_NONE);
	assert_false(s.music_on);
}

/* Sound effects off: no tick asks for a sound, not even the menu blip; on again, the blip is back. */
static void menu_sound_effects_off_silences_every_effect(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = 0; i < MENU_SOUND; i++)
		press(DOWN);
	press(ENTER);
	assert_false(s.sfx_on);
	assert_true(saw("menu: sound effects off"));
	assert_int_equal(ev.sound, SND_NONE);
	press(DOWN);
	assert_int_equal(ev.sound, SND_NONE);   /* the cursor moved, silently */
	press(UP);
	press(ENTER);
	assert_true(s.sfx_on);
	assert_int_equal(ev.sound, SND_MENU);
	press(DOWN);
	assert_int_equal(ev.sound, SND_MENU);
}

/* M in play toggles the music and changes nothing in the world: the same ticks without M give the same World. */
static void m_in_play_toggles_the_music_only(void **state)
{
	static World with_m;

	(void)state;
	new_game();
	idle(3);
	tap(GK_M);
	assert_false(s.music_on);
	assert_true(saw("music: off (M)"));
	idle(2);
	tap(GK_M);
	assert_true(s.music_on);
	assert_true(saw("music: on (M)"));
	with_m = s.world;
	fresh_session(NULL);
	new_game();
	idle(7);
	assert_int_equal(s.world.tick, with_m.tick);
	assert_memory_equal(&s.world, &with_m, sizeof with_m);
}

/* M given to an action: it is that action's key, the music stays. */
static void m_bound_to_an_action_does_not_toggle(void **state)
{
	(void)state;
	assert_true(session_apply_keys(&s, "kick:m"));
	new_game();
	tap(GK_M);
	assert_true(s.music_on);
}

static void system_info_shows_and_any_key_goes_back(void **state)
{
	(void)state;
	press(ENTER);
	for (int i = 0; i < MENU_SYSINFO; i++)
		press(DOWN);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_SYSINFO);
	assert_true(saw("session: system info"));
	assert_int_equal(session_music(&s), MUS_TITLE);
	idle(10);
	assert_int_equal(s.mode, SESSION_SYSINFO);
	tick_keys(0, 0, SKEY_ANY);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_SYSINFO);       /* back on the item it came from */
}

static void sysinfo_lines_are_kept_in_order_and_bounded(void **state)
{
	static SysInfo si;
	char long_value[200];

	(void)state;
	sysinfo_clear(&si);
	assert_true(sysinfo_add(&si, "CPU", "GenuineIntel"));
	memset(long_value, 'x', sizeof long_value - 1);
	long_value[sizeof long_value - 1] = '\0';
	assert_true(sysinfo_add(&si, "A very long label", long_value));
	assert_string_equal(sysinfo_find(&si, "CPU"), "GenuineIntel");
	assert_int_equal(strlen(si.line[1].label), SYSINFO_LABEL_SIZE - 1);
	assert_int_equal(strlen(si.line[1].value), SYSINFO_VALUE_SIZE - 1);
	assert_null(sysinfo_find(&si, "Sound"));
	for (int i = 2; i < SYSINFO_MAX_LINES; i++)
		assert_true(sysinfo_add(&si, "X", "y"));
	assert_false(sysinfo_add(&si, "Sound", "dropped"));
	assert_int_equal(si.count, SYSINFO_MAX_LINES);
}

/*
 * Music off in the menu while the stick is still being looked for, then the
 * stick's settings come (music on, jump on A): the player's music stays
 * off, the stick's keys are taken, and the newer settings go to the stick
 * (a request, raised once saves are on, holding music off and the keys).
 */
static void a_setting_changed_before_the_stick_is_found_is_kept(void **state)
{
	Progress p;
	char err[CONTROLS_ERR_SIZE];

	(void)state;
	session_set_saves_pending(&s);
	press(ENTER);
	for (int i = 0; i < MENU_MUSIC; i++)
		press(DOWN);
	press(ENTER);
	assert_false(s.music_on);
	assert_int_equal(session_save_request(&s), 0);  /* nothing is written while the stick is looked for */
	progress_defaults(&p);
	assert_true(controls_parse(&p.controls, "jump:a", err, sizeof err));
	p.music_on = true;
	session_load_progress(&s, &p);
	session_set_saves(&s, true, NULL);
	assert_false(s.music_on);                       /* the player's newer word */
	assert_int_equal(session_music(&s), MUS_NONE);
	assert_int_equal(s.controls.keys[CTL_JUMP][0], GK_A);  /* not touched: the stick's */
	assert_true(saw("progress: the player's newer settings kept: music"));
	assert_int_equal(session_save_request(&s), SAVE_REQ_SETTINGS);
	assert_false(session_progress(&s)->music_on);
	assert_int_equal(session_progress(&s)->controls.keys[CTL_JUMP][0], GK_A);
}

/* Nothing changed while the stick was looked for: its settings win whole, nothing is written back. */
static void the_sticks_settings_apply_when_nothing_was_changed(void **state)
{
	Progress p;

	(void)state;
	session_set_saves_pending(&s);
	progress_defaults(&p);
	p.music_on = false;
	session_load_progress(&s, &p);
	session_set_saves(&s, true, NULL);
	assert_false(s.music_on);
	assert_false(saw_prefix("progress: the player's newer settings kept"));
	assert_int_equal(session_save_request(&s), 0);
}

/*
 * The order kernel/loop/loopsave.c keeps when the stick is found: its progress,
 * then keys= again. keys=jump:a over a stick that bound fire to S: jump is
 * A (the option wins for what it names), fire stays S (the stick's), and
 * nothing is written back (an option is for this boot only).
 */
static void keys_option_wins_over_the_sticks_bindings_for_what_it_names(void **state)
{
	Progress p;
	char err[CONTROLS_ERR_SIZE];

	(void)state;
	session_set_saves_pending(&s);
	assert_true(session_apply_keys(&s, "jump:a"));
	progress_defaults(&p);
	assert_true(controls_parse(&p.controls, "jump:q,fire:s", err, sizeof err));
	session_load_progress(&s, &p);
	assert_int_equal(s.controls.keys[CTL_JUMP][0], GK_Q);   /* the stick's, until the option is applied again */
	assert_true(session_apply_keys(&s, "jump:a"));
	session_set_saves(&s, true, NULL);
	assert_int_equal(s.controls.keys[CTL_JUMP][0], GK_A);
	assert_int_equal(s.controls.keys[CTL_FIRE][0], GK_S);
	assert_int_equal(session_save_request(&s), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(title_and_menus_want_the_title_theme, fresh_session),
		cmocka_unit_test_setup(each_episode_level_has_its_tune, fresh_session),
		cmocka_unit_test_setup(the_boss_in_view_brings_the_boss_tune, fresh_session),
		cmocka_unit_test_setup(jingles_for_level_complete_and_game_over, fresh_session),
		cmocka_unit_test_setup(menu_music_toggles_and_is_remembered, fresh_session),
		cmocka_unit_test_setup(menu_sound_effects_off_silences_every_effect, fresh_session),
		cmocka_unit_test_setup(m_in_play_toggles_the_music_only, fresh_session),
		cmocka_unit_test_setup(m_bound_to_an_action_does_not_toggle, fresh_session),
		cmocka_unit_test_setup(system_info_shows_and_any_key_goes_back, fresh_session),
		cmocka_unit_test_setup(sysinfo_lines_are_kept_in_order_and_bounded, fresh_session),
		cmocka_unit_test_setup(a_setting_changed_before_the_stick_is_found_is_kept, fresh_session),
		cmocka_unit_test_setup(the_sticks_settings_apply_when_nothing_was_changed, fresh_session),
		cmocka_unit_test_setup(keys_option_wins_over_the_sticks_bindings_for_what_it_names, fresh_session),
	};

	if (testmain_filter("session_music", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("session_music", tests, NULL, NULL);
}
