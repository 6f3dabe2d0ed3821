/* test_session_report.c: System info's item "Save a report to the stick" — the request it raises, what the screen says, saves off (docs/hwinfo.md). */
#include "sessiondrawfix.h"

#include "session_int.h"

/* Title -> menu -> System info (Up five times from New game). */
static void open_sysinfo(void)
{
	press(ENTER);
	assert_int_equal(s.mode, SESSION_MENU);
	for (int i = 0; i < 5; i++)
		press(UP);
	assert_int_equal(s.cursor, MENU_SYSINFO);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_SYSINFO);
}

/* Saves on: Enter raises SAVE_REQ_REPORT; the kernel's answer is on screen; the saves stay on; Space goes back. */
static void enter_asks_for_the_report_and_the_screen_answers(void **state)
{
	(void)state;
	open_sysinfo();
	draw();
	assert_non_null(find_text("Enter: Save a report to the stick"));
	assert_int_equal(session_save_request(&s), 0);
	press(ENTER);
	assert_int_equal(s.mode, SESSION_SYSINFO);
	assert_int_equal(session_save_request(&s), SAVE_REQ_REPORT);
	draw();
	assert_non_null(find_text("Saving the report..."));
	press(ENTER);                   /* again while it is pending: one request */
	assert_int_equal(session_save_request(&s), SAVE_REQ_REPORT);
	session_report_done(&s, true, NULL);
	assert_int_equal(session_save_request(&s), 0);
	assert_true(saw("report: Saved HWINFO.TXT"));
	draw();
	assert_non_null(find_text("Saved HWINFO.TXT"));
	assert_null(find_text("Enter: Save a report to the stick"));
	press(JUMP);
	assert_int_equal(s.mode, SESSION_MENU);
	press(ENTER);
	draw();
	assert_non_null(find_text("Enter: Save a report to the stick"));   /* a new visit, a fresh item */
}

/* A failed write says why; saves stay as they were (HWINFO.TXT missing is no reason to stop saving). */
static void a_failed_report_says_why_and_keeps_saves_on(void **state)
{
	(void)state;
	open_sysinfo();
	press(ENTER);
	session_report_done(&s, false, "no HWINFO.TXT on this stick");
	draw();
	assert_non_null(find_text("Not saved: no HWINFO.TXT on this stick"));
	assert_true(s.saves_on);
}

/* Saves off or not known yet: no request, the reason at once. */
static void saves_off_answers_at_once(void **state)
{
	(void)state;
	session_set_saves(&s, false, "booted from a CD");
	open_sysinfo();
	press(ENTER);
	assert_int_equal(s.save_req & SAVE_REQ_REPORT, 0);
	draw();
	assert_non_null(find_text("Not saved: booted from a CD"));
	session_set_saves_pending(&s);
	press(ENTER);
	draw();
	assert_non_null(find_text("Not saved: the stick is not known yet"));
	assert_int_equal(s.save_req & SAVE_REQ_REPORT, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(enter_asks_for_the_report_and_the_screen_answers, fresh_session),
		cmocka_unit_test_setup(a_failed_report_says_why_and_keeps_saves_on, fresh_session),
		cmocka_unit_test_setup(saves_off_answers_at_once, fresh_session),
	};

	if (testmain_filter("session_report", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
