/* session.h: the game around the play — title, menu, instructions, levels, pause, interstitials, halt. */
#ifndef GAME_SESSION_H
#define GAME_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "ctlmenu.h"
#include "demoreel.h"
#include "episode.h"
#include "frame.h"
#include "input.h"
#include "keys.h"
#include "level.h"
#include "progress.h"
#include "replay.h"
#include "report.h"
#include "script.h"
#include "sound.h"
#include "sysinfo.h"
#include "title.h"
#include "trace.h"
#include "tunes.h"
#include "world.h"

/*
 * The modes and what leaves them ("a key" = any key pressed, game button or not):
 *
 *   TITLE         Enter, Space or Jump -> MENU; arrows step the hero;
 *                 SESSION_IDLE_TICKS without a key -> attract demo (PLAYING, demo)
 *   MENU          Up/Down move the cursor (wrapping, SND_MENU); Enter, Space or
 *                 Jump choose: New game -> level 1 (PLAYING), Instructions,
 *                 Controls, Music and Sound effects (toggle, stay), System info,
 *                 Demo -> PLAYING (demo), Restore game -> SLOTS, High scores
 *                 -> HISCORES, Quit -> HALTED; Esc -> TITLE; idle -> attract demo
 *   INSTRUCTIONS  a key -> next page, after the last -> MENU; Esc -> MENU
 *   CONTROLS      the key bindings (game/shell/ctlmenu.h): pick an action, press
 *                 its key; Back or Esc -> MENU
 *   SYSINFO       what the kernel found (SessionHooks.sysinfo); Enter: Save a report
 *                 to the stick (SAVE_REQ_REPORT, or why not on screen); another key -> MENU
 *   PLAYING       one world frame per tick. P or Esc -> PAUSED; M (unless bound
 *                 to an action) turns the music on or off. level_done ->
 *                 LEVEL_DONE; game_over -> GAME_OVER. A demo instead plays
 *                 recorded input: a key -> MENU; its end, level done or game
 *                 over -> TITLE (the attract loop's demo: -> HISCORES); no pause
 *   PAUSED        the world stands still under a box; P, Enter, Space or Jump
 *                 -> PLAYING; Esc (again) or Q -> MENU (the game is abandoned);
 *                 in a game that can be saved (session_can_save) S -> SLOTS (save),
 *                 R -> SLOTS (restore); F: Report a problem (the level's replay to
 *                 SessionHooks.store_replay, REPLAY.DAT; the box says whether it was saved)
 *   LEVEL_DONE    "Level N complete"; a key (after SESSION_SCREEN_MIN_TICKS) or
 *                 SESSION_LEVEL_DONE_TICKS -> the next level with score, health,
 *                 lives and bombs carried; after the last one -> EPISODE_END. A level
 *                 left by its bonus exit -> the bonus level first (episode.h).
 *                 A single level (level=NAME) -> TITLE
 *   GAME_OVER     final score; a key (after the minimum) or SESSION_GAME_OVER_TICKS -> TITLE,
 *                 or NAME when the score makes the high-score table
 *   EPISODE_END   congratulations and the score; a key (after the minimum) -> TITLE (or NAME)
 *   ERROR         a level that cannot be found or loaded: Enter, Space or Esc -> TITLE
 *   HALTED        "you may now turn off your PC"; nothing leaves it
 *   HISCORES      the table (a new entry highlighted); from the menu a key -> MENU;
 *                 after NAME a key (after the minimum) -> TITLE; in the attract loop
 *                 SESSION_HISCORE_TICKS -> the next demo, a key -> TITLE
 *   NAME          "Enter your name": letters, digits, space, '.', '-' (.key), Backspace;
 *                 Enter or Esc keeps it (SAVE_REQ_SCORES) -> HISCORES
 *   SLOTS         nine save slots: Up/Down or 1-9, Enter chooses, Esc -> back (MENU or
 *                 PAUSED). Saving (from the pause) stores the current level's start
 *                 (SAVE_REQ_GAME) -> PAUSED; restoring a used slot starts its level,
 *                 an empty one says so
 *   WAITING       Restore game or High scores chosen while the kernel is still
 *                 looking for the save area (session_set_saves_pending): "Looking
 *                 for the stick..."; when it says (session_set_saves) -> SLOTS or
 *                 HISCORES; Esc -> MENU
 *
 * The screens (all but PLAYING) read SessionInput.menu, where the arrows,
 * Enter and Esc always mean themselves; PLAYING reads .pad, the buttons
 * through the player's bindings.
 */
typedef enum SessionMode {
	SESSION_TITLE,
	SESSION_MENU,
	SESSION_INSTRUCTIONS,
	SESSION_PLAYING,
	SESSION_PAUSED,
	SESSION_LEVEL_DONE,
	SESSION_GAME_OVER,
	SESSION_EPISODE_END,
	SESSION_ERROR,
	SESSION_HALTED,
	SESSION_CONTROLS,               /* appended: mode numbers appear in tools' output */
	SESSION_SYSINFO,
	SESSION_HISCORES,
	SESSION_NAME,
	SESSION_SLOTS,
	SESSION_WAITING,                /* "Looking for the stick...": Restore game or High scores before the save area is known */
	SESSION_MODE_COUNT
} SessionMode;

typedef enum MenuItem {
	MENU_NEW_GAME,
	MENU_INSTRUCTIONS,
	MENU_CONTROLS,
	MENU_MUSIC,                     /* "Music: On" / "Music: Off", Enter toggles */
	MENU_SOUND,                     /* "Sound effects: On" / "Off" */
	MENU_SYSINFO,
	MENU_DEMO,
	MENU_RESTORE,                   /* "Restore game": the nine slots */
	MENU_HISCORES,                  /* "High scores" */
	MENU_QUIT,
	MENU_COUNT
} MenuItem;

extern const char *const menu_labels[MENU_COUNT];
struct Session;
void session_menu_label(const struct Session *s, int item, char *buf, size_t size);     /* "Music: On" */

#define SESSION_LEVEL_SEED        1      /* every level starts from the same RNG state (demos replay) */
#define SESSION_IDLE_TICKS        (20 * 140)   /* title or menu untouched 20 s: attract demo */
#define SESSION_ERR_SIZE          448          /* a level error, or a line per rejected boot option */
#define SESSION_NOTICE_SIZE       40     /* a line about the machine on the title ("keyboard: USB (xHCI port 5)") */
#define SESSION_SCREEN_MIN_TICKS  70           /* interstitials ignore keys for 0.5 s (held jumps) */
#define SESSION_LEVEL_DONE_TICKS  (5 * 140)    /* then go on by themselves */
#define SESSION_GAME_OVER_TICKS   (8 * 140)
#define INSTRUCTION_PAGES         2
#define SESSION_HISCORE_TICKS     (8 * 140)    /* the attract loop's table between demos */
#define SESSION_SAVES_WHY_SIZE    48
#define SESSION_REPORT_NOTE_SIZE  40     /* System info: what its item did, one screen line */
#define SESSION_REPLAY_NOTE       SESSION_SAVES_WHY_SIZE  /* the pause box's report note: a heading, a reason */

/* session_save_request's bits: what the kernel should write (the whole payload each time). */
#define SAVE_REQ_SETTINGS 1             /* keys, music, effects, the crash flag */
#define SAVE_REQ_SCORES   2             /* the table (SCORES.TXT too) */
#define SAVE_REQ_GAME     4             /* a saved game */
/* What session_settings_changed says the player changed (Session.set_while_pending). */
#define SETTING_MUSIC     1
#define SETTING_SFX       2
#define SETTING_KEYS      4
#define SAVE_REQ_REPORT   8             /* the hardware report, HWINFO.TXT (System info's item; no progress) */

/* SessionInput.keys: keys that are not game buttons, or that a button shares. */
#define SKEY_ANY        0x01            /* some key was pressed this tick (any key at all) */
#define SKEY_ESC        0x02            /* Esc (also BTN_PAUSE, which P gives too) */
#define SKEY_QUIT       0x04            /* Q */

/*
 * One session tick's input: the game buttons (keyboard or script) and the
 * extra keys. From the keyboard, session_keyboard fills it; a script gives
 * the same buttons to .pad and .menu.
 */
typedef struct SessionInput {
	GameInput pad;                  /* buttons through the player's bindings: what the world plays */
	uint8_t keys;                   /* SKEY_* */
	GameInput menu;                 /* buttons as the screens read them (controls_menu_buttons) */
	uint8_t key;                    /* the first GameKey pressed this tick, GK_NONE if none */
} SessionInput;

/*
 * Where levels come from: name -> file bytes. The kernel looks at GRUB
 * modules first; NULL means the built-in levels only (level_find).
 */
typedef bool (*LevelFindFn)(void *ctx, const char *name, const uint8_t **data, size_t *len);

/*
 * Report a problem: store this replay (the kernel: REPLAY.DAT on the stick).
 * True when it was written; else false and why in why (NUL-terminated).
 */
typedef bool (*ReplayStoreFn)(void *ctx, const ReplayParts *replay, char *why, size_t whylen);


typedef struct SessionHooks {
	LevelFindFn find;               /* NULL: built-in levels */
	void *find_ctx;
	TraceEmit log;                  /* mode changes, errors ("session: menu"); NULL: silent */
	void *log_ctx;
	DemoSource demo;                /* .start NULL: the built-in demos (game_demos[]) */
	const SysInfo *sysinfo;         /* the kernel's facts for System info; NULL: none known */
	ReplayStoreFn store_replay;     /* Report a problem; NULL: "no save service" */
	void *store_ctx;
} SessionHooks;

/* What one tick did besides changing the state. */
typedef struct SessionEvents {
	SoundId sound;                  /* SND_NONE if none */
	bool world_ticked;              /* the world ran one frame (trace it, bench it) */
	bool mode_changed;
} SessionEvents;

typedef struct Session {
	SessionMode mode;
	uint32_t mode_ticks;            /* ticks spent in this mode */
	uint32_t epoch;                 /* bumped on every mode change (forces a redraw) */
	uint32_t idle;                  /* title/menu ticks without a key */
	TitleState title;
	uint8_t cursor;                 /* MenuItem under the menu cursor */
	uint8_t page;                   /* instructions page */
	Controls controls;              /* the player's key bindings (the kernel reads them every tick) */
	bool music_on;                  /* Music on/off (menu, M in play, music=off): until power-off */
	bool sfx_on;                    /* Sound effects on/off: off clears SessionEvents.sound */
	CtlMenu ctl;                    /* the Controls screen */
	bool demo;                      /* PLAYING from the demo source, not the keyboard */
	bool single;                    /* level=NAME: one level, then the title */
	uint8_t level;                  /* index in episode_levels */
	bool bonus;                     /* playing the bonus level (reached from level `level`) */
	char level_name[LEVEL_NAME_SIZE * 2];   /* file stem, e.g. "test" */
	char level_title[LEVEL_NAME_SIZE];      /* the name inside the file, e.g. "Test Meadow" */
	PlayerStats stats;              /* at the end of the last finished level */
	char notice[SESSION_NOTICE_SIZE];       /* shown on the title when not empty (the kernel's news) */
	Progress progress;              /* what survives power-off (settings copied in when a request is raised) */
	bool saves_on;                  /* false: the title says "Progress is not saved: <why>" */
	bool saves_pending;             /* the kernel is still looking for the save area (no line on the title yet) */
	uint8_t waiting_for;            /* WAITING: the MenuItem to open once saves_pending clears */
	char saves_why[SESSION_SAVES_WHY_SIZE];
	bool crash_saved;               /* the title says a crash report is on the stick */
	bool start_unfinished;          /* the title says the last start did not finish (LOG.TXT has its log) */
	uint8_t save_req;               /* SAVE_REQ_* pending */
	char report_note[SESSION_REPORT_NOTE_SIZE];     /* SYSINFO: "Saved HWINFO.TXT" or why not; "" before */
	bool report_ok;
	bool settings_dirty;            /* M in play changed the music: a request when play stops */
	uint8_t set_while_pending;      /* SETTING_* the player changed before the save area opened: kept over the stick's */
	bool attract;                   /* the demo playing came from the title's idle time */
	uint8_t after_table;            /* HISCORES: the SessionMode a key leads to */
	int8_t hs_mark;                 /* HISCORES: the row highlighted, -1 none */
	char name[HISCORE_NAME];        /* NAME: typed so far */
	uint8_t slot;                   /* SLOTS: the cursor, 0..SAVE_SLOTS-1 */
	bool slot_saving;               /* SLOTS: saving (from the pause), else restoring */
	uint8_t slot_back;              /* SLOTS: the SessionMode Esc goes back to */
	char slot_note[40];             /* SLOTS: "Slot 3 is empty" etc. */
	char replay_note[2][SESSION_REPLAY_NOTE];      /* PAUSED: what Report a problem did: heading, reason */
	char error_what[24];
	char error_detail[SESSION_ERR_SIZE];    /* '\n' starts a new line on the red screen */
	SessionHooks hooks;
	DemoReel reel;                  /* the built-in demos (the default demo source) */
	ReportRec report;               /* the level's input since its first frame (report.h) */
	ReportScratch report_scr;       /* the frame CRC's scratch */
	World world;
} Session;

/* Title screen, or straight into one level (the kernel's level=NAME). */
void session_init(Session *s, const SessionHooks *hooks);
void session_play_level(Session *s, const char *name);
void session_play_demo(Session *s);             /* the demo source's next demo, now (demo=NAME) */
bool session_play_episode_demos(Session *s);    /* the episode by its demos, to the ending (`ending`) */
void session_error(Session *s, const char *what, const char *detail);  /* the error screen, now */
void session_set_notice(Session *s, const char *text);  /* a line for the title; NULL or "" clears it */

void session_tick(Session *s, const SessionInput *in, SessionEvents *ev);

/*
 * Progress that survives power-off (docs/game.md "Saves"). The kernel
 * loads the payload at boot (session_load_progress: settings and table
 * applied), says whether saves work (session_set_saves; off: the title's
 * line "Progress is not saved: <why>") and whether a crash report was
 * saved (session_set_crash_report: the title's line, until the menu is
 * opened; then the flag is cleared with SAVE_REQ_SETTINGS). After every
 * session tick it asks session_save_request; nonzero: it encodes
 * session_progress and calls session_save_done. Requests are raised only
 * at rest points (a menu switch, leaving Controls, a name entered, a game
 * saved), never in a world frame, and nothing the world reads depends on
 * them. A failed save turns saves off with msg as the reason; while saves
 * are off session_save_request says 0.
 */
void session_load_progress(Session *s, const Progress *p);
bool session_can_save(const Session *s);        /* a New game (or a restored one) is being played: not level=, not a demo */
/* The replay of the level being played now (false: none since boot); the panic's (kernel/boot/panic.c via loop.c). */
bool session_replay(Session *s, bool panic, ReplayParts *out);
void session_set_saves_pending(Session *s);     /* the save area is not known yet: Restore game, High scores wait */
void session_set_saves(Session *s, bool on, const char *why);   /* known: the pending menu item answers */
void session_set_crash_report(Session *s, bool saved);
/* The last start did not finish (the kernel's LOG.TXT says so): the title's line until the menu is opened. */
void session_set_start_unfinished(Session *s, bool unfinished);
uint8_t session_save_request(const Session *s);
void session_save_done(Session *s, uint8_t req, bool ok, const char *msg);
const Progress *session_progress(const Session *s);
/* SAVE_REQ_REPORT done (the kernel wrote HWINFO.TXT, or msg says why not): System info says so; saves stay as they are. */
void session_report_done(Session *s, bool ok, const char *msg);

/* The keyboard's tick as a SessionInput, through s->controls. */
void session_keyboard(const Session *s, const KeyboardTick *k, SessionInput *in);

/*
 * keys=SPEC at boot (controls_parse): the bindings change, one log line
 * per action that is not at its defaults ("controls: jump = A"). A bad
 * SPEC leaves the defaults, logs "ERROR: BAD keys= OPTION: <why>" and
 * puts up the error screen (Enter -> TITLE); false then.
 */
bool session_apply_keys(Session *s, const char *spec);

/*
 * The tune the session wants now (MUS_NONE: silence): the title theme on
 * the title and menus, the level's tune in play (the boss tune while a
 * living boss is in view), a jingle on level complete and game over.
 * Only reads the session; the kernel plays it.
 */
MusicId session_music(const Session *s);

/* PIT ticks per session tick: a world frame (13) while playing, else 1 (140 Hz). */
uint16_t session_pit_ticks(const Session *s);

/*
 * Drawing. A world mode (PLAYING, PAUSED) draws the view into f, and the
 * caller adds the status bar (render_status) when world.status_version
 * changes; every other mode draws the whole screen into f. session_look
 * changes whenever the picture does.
 */
bool session_shows_world(const Session *s);
void session_draw(const Session *s, Frame *f);
void session_draw_demo_label(Frame *f);      /* the "DEMO" box over a demo's view (hostrun --demo too) */
uint32_t session_look(const Session *s);

#endif
