/* session_play.c: a level being played or paused, and the screens between levels, a tick each. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "episode.h"
#include "input.h"
#include "keys.h"
#include "play.h"
#include "replay.h"
#include "report.h"
#include "session.h"
#include "session_int.h"
#include "textbuf.h"
#include "world.h"

/* A demo has ended: the title, or in the attract loop the high scores before the next demo. */
static void demo_over(Session *s, SessionEvents *ev)
{
	if (s->attract) {
		s->demo = false;
		session_show_table(s, SESSION_PLAYING, -1, ev);
	} else
		session_go_title(s, ev);
}

/* The level is over one way or another: what the world says decides where to go. */
static void after_world_frame(Session *s, SessionEvents *ev)
{
	World *w = &s->world;

	if (s->demo) {
		if (w->level_done || w->game_over)
			demo_over(s, ev);
		return;
	}
	if (w->level_done) {
		stats_save(&s->stats, w);
		session_say_pair(s, "session: level done level=", s->level + 1u, " score=", w->score);
		session_enter(s, SESSION_LEVEL_DONE, ev);
	} else if (w->game_over) {
		stats_save(&s->stats, w);
		session_say(s, "session: game over score=", w->score, NULL, NULL);
		session_enter(s, SESSION_GAME_OVER, ev);
	}
}

/* M in play or in the pause turns the music on or off, unless the player gave M to an action. */
static void music_key(Session *s, const SessionInput *in)
{
	if (in->key != GK_M || controls_owner(&s->controls, GK_M) >= 0)
		return;
	s->music_on = !s->music_on;
	session_say(s, "music: ", NO_NUMBER, s->music_on ? "on" : "off", " (M)");
	session_settings_changed(s, SETTING_MUSIC);     /* in play: raised when play stops */
}

void session_tick_playing(Session *s, const SessionInput *in, SessionEvents *ev)
{
	GameInput frame_in;

	if (s->demo) {
		if (session_any_key(in)) {              /* a key stops the demo, the menu comes up */
			session_go_menu(s, ev);
			return;
		}
		if (!s->hooks.demo.next(s->hooks.demo.ctx, &frame_in)) {
			demo_over(s, ev);
			return;
		}
	} else {
		if (in->pad.pressed & BTN_BIT(BTN_PAUSE)) {
			s->replay_note[0][0] = s->replay_note[1][0] = '\0';
			session_say(s, "session: paused tick=", s->world.tick, NULL, NULL);
			session_enter(s, SESSION_PAUSED, ev);
			return;
		}
		frame_in = in->pad;
		music_key(s, in);
	}
	report_rec_frame(&s->report, &frame_in);        /* exactly what the frame consumes */
	world_tick(&s->world, &frame_in);
	report_rec_done(&s->report);
	ev->world_ticked = true;
	if (s->world.sound != SND_NONE)
		ev->sound = s->world.sound;
	after_world_frame(s, ev);
}

bool session_replay(Session *s, bool panic, ReplayParts *out)
{
	return report_build(&s->report, &s->world, panic, &s->report_scr, out);
}

static void replay_note(Session *s, const char *line1, const char *line2)
{
	TextBuf t;

	tb_init(&t, s->replay_note[0], sizeof s->replay_note[0]);
	tb_str(&t, line1);
	tb_init(&t, s->replay_note[1], sizeof s->replay_note[1]);
	tb_str(&t, line2);
	s->epoch++;
}

/*
 * F in the pause: the level's replay handed to the kernel (REPLAY.DAT).
 * COM1 says `replay: saved REPLAY.DAT level=NAME ticks=N crc=XXXXXXXX` or
 * why not; the box says the same in two lines. Nothing the world reads.
 */
static void report_problem(Session *s, SessionEvents *ev)
{
	char why[SESSION_SAVES_WHY_SIZE], line[96];
	ReplayParts p;
	TextBuf t;
	bool ok = false;

	session_say(s, "session: report a problem", NO_NUMBER, NULL, NULL);
	tb_init(&t, why, sizeof why);
	if (s->saves_pending)
		tb_str(&t, "the stick is not ready yet");
	else if (!s->saves_on)
		tb_str(&t, s->saves_why);
	else if (s->hooks.store_replay && session_replay(s, false, &p))
		ok = s->hooks.store_replay(s->hooks.store_ctx, &p, why, sizeof why);
	else
		tb_str(&t, s->hooks.store_replay ? "no level played" : "no save service");
	if (!ok && !why[0])
		tb_str(&t, "the write failed");
	if (!ok) {
		replay_note(s, "REPLAY.DAT not saved:", why);
		session_say(s, "replay: NOT saved (", NO_NUMBER, why, ")");
		ev->sound = SND_BUMP;
		return;
	}
	replay_note(s, "Saved REPLAY.DAT", s->report.last.flags & REPLAY_F_INCOMPLETE ? "(incomplete: too long)" : "");
	tb_init(&t, line, sizeof line);
	tb_str(&t, "replay: saved REPLAY.DAT level=");
	tb_str(&t, s->report.demo.h.level);
	tb_str(&t, " ticks=");
	tb_udec(&t, s->report.last.end_tick);
	tb_str(&t, " crc=");
	for (int i = 28; i >= 0; i -= 4)
		tb_char(&t, "0123456789ABCDEF"[(s->report.last.frame_crc >> i) & 0xF]);
	tb_str(&t, s->report.last.flags & REPLAY_F_INCOMPLETE ? " incomplete" : "");
	session_say(s, line, NO_NUMBER, NULL, NULL);
	ev->sound = SND_PICKUP;
}

/* The pause: the screen's keys, and the pause key as bound in play (even on an arrow) plays on. */
void session_tick_paused(Session *s, const SessionInput *in, SessionEvents *ev)
{
	music_key(s, in);
	if (in->key == GK_F) {
		report_problem(s, ev);
		return;
	}
	if ((in->key == GK_S || in->key == GK_R) && session_can_save(s)) {     /* the original's keys */
		session_open_slots(s, in->key == GK_S, ev);
		return;
	}
	if (in->keys & (SKEY_ESC | SKEY_QUIT)) {
		session_say(s, "session: abandoned", NO_NUMBER, NULL, NULL);
		session_go_menu(s, ev);
	} else if ((in->menu.pressed & RESUME) || (in->pad.pressed & BTN_BIT(BTN_PAUSE))) {
		session_say(s, "session: resumed", NO_NUMBER, NULL, NULL);
		session_enter(s, SESSION_PLAYING, ev);
	}
}

/* Interstitials: keys count after a short while; some go on by themselves. */
bool session_screen_done(const Session *s, const SessionInput *in, uint32_t timeout)
{
	if (timeout && s->mode_ticks >= timeout)
		return true;
	return s->mode_ticks >= SESSION_SCREEN_MIN_TICKS && session_any_key(in);
}

void session_tick_level_done(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (!session_screen_done(s, in, SESSION_LEVEL_DONE_TICKS))
		return;
	if (s->single)
		session_go_title(s, ev);
	else if (!s->bonus && s->world.bonus_exit && s->level == episode_bonus_from)
		session_start_bonus_level(s, ev);
	else if (s->level + 1 < episode_level_count)
		session_start_episode_level(s, (uint8_t)(s->level + 1), ev);
	else {
		session_enter(s, SESSION_EPISODE_END, ev);
		session_say(s, "session: episode end score=", s->stats.score, NULL, NULL);
	}
}
