/* loop.c: the main loop — sample input per tick, run the session at its pace, draw its frames, play its sounds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "cmdline.h"
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
#include "level.h"
#include "loop.h"
#include "multiboot.h"
#include "music.h"
#include "pit.h"
#include "render.h"
#include "script.h"
#include "session.h"
#include "sound.h"
#include "usb.h"
#include "speaker.h"
#include "world.h"

#define WORLD_CATCH_UP  8               /* world frames run back to back before a draw */
#define SCREEN_CATCH_UP 140             /* menu ticks (one second) */
#define HALT_SOUND_TICKS 40             /* let a last sound effect finish before halting */

static Session session;
static Frame view_frame, status_frame;
static uint32_t status_shown[DISPLAY_PAGES];        /* status_version drawn on each page, 0 = none */
static Script script;
static bool scripted;

/* bench: what a world frame costs — TSC (instructions under QEMU -icount) and VRAM writes. */
static struct {
	uint32_t frames, draws;
	uint64_t tsc_logic, tsc_draw, tsc_draw_max;
	uint32_t vram, vram_max;
} bench;

/*
 * The tick's input record: the keys down and the presses queued, as game
 * keys (keymap.c); the session makes buttons of them through the player's
 * bindings. With input=SCRIPT the script replaces the keyboard.
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
		return;
	}
	for (int sc = 0; sc < KBD_KEYS; sc++)
		if (kbd_down((uint8_t)sc))
			k.down[keymap_key((uint8_t)sc)] = true;
	k.down[GK_NONE] = false;
	while (kbd_pop_press(&key))
		keyboard_tick_press(&k, keymap_key(key));
	session_keyboard(&session, &k, in);
}

static void play_sound(SoundId id)
{
	const SoundDef *d;
	char list[160];
	int n = 0;

	if (id == SND_NONE || id >= SND_COUNT)
		return;
	d = &snd_defs[id];
	if (!spk_play(d->divisors, d->length, d->priority))
		return;
	for (int i = 0; i < d->length && n < (int)sizeof list - 8; i++)
		n += kfmt_snprintf(list + n, sizeof list - (size_t)n, i ? ",%u" : "%u", d->divisors[i]);
	klog("sfx start id=%d div=%s\n", (int)id, list);
}

/* The first frame is on screen. Under QEMU -icount the TSC counts guest instructions. */
static void log_ready(void)
{
	uint64_t tsc = cpu_rdtsc();

	klog("boot: first frame at tsc=%u%08u\n", (unsigned)(tsc / 100000000u), (unsigned)(tsc % 100000000u));
	klog("ready\n");
}

/* ticks=N reached: report the CRC of what is on screen, then stay frozen. */
static void freeze(uint32_t done)
{
	if (bench.frames && bench.draws)
		klog("BENCH frames=%u draws=%u logic_tsc_per_frame=%u draw_tsc_per_draw=%u "
		    "draw_tsc_max=%u vram_bytes_per_draw=%u vram_bytes_max=%u\n",
		    (unsigned)bench.frames, (unsigned)bench.draws,
		    (unsigned)(bench.tsc_logic / bench.frames), (unsigned)(bench.tsc_draw / bench.draws),
		    (unsigned)bench.tsc_draw_max, (unsigned)(bench.vram / bench.draws),
		    (unsigned)bench.vram_max);
	klog("READY tick=%u crc=%08X\n", (unsigned)done, (unsigned)display_crc());
	for (;;)
		cpu_sti_hlt();                  /* IRQs still finish any sound */
}

/* Quit: the goodbye screen is up. Let the last blip end, then stop the machine for good. */
static void __attribute__((noreturn)) halt(void)
{
	klog("halt\n");
	for (int i = 0; i < HALT_SOUND_TICKS; i++)
		pit_wait_tick();
	cpu_cli();
	spk_tone(0);
	for (;;)
		cpu_hlt();
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
 * the status bar is drawn only when its version differs from what this
 * page shows; a full-screen picture wipes it on this page, and the next
 * level may reuse version numbers, so both pages forget theirs.
 */
static void draw(void)
{
	int page = display_back_page();

	session_draw(&session, &view_frame);
	display_frame(&view_frame, page);
	if (!session_shows_world(&session)) {
		status_shown[0] = status_shown[1] = 0;
	} else if (status_shown[page] != session.world.status_version) {
		render_status_keys(&session.world, &session.controls, &status_frame);
		display_frame(&status_frame, page);
		status_shown[page] = session.world.status_version;
	}
	display_flip();
}

static void bench_draw(uint64_t t_logic)
{
	uint32_t v0 = display_bytes_written();
	uint64_t t1 = cpu_rdtsc(), d;
	uint32_t v;

	draw();
	d = cpu_rdtsc() - t1;
	v = display_bytes_written() - v0;
	bench.draws++;
	bench.tsc_logic += t_logic;
	bench.tsc_draw += d;
	if (d > bench.tsc_draw_max)
		bench.tsc_draw_max = d;
	bench.vram += v;
	if (v > bench.vram_max)
		bench.vram_max = v;
}

/*
 * DEMO: a level starts (record it, if asked) or ends (write the recording;
 * a demo cut short says where). Pausing is still the same level.
 */
static bool level_watch(const BootOptions *o, const BootInfo *b, bool was)
{
	bool now = session.mode == SESSION_PLAYING || session.mode == SESSION_PAUSED;
	const uint8_t *data;
	size_t len;

	(void)o;
	if (now && !was && !session.demo && find_level((void *)b, session.level_name, &data, &len))
		demo_io_level_start(&session.world, session.level_name, data, len, SESSION_LEVEL_SEED);
	else if (!now && was)
		demo_io_level_end(&session.world);
	return now;
}

/* The USB keyboards found, as a line on the title (session_set_notice redraws it). */
static void title_usb_note(void)
{
	char note[SESSION_NOTICE_SIZE];

	usb_note(note, sizeof note);
	session_set_notice(&session, note);
}

static void start_clock(GameClock *c, uint16_t pace)
{
	clock_init(c, pit_ticks(), pace, pace > 1 ? WORLD_CATCH_UP : SCREEN_CATCH_UP);
}

/*
 * The session at its own pace: one tick per PIT tick on the title and the
 * menus (140 Hz), one world frame per 13 PIT ticks in a level (Cosmo's
 * rate). When the pace changes (a level starts or ends, a pause) the clock
 * restarts. If drawing falls behind, logic catches up before the next draw.
 */
void loop_run(const BootOptions *o, const BootInfo *b, const SysInfo *si)
{
	SessionHooks hooks = {
		.find = find_level, .find_ctx = (void *)b,
		.log = log_line, .log_ctx = NULL,
		.sysinfo = si,
	};
	GameClock clock;
	uint32_t done = 0, look;
	uint16_t pace;
	bool in_level, keys_ok;
	int bad = 0;

	if (o->input[0]) {
		scripted = script_parse(&script, o->input, &bad);
		if (!scripted)
			klog("cmdline: bad input script at character %d, ignored\n", bad);
	}
	demo_io_init(o, b);                     /* DEMO: demo=NAME, record */
	hooks.demo = demo_io_source();          /* DEMO: demo=NAME first, then the built-in demos */
	session_init(&session, &hooks);
	session.music_on = !o->music_off;       /* music=off */
	keys_ok = !o->keys_given || session_apply_keys(&session, o->keys);     /* bad: the error screen */
	if (keys_ok && demo_io_named())
		session_play_demo(&session);
	else if (keys_ok && o->level[0])
		session_play_level(&session, o->level);
	in_level = level_watch(o, b, false);
	music_select(session_music(&session));
	title_usb_note();                       /* the title names USB keyboards */
	draw();
	look = session_look(&session);
	log_ready();
	pace = session_pit_ticks(&session);
	start_clock(&clock, pace);
	for (;;) {
		uint32_t due = clock_frames_due(&clock, pit_ticks()), world_frames = 0;
		uint64_t t0 = cpu_rdtsc();

		if (o->ticks && done + due > o->ticks)
			due = o->ticks - done;
		for (uint32_t i = 0; i < due; i++) {
			SessionInput in;
			SessionEvents ev;

			input_sample(&in);      /* the input source: keyboard, or the input= script */
			session_tick(&session, &in, &ev);
			done++;
			if (ev.world_ticked) {
				world_frames++;
				if (o->trace)
					world_trace(&session.world, log_line, NULL);
				demo_io_tick_done(&session.world, draw);        /* DEMO: record, crcs, dump */
			}
			if (ev.mode_changed)
				in_level = level_watch(o, b, in_level);
			play_sound(ev.sound);
			if (session_pit_ticks(&session) != pace)
				break;          /* a new pace: the rest of the lag is not ours */
		}
		music_select(session_music(&session));  /* the tune follows the session; it never leads */
		if (session_look(&session) != look) {
			look = session_look(&session);
			if (o->bench && world_frames) {
				bench.frames += world_frames;
				bench_draw(cpu_rdtsc() - t0);
			} else {
				draw();
			}
		}
		if (session.mode == SESSION_HALTED)
			halt();
		if (o->ticks && done >= o->ticks)
			freeze(done);
		if (session_pit_ticks(&session) != pace) {
			pace = session_pit_ticks(&session);
			start_clock(&clock, pace);
		}
		if (usb_service())              /* a USB keyboard came or went: the title says so */
			title_usb_note();
		pit_wait_tick();
	}
}
