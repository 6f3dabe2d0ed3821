/*
 * test_session_pad.c: the session driven by a pad alone, through the kernel's mapping
 * (kernel/input/padmap.c) and the keyboard's path (session_keyboard), tick by tick — the menus with
 * the stick, Joy 1 and Joy 9 (Back); the Controls screen binding a pad button; play with the
 * stick and the buttons; the pad bindings in the settings that are saved; keys= with a pad button.
 */
#include "sessionfix.h"

#include "acts.h"
#include "controls.h"
#include "ctlmenu.h"
#include "keys.h"
#include "pad.h"
#include "padmap.h"
#include "progress.h"

static PadMap map;
static PadState pad;

static int fresh(void **state)
{
	fresh_session(state);
	padmap_reset(&map);
	pad = (PadState){ .present = true, .kind = PAD_KIND_XBOX360, .axes_used = 0x3F, .buttons_used = 11,
	    .has_hat = true, .hat = PAD_HAT_NONE };
	pad.axis[PAD_AXIS_Z] = pad.axis[PAD_AXIS_RZ] = PAD_AXIS_MIN;  /* triggers out */
	return 0;
}

/* One tick: the pad as it is now into keys, the keys into a SessionInput, the session ticks. */
static void pad_tick(void)
{
	KeyboardTick k = { .presses = 0 };
	PadKeys keys = padmap_update(&map, &pad);
	SessionInput in;

	padmap_to_tick(&keys, &k);
	session_keyboard(&s, &k, &in);
	memset(&ev, 0xA5, sizeof ev);
	session_tick(&s, &in, &ev);
}

/* An Xbox 360 pad's buttons as drivers/usb/x360rep.c numbers them (A B X Y LB RB Back Start ...). */
#define X_A     (1u << 0)
#define X_B     (1u << 1)
#define X_LB    (1u << 4)
#define X_BACK  (1u << 6)
#define X_START (1u << 7)

/* A button pressed for one tick, then let go for one. */
static void button(uint32_t bits)
{
	pad.buttons = bits;
	pad_tick();
	pad.buttons = 0;
	pad_tick();
}

/* The stick pushed down (or up) for one tick, then back to the middle. */
static void flick_y(int16_t y)
{
	pad.axis[PAD_AXIS_Y] = y;
	pad_tick();
	pad.axis[PAD_AXIS_Y] = 0;
	pad_tick();
}

/* Title -> menu -> Controls -> jump row, the pad only; Back (Joy 9) leaves. */
static void menus_work_with_the_pad_alone(void **state)
{
	(void)state;
	button(X_A);                            /* A: jump chooses on the title */
	assert_int_equal(s.mode, SESSION_MENU);
	flick_y(32767);
	flick_y(32767);
	assert_int_equal(s.cursor, MENU_CONTROLS);
	flick_y(-32767);
	assert_int_equal(s.cursor, MENU_INSTRUCTIONS);
	pad.hat = 4;                            /* the D-pad (a hat) as well */
	pad_tick();
	pad.hat = PAD_HAT_NONE;
	pad_tick();
	assert_int_equal(s.cursor, MENU_CONTROLS);
	button(X_A);
	assert_int_equal(s.mode, SESSION_CONTROLS);
	button(X_BACK);                         /* Back: Esc */
	assert_int_equal(s.mode, SESSION_MENU);
	button(X_BACK);
	assert_int_equal(s.mode, SESSION_TITLE);
}

/* Held stick: one step, not one per tick (it is held, not pressed again). */
static void a_held_stick_moves_the_cursor_once(void **state)
{
	(void)state;
	button(X_A);
	assert_int_equal(s.mode, SESSION_MENU);
	pad.axis[PAD_AXIS_Y] = 30000;
	for (int i = 0; i < 20; i++)
		pad_tick();
	assert_int_equal(s.cursor, MENU_NEW_GAME + 1);
}

/*
 * The Controls screen: A on Jump asks; LB (Joy 5) becomes jump's pad
 * button, its keys unchanged; B (Joy 2) for bomb is refused (fire's);
 * Back while asking cancels. Leaving raises a settings save, whose
 * payload holds the pad button.
 */
static void the_controls_screen_binds_a_pad_button(void **state)
{
	Progress saved;
	uint8_t bytes[PROGRESS_MAX_BYTES];

	(void)state;
	session_set_saves(&s, true, NULL);
	button(X_A);
	flick_y(32767);
	flick_y(32767);
	button(X_A);
	assert_int_equal(s.mode, SESSION_CONTROLS);
	while (s.ctl.row != CTL_JUMP)
		flick_y(32767);
	forget();
	button(X_A);
	assert_int_equal(s.ctl.stage, CTLS_FIRST);
	assert_true(saw("controls: press a key for jump"));
	button(X_LB);
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	assert_true(saw("controls: jump pad = Joy 5"));
	assert_int_equal(s.controls.pad[CTL_JUMP], GK_JOY_5);
	assert_int_equal(s.controls.keys[CTL_JUMP][0], GK_CTRL);
	assert_int_equal(s.controls.keys[CTL_JUMP][1], GK_ALT);

	while (s.ctl.row != CTL_BOMB)
		flick_y(32767);
	button(X_LB);                           /* LB now chooses nothing here: it is jump... */
	assert_int_equal(s.ctl.stage, CTLS_FIRST);      /* ...and jump chooses in the menus */
	forget();
	button(X_B);
	assert_true(saw("controls: refused Joy 2 for bomb: it is fire's"));
	assert_int_equal(s.ctl.stage, CTLS_FIRST);
	button(X_BACK);
	assert_int_equal(s.ctl.stage, CTLS_BROWSE);
	assert_true(saw("controls: cancelled"));
	assert_int_equal(s.controls.pad[CTL_BOMB], GK_JOY_3);

	button(X_BACK);                         /* leave: a rest point */
	assert_int_equal(s.mode, SESSION_MENU);
	assert_true(session_save_request(&s) & SAVE_REQ_SETTINGS);
	assert_int_equal(progress_encode(session_progress(&s), bytes, sizeof bytes), PROGRESS_BYTES);
	assert_true(progress_decode(&saved, bytes, PROGRESS_BYTES));
	assert_int_equal(saved.controls.pad[CTL_JUMP], GK_JOY_5);
}

/* In play: the stick walks, A jumps, Start pauses and again resumes. */
static void play_with_the_pad(void **state)
{
	Actor *p;
	int x0;

	(void)state;
	button(X_A);
	button(X_A);
	assert_int_equal(s.mode, SESSION_PLAYING);
	p = &s.world.actors[s.world.player];
	for (int i = 0; i < 3; i++)
		pad_tick();
	x0 = p->x;
	pad.axis[PAD_AXIS_X] = 32767;
	for (int i = 0; i < 6; i++)
		pad_tick();
	assert_int_equal(s.world.in.held & BTN_BIT(BTN_RIGHT), BTN_BIT(BTN_RIGHT));
	assert_true(p->x > x0);
	pad.axis[PAD_AXIS_X] = 0;
	pad_tick();
	pad.buttons = X_A;
	pad_tick();
	assert_int_equal(s.world.in.pressed, BTN_BIT(BTN_JUMP));
	assert_ptr_equal(p->tick, act_player_jump);
	pad.buttons = 0;
	pad_tick();
	button(X_START);
	assert_int_equal(s.mode, SESSION_PAUSED);
	button(X_START);
	assert_int_equal(s.mode, SESSION_PLAYING);
}

/* keys= names a pad button: that action's pad button, its keys kept; a fixed one is refused. */
static void keys_option_binds_pad_buttons(void **state)
{
	(void)state;
	assert_true(session_apply_keys(&s, "fire:joy6,jump:joy8"));
	assert_int_equal(s.controls.pad[CTL_FIRE], GK_JOY_6);
	assert_int_equal(s.controls.keys[CTL_FIRE][0], GK_SPACE);
	assert_int_equal(s.controls.pad[CTL_JUMP], GK_JOY_8);
	assert_true(saw("controls: fire pad = Joy 6"));
	assert_int_equal(controls_buttons(&s.controls, GK_JOY_6), BTN_BIT(BTN_FIRE));
	assert_int_equal(controls_buttons(&s.controls, GK_JOY_2), 0);
	assert_false(session_apply_keys(&s, "fire:joy9"));
	assert_false(session_apply_keys(&s, "left:joyleft"));
	assert_false(session_apply_keys(&s, "bomb:joy4"));             /* kick's */
	assert_true(session_apply_keys(&s, "fire:joy1"));              /* jump's was Joy 1; now Joy 8: free */
	assert_int_equal(s.controls.pad[CTL_FIRE], GK_JOY_1);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(menus_work_with_the_pad_alone, fresh),
	cmocka_unit_test_setup(a_held_stick_moves_the_cursor_once, fresh),
	cmocka_unit_test_setup(the_controls_screen_binds_a_pad_button, fresh),
	cmocka_unit_test_setup(play_with_the_pad, fresh),
	cmocka_unit_test_setup(keys_option_binds_pad_buttons, fresh),
};

int main(int argc, char **argv)
{
	if (testmain_filter("session_pad", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("session_pad", tests, NULL, NULL);
}
