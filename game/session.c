/* session.c: the shell's state machine — which screen is up, what each key does there, level flow. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "ctlmenu.h"
#include "episode.h"
#include "input.h"
#include "keys.h"
#include "level.h"
#include "session.h"
#include "textbuf.h"
#include "title.h"
#include "world.h"

const char *const menu_labels[MENU_COUNT] = {
	[MENU_NEW_GAME]     = "New game",
	[MENU_INSTRUCTIONS] = "Instructions",
	[MENU_CONTROLS]     = "Controls",
	[MENU_DEMO]         = "Demo",
	[MENU_QUIT]         = "Quit",
};

static const char *const menu_log_names[MENU_COUNT] = {
	[MENU_NEW_GAME] = "new game", [MENU_INSTRUCTIONS] = "instructions", [MENU_CONTROLS] = "controls",
	[MENU_DEMO] = "demo", [MENU_QUIT] = "quit",
};

#define BUTTONS(a) ((uint16_t)(a))
#define CHOOSE   BUTTONS(BTN_BIT(BTN_ENTER) | BTN_BIT(BTN_FIRE) | BTN_BIT(BTN_JUMP))
#define RESUME   BUTTONS(CHOOSE | BTN_BIT(BTN_PAUSE))

/* -- logging --------------------------------------------------------------- */

#define NO_NUMBER (-1)

/* One log line: a, the number n (unless NO_NUMBER), b, c (NULL: nothing). */
static void say(const Session *s, const char *a, int64_t n, const char *b, const char *c)
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
static void say_pair(const Session *s, const char *a, uint32_t n1, const char *b, uint32_t n2)
{
	char buf[64];
	TextBuf t;

	tb_init(&t, buf, sizeof buf);
	tb_str(&t, a);
	tb_udec(&t, n1);
	tb_str(&t, b);
	say(s, buf, n2, NULL, NULL);
}

static void enter(Session *s, SessionMode m, SessionEvents *ev)
{
	s->mode = m;
	s->mode_ticks = 0;
	s->epoch++;
	s->idle = 0;
	if (ev)
		ev->mode_changed = true;
	if (m == SESSION_TITLE)
		say(s, "session: title", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_MENU)
		say(s, "session: menu", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_HALTED)
		say(s, "session: quit", NO_NUMBER, NULL, NULL);
	else if (m == SESSION_CONTROLS)
		say(s, "session: controls", NO_NUMBER, NULL, NULL);
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
	say(s, line, NO_NUMBER, detail, NULL);
	s->demo = false;
	enter(s, SESSION_ERROR, ev);
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
	say(s, size, actor_count(&s->world), " actors", NULL);
	s->demo = demo;
	if (demo && s->hooks.demo.begin)
		s->hooks.demo.begin(s->hooks.demo.ctx, &s->world);
	enter(s, SESSION_PLAYING, ev);
	if (demo)
		say(s, "session: demo level=", NO_NUMBER, name, NULL);
	else
		say(s, "session: level ", number, " start name=", name);
	return true;
}

/* Level `index` of the episode (1-based in the log and on screen), with the stats carried. */
static void start_episode_level(Session *s, uint8_t index, SessionEvents *ev)
{
	s->level = index;
	s->single = false;
	start_level(s, episode_levels[index], index + 1, &s->stats, false, ev);
}

static void start_demo(Session *s, SessionEvents *ev)
{
	const char *level = NULL;
	PlayerStats fresh;

	if (!s->hooks.demo.start(s->hooks.demo.ctx, &level) || !level) {
		s->idle = 0;                    /* nothing to show: stay, try again later */
		return;
	}
	stats_new_game(&fresh);
	s->single = true;
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
	ctlmenu_init(&s->ctl);
	s->demo = false;
	s->single = false;
	s->level = 0;
	s->level_name[0] = s->level_title[0] = '\0';
	s->error_what[0] = s->error_detail[0] = '\0';
	s->notice[0] = '\0';
	stats_new_game(&s->stats);
	world_init(&s->world, SESSION_LEVEL_SEED);
	title_init(&s->title);
	enter(s, SESSION_TITLE, NULL);
}

/* What the machine lacks, as the kernel found it (data: the game never probes hardware). */
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
	s->level = 0;
	start_level(s, name, 1, &s->stats, false, NULL);
}

void session_play_demo(Session *s)
{
	start_demo(s, NULL);
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

static bool any_key(const SessionInput *in)
{
	return in->pad.pressed || in->menu.pressed || (in->keys & SKEY_ANY);
}

static void go_title(Session *s, SessionEvents *ev)
{
	s->demo = false;
	title_init(&s->title);
	enter(s, SESSION_TITLE, ev);
}

/* The menu, with the cursor on New game (coming back from Instructions or Controls keeps it there). */
static void go_menu(Session *s, SessionEvents *ev)
{
	if (s->mode != SESSION_INSTRUCTIONS && s->mode != SESSION_CONTROLS)
		s->cursor = MENU_NEW_GAME;
	s->demo = false;
	enter(s, SESSION_MENU, ev);
}

/* Title and menu: count untouched ticks; after SESSION_IDLE_TICKS the attract demo runs. */
static bool idle_demo(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (any_key(in) || in->pad.held || in->menu.held)
		s->idle = 0;
	else if (++s->idle >= SESSION_IDLE_TICKS) {
		start_demo(s, ev);
		return true;
	}
	return false;
}

static void tick_title(Session *s, const SessionInput *in, SessionEvents *ev)
{
	TitleEvents tev;

	if (in->menu.pressed & CHOOSE) {
		go_menu(s, ev);
		return;
	}
	if (idle_demo(s, in, ev))
		return;
	title_tick(&s->title, &in->menu, &tev);
	ev->sound = tev.sound;
	if (tev.moved)
		say_pair(s, "title: sprite tx=", (uint32_t)s->title.tx, " ty=", (uint32_t)s->title.ty);
}

static void choose(Session *s, SessionEvents *ev)
{
	switch ((MenuItem)s->cursor) {
	case MENU_NEW_GAME:
		stats_new_game(&s->stats);
		start_episode_level(s, 0, ev);
		break;
	case MENU_INSTRUCTIONS:
		s->page = 0;
		enter(s, SESSION_INSTRUCTIONS, ev);
		say(s, "session: instructions page=", 1, NULL, NULL);
		break;
	case MENU_CONTROLS:
		ctlmenu_init(&s->ctl);
		enter(s, SESSION_CONTROLS, ev);
		break;
	case MENU_DEMO:
		start_demo(s, ev);
		break;
	case MENU_QUIT:
	case MENU_COUNT:
		enter(s, SESSION_HALTED, ev);
		break;
	}
}

static void tick_menu(Session *s, const SessionInput *in, SessionEvents *ev)
{
	uint16_t p = in->menu.pressed;
	int d = !!(p & BTN_BIT(BTN_DOWN)) - !!(p & BTN_BIT(BTN_UP));

	if (in->keys & SKEY_ESC) {
		go_title(s, ev);
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
		say(s, "menu: cursor=", s->cursor, " ", menu_log_names[s->cursor]);
	}
}

static void tick_instructions(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (in->keys & SKEY_ESC) {
		go_menu(s, ev);
		return;
	}
	if (!any_key(in))
		return;
	if (s->page + 1 >= INSTRUCTION_PAGES) {
		go_menu(s, ev);
		return;
	}
	s->page++;
	s->epoch++;
	say(s, "session: instructions page=", s->page + 1, NULL, NULL);
}

/* The Controls screen: its state machine (game/ctlmenu.c) does the work; here sounds, log lines, leaving. */
static void tick_controls(Session *s, const SessionInput *in, SessionEvents *ev)
{
	static const SoundId sounds[] = {
		[CTLO_MOVED] = SND_MENU, [CTLO_WAITING] = SND_MENU, [CTLO_FIRST_KEY] = SND_PICKUP,
		[CTLO_DONE] = SND_PICKUP, [CTLO_REFUSED] = SND_BUMP, [CTLO_CANCELLED] = SND_MENU,
		[CTLO_DEFAULTS] = SND_SWITCH,
	};
	CtlMenuInput mi = {
		.up = (in->menu.pressed & BTN_BIT(BTN_UP)) != 0,
		.down = (in->menu.pressed & BTN_BIT(BTN_DOWN)) != 0,
		.choose = (in->menu.pressed & CHOOSE) != 0,
		.back = (in->keys & SKEY_ESC) != 0,
		.key = in->key,
		.any = any_key(in),
	};
	CtlOutcome o = ctlmenu_tick(&s->ctl, &s->controls, &mi);
	char line[80];

	if (o == CTLO_NONE)
		return;
	if (o == CTLO_LEAVE) {
		go_menu(s, ev);
		return;
	}
	s->epoch++;
	ev->sound = o < sizeof sounds / sizeof sounds[0] && sounds[o] ? sounds[o] : SND_NONE;
	ctlmenu_log(&s->ctl, &s->controls, o, line, sizeof line);
	say(s, line, NO_NUMBER, NULL, NULL);
}

/* The level is over one way or another: what the world says decides where to go. */
static void after_world_frame(Session *s, SessionEvents *ev)
{
	World *w = &s->world;

	if (s->demo) {
		if (w->level_done || w->game_over)
			go_title(s, ev);
		return;
	}
	if (w->level_done) {
		stats_save(&s->stats, w);
		say_pair(s, "session: level done level=", s->level + 1u, " score=", w->score);
		enter(s, SESSION_LEVEL_DONE, ev);
	} else if (w->game_over) {
		stats_save(&s->stats, w);
		say(s, "session: game over score=", w->score, NULL, NULL);
		enter(s, SESSION_GAME_OVER, ev);
	}
}

static void tick_playing(Session *s, const SessionInput *in, SessionEvents *ev)
{
	GameInput frame_in;

	if (s->demo) {
		if (any_key(in)) {              /* a key stops the demo, the menu comes up */
			go_menu(s, ev);
			return;
		}
		if (!s->hooks.demo.next(s->hooks.demo.ctx, &frame_in)) {
			go_title(s, ev);
			return;
		}
	} else {
		if (in->pad.pressed & BTN_BIT(BTN_PAUSE)) {
			say(s, "session: paused tick=", s->world.tick, NULL, NULL);
			enter(s, SESSION_PAUSED, ev);
			return;
		}
		frame_in = in->pad;
	}
	world_tick(&s->world, &frame_in);
	ev->world_ticked = true;
	if (s->world.sound != SND_NONE)
		ev->sound = s->world.sound;
	after_world_frame(s, ev);
}

/* The pause: the screen's keys, and the pause key as bound in play (even on an arrow) plays on. */
static void tick_paused(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (in->keys & (SKEY_ESC | SKEY_QUIT)) {
		say(s, "session: abandoned", NO_NUMBER, NULL, NULL);
		go_menu(s, ev);
	} else if ((in->menu.pressed & RESUME) || (in->pad.pressed & BTN_BIT(BTN_PAUSE))) {
		say(s, "session: resumed", NO_NUMBER, NULL, NULL);
		enter(s, SESSION_PLAYING, ev);
	}
}

/* Interstitials: keys count after a short while; some go on by themselves. */
static bool screen_done(const Session *s, const SessionInput *in, uint32_t timeout)
{
	if (timeout && s->mode_ticks >= timeout)
		return true;
	return s->mode_ticks >= SESSION_SCREEN_MIN_TICKS && any_key(in);
}

static void tick_level_done(Session *s, const SessionInput *in, SessionEvents *ev)
{
	if (!screen_done(s, in, SESSION_LEVEL_DONE_TICKS))
		return;
	if (s->single)
		go_title(s, ev);
	else if (s->level + 1 < episode_level_count)
		start_episode_level(s, (uint8_t)(s->level + 1), ev);
	else {
		enter(s, SESSION_EPISODE_END, ev);
		say(s, "session: episode end score=", s->stats.score, NULL, NULL);
	}
}

void session_tick(Session *s, const SessionInput *in, SessionEvents *ev)
{
	*ev = (SessionEvents){ .sound = SND_NONE };
	s->mode_ticks++;
	switch (s->mode) {
	case SESSION_TITLE:
		tick_title(s, in, ev);
		break;
	case SESSION_MENU:
		tick_menu(s, in, ev);
		break;
	case SESSION_INSTRUCTIONS:
		tick_instructions(s, in, ev);
		break;
	case SESSION_PLAYING:
		tick_playing(s, in, ev);
		break;
	case SESSION_PAUSED:
		tick_paused(s, in, ev);
		break;
	case SESSION_LEVEL_DONE:
		tick_level_done(s, in, ev);
		break;
	case SESSION_GAME_OVER:
	case SESSION_EPISODE_END:
		if (screen_done(s, in, s->mode == SESSION_GAME_OVER ? SESSION_GAME_OVER_TICKS : 0))
			go_title(s, ev);
		break;
	case SESSION_ERROR:
		if ((in->menu.pressed & RESUME) || (in->keys & SKEY_ESC))
			go_title(s, ev);
		break;
	case SESSION_CONTROLS:
		tick_controls(s, in, ev);
		break;
	case SESSION_HALTED:
	case SESSION_MODE_COUNT:
		break;
	}
}
