/* loop.c: the main loop — sample input per tick, run the session at its pace, draw its frames, play its sounds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "bringup.h"
#include "clock.h"
#include "cmdline.h"
#include "controls.h"
#include "cpu.h"
#include "demo_io.h"
#include "display.h"
#include "frame.h"
#include "hud.h"
#include "input.h"
#include "io.h"
#include "kbdscan.h"
#include "keyboard.h"
#include "keymap.h"
#include "keys.h"
#include "kfmt.h"
#include "klog.h"
#include "latebss.h"
#include "level.h"
#include "loop.h"
#include "loophooks.h"
#include "loopsave.h"
#include "multiboot.h"
#include "music.h"
#include "pads.h"
#include "pcm.h"
#include "pit.h"
#include "render.h"
#include "script.h"
#include "serial.h"
#include "session.h"
#include "sound.h"
#include "usb.h"
#include "speaker.h"
#include "replay_io.h"
#include "restart.h"
#include "watchdog.h"
#include "world.h"

#define WORLD_CATCH_UP  8               /* world frames run back to back before a draw */
#define SCREEN_CATCH_UP 140             /* menu ticks (one second) */
#define HALT_SOUND_TICKS 40             /* let a last sound effect finish before halting */
#define LOCKUP_LEVEL_FRAMES 30          /* crashtest=lockup in play: after this many world frames */

static LATE_BSS Session session;
static bool session_up;
static const char *notice;              /* loop_set_notice: for the title */
static LATE_BSS Frame view_frame, status_frame;
static uint32_t status_built;                   /* status_version in status_frame, 0 = none */
static Script script;
static bool scripted;

/*
 * The tick's input record: the keys down and the presses queued, as game
 * keys (keymap.c), and the pads' keys (pads.c) the same way; the session
 * makes buttons of them through the player's bindings. With input=SCRIPT
 * the script replaces the keyboard and the pads.
 */
static void input_sample(SessionInput *in)
{
	KeyboardTick k = { .presses = 0 };
	uint8_t key;

	if (scripted) {
		*in = (SessionInput){ .key = GK_NONE };
		script_next(&script, &in->pad);
		in->menu = in->pad;
		while (kbd_pop_press(&key))
			;                       /* a scripted run ignores the keyboard */
		pad_fill(&k);                   /* and the pads */
		return;
	}
	{
		uint8_t held[KBD_KEYS];
		int n = kbd_down_keys(held, KBD_KEYS);

		for (int i = 0; i < n; i++)
			k.down[keymap_key(held[i])] = true;
	}
	k.down[GK_NONE] = false;
	while (kbd_pop_press(&key))
		keyboard_tick_press(&k, keymap_key(key));
	pad_fill(&k);                           /* the pads' keys held and pressed since the last tick */
	session_keyboard(&session, &k, in);
}

/*
 * The first frame is on screen. Under QEMU -icount the TSC counts guest
 * instructions. COM1's lines since the timer started were held (main.c):
 * they go now, in order, before `ready`.
 */
static void log_ready(void)
{
	uint64_t tsc;

	if (cpu_timestamp(&tsc))
		klog("boot: first frame at tsc=%u%08u\n", (unsigned)(tsc / 100000000u),
		    (unsigned)(tsc % 100000000u));
	else
		klog("boot: first frame (no TSC on this CPU)\n");
	klog("ready\n");
	serial_release();
}

/* Quit: the goodbye screen is up. Let the last blip end, then stop the machine for good. */
static void __attribute__((noreturn)) halt(void)
{
	klog("halt\n");
	for (int i = 0; i < HALT_SOUND_TICKS; i++)
		pit_wait_tick();
	watchdog_stop();
	serial_queue(false);            /* nothing of COM1's left queued */
	cpu_cli();
	spk_tone(0);
	restart_poll_forever();         /* the goodbye screen offers Ctrl+Alt+Del */
}

/* Find a level by name: GRUB modules first (a user's file wins), then the built-in ones. */
static bool find_level(void *ctx, const char *name, const uint8_t **data, size_t *len)
{
	const BootInfo *b = ctx;
	const LevelBlob *blob;

	for (int i = 0; i < b->module_count; i++) {
		const char *m = b->modules[i].name;
		const char *base = m;

		for (const char *p = m; *p; p++)
			if (*p == '/' || *p == ' ')
				base = p + 1;
		for (int k = 0;; k++) {
			if (name[k] == '\0' && (base[k] == '\0' || base[k] == '.')) {
				*data = (const uint8_t *)(uintptr_t)b->modules[i].start;
				*len = b->modules[i].end - b->modules[i].start;
				klog("level: '%s' from GRUB module %d (%u bytes)\n", name, i, (unsigned)*len);
				return true;
			}
			if (name[k] != base[k])
				break;
		}
	}
	blob = level_find(name);
	if (!blob)
		return false;
	*data = blob->data;
	*len = blob->len;
	klog("level: '%s' built in (%u bytes)\n", name, (unsigned)*len);
	return true;
}

/* Session lines (mode changes, errors) and trace lines go to COM1 as they are. */
static void log_line(void *ctx, const char *line)
{
	(void)ctx;
	klog("%s\n", line);
}

/*
 * The session's picture into the back page, then flip. Over a world view
 * the status bar is built again only when its version changes (a level
 * may reuse version numbers, so any other screen forgets it); the
 * presenter redraws only the cells that differ from what the page holds.
 */
static void draw(void)
{
	const Frame *frames[2] = { &view_frame, &status_frame };
	int n = 1;

	session_draw(&session, &view_frame);
	if (!session_shows_world(&session)) {
		status_built = 0;
	} else {
		if (status_built != session.world.status_version) {
			render_status_keys(&session.world, &session.controls, &status_frame);
			status_built = session.world.status_version;
		}
		n = 2;
	}
	display_frames(frames, n, display_back_page());
	display_flip();
}

/*
 * DEMO: a level starts (record it, if asked) or ends (write the recording;
 * a demo cut short says where). Pausing is still the same level.
 */
static bool level_watch(const BootInfo *b, bool was)
{
	bool now = session.mode == SESSION_PLAYING || session.mode == SESSION_PAUSED;
	const uint8_t *data;
	size_t len;

	if (now && !was && !session.demo && find_level((void *)b, session.level_name, &data, &len))
		demo_io_level_start(&session.world, session.level_name, data, len, SESSION_LEVEL_SEED);
	else if (!now && was)
		demo_io_level_end(&session.world);
	return now;
}

/*
 * The title's line about keyboards: the USB keyboards found when there are
 * any, else the kernel's own notice ("no PS/2 keyboard found"), so a USB
 * keyboard unplugged on a machine with no 8042 brings that warning back.
 */
static void title_usb_note(void)
{
	char note[SESSION_NOTICE_SIZE];

	usb_note(note, sizeof note);
	session_set_notice(&session, note[0] ? note : notice);
}

static void start_clock(GameClock *c, uint16_t pace)
{
	clock_init(c, pit_ticks(), pace, pace > 1 ? WORLD_CATCH_UP : SCREEN_CATCH_UP);
}

/*
 * A line about the machine for the title screen (e.g. "no PS/2 keyboard
 * found"), from the main flow, never from an IRQ; NULL clears it.
 */
void loop_set_notice(const char *text)
{
	notice = text;
	if (session_up)
		session_set_notice(&session, text);
}

/*
 * Every rejected boot option on the red error screen, one line each (COM1
 * has the long messages already); the good ones stay in effect and Enter
 * goes to the title. A bad keys= alone keeps its own screen. input_bad: the
 * character where the input= script went wrong, or -1.
 */
static bool options_ok(const BootOptions *o, int input_bad)
{
	static char detail[SESSION_ERR_SIZE];
	char kerr[CONTROLS_ERR_SIZE];
	Controls scratch;
	bool keys_bad = o->keys_given && !controls_parse(&scratch, o->keys, kerr, sizeof kerr);
	int n;

	if (o->problems == 0 && input_bad < 0)
		return !o->keys_given || session_apply_keys(&session, o->keys);
	if (o->keys_given && !keys_bad)
		session_apply_keys(&session, o->keys);
	n = cmdline_screen_text(o, keys_bad ? kerr : NULL, detail, sizeof detail);
	if (input_bad >= 0) {
		size_t len = 0;

		while (detail[len])
			len++;
		kfmt_snprintf(detail + len, sizeof detail - len, "%sinput=: bad script at character %d",
		    n ? "\n" : "", input_bad);
	}
	for (char *line = detail, *end; *line; line = *end ? end + 1 : end) {       /* COM1: the screen's lines */
		char keep;

		for (end = line; *end && *end != '\n'; end++)
			;
		keep = *end;
		*end = '\0';
		klog("cmdline: on screen: %s\n", line);
		*end = keep;
	}
	session_error(&session, "BAD BOOT OPTIONS", detail);
	return false;
}

/* Where the loop stands: its clock at the session's pace, ticks run, the picture it last drew. */
typedef struct LoopState {
	GameClock clock;
	uint16_t pace;                  /* PIT ticks per session tick (1 on screens, 13 in a level) */
	uint32_t done;                  /* session ticks run since boot (ticks=N counts them) */
	uint32_t look;                  /* session_look of the picture on screen */
	bool in_level;                  /* DEMO: level_watch's view */
	int mode;                       /* the session's mode after the last pass (rest_point) */
	bool started;                   /* the bring-up complete: LOG.TXT says "started" */
} LoopState;

/*
 * Before the loop: the input= script, the demo glue, the session with the
 * boot options (a bad one: the error screen; else demo=, level= or ending
 * go straight there), the music, the first picture.
 */
static void loop_start(LoopState *ls, const BootOptions *o, const BootInfo *b, const SysInfo *si)
{
	static SessionHooks hooks;
	bool keys_ok;
	int bad = 0;

	hooks = (SessionHooks){
		.find = find_level, .find_ctx = (void *)b,
		.log = log_line, .log_ctx = NULL,
		.sysinfo = si,
		.store_replay = replay_io_store,        /* Report a problem: REPLAY.DAT */
	};
	if (o->input[0]) {
		scripted = script_parse(&script, o->input, &bad);
		if (!scripted)
			klog("cmdline: bad input script at character %d, ignored\n", bad);
	}
	if (scripted || !o->input[0])
		bad = -1;
	demo_io_init(o, b);                     /* DEMO: demo=NAME, record */
	hooks.demo = demo_io_source();          /* DEMO: demo=NAME first, then the built-in demos */
	session_init(&session, &hooks);
	replay_io_init(&session);               /* a panic from here on writes the level's replay */
	session_set_saves_pending(&session);    /* the save area opens behind the title (bringup.c) */
	session_set_notice(&session, notice);
	session_up = true;
	if (o->music_off)
		session.music_on = false;       /* music=off (again when the save area opens: loopsave.c) */
	keys_ok = options_ok(o, bad);           /* bad: the error screen */
	if (keys_ok && demo_io_named())
		session_play_demo(&session);
	else if (keys_ok && o->level[0])
		session_play_level(&session, o->level);
	else if (keys_ok && o->ending)
		session_play_episode_demos(&session);   /* lands on the ending screen (or the error screen) */
	*ls = (LoopState){ .in_level = level_watch(b, false) };
	music_select(session_music(&session));
	title_usb_note();                       /* the title names USB keyboards */
	draw();
	ls->look = session_look(&session);
	log_ready();
	ls->pace = session_pit_ticks(&session);
	start_clock(&ls->clock, ls->pace);
}

/*
 * The session ticks the clock says are due (ticks=N: never past N), each
 * with its input record; stops early when the pace changes. Returns the
 * world frames among them.
 */
static uint32_t run_due_ticks(LoopState *ls, const BootOptions *o, const BootInfo *b)
{
	uint32_t due = clock_frames_due(&ls->clock, pit_ticks()), world_frames = 0;

	if (o->ticks && ls->done + due > o->ticks)
		due = o->ticks - ls->done;
	for (uint32_t i = 0; i < due; i++) {
		SessionInput in;
		SessionEvents ev;

		input_sample(&in);              /* the input source: keyboard, or the input= script */
		session_tick(&session, &in, &ev);
		ls->done++;
		if (ev.world_ticked) {
			world_frames++;
			if (o->trace)
				world_trace(&session.world, log_line, NULL);
			demo_io_tick_done(&session.world, draw);        /* DEMO: record, crcs, dump */
		}
		if (ev.mode_changed)
			ls->in_level = level_watch(b, ls->in_level);
		music_effect(ev.sound);
		if (session_pit_ticks(&session) != ls->pace)
			break;                  /* a new pace: the rest of the lag is not ours */
	}
	return world_frames;
}

/* crashtest=lockup in a level waits for LOCKUP_LEVEL_FRAMES world frames: its replay has play to show. */
static bool lockup_due(void)
{
	return session.mode != SESSION_PLAYING || session.world.tick >= LOCKUP_LEVEL_FRAMES;
}

/*
 * LOG.TXT's writes after the one when the save area opened (bootlog.c):
 * once the bring-up is complete (the start finished; when a level is being
 * played then, at the first pass out of it), then whenever the session comes
 * to a rest (the title, the pause box, System info). Between ticks, never
 * while a level plays. True when it wrote.
 */
static bool rest_point(LoopState *ls, const BringUp *up)
{
	int mode = session.mode;
	bool rest = mode != ls->mode && (mode == SESSION_TITLE || mode == SESSION_PAUSED || mode == SESSION_SYSINFO);

	ls->mode = mode;
	if (!bringup_done(up) || mode == SESSION_PLAYING)
		return false;
	if (!ls->started) {
		ls->started = true;
		bootlog_started();
		return true;
	}
	if (rest)
		bootlog_rest();
	return rest;
}

/*
 * The session at its own pace: one tick per PIT tick on the title and the
 * menus (140 Hz), one world frame per 13 PIT ticks in a level (Cosmo's
 * rate). When the pace changes (a level starts or ends, a pause) the clock
 * restarts. If drawing falls behind, logic catches up before the next draw.
 * The test hooks (bench, ticks=N, clocklog, crashtest=lockup) are in loophooks.c.
 */
void loop_run(const BootOptions *o, const BootInfo *b, const SysInfo *si, BringUp *up)
{
	LoopState ls;

	loop_start(&ls, o, b, si);
	watchdog_start(PIT_TICK_HZ);            /* lockup: 2 s without reaching the end of this loop */
	for (;;) {
		uint64_t t0 = loophook_stamp();
		uint32_t world_frames;

		if (o->crashtest == CRASH_LOCKUP && bringup_done(up) && lockup_due())
			loophook_hang();        /* once the devices are up: the crash report has its stick */

		pad_poll();                     /* every pad's state, once a pass, just before the ticks that read it */
		world_frames = run_due_ticks(&ls, o, b);

		music_select(session_music(&session));  /* the tune follows the session; it never leads */
		if (session_look(&session) != ls.look) {
			ls.look = session_look(&session);
			if (o->bench && world_frames)
				loophook_bench_draw(world_frames, loophook_stamp() - t0, session.world.tick, draw);
			else
				draw();
		}
		music_log_effects();            /* off the frame's clock */
		music_service();                /* the speaker's first note, the hand-over, musiccrc=: said on COM1 */
		if (bringup_step(up) == BRING_SAVE)
			saves_opened(&session, o);      /* the stick's settings, then the options again */
		if (rest_point(&ls, up))
			start_clock(&ls.clock, ls.pace);        /* LOG.TXT written: the clock restarted after it */
		if (bringup_saves_known(up) && !bringup_devices_busy() && session_save_request(&session)) {
			saves_service(&session, up);        /* a rest point: between ticks, the clock restarted after it */
			start_clock(&ls.clock, ls.pace);
		}
		pcm_service();                  /* a PCM stream that stopped moving: said on COM1 */
		if (session.mode == SESSION_HALTED)
			halt();
		if (o->ticks && ls.done >= o->ticks)
			loophook_freeze(ls.done, o->bench);
		if (session_pit_ticks(&session) != ls.pace) {
			ls.pace = session_pit_ticks(&session);
			start_clock(&ls.clock, ls.pace);
		}
		watchdog_pet();
		if (!bringup_devices_busy() && usb_service()) {        /* a USB keyboard came or went: the title says so */
			title_usb_note();
			saves_check(&session);  /* ... or the stick */
		}
		serial_pump();                  /* COM1's queue, between the tick's */
		if (!bringup_took_tick(up))     /* the devices' fiber had the time until the tick */
			pit_wait_tick();
		if (o->clocklog)
			loophook_clock_log();
	}
}
