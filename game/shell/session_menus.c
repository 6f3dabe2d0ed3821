/* session_menus.c: the title, the main menu, the instructions and the Controls screen, a tick each. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "ctlmenu.h"
#include "input.h"
#include "keys.h"
#include "session.h"
#include "session_int.h"
#include "textbuf.h"
#include "title.h"

static const char *const menu_log_names[MENU_COUNT] = {
	[MENU_NEW_GAME] = "new game", [MENU_INSTRUCTIONS] = "instructions", [MENU_CONTROLS] = "controls",
	[MENU_MUSIC] = "music", [MENU_SOUND] = "sound effects", [MENU_SYSINFO] = "system info",
	[MENU_DEMO] = "demo", [MENU_RESTORE] = "restore game", [MENU_HISCORES] = "high scores", [MENU_QUIT] = "quit",
};

/* A menu row's words: the label, and for the two switches their state ("Music: On"). */
void session_menu_label(const Session *s, int item, char *buf, size_t size)
{
	TextBuf t;

	tb_init(&t, buf, size);
	tb_str(&t, menu_labels[item]);
	if (item == MENU_MUSIC || item == MENU_SOUND) {
		tb_str(&t, ": ");
		tb_str(&t, (item == MENU_MUSIC ? s->music_on : s->sfx_on) ? "On" : "Off");
	}
}

/* Title and menu: count untouched ticks; after SESSION_IDLE_TICKS the attract demo runs. */
static bool idle_demo(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (session_any_key(in) || in->pad.held || in->menu.held)
		s->idle = 0;
	else if (++s->idle >= SESSION_IDLE_TICKS) {
		session_start_demo(s, ev);
		s->attract = s->mode == SESSION_PLAYING;        /* its end shows the high scores */
		return true;
	}
	return false;
}

void session_tick_title(Session *s, const SessionInput *in, SessionEvents *ev)
{
	TitleEvents tev;

	if (in->menu.pressed & CHOOSE) {
		if (s->start_unfinished)        /* told once: LOG.TXT keeps that log until two more boots */
			session_set_start_unfinished(s, false);
		if (s->crash_saved) {           /* the title told the player: not again next boot */
			session_set_crash_report(s, false);
			session_request(s, SAVE_REQ_SETTINGS);
		}
		session_go_menu(s, ev);
		return;
	}
	if (idle_demo(s, in, ev))
		return;
	title_tick(&s->title, &in->menu, &tev);
	ev->sound = tev.sound;
	if (tev.moved)
		session_say_pair(s, "title: sprite tx=", (uint32_t)s->title.tx, " ty=", (uint32_t)s->title.ty);
}

static void choose(Session *s, SessionEvents *ev)
{
	switch ((MenuItem)s->cursor) {
	case MENU_NEW_GAME:
		stats_new_game(&s->stats);
		session_start_episode_level(s, 0, ev);
		break;
	case MENU_INSTRUCTIONS:
		s->page = 0;
		session_enter(s, SESSION_INSTRUCTIONS, ev);
		session_say(s, "session: instructions page=", 1, NULL, NULL);
		break;
	case MENU_CONTROLS:
		ctlmenu_init(&s->ctl);
		session_enter(s, SESSION_CONTROLS, ev);
		break;
	case MENU_MUSIC:
		s->music_on = !s->music_on;
		s->epoch++;
		ev->sound = SND_MENU;
		session_say(s, "menu: music ", NO_NUMBER, s->music_on ? "on" : "off", NULL);
		session_settings_changed(s, SETTING_MUSIC);
		break;
	case MENU_SOUND:
		s->sfx_on = !s->sfx_on;
		s->epoch++;
		ev->sound = SND_MENU;           /* heard only when they come back on */
		session_say(s, "menu: sound effects ", NO_NUMBER, s->sfx_on ? "on" : "off", NULL);
		session_settings_changed(s, SETTING_SFX);
		break;
	case MENU_SYSINFO:
		session_enter(s, SESSION_SYSINFO, ev);
		break;
	case MENU_DEMO:
		session_start_demo(s, ev);
		break;
	case MENU_RESTORE:
	case MENU_HISCORES:
		if (s->saves_pending) {         /* the stick is still being looked for: wait for it on screen */
			s->waiting_for = s->cursor;
			session_enter(s, SESSION_WAITING, ev);
		} else if (s->cursor == MENU_RESTORE) {
			session_open_slots(s, false, ev);
		} else {
			session_show_table(s, SESSION_MENU, -1, ev);
		}
		break;
	case MENU_QUIT:
	case MENU_COUNT:
		session_enter(s, SESSION_HALTED, ev);
		break;
	}
}

void session_tick_menu(Session *s, const SessionInput *in, SessionEvents *ev)
{
	uint16_t p = in->menu.pressed;
	int d = !!(p & BTN_BIT(BTN_DOWN)) - !!(p & BTN_BIT(BTN_UP));

	if (in->keys & SKEY_ESC) {
		session_go_title(s, ev);
		return;
	}
	if (p & CHOOSE) {
		choose(s, ev);
		return;
	}
	if (idle_demo(s, in, ev))
		return;
	if (d) {
		s->cursor = (uint8_t)((s->cursor + MENU_COUNT + d) % MENU_COUNT);
		ev->sound = SND_MENU;
		session_say(s, "menu: cursor=", s->cursor, " ", menu_log_names[s->cursor]);
	}
}

void session_tick_instructions(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (in->keys & SKEY_ESC) {
		session_go_menu(s, ev);
		return;
	}
	if (!session_any_key(in))
		return;
	if (s->page + 1 >= INSTRUCTION_PAGES) {
		session_go_menu(s, ev);
		return;
	}
	s->page++;
	s->epoch++;
	session_say(s, "session: instructions page=", s->page + 1, NULL, NULL);
}

/* The Controls screen: its state machine (game/shell/ctlmenu.c) does the work; here sounds, log lines, leaving. */
void session_tick_controls(Session *s, const SessionInput *in, SessionEvents *ev)
{
	static const SoundId sounds[] = {
		[CTLO_MOVED] = SND_MENU, [CTLO_WAITING] = SND_MENU, [CTLO_FIRST_KEY] = SND_PICKUP,
		[CTLO_DONE] = SND_PICKUP, [CTLO_REFUSED] = SND_BUMP, [CTLO_CANCELLED] = SND_MENU,
		[CTLO_DEFAULTS] = SND_SWITCH, [CTLO_PAD] = SND_PICKUP,
	};
	CtlMenuInput mi = {
		.up = (in->menu.pressed & BTN_BIT(BTN_UP)) != 0,
		.down = (in->menu.pressed & BTN_BIT(BTN_DOWN)) != 0,
		.choose = (in->menu.pressed & CHOOSE) != 0,
		.back = (in->keys & SKEY_ESC) != 0,
		.key = in->key,
		.any = session_any_key(in),
	};
	CtlOutcome o = ctlmenu_tick(&s->ctl, &s->controls, &mi);
	char line[80];

	if (o == CTLO_NONE)
		return;
	if (o == CTLO_LEAVE) {
		bool changed = false;

		for (int a = 0; a < CTL_COUNT; a++) {
			for (int i = 0; i < CONTROL_KEYS; i++)
				changed |= s->controls.keys[a][i] != s->progress.controls.keys[a][i];
			changed |= s->controls.pad[a] != s->progress.controls.pad[a];
		}
		if (changed)
			session_settings_changed(s, SETTING_KEYS);      /* the Controls screen left: a rest point */
		session_go_menu(s, ev);
		return;
	}
	s->epoch++;
	ev->sound = o < sizeof sounds / sizeof sounds[0] && sounds[o] ? sounds[o] : SND_NONE;
	ctlmenu_log(&s->ctl, &s->controls, o, line, sizeof line);
	session_say(s, line, NO_NUMBER, NULL, NULL);
}
