/* demo_io.c: plays demos instead of the keyboard, records levels as demos to COM1, per-tick CRCs and dumps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "crc32.h"
#include "demo.h"
#include "demo_io.h"
#include "dump.h"
#include "input.h"
#include "keyboard.h"
#include "keymap.h"
#include "klog.h"
#include "level.h"
#include "multiboot.h"
#include "pit.h"
#include "present.h"
#include "vga.h"
#include "world.h"

#define HEX_LINE_BYTES 32               /* bytes per "DEMO <offset> <hex>" line */

static const BootOptions *opts;
static DemoPlayer player;
static DemoRecorder rec;                /* ~80 KB, in .bss */
static enum { PLAY_OFF, PLAY_WAITING, PLAY_RUNNING } play;
static bool end_logged, recording, full_logged;

static bool streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/*
 * A GRUB module named NAME (or NAME.anything, after the last '/' or ' ')
 * that starts with the demo magic: a level module may share the name
 * ("disk"), so only demo files count.
 */
static bool find_module(const BootInfo *b, const char *name, const uint8_t **data, size_t *len, int *index)
{
	for (int i = 0; i < b->module_count; i++) {
		const char *base = b->modules[i].name;
		const uint8_t *d = (const uint8_t *)(uintptr_t)b->modules[i].start;
		size_t n = b->modules[i].end - b->modules[i].start;
		int k = 0;

		for (const char *p = base; *p; p++)
			if (*p == '/' || *p == ' ')
				base = p + 1;
		while (name[k] && name[k] == base[k])
			k++;
		if (name[k] || (base[k] && base[k] != '.'))
			continue;
		if (n < 4 || d[0] != 'S' || d[1] != 'F' || d[2] != 'D' || d[3] != 'M')
			continue;
		*data = d;
		*len = n;
		*index = i;
		return true;
	}
	return false;
}

/* A full-screen red message until Enter, Space or Esc; the game goes on without the demo. */
static void show_error(const char *what, const char *detail)
{
	int page = vga_back_page();
	uint8_t key;
	int b;

	klog("ERROR: %s: %s\n", what, detail);
	vga_clear(page, 4);
	vga_text(page, 8, 8, what, 15);
	for (int i = 0, y = 24; detail[i] && y < 160; y += 10) {
		char line[40];
		int n = 0;

		while (detail[i] && n < 38)
			line[n++] = detail[i++];
		line[n] = '\0';
		vga_text(page, 8, y, line, 14);
	}
	vga_text(page, 8, 184, "Press Enter to go on.", 15);
	vga_flip();
	for (;;) {
		pit_wait_tick();
		while (kbd_pop_press(&key)) {
			b = keymap_button(key);
			if (b == BTN_ENTER || b == BTN_FIRE || b == BTN_PAUSE)
				return;
		}
	}
}

void demo_io_init(const BootOptions *o, const BootInfo *b)
{
	char err[DEMO_ERR_SIZE];
	const uint8_t *data;
	size_t len;
	int module;
	const DemoBlob *blob;

	opts = o;
	play = PLAY_OFF;
	if (!o->demo[0])
		return;
	if (find_module(b, o->demo, &data, &len, &module)) {
		klog("demo: '%s' from GRUB module %d (%u bytes)\n", o->demo, module, (unsigned)len);
	} else if ((blob = demo_find(o->demo)) != NULL) {
		data = blob->data;
		len = blob->len;
		klog("demo: '%s' built in (%u bytes)\n", o->demo, (unsigned)len);
	} else {
		show_error("DEMO NOT FOUND", o->demo);
		return;
	}
	if (!demo_open(&player, data, len, err, sizeof err)) {
		show_error("BAD DEMO FILE", err);
		return;
	}
	klog("demo: level '%s', %u ticks, seed %u, score %u lives %u health %u bombs %u\n",
	    player.h.level, (unsigned)player.h.ticks, (unsigned)player.h.seed, (unsigned)player.h.score,
	    player.h.lives, player.h.health, player.h.bombs);
	play = PLAY_WAITING;
}

const char *demo_io_level(void)
{
	return play == PLAY_WAITING ? player.h.level : NULL;
}

static void line_to_log(void *ctx, const char *line)
{
	(void)ctx;
	klog("%s\n", line);
}

void demo_io_level_start(World *w, const char *name, const uint8_t *level, size_t len, uint32_t seed)
{
	char err[LEVEL_ERR_SIZE];
	uint32_t crc = demo_level_crc(level, len);

	if (play == PLAY_WAITING && streq(name, player.h.level)) {
		if (player.h.seed != seed && !world_load_level(w, level, len, player.h.seed, err, sizeof err))
			klog("demo: reloading the level failed: %s\n", err);     /* it loaded a moment ago */
		demo_apply_start(&player.h, w);
		if (player.h.level_crc && player.h.level_crc != crc)
			klog("demo: warning: recorded on another version of level '%s' (level CRC %08X then, "
			    "%08X now); it may play differently\n", name, (unsigned)player.h.level_crc, (unsigned)crc);
		play = PLAY_RUNNING;
		end_logged = false;
	} else if (opts && opts->record && play == PLAY_OFF) {
		demo_rec_begin(&rec, name, crc, seed, w);
		recording = true;
		full_logged = false;
		klog("demo: recording level '%s'\n", name);
	}
	if (opts && opts->dump)
		dump_world(w, line_to_log, NULL);       /* T=0: the level as it starts */
	if (play == PLAY_RUNNING && demo_ended(&player)) {
		klog("demo: end tick=%u\n", (unsigned)w->tick);     /* a demo of 0 ticks */
		end_logged = true;
	}
}

bool demo_io_tick(GameInput *in)
{
	if (play == PLAY_RUNNING) {
		if (demo_next(&player, in))
			return true;
		return opts->ticks != 0;        /* ticks=N: keep going with no input until N */
	}
	if (recording && !demo_rec_add(&rec, in) && !full_logged) {
		klog("demo: recorder full (%u runs) after %u ticks; the rest is not recorded\n",
		    (unsigned)DEMO_MAX_RUNS, (unsigned)rec.h.ticks);
		full_logged = true;
	}
	return true;
}

void demo_io_tick_done(const World *w, void (*draw)(void))
{
	if (opts->crcs) {
		draw();
		klog("CRC tick=%u crc=%08X\n", (unsigned)w->tick, (unsigned)present_displayed_crc());
	}
	if (opts->dump)
		dump_world(w, line_to_log, NULL);
	if (play == PLAY_RUNNING && !end_logged && demo_ended(&player)) {
		klog("demo: end tick=%u\n", (unsigned)w->tick);
		end_logged = true;
	}
}

/* The recorded demo as hex lines between a BEGIN and an END line (tools/demo_from_log.py reads them). */
static void write_demo(const World *w)
{
	static const char digits[] = "0123456789ABCDEF";
	size_t len = demo_rec_finish(&rec);
	const char *end = w->level_done ? "exit" : w->game_over ? "game-over" : "quit";

	klog("DEMO BEGIN level=%s bytes=%u ticks=%u end=%s%s\n", rec.h.level, (unsigned)len,
	    (unsigned)rec.h.ticks, end, rec.full ? " full" : "");
	for (size_t at = 0; at < len; at += HEX_LINE_BYTES) {
		char hex[2 * HEX_LINE_BYTES + 1];
		size_t n = 0;

		for (size_t i = at; i < len && i < at + HEX_LINE_BYTES; i++) {
			hex[n++] = digits[rec.bytes[i] >> 4];
			hex[n++] = digits[rec.bytes[i] & 0xF];
		}
		hex[n] = '\0';
		klog("DEMO %06X %s\n", (unsigned)at, hex);
	}
	klog("DEMO END crc=%08X\n", (unsigned)crc32_update(0, rec.bytes, len));
}

void demo_io_level_end(const World *w)
{
	if (play == PLAY_RUNNING && !demo_ended(&player))
		klog("demo: stopped at tick %u of %u\n", (unsigned)player.played, (unsigned)player.h.ticks);
	play = PLAY_OFF;                /* also when its level never started (not found, bad) */
	if (recording) {
		write_demo(w);
		recording = false;
	}
}
