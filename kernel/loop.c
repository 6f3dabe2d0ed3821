/* loop.c: scenes glue — sample input per tick, run the game's logic, draw its frames, play its sounds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "cmdline.h"
#include "demo_io.h"
#include "frame.h"
#include "input.h"
#include "io.h"
#include "kbdscan.h"
#include "keyboard.h"
#include "keymap.h"
#include "kfmt.h"
#include "klog.h"
#include "level.h"
#include "loop.h"
#include "multiboot.h"
#include "pit.h"
#include "present.h"
#include "render.h"
#include "script.h"
#include "sound.h"
#include "speaker.h"
#include "title.h"
#include "vga.h"
#include "world.h"

#define MAX_CATCH_UP 8                  /* frames run back to back before a draw */

static Frame view_frame, status_frame;
static World world;
static uint32_t status_shown[VGA_PAGES];        /* status_version drawn on each page */
static Script script;
static bool scripted;

/* bench: what a level frame costs — TSC (instructions under QEMU -icount) and VRAM writes. */
static struct {
	uint32_t frames, draws;
	uint64_t tsc_logic, tsc_draw, tsc_draw_max;
	uint32_t vram, vram_max;
} bench;

/* The tick's input record: held buttons from the key table, presses from the queue. */
static void input_sample(GameInput *in)
{
	uint8_t key;
	int b;

	if (scripted) {
		script_next(&script, in);
		while (kbd_pop_press(&key))
			;                       /* a scripted run ignores the keyboard */
		return;
	}
	*in = (GameInput){ 0 };
	for (int k = 0; k < KBD_KEYS; k++)
		if (kbd_down((uint8_t)k) && (b = keymap_button((uint8_t)k)) >= 0)
			in->held |= BTN_BIT(b);
	while (kbd_pop_press(&key))
		if ((b = keymap_button(key)) >= 0)
			in->pressed |= BTN_BIT(b);
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
	klog("READY tick=%u crc=%08X\n", (unsigned)done, (unsigned)present_displayed_crc());
	for (;;)
		cpu_sti_hlt();                  /* IRQs still finish any sound */
}

/*
 * Title screen, one logic tick per PIT tick. Returns when the player asks
 * to play (Enter, Space or Jump).
 */
static void run_title(const BootOptions *o)
{
	static TitleState title;
	uint32_t done = 0, start, look = 0;
	bool shown = false;

	title_init(&title);
	start = pit_ticks();
	for (;;) {
		uint32_t due = pit_ticks() - start;

		if (o->ticks && due > o->ticks)
			due = o->ticks;
		while (done < due) {
			GameInput in;
			TitleEvents ev;

			input_sample(&in);
			if (!o->ticks && (in.pressed & (BTN_BIT(BTN_ENTER) | BTN_BIT(BTN_FIRE) | BTN_BIT(BTN_JUMP))))
				return;
			title_tick(&title, &in, &ev);
			done++;
			play_sound(ev.sound);
			if (ev.moved)
				klog("title: sprite tx=%d ty=%d\n", title.tx, title.ty);
		}
		if (!shown || title_look(&title) != look) {
			look = title_look(&title);
			title_draw(&title, &view_frame);
			present_frame(&view_frame, vga_back_page());
			vga_flip();
			if (!shown)
				log_ready();
			shown = true;
		}
		if (o->ticks && done >= o->ticks)
			freeze(done);
		pit_wait_tick();
	}
}

/* Find a level by name: GRUB modules first (a user's file wins), then the built-in ones. */
static bool find_level(const BootInfo *b, const char *name, const uint8_t **data, size_t *len)
{
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
	for (int i = 0; i < game_level_count; i++) {
		const char *n = game_levels[i].name;
		int k = 0;

		while (n[k] && n[k] == name[k])
			k++;
		if (n[k] == name[k]) {
			*data = game_levels[i].data;
			*len = game_levels[i].len;
			klog("level: '%s' built in (%u bytes)\n", name, (unsigned)*len);
			return true;
		}
	}
	return false;
}

static void trace_to_log(void *ctx, const char *line)
{
	(void)ctx;
	klog("%s\n", line);
}

/* A full-screen message on colour bg until Enter (or Space, Esc) is pressed. */
static void show_message(const char *what, const char *detail, int bg)
{
	int page = vga_back_page();
	GameInput in;

	vga_clear(page, bg);
	vga_text(page, 8, 8, what, 15);
	for (int i = 0, y = 24; detail[i] && y < 160; y += 10) {
		char line[40];
		int n = 0;

		while (detail[i] && n < 38)
			line[n++] = detail[i++];
		line[n] = '\0';
		vga_text(page, 8, y, line, 14);
	}
	vga_text(page, 8, 184, "Press Enter to go back.", 15);
	vga_flip();
	for (;;) {
		pit_wait_tick();
		input_sample(&in);
		if (in.pressed & (BTN_BIT(BTN_ENTER) | BTN_BIT(BTN_FIRE) | BTN_BIT(BTN_PAUSE)))
			return;
	}
}

/* A problem the player must see: message on screen and COM1, Enter goes back. */
static void show_error(const char *what, const char *detail)
{
	klog("ERROR: %s: %s\n", what, detail);
	show_message(what, detail, 4);
}

static void draw_world(void)
{
	int page = vga_back_page();

	render_view(&world, &view_frame);
	present_frame(&view_frame, page);
	if (status_shown[page] != world.status_version) {
		render_status(&world, &status_frame);
		present_frame(&status_frame, page);
		status_shown[page] = world.status_version;
	}
	vga_flip();
}

/*
 * A level: one world frame per 13 PIT ticks (Cosmo's rate); if drawing
 * falls behind, logic catches up before the next draw. Returns on a bad
 * level (after showing why) or when the player quits with Esc.
 */
static void run_level(const BootOptions *o, const BootInfo *b, const char *name)
{
	const uint8_t *data;
	size_t len;
	char err[LEVEL_ERR_SIZE];
	GameClock clock;
	uint32_t done = 0;

	if (!find_level(b, name, &data, &len)) {
		show_error("LEVEL NOT FOUND", name);
		return;
	}
	if (!world_load_level(&world, data, len, 1, err, sizeof err)) {
		show_error("BAD LEVEL FILE", err);
		return;
	}
	demo_io_level_start(&world, name, data, len, 1);       /* DEMO: replay (own seed, stats) or record */
	klog("level: %ux%u tiles, %d actors\n", (unsigned)world.map.w, (unsigned)world.map.h,
	    actor_count(&world));
	status_shown[0] = status_shown[1] = 0;
	draw_world();
	log_ready();
	clock_init(&clock, pit_ticks(), WORLD_PIT_TICKS_PER_FRAME, MAX_CATCH_UP);
	for (;;) {
		uint32_t due = clock_frames_due(&clock, pit_ticks());
		uint64_t t0 = cpu_rdtsc(), t1;

		if (o->ticks && done + due > o->ticks)
			due = o->ticks - done;
		for (uint32_t i = 0; i < due; i++) {
			GameInput in;

			input_sample(&in);
			if (!o->ticks && (in.pressed & BTN_BIT(BTN_PAUSE)))
				return;
			if (!demo_io_tick(&in))         /* DEMO: a demo's input replaces the keyboard's */
				return;
			world_tick(&world, &in);
			done++;
			if (o->trace)
				world_trace(&world, trace_to_log, NULL);
			demo_io_tick_done(&world, draw_world);  /* DEMO: crcs, dump, the demo's end */
			play_sound(world.sound);
		}
		if (due) {
			uint32_t v0 = vga_bytes_written();

			t1 = cpu_rdtsc();
			draw_world();
			if (o->bench) {
				uint64_t d = cpu_rdtsc() - t1;
				uint32_t v = vga_bytes_written() - v0;

				bench.frames += due;
				bench.draws++;
				bench.tsc_logic += t1 - t0;
				bench.tsc_draw += d;
				if (d > bench.tsc_draw_max)
					bench.tsc_draw_max = d;
				bench.vram += v;
				if (v > bench.vram_max)
					bench.vram_max = v;
			}
		}
		if (o->ticks && done >= o->ticks)
			freeze(done);
		if (world.game_over) {
			char score[32];

			kfmt_snprintf(score, sizeof score, "Final score %u", (unsigned)world.score);
			klog("game over: score %u\n", (unsigned)world.score);
			show_message("GAME OVER", score, 1);
			return;
		}
		pit_wait_tick();
	}
}

void loop_run(const BootOptions *o, const BootInfo *b)
{
	const char *level = o->level[0] ? o->level : NULL;
	int bad = 0;

	if (o->input[0]) {
		scripted = script_parse(&script, o->input, &bad);
		if (!scripted)
			klog("cmdline: bad input script at character %d, ignored\n", bad);
	}
	demo_io_init(o, b);                     /* DEMO: demo=NAME plays its level first */
	if (demo_io_level())
		level = demo_io_level();
	for (;;) {
		if (!level) {
			run_title(o);
			level = game_level_count ? game_levels[0].name : "test";
		}
		run_level(o, b, level);
		demo_io_level_end(&world);      /* DEMO: record writes the level's demo to COM1 */
		level = NULL;
	}
}
