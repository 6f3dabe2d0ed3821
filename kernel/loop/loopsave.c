/*
 * loopsave.c: the save area (kernel/save, docs/save.md) and the session.
 * The area opens behind the title (bringup.c); what the stick held then goes
 * into the session and the boot options are applied again (so keys= and
 * music=off win for this boot); saves off or a crash report: the title's
 * lines. A request the session raises at a rest point is written between
 * ticks, never inside one: the world never learns whether it worked.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "cmdline.h"
#include "controls.h"
#include "hwinfo.h"
#include "klog.h"
#include "loopsave.h"
#include "progress.h"
#include "save.h"
#include "session.h"

static bool crash_shown;                /* the title announced CRASH.TXT: mark it shown once it is seen */

static void log_scores(const Progress *p)
{
	char line[40];

	for (int i = 0; i < HISCORE_COUNT; i++) {
		hiscore_line(&p->scores[i], i, line, sizeof line);
		klog("scores: %s\n", line);
	}
}

/* Saves off: the title's line, said on COM1 too (on a real PC nobody reads COM1). */
static void saves_off(Session *s, const char *why)
{
	session_set_saves(s, false, why);
	klog("title: Progress is not saved: %s\n", why);
}

static void saves_start(Session *s)
{
	static uint8_t bytes[PROGRESS_MAX_BYTES];
	static Progress p;
	SaveStatus st;
	size_t len;

	if (!save_status(&st)) {
		saves_off(s, st.why);
		return;
	}
	if (save_load(bytes, sizeof bytes, &len) && progress_decode(&p, bytes, len)) {
		session_load_progress(s, &p);
		klog("save: loaded seq=%u: settings, scores and saved games\n", (unsigned)st.newest_seq);
	} else if (st.valid_records)
		klog("save: the newest record is not this version's progress: defaults kept\n");
	log_scores(session_progress(s));
	session_set_saves(s, true, NULL);
	crash_shown = st.crash_pending;
	session_set_crash_report(s, crash_shown);
	if (crash_shown)
		klog("save: a crash report is waiting: CRASH.TXT (said on the title)\n");
}

/* System info's item: the hardware report written whatever its hash; the screen says how it went. */
static void report_service(Session *s, const BringUp *up)
{
	HwInfoSrc src;
	uint32_t len, hash;
	char why[SESSION_REPORT_NOTE_SIZE];
	bool ok;

	hwinfo_src(up, &src);
	hwinfo_build(&src, &len, &hash);
	ok = hwinfo_save(len, hash, true, why, sizeof why);
	session_report_done(s, ok, why);
}

/* A request the session raised: the hardware report; the whole payload, SCORES.TXT with the table. */
void saves_service(Session *s, const BringUp *up)
{
	static uint8_t bytes[PROGRESS_MAX_BYTES];
	static char text[PROGRESS_SCORES_TEXT_MAX];
	uint8_t req = session_save_request(s);
	const Progress *p = session_progress(s);
	SaveStatus st;
	size_t n;
	bool ok;

	if (req & SAVE_REQ_REPORT) {
		report_service(s, up);
		req &= (uint8_t)~SAVE_REQ_REPORT;
	}
	if (!req)
		return;
	n = progress_encode(p, bytes, sizeof bytes);
	ok = n && save_write(bytes, n, req & SAVE_REQ_GAME ? "game" : req & SAVE_REQ_SCORES ? "scores" : "settings");
	if (ok && (req & SAVE_REQ_SCORES)) {
		progress_scores_text(p, text, sizeof text);
		ok = save_text("SCORES.TXT", text);
		log_scores(p);
	}
	if (ok && crash_shown && !p->crash_report && save_crash_seen())
		crash_shown = false;
	save_status(&st);
	session_save_done(s, req, ok, ok ? NULL : st.why);
	if (!ok)
		klog("title: Progress is not saved: %s\n", st.why);
}

/* The stick went away (or a write failed meanwhile): the title says so. */
void saves_check(Session *s)
{
	SaveStatus st;

	if (save_status(&st) && !save_device_present()) {
		save_lost();
		save_status(&st);
		saves_off(s, st.why);
	}
}

/*
 * The save area is open or known missing (bringup.c's save stage): the
 * stick's progress into the session, then the boot options again, which
 * win for this boot (music=off; keys=, already checked by the loop's
 * start: a bad one is not applied twice).
 */
void saves_opened(Session *s, const BootOptions *o)
{
	char err[CONTROLS_ERR_SIZE];
	Controls scratch;
	SaveStatus st;

	saves_start(s);
	klog("title: saves %s\n", save_status(&st) ? "on" : "off");    /* the title's save line is known */
	if (o->music_off)
		s->music_on = false;            /* music=off */
	if (o->keys_given && controls_parse(&scratch, o->keys, err, sizeof err))
		session_apply_keys(s, o->keys);
	if (bootlog_opened()) {         /* LOG.TXT: this boot's log so far; the last one never finished starting */
		session_set_start_unfinished(s, true);
		klog("title: The last start did not finish: " BOOTLOG_FILE " has its log\n");
	}
}
