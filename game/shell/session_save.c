/* session_save.c: progress that survives power-off — the kernel's calls, the high-score table and name prompt, the save slots. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "episode.h"
#include "input.h"
#include "keys.h"
#include "progress.h"
#include "session.h"
#include "session_int.h"
#include "textbuf.h"

static void copy_text(char *dst, size_t size, const char *src)
{
	size_t n = 0;

	for (; src && src[n] && n + 1 < size; n++)
		dst[n] = src[n];
	dst[n] = '\0';
}

/* -- the kernel's side ------------------------------------------------------ */

/*
 * The stick's progress. A setting the player changed before it came
 * (set_while_pending) stays as the player set it, and the newer settings
 * are handed over to be written at once: the stick never wins over a
 * choice made while it was being looked for.
 */
void session_load_progress(Session *s, const Progress *p)
{
	uint8_t kept = s->set_while_pending;

	s->progress = *p;
	if (!(kept & SETTING_KEYS))
		s->controls = p->controls;
	if (!(kept & SETTING_MUSIC))
		s->music_on = p->music_on;
	if (!(kept & SETTING_SFX))
		s->sfx_on = p->sfx_on;
	s->crash_saved = s->crash_saved || p->crash_report;
	s->epoch++;
	session_say(s, "progress: loaded, music ", NO_NUMBER, p->music_on ? "on" : "off",
	    p->sfx_on ? ", effects on" : ", effects off");
	if (kept) {
		session_say(s, "progress: the player's newer settings kept:", NO_NUMBER,
		    kept & SETTING_MUSIC ? (kept & SETTING_SFX ? " music effects" : " music") : kept & SETTING_SFX ? " effects" : "",
		    kept & SETTING_KEYS ? " keys" : "");
		session_settings_changed(s, 0);   /* settings into progress: written once saves are on */
	}
}

void session_set_saves_pending(Session *s)
{
	s->saves_pending = true;
}

void session_set_saves(Session *s, bool on, const char *why)
{
	s->saves_pending = false;
	s->saves_on = on;
	copy_text(s->saves_why, sizeof s->saves_why, on ? "" : why);
	s->epoch++;
}

void session_set_crash_report(Session *s, bool saved)
{
	s->crash_saved = saved;
	s->progress.crash_report = saved;
	s->epoch++;
}

void session_set_start_unfinished(Session *s, bool unfinished)
{
	s->start_unfinished = unfinished;
	s->epoch++;
}

/* Nothing to write while saves are off (the bits stay: the payload still changes in memory). */
uint8_t session_save_request(const Session *s)
{
	return s->saves_on && !s->saves_pending ? s->save_req : 0;
}

/* The request is done: cleared either way; a failure turns saves off, msg saying why (on the title). */
void session_save_done(Session *s, uint8_t req, bool ok, const char *msg)
{
	s->save_req &= (uint8_t)~req;
	if (!ok)
		session_set_saves(s, false, msg && msg[0] ? msg : "the save failed");
	session_say(s, ok ? "progress: saved (" : "progress: NOT saved (", NO_NUMBER, msg ? msg : "", ")");
}

/* System info's line about its item: the text and whether it is good news. */
static void report_note(Session *s, bool ok, const char *a, const char *b)
{
	int n = 0;

	for (; a && *a && n < SESSION_REPORT_NOTE_SIZE - 1; a++)
		s->report_note[n++] = *a;
	for (; b && *b && n < SESSION_REPORT_NOTE_SIZE - 1; b++)
		s->report_note[n++] = *b;
	s->report_note[n] = '\0';
	s->report_ok = ok;
	s->epoch++;                     /* the screen changed */
}

/*
 * System info: Enter (the key, or a pad's Enter button) asks the kernel for the hardware report on the stick
 * (SAVE_REQ_REPORT, a rest point: nothing the world reads); with saves off
 * or not known yet the screen says why at once. Any other key: the menu.
 */
void session_tick_sysinfo(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if ((s->save_req & SAVE_REQ_REPORT) && (!s->saves_on || s->saves_pending)) {
		s->save_req &= (uint8_t)~SAVE_REQ_REPORT;       /* saves went off meanwhile */
		report_note(s, false, "Not saved: ", s->saves_why[0] ? s->saves_why : "saves are off");
	}
	if (in->key == GK_ENTER || (in->menu.pressed & BTN_BIT(BTN_ENTER))) {     /* Enter only: other keys go back */
		if (s->saves_pending)
			report_note(s, false, "Not saved: ", "the stick is not known yet");
		else if (!s->saves_on)
			report_note(s, false, "Not saved: ", s->saves_why[0] ? s->saves_why : "saves are off");
		else if (!(s->save_req & SAVE_REQ_REPORT)) {
			s->save_req |= SAVE_REQ_REPORT;
			report_note(s, true, "Saving the report...", NULL);
		}
		session_say(s, "report: ", NO_NUMBER, s->report_note, NULL);
	} else if (session_any_key(in)) {
		session_go_menu(s, ev);
	}
}

void session_report_done(Session *s, bool ok, const char *msg)
{
	s->save_req &= (uint8_t)~SAVE_REQ_REPORT;
	if (ok)
		report_note(s, true, "Saved HWINFO.TXT", NULL);
	else
		report_note(s, false, "Not saved: ", msg && msg[0] ? msg : "the write failed");
	session_say(s, "report: ", NO_NUMBER, s->report_note, NULL);
}

const Progress *session_progress(const Session *s)
{
	return &s->progress;
}

void session_request(Session *s, uint8_t req)
{
	s->progress.controls = s->controls;
	s->progress.music_on = s->music_on;
	s->progress.sfx_on = s->sfx_on;
	s->save_req |= req;
	s->settings_dirty = false;
}

/*
 * Settings differ from what was last handed over: raise now (a rest point)
 * or when play stops. Changed while the save area is still being looked
 * for, they are the player's newer word: the stick's settings, when they
 * come, do not overwrite them (session_load_progress).
 */
void session_settings_changed(Session *s, uint8_t what)
{
	if (s->saves_pending)
		s->set_while_pending |= what;
	if (s->mode == SESSION_PLAYING)
		s->settings_dirty = true;
	else
		session_request(s, SAVE_REQ_SETTINGS);
}

/* -- the high-score table and the name prompt ------------------------------ */

void session_show_table(Session *s, SessionMode after, int mark, SessionEvents *ev)
{
	s->after_table = (uint8_t)after;
	s->hs_mark = (int8_t)mark;
	session_enter(s, SESSION_HISCORES, ev);
}

/* Only a whole game counts (New game or a restored one): a single level (level=NAME) goes to the title. */
void session_after_game(Session *s, SessionEvents *ev)
{
	if (s->single || hiscore_rank(s->progress.scores, s->stats.score) < 0) {
		session_go_title(s, ev);
		return;
	}
	s->name[0] = '\0';
	session_enter(s, SESSION_NAME, ev);
	ev->sound = SND_PICKUP;
}

void session_tick_hiscores(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (s->after_table == SESSION_PLAYING) {        /* the attract loop */
		if (session_any_key(in))
			session_go_title(s, ev);
		else if (s->mode_ticks >= SESSION_HISCORE_TICKS) {
			session_start_demo(s, ev);
			s->attract = s->mode == SESSION_PLAYING;
		}
	} else if (s->after_table == SESSION_MENU ? session_any_key(in) : session_screen_done(s, in, 0)) {
		if (s->after_table == SESSION_MENU)
			session_go_menu(s, ev);
		else
			session_go_title(s, ev);
	}
}

void session_tick_name(Session *s, const SessionInput *in, SessionEvents *ev)
{
	size_t n = 0;
	char c = hiscore_key_char(in->key);
	int rank;

	while (s->name[n])
		n++;
	if (in->key == GK_ENTER || (in->menu.pressed & BTN_BIT(BTN_ENTER)) || (in->keys & SKEY_ESC)) {
		rank = hiscore_rank(s->progress.scores, s->stats.score);
		hiscore_insert(s->progress.scores, rank, s->name, s->stats.score);
		session_request(s, SAVE_REQ_SCORES);
		session_say(s, "scores: ", rank + 1, ". ", s->name);
		session_show_table(s, SESSION_TITLE, rank, ev);
		return;
	}
	if (in->key == GK_BACKSPACE && n > 0)
		s->name[n - 1] = '\0';
	else if (c && n + 1 < HISCORE_NAME) {
		s->name[n] = c;
		s->name[n + 1] = '\0';
	} else
		return;
	s->epoch++;
	ev->sound = SND_MENU;
}

/* -- Save game, Restore game ----------------------------------------------- */

bool session_can_save(const Session *s)
{
	return !s->single && !s->demo;
}

void session_open_slots(Session *s, bool saving, SessionEvents *ev)
{
	s->slot_saving = saving;
	s->slot_back = (uint8_t)s->mode;
	s->slot_note[0] = '\0';
	if (s->mode == SESSION_MENU)
		s->slot = 0;
	session_enter(s, SESSION_SLOTS, ev);
	session_say(s, saving ? "session: save game" : "session: restore game", NO_NUMBER, NULL, NULL);
}

static void slot_note(Session *s, const char *a, int slot, const char *b)
{
	TextBuf t;

	tb_init(&t, s->slot_note, sizeof s->slot_note);
	tb_str(&t, a);
	tb_udec(&t, (uint64_t)slot + 1);
	tb_str(&t, b);
	s->epoch++;
	session_say(s, "slots: ", NO_NUMBER, s->slot_note, NULL);
}

static void slot_back(Session *s, SessionEvents *ev)
{
	if (s->slot_back == SESSION_PAUSED)
		session_enter(s, SESSION_PAUSED, ev);
	else
		session_go_menu(s, ev);
}

static void choose_slot(Session *s, SessionEvents *ev)
{
	SavedGame *g = &s->progress.games[s->slot];

	if (s->slot_saving) {
		if (!session_can_save(s)) {     /* the pause offers no S then: a guard */
			slot_note(s, "Only a New game can be saved (slot ", s->slot, ")");
			ev->sound = SND_BUMP;
			return;
		}
		*g = (SavedGame){ .used = true, .level = s->level, .bonus = s->bonus, .stats = s->stats };
		session_request(s, SAVE_REQ_GAME);
		slot_note(s, "Saved in slot ", s->slot, ": this level's start");
		ev->sound = SND_PICKUP;
		return;
	}
	if (!g->used) {
		slot_note(s, "Slot ", s->slot, " is empty");
		ev->sound = SND_BUMP;
		return;
	}
	session_say(s, "session: restored slot ", s->slot + 1, NULL, NULL);
	s->stats = g->stats;
	s->level = g->level;
	if (g->bonus)
		session_start_bonus_level(s, ev);
	else
		session_start_episode_level(s, g->level, ev);
}

void session_tick_slots(Session *s, const SessionInput *in, SessionEvents *ev)
{
	uint16_t p = in->menu.pressed;
	int d = !!(p & BTN_BIT(BTN_DOWN)) - !!(p & BTN_BIT(BTN_UP));
	char c = hiscore_key_char(in->key);

	if (in->keys & SKEY_ESC) {
		slot_back(s, ev);
		return;
	}
	if (c >= '1' && c <= '9') {
		s->slot = (uint8_t)(c - '1');
		choose_slot(s, ev);
		return;
	}
	if (p & BUTTONS(BTN_BIT(BTN_ENTER) | BTN_BIT(BTN_JUMP) | BTN_BIT(BTN_FIRE))) {
		choose_slot(s, ev);
		return;
	}
	if (d) {
		s->slot = (uint8_t)((s->slot + SAVE_SLOTS + d) % SAVE_SLOTS);
		s->slot_note[0] = '\0';
		s->epoch++;
		ev->sound = SND_MENU;
	}
}

/*
 * WAITING: the save area is still being looked for. Once the kernel says
 * (open, or missing with its reason), the item chosen answers: the slots
 * (which say when saves are off) or the table (the stick's, or the
 * defaults). Esc goes back to the menu.
 */
void session_tick_waiting(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (in->keys & SKEY_ESC) {
		session_go_menu(s, ev);
		return;
	}
	if (s->saves_pending)
		return;
	if (s->waiting_for == MENU_RESTORE)
		session_open_slots(s, false, ev);
	else
		session_show_table(s, SESSION_MENU, -1, ev);
}
