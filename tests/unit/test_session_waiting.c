/* test_session_waiting.c: Restore game and High scores before the kernel knows where the save area is — the waiting screen, then the answer. */
#include "sessiondrawfix.h"

#include "progress.h"
#include "session_int.h"

/* Title -> menu, the cursor moved up `ups` times from New game (Up wraps: 1 = Quit, 2 = High scores, 3 = Restore game). */
static void menu_up(int ups)
{
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	for (int i = 0; i < ups; i++)
		press(UP);
}

/*
 * Saves pending: High scores shows "Looking for the stick..." and stays
 * there tick after tick (the title tune plays); no save request is handed
 * out meanwhile; the kernel finds the stick (saves on): the next tick shows
 * the table, a key goes back to the menu with the cursor on High scores.
 */
static void high_scores_wait_for_the_stick_then_show_the_table(void **state)
{
	(void)state;
	session_set_saves_pending(&s);
	menu_up(2);
	assert_int_equal(s.cursor, MENU_HISCORES);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_WAITING);
	assert_true(saw("session: waiting for the stick"));
	draw();
	assert_non_null(find_text("Looking for the stick..."));
	assert_null(find_text("Any key: menu"));
	idle(140);
	assert_int_equal(s.mode, SESSION_WAITING);
	assert_int_equal(session_music(&s), MUS_TITLE);
	session_request(&s, SAVE_REQ_SETTINGS);
	assert_int_equal(session_save_request(&s), 0);
	session_set_saves(&s, true, NULL);
	assert_int_equal(session_save_request(&s), SAVE_REQ_SETTINGS);
	idle(1);
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_true(saw("session: high scores"));
	draw();
	assert_null(find_text("Looking for the stick..."));
	assert_non_null(find_text(" 6.   500000  MR. BURNS"));
	tap(GK_X);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_HISCORES);
}

/*
 * Saves pending: Restore game waits; the kernel says there is no save area
 * (a CD): the slots open, and the title's line says why once it is back.
 */
static void restore_game_answers_when_the_stick_is_known_missing(void **state)
{
	(void)state;
	session_set_saves_pending(&s);
	draw();
	assert_null(find_text("Progress is not saved: booted from a CD"));
	menu_up(3);
	assert_int_equal(s.cursor, MENU_RESTORE);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_WAITING);
	idle(10);
	session_set_saves(&s, false, "booted from a CD");
	idle(1);
	assert_int_equal(s.mode, SESSION_SLOTS);
	assert_false(s.slot_saving);
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_MENU);
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_TITLE);
	draw();
	assert_non_null(find_text("Progress is not saved: booted from a CD"));
}

/* Esc on the waiting screen: back to the menu, the cursor kept; saves not known yet, so choosing again waits again. */
static void esc_leaves_the_waiting_screen(void **state)
{
	(void)state;
	session_set_saves_pending(&s);
	menu_up(2);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_WAITING);
	tick_keys(0, 0, SKEY_ESC);
	assert_int_equal(s.mode, SESSION_MENU);
	assert_int_equal(s.cursor, MENU_HISCORES);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_WAITING);
}

/* Saves known from the start (the host, a kernel that already knows): no waiting screen at all. */
static void without_pending_saves_the_table_opens_at_once(void **state)
{
	(void)state;
	menu_up(2);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_HISCORES);
	assert_false(saw("session: waiting for the stick"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(high_scores_wait_for_the_stick_then_show_the_table, fresh_session),
		cmocka_unit_test_setup(restore_game_answers_when_the_stick_is_known_missing, fresh_session),
		cmocka_unit_test_setup(esc_leaves_the_waiting_screen, fresh_session),
		cmocka_unit_test_setup(without_pending_saves_the_table_opens_at_once, fresh_session),
	};

	if (testmain_filter("session_waiting", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
