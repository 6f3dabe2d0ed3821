/* session.c: the shell's state machine — its log lines, starting levels and demos, and one tick by mode. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "ctlmenu.h"
#include "demo.h"
#include "episode.h"
#include "input.h"
#include "keys.h"
#include "level.h"
#include "play.h"
#include "session.h"
#include "session_int.h"
#include "textbuf.h"
#include "title.h"
#include "world.h"

const char *const menu_labels[MENU_COUNT] = {
	[MENU_NEW_GAME]     = "New game",
	[MENU_INSTRUCTIONS] = "Instructions",
	[MENU_CONTROLS]     = "Controls",
	[MENU_MUSIC]        = "Music",
	[MENU_SOUND]        = "Sound effects",
	[MENU_SYSINFO]      = "System info",
	[MENU_DEMO]         = "Demo",
	[MENU_RESTORE]      = "Restore game",
	[MENU_HISCORES]     = "High scores",
	[MENU_QUIT]         = "Quit",
};

/* -- logging --------------------------------------------------------------- */

/* One log line: a, the number n (unless NO_NUMBER), b, c (NULL: nothing). */
void session_say(const Session *s, const char *a, int64_t n, const char *b, const char *c)
{
	char buf[128];
	TextBuf t;

	if (!s->hooks.log)
		return;
	tb_init(&t, buf, sizeof buf);
	tb_str(&t, a);
	if (n != NO_NUMBER)
		tb_udec(&t, (uint64_t)n);
	tb_str(&t, b ? b : "");
	tb_str(&t, c ? c : "");
	s->hooks.log(s->hooks.log_ctx, buf);
}

/* "<a><n1><b><n2>", e.g. "title: sprite tx=5 ty=20". */
void session_say_pair(const Session *s, const char *a, uint32_t n1, const char *b, uint32_t n2)
{
	char buf[64];
	TextBuf t;

	tb_init(&t, buf, sizeof buf);
	tb_str(&t, a);
	tb_udec(&t, n1);
	tb_str(&t, b);
	session_say(s, buf, n2, NULL, NULL);
}

void session_enter(Session *s, SessionMode m, SessionEvents *ev)
{
	s->mode = m;
	s->mode_ticks = 0;
	s->epoch++;
	s->idle = 0;
	if (ev)
		ev->mode_changed = true;
	if (m == SESSION_TITLE)
		session_say(s, "session: title", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_MENU)
		session_say(s, "session: menu", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_HALTED)
		session_say(s, "session: quit", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_CONTROLS)
		session_say(s, "session: controls", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_SYSINFO) {
		s->report_note[0] = '\0';            /* a new visit: the item again */
		s->report_ok = false;
		session_say(s, "session: system info", NO_NUMBER, NULL, NULL);
	}
	else if (m == SESSION_HISCORES)
		session_say(s, "session: high scores", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_NAME)
		session_say(s, "session: name prompt score=", s->stats.score, NULL, NULL);
	else if (m == SESSION_WAITING)
		session_say(s, "session: waiting for the stick", NO_NUMBER, NULL, NULL);
	if (m != SESSION_PLAYING && s->settings_dirty)
		session_request(s, SAVE_REQ_SETTINGS);  /* M in play: handed over now play has stopped */
}

/* -- levels ---------------------------------------------------------------- */

static void copy_name(char *dst, size_t size, const char *src)
{
	size_t i = 0;

	for (; src[i] && i + 1 < size; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

static void fail(Session *s, const char *what, const char *detail, SessionEvents *ev)
{
	char line[sizeof s->error_what + 8];
	TextBuf t;

	copy_name(s->error_what, sizeof s->error_what, what);
	copy_name(s->error_detail, sizeof s->error_detail, detail);
	tb_init(&t, line, sizeof line);
	tb_str(&t, "ERROR: ");
	tb_str(&t, what);
	tb_str(&t, ": ");
	session_say(s, line, NO_NUMBER, detail, NULL);
	s->demo = false;
	session_enter(s, SESSION_ERROR, ev);
}

/* Report a problem: the level is recorded from here (its seed and stats are in the world now). */
static void record_level(Session *s, const char *name, uint32_t level_crc, const PlayerStats *stats)
{
	ReplayMeta start = {
		.episode_level = s->single ? REPLAY_NO_EPISODE : s->level,
		.bonus = !s->single && s->bonus,
		.source = s->demo ? REPLAY_SRC_DEMO : REPLAY_SRC_PLAYER,
		.prizes = stats->prizes, .secrets = stats->secrets, .frames = stats->frames,
	};

	report_rec_begin(&s->report, name, level_crc, &s->world, &start);
}

/*
 * Load level `name` into the world with these stats and play it: level
 * `number` of a game ("session: level 2 start name=seeds"), or a demo.
 */
static bool start_level(Session *s, const char *name, int number, const PlayerStats *stats, bool demo,
    SessionEvents *ev)
{
	const LevelBlob *blob = NULL;
	const uint8_t *data = NULL;
	size_t len = 0;
	char err[LEVEL_ERR_SIZE], size[40];
	LevelHeader header;
	TextBuf t;
	bool found;

	copy_name(s->level_name, sizeof s->level_name, name);
	if (s->hooks.find) {
		found = s->hooks.find(s->hooks.find_ctx, name, &data, &len);
	} else if ((found = (blob = level_find(name)) != NULL)) {
		data = blob->data;
		len = blob->len;
	}
	if (!found) {
		fail(s, "LEVEL NOT FOUND", name, ev);
		return false;
	}
	if (!world_load_level(&s->world, data, len, SESSION_LEVEL_SEED, err, sizeof err)) {
		fail(s, "BAD LEVEL FILE", err, ev);
		return false;
	}
	stats_apply(&s->world, stats);
	level_check(data, len, &header, NULL, 0);
	copy_name(s->level_title, sizeof s->level_title, header.name);
	tb_init(&t, size, sizeof size);
	tb_str(&t, "level: ");
	tb_udec(&t, s->world.map.w);
	tb_char(&t, 'x');
	tb_udec(&t, s->world.map.h);
	tb_str(&t, " tiles, ");
	session_say(s, size, actor_count(&s->world), " actors", NULL);
	s->demo = demo;
	if (demo && s->hooks.demo.begin)
		s->hooks.demo.begin(s->hooks.demo.ctx, &s->world);
	record_level(s, name, demo_level_crc(data, len), stats);
	session_enter(s, SESSION_PLAYING, ev);
	if (demo)
		session_say(s, "session: demo level=", NO_NUMBER, name, NULL);
	else
		session_say(s, "session: level ", number, " start name=", name);
	return true;
}

/* Level `index` of the episode (1-based in the log and on screen), with the stats carried. */
void session_start_episode_level(Session *s, uint8_t index, SessionEvents *ev)
{
	s->level = index;
	s->single = false;
	s->bonus = false;
	start_level(s, episode_levels[index], index + 1, &s->stats, false, ev);
}

/* The episode's bonus level, reached from level s->level's bonus exit; the stats carried. */
void session_start_bonus_level(Session *s, SessionEvents *ev)
{
	s->single = false;
	s->bonus = true;
	start_level(s, episode_bonus_level, s->level + 1, &s->stats, false, ev);
}

void session_start_demo(Session *s, SessionEvents *ev)
{
	const char *level = NULL;
	PlayerStats fresh;

	if (!s->hooks.demo.start(s->hooks.demo.ctx, &level) || !level) {
		s->idle = 0;                    /* nothing to show: stay, try again later */
		return;
	}
	stats_new_game(&fresh);
	s->attract = false;             /* the attract loop says so after this */
	s->single = true;
	s->bonus = false;
	s->level = 0;
	start_level(s, level, 1, &fresh, true, ev);
}

/* -- public ---------------------------------------------------------------- */

void session_init(Session *s, const SessionHooks *hooks)
{
	s->hooks = hooks ? *hooks : (SessionHooks){ 0 };
	if (!s->hooks.demo.start || !s->hooks.demo.next)
		s->hooks.demo = demo_reel_source(&s->reel);
	demo_reel_init(&s->reel);
	s->epoch = 0;
	s->cursor = MENU_NEW_GAME;
	s->page = 0;
	controls_defaults(&s->controls);
	s->music_on = true;
	s->sfx_on = true;
	ctlmenu_init(&s->ctl);
	s->demo = false;
	s->single = false;
	s->bonus = false;
	s->level = 0;
	s->level_name[0] = s->level_title[0] = '\0';
	s->error_what[0] = s->error_detail[0] = '\0';
	s->notice[0] = '\0';
	progress_defaults(&s->progress);
	s->saves_on = true;             /* until the kernel says otherwise: no line on the title */
	s->saves_pending = false;       /* the kernel says so while it looks for the save area */
	s->waiting_for = MENU_COUNT;
	s->saves_why[0] = '\0';
	s->crash_saved = false;
	s->start_unfinished = false;
	s->save_req = 0;
	s->settings_dirty = false;
	s->set_while_pending = 0;
	s->attract = false;
	s->after_table = SESSION_MENU;
	s->hs_mark = -1;
	s->name[0] = '\0';
	s->slot = 0;
	s->slot_saving = false;
	s->slot_back = SESSION_MENU;
	s->slot_note[0] = '\0';
	s->replay_note[0][0] = s->replay_note[1][0] = '\0';
	s->report.active = false;
	stats_new_game(&s->stats);
	world_init(&s->world, SESSION_LEVEL_SEED);
	title_init(&s->title);
	session_enter(s, SESSION_TITLE, NULL);
}

/* What the kernel found on the machine (data: the game never probes hardware). */
void session_set_notice(Session *s, const char *text)
{
	size_t n = 0;

	for (; text && text[n] && n + 1 < sizeof s->notice; n++)
		s->notice[n] = text[n];
	s->notice[n] = '\0';
	s->epoch++;                     /* the title is drawn again */
}

void session_play_level(Session *s, const char *name)
{
	stats_new_game(&s->stats);
	s->single = true;
	s->bonus = false;
	s->level = 0;
	start_level(s, name, 1, &s->stats, false, NULL);
}

void session_play_demo(Session *s)
{
	session_start_demo(s, NULL);
}

/*
 * The kernel's `ending` option: a New game played through at once, each
 * level with its built-in demo's input (as a player at the keys would, the
 * stats carried, each level-complete screen left to time out), to the
 * ending screen with the score, prizes, secrets and time those demos make.
 * False (and the error screen) if a demo is missing or does not finish its
 * level.
 */
bool session_play_episode_demos(Session *s)
{
	static DemoPlayer pl;
	char err[DEMO_ERR_SIZE];
	SessionEvents ev;

	stats_new_game(&s->stats);
	session_start_episode_level(s, 0, &ev);
	while (s->mode == SESSION_PLAYING) {
		const DemoBlob *b = demo_find(s->level_name);

		if (!b || !demo_open(&pl, b->data, b->len, err, sizeof err)) {
			fail(s, "NO DEMO FOR THE ENDING", s->level_name, &ev);
			return false;
		}
		while (s->mode == SESSION_PLAYING && !demo_ended(&pl)) {
			SessionInput in = { .key = GK_NONE };

			demo_next(&pl, &in.pad);
			session_tick(s, &in, &ev);
		}
		if (s->mode != SESSION_LEVEL_DONE) {
			fail(s, "DEMO DID NOT FINISH", s->level_name, &ev);
			return false;
		}
		while (s->mode == SESSION_LEVEL_DONE) {
			SessionInput none = { .key = GK_NONE };

			session_tick(s, &none, &ev);
		}
	}
	return s->mode == SESSION_EPISODE_END;
}

void session_error(Session *s, const char *what, const char *detail)
{
	fail(s, what, detail, NULL);
}

uint16_t session_pit_ticks(const Session *s)
{
	return s->mode == SESSION_PLAYING ? WORLD_PIT_TICKS_PER_FRAME : 1;
}

bool session_shows_world(const Session *s)
{
	return s->mode == SESSION_PLAYING || s->mode == SESSION_PAUSED;
}

/* -- one tick per mode ----------------------------------------------------- */

bool session_any_key(const SessionInput *in)
{
	return in->pad.pressed || in->menu.pressed || (in->keys & SKEY_ANY);
}

void session_go_title(Session *s, SessionEvents *ev)
{
	s->demo = false;
	s->attract = false;
	title_init(&s->title);
	session_enter(s, SESSION_TITLE, ev);
}

/* The menu, with the cursor on New game (coming back from Instructions or Controls keeps it there). */
void session_go_menu(Session *s, SessionEvents *ev)
{
	if (s->mode != SESSION_INSTRUCTIONS && s->mode != SESSION_CONTROLS && s->mode != SESSION_SYSINFO &&
	    s->mode != SESSION_HISCORES && s->mode != SESSION_SLOTS && s->mode != SESSION_WAITING)
		s->cursor = MENU_NEW_GAME;
	s->demo = false;
	s->attract = false;
	session_enter(s, SESSION_MENU, ev);
}

void session_tick(Session *s, const SessionInput *in, SessionEvents *ev)
{
	*ev = (SessionEvents){ .sound = SND_NONE };
	s->mode_ticks++;
	switch (s->mode) {
	case SESSION_TITLE:
		session_tick_title(s, in, ev);
		break;
	case SESSION_MENU:
		session_tick_menu(s, in, ev);
		break;
	case SESSION_INSTRUCTIONS:
		session_tick_instructions(s, in, ev);
		break;
	case SESSION_PLAYING:
		session_tick_playing(s, in, ev);
		break;
	case SESSION_PAUSED:
		session_tick_paused(s, in, ev);
		break;
	case SESSION_LEVEL_DONE:
		session_tick_level_done(s, in, ev);
		break;
	case SESSION_GAME_OVER:
	case SESSION_EPISODE_END:
		if (session_screen_done(s, in, s->mode == SESSION_GAME_OVER ? SESSION_GAME_OVER_TICKS : 0))
			session_after_game(s, ev);      /* the name prompt if the score qualifies */
		break;
	case SESSION_ERROR:
		if ((in->menu.pressed & RESUME) || (in->keys & SKEY_ESC))
			session_go_title(s, ev);
		break;
	case SESSION_CONTROLS:
		session_tick_controls(s, in, ev);
		break;
	case SESSION_SYSINFO:
		session_tick_sysinfo(s, in, ev);
		break;
	case SESSION_HISCORES:
		session_tick_hiscores(s, in, ev);
		break;
	case SESSION_NAME:
		session_tick_name(s, in, ev);
		break;
	case SESSION_SLOTS:
		session_tick_slots(s, in, ev);
		break;
	case SESSION_WAITING:
		session_tick_waiting(s, in, ev);
		break;
	case SESSION_HALTED:
	case SESSION_MODE_COUNT:
		break;
	}
	if (!s->sfx_on)
		ev->sound = SND_NONE;           /* Sound effects: Off */
}
