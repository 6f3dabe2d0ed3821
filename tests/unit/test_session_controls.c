/* test_session_controls.c: the Controls screen tick by tick from the keyboard, the keys it sets in play, keys= at boot. */
#include "sessionfix.h"

#include "acts.h"
#include "controls.h"
#include "ctlmenu.h"
#include "keys.h"
#include "sound.h"

/* Title -> menu -> Controls, by keys. */
static void open_controls(void)
{
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	tap(GK_DOWN);
	tap(GK_DOWN);
	assert_int_equal(s.cursor, MENU_CONTROLS);
	forget();
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_CONTROLS);
	assert_true(saw("session: controls"));
	assert_int_equal(s.ctl.row, CTL_LEFT);
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
}

/* The cursor to this row, by Down. */
static void go_row(int row)
{
	while (s.ctl.row != row)
		tap(GK_DOWN);
}

static void keys_are(Control a, uint8_t k0, uint8_t k1)
{
	assert_int_equal(s.controls.keys[a][0], k0);
	assert_int_equal(s.controls.keys[a][1], k1);
}

/* The cursor wraps over the nine actions and the two extra rows, with the menu blip and a log line. */
static void cursor_walks_the_rows_and_wraps(void **state)
{
	(void)state;
	open_controls();
	forget();
	tap(GK_UP);
	assert_int_equal(s.ctl.row, CTLROW_BACK);
	assert_int_equal(ev.sound, SND_MENU);
	assert_true(saw("controls: cursor=10 back"));
	tap(GK_UP);
	assert_int_equal(s.ctl.row, CTLROW_DEFAULTS);
	assert_true(saw("controls: cursor=9 defaults"));
	tap(GK_DOWN);
	tap(GK_DOWN);
	assert_int_equal(s.ctl.row, CTL_LEFT);
	for (int r = 1; r < CTLROW_COUNT; r++) {
		tap(GK_DOWN);
		assert_int_equal(s.ctl.row, r);
	}
	assert_true(saw("controls: cursor=4 jump"));
	idle(5);
	assert_int_equal(s.ctl.row, CTLROW_BACK);
	assert_int_equal(ev.sound, SND_NONE);
}

/*
 * Jump to A, tick by tick: Enter asks, A is taken (the first key), Enter
 * ends with one key. Back in the menu the cursor is on Controls; a new
 * game jumps on A and no longer on Ctrl.
 */
static void rebinding_jump_to_a_key_and_playing_with_it(void **state)
{
	Actor *p;

	(void)state;
	open_controls();
	go_row(CTL_JUMP);
	forget();
	tap(GK_ENTER);
	assert_int_equal(s.ctl.stage, CTLS_FIRST);
	assert_true(saw("controls: press a key for jump"));
	keys_are(CTL_JUMP, GK_CTRL, GK_ALT);            /* nothing changed yet */
	idle(30);                                       /* waiting does nothing */
	assert_int_equal(s.ctl.stage, CTLS_FIRST);
	tap(GK_A);
	assert_int_equal(s.ctl.stage, CTLS_SECOND);
	assert_int_equal(ev.sound, SND_PICKUP);
	assert_true(saw("controls: jump key 1 = A"));
	keys_are(CTL_JUMP, GK_A, GK_NONE);
	tap(GK_ENTER);                                  /* no second key */
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	assert_true(saw("controls: jump = A"));
	keys_are(CTL_JUMP, GK_A, GK_NONE);
	assert_int_equal(s.ctl.row, CTL_JUMP);

	tap(GK_ESC);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_CONTROLS);      /* coming back keeps the cursor */
	tap(GK_UP);
	tap(GK_UP);
	tap(GK_ENTER);                                  /* New game */
	assert_int_equal(s.mode, SESSION_PLAYING);
	p = &s.world.actors[s.world.player];
	idle(3);
	assert_ptr_equal(p->tick, act_player_stand);
	tap(GK_CTRL);                                   /* the old key: nothing */
	assert_int_equal(s.world.in.pressed, 0);
	assert_ptr_equal(p->tick, act_player_stand);
	tap(GK_A);                                      /* the new one: a jump */
	assert_int_equal(s.world.in.pressed, BTN_BIT(BTN_JUMP));
	assert_ptr_equal(p->tick, act_player_jump);
	assert_int_equal(ev.sound, SND_JUMP);
}

/* A second key: both give the button; pressing the first again keeps one key. */
static void a_second_key_and_the_same_key_twice(void **state)
{
	(void)state;
	open_controls();
	go_row(CTL_FIRE);
	tap(GK_ENTER);
	tap(GK_S);
	forget();
	tap(GK_D);
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	assert_true(saw("controls: fire = S, D"));
	keys_are(CTL_FIRE, GK_S, GK_D);
	assert_int_equal(controls_buttons(&s.controls, GK_D), BTN_BIT(BTN_FIRE));
	assert_int_equal(controls_buttons(&s.controls, GK_SPACE), 0);

	tap(GK_ENTER);
	tap(GK_S);
	tap(GK_S);                                      /* the same again: done, one key */
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	keys_are(CTL_FIRE, GK_S, GK_NONE);
	tap(GK_ENTER);
	tap(GK_F);
	tap(GK_ESC);                                    /* Esc in the second stage keeps the first key */
	assert_int_equal(s.mode, SESSION_CONTROLS);
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	keys_are(CTL_FIRE, GK_F, GK_NONE);
}

/* Refused: another action's key (it says whose), Enter, a key without a name. It keeps waiting. */
static void refusals_keep_waiting_and_change_nothing(void **state)
{
	Controls before;

	(void)state;
	open_controls();
	go_row(CTL_JUMP);
	tap(GK_ENTER);
	before = s.controls;
	forget();
	tap(GK_SPACE);
	assert_int_equal(s.ctl.stage, CTLS_FIRST);
	assert_int_equal(s.ctl.note, CTLN_TAKEN);
	assert_int_equal(s.ctl.note_owner, CTL_FIRE);
	assert_int_equal(ev.sound, SND_BUMP);
	assert_true(saw("controls: refused Space for jump: it is fire's"));
	tap(GK_ENTER);
	assert_int_equal(s.ctl.note, CTLN_RESERVED);
	assert_true(saw("controls: refused Enter for jump: fixed"));
	tap(GK_NONE);                                   /* e.g. a Windows key */
	assert_int_equal(s.ctl.note, CTLN_UNNAMED);
	assert_true(saw("controls: refused a key without a name for jump"));
	tap(GK_UP);                                     /* an arrow is a key like any other here */
	assert_int_equal(s.ctl.note_owner, CTL_UP);
	assert_int_equal(s.ctl.row, CTL_JUMP);
	assert_int_equal(s.ctl.stage, CTLS_FIRST);
	assert_memory_equal(&before, &s.controls, sizeof before);
	tap(GK_K);                                      /* then a free key is taken */
	assert_int_equal(s.ctl.stage, CTLS_SECOND);
	tap(GK_Z);                                      /* kick's: refused in the second stage too */
	assert_int_equal(s.ctl.stage, CTLS_SECOND);
	assert_int_equal(s.ctl.note_owner, CTL_KICK);
	tap(GK_ENTER);
	keys_are(CTL_JUMP, GK_K, GK_NONE);
	keys_are(CTL_KICK, GK_Z, GK_NONE);
}

/* Esc while waiting for the first key cancels: nothing changed, still on the screen. */
static void esc_cancels_a_capture(void **state)
{
	(void)state;
	open_controls();
	go_row(CTL_BOMB);
	tap(GK_ENTER);
	forget();
	tap(GK_ESC);
	assert_int_equal(s.mode, SESSION_CONTROLS);
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	assert_int_equal(s.ctl.note, CTLN_CANCELLED);
	assert_true(saw("controls: cancelled"));
	assert_true(controls_are_default(&s.controls));
	tap(GK_ESC);                                    /* a second Esc leaves */
	assert_int_equal(s.mode, SESSION_MENU);
}

/* Restore defaults puts every key back; Back leaves like Esc. */
static void restore_defaults_and_back(void **state)
{
	(void)state;
	open_controls();
	go_row(CTL_LEFT);
	tap(GK_ENTER);
	tap(GK_A);
	tap(GK_ENTER);
	go_row(CTL_RIGHT);
	tap(GK_ENTER);
	tap(GK_D);
	tap(GK_ENTER);
	keys_are(CTL_LEFT, GK_A, GK_NONE);
	assert_false(controls_are_default(&s.controls));
	go_row(CTLROW_DEFAULTS);
	forget();
	tap(GK_ENTER);
	assert_true(controls_are_default(&s.controls));
	assert_int_equal(s.ctl.note, CTLN_DEFAULTS);
	assert_int_equal(ev.sound, SND_SWITCH);
	assert_true(saw("controls: defaults"));
	tap(GK_DOWN);
	assert_int_equal(s.ctl.row, CTLROW_BACK);
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
}

/*
 * Movement moved to WASD and jump put on Up: the menus still go by the
 * arrows (Up moves the cursor, it does not choose), and W, the new up,
 * moves it too; in play Up jumps.
 */
static void menus_keep_the_arrows_after_rebinding(void **state)
{
	(void)state;
	assert_true(session_apply_keys(&s, "left:a,right:d,up:w,down:s,jump:up"));
	tap(GK_ENTER);
	tap(GK_UP);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_QUIT);
	tap(GK_W);
	assert_int_equal(s.cursor, MENU_HISCORES);
	tap(GK_DOWN);
	tap(GK_S);
	assert_int_equal(s.cursor, MENU_NEW_GAME);
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_PLAYING);
	idle(2);
	tap(GK_UP);
	assert_int_equal(s.world.in.pressed, BTN_BIT(BTN_JUMP));
	tap(GK_D);
	assert_int_equal(s.world.in.pressed, BTN_BIT(BTN_RIGHT));
}

/* Pause on an arrow: it pauses in play and plays on in the pause, though the pause reads arrows as arrows. */
static void a_pause_key_on_an_arrow_toggles_the_pause(void **state)
{
	(void)state;
	assert_true(session_apply_keys(&s, "down:s,pause:down"));
	session_play_level(&s, "test");
	idle(2);
	tap(GK_DOWN);
	assert_int_equal(s.mode, SESSION_PAUSED);
	idle(20);
	assert_int_equal(s.mode, SESSION_PAUSED);
	tap(GK_DOWN);
	assert_int_equal(s.mode, SESSION_PLAYING);
	tap(GK_P);                                      /* P is no pause key now */
	assert_int_equal(s.mode, SESSION_PLAYING);
	tap(GK_ESC);                                    /* Esc always is */
	assert_int_equal(s.mode, SESSION_PAUSED);
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_PLAYING);
}

/* session_keyboard: held from keys down, pressed from presses, unnamed presses only "a key". */
static void the_keyboard_through_the_bindings(void **state)
{
	KeyboardTick k = { .presses = 0 };
	SessionInput in;

	(void)state;
	k.down[GK_RIGHT] = k.down[GK_CTRL] = k.down[GK_ALT] = true;
	keyboard_tick_press(&k, GK_CTRL);
	keyboard_tick_press(&k, GK_Q);
	keyboard_tick_press(&k, GK_NONE);
	session_keyboard(&s, &k, &in);
	assert_int_equal(in.pad.held, BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_JUMP));
	assert_int_equal(in.pad.pressed, BTN_BIT(BTN_JUMP));
	assert_int_equal(in.menu.held, BTN_BIT(BTN_RIGHT) | BTN_BIT(BTN_JUMP));
	assert_int_equal(in.keys, SKEY_ANY | SKEY_QUIT);
	assert_int_equal(in.key, GK_CTRL);

	k = (KeyboardTick){ .presses = 0 };
	keyboard_tick_press(&k, GK_NONE);
	session_keyboard(&s, &k, &in);
	assert_int_equal(in.keys, SKEY_ANY);
	assert_int_equal(in.key, GK_NONE);
	assert_int_equal(in.pad.pressed | in.pad.held | in.menu.pressed, 0);

	k = (KeyboardTick){ .presses = 0 };
	keyboard_tick_press(&k, GK_ESC);
	session_keyboard(&s, &k, &in);                  /* pressed and let go in the tick: not held */
	assert_int_equal(in.keys, SKEY_ANY | SKEY_ESC);
	assert_int_equal(in.pad.pressed, BTN_BIT(BTN_PAUSE));
	assert_int_equal(in.pad.held, 0);

	k = (KeyboardTick){ .presses = 0 };
	for (int i = 0; i < KEY_PRESSES_MAX + 3; i++)
		keyboard_tick_press(&k, (uint8_t)(GK_A + i % 5));
	assert_int_equal(k.presses, KEY_PRESSES_MAX);
}

/* keys= at boot: good ones log what changed; a bad one puts up the error screen, Enter goes to the title. */
static void keys_option_at_boot(void **state)
{
	(void)state;
	assert_true(session_apply_keys(&s, "jump:a,fire:s"));
	assert_true(saw("controls: jump = A"));
	assert_true(saw("controls: fire = S"));
	assert_false(saw_prefix("controls: kick"));
	assert_int_equal(s.mode, SESSION_TITLE);

	fresh_session(NULL);
	assert_false(session_apply_keys(&s, "jump:space"));
	assert_int_equal(s.mode, SESSION_ERROR);
	assert_string_equal(s.error_what, "BAD keys= OPTION");
	assert_string_equal(s.error_detail, "Space would be both jump and fire (give fire another key)");
	assert_true(saw("ERROR: BAD keys= OPTION: Space would be both jump and fire (give fire another key)"));
	assert_true(controls_are_default(&s.controls));
	idle(100);
	assert_int_equal(s.mode, SESSION_ERROR);        /* it waits, but any of Enter, Space, Esc goes on */
	tap(GK_ENTER);
	assert_int_equal(s.mode, SESSION_TITLE);
}

/* Demos and the world see buttons only: a demo plays the same whatever the bindings. */
static void a_demo_plays_the_same_with_other_keys(void **state)
{
	uint32_t t1, t2;
	int x1, y1;

	(void)state;
	idle(SESSION_IDLE_TICKS);
	assert_true(s.demo);
	idle(60);
	t1 = s.world.score;
	x1 = s.world.actors[s.world.player].x;
	y1 = s.world.actors[s.world.player].y;
	t2 = s.world.tick;

	fresh_session(NULL);
	assert_true(session_apply_keys(&s, "jump:a,fire:s,left:j,right:l,kick:k,bomb:n"));
	idle(SESSION_IDLE_TICKS);
	assert_true(s.demo);
	idle(60);
	assert_int_equal(s.world.tick, t2);
	assert_int_equal(s.world.score, t1);
	assert_int_equal(s.world.actors[s.world.player].x, x1);
	assert_int_equal(s.world.actors[s.world.player].y, y1);
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_session)
static const struct CMUnitTest tests[] = {
	T(cursor_walks_the_rows_and_wraps),
	T(rebinding_jump_to_a_key_and_playing_with_it),
	T(a_second_key_and_the_same_key_twice),
	T(refusals_keep_waiting_and_change_nothing),
	T(esc_cancels_a_capture),
	T(restore_defaults_and_back),
	T(menus_keep_the_arrows_after_rebinding),
	T(a_pause_key_on_an_arrow_toggles_the_pause),
	T(the_keyboard_through_the_bindings),
	T(keys_option_at_boot),
	T(a_demo_plays_the_same_with_other_keys),
};

int main(int argc, char **argv)
{
	if (testmain_filter("session_controls", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("session_controls", tests, NULL, NULL);
}
