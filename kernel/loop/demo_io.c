/* demo_io.c: plays demos (and replays) instead of the keyboard, records levels as demos to COM1, per-tick CRCs and dumps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "crc32.h"
#include "demo.h"
#include "demo_io.h"
#include "demoreel.h"
#include "display.h"
#include "dump.h"
#include "input.h"
#include "keyboard.h"
#include "keymap.h"
#include "keys.h"
#include "kfmt.h"
#include "klog.h"
#include "latebss.h"
#include "level.h"
#include "multiboot.h"
#include "pit.h"
#include "replay.h"
#include "replay_io.h"
#include "world.h"

#define HEX_LINE_BYTES 32               /* bytes per "DEMO <offset> <hex>" line */

static const BootOptions *opts;
static DemoPlayer named;                /* demo=NAME */
static DemoReel reel;                   /* the built-in demos, for the attract mode */
static DemoSource reel_source;
static DemoPlayer *cur;           /* the demo being played */
static LATE_BSS DemoRecorder rec;       /* ~80 KB, in the late BSS */
static enum { PLAY_OFF, PLAY_WAITING, PLAY_NAMED, PLAY_REEL } play;
static bool end_logged, recording, full_logged;
static bool replaying;                  /* demo=NAME is a replay: its end tick and CRC are checked */
static ReplayMeta replay;

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
		if (n < 4 || d[0] != 'S' || d[1] != 'F' || (d[2] != 'D' && d[2] != 'R') || d[3] != (d[2] == 'D' ? 'M' : 'P'))
			continue;               /* neither a demo ("SFDM") nor a replay ("SFRP") */
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
	int page = display_back_page();
	uint8_t key, g;

	klog("ERROR: %s: %s\n", what, detail);
	display_fill(page, 0, 0, SCREEN_W, SCREEN_H, 4);
	display_text(page, 8, 8, what, 15);
	for (int i = 0, y = 24; detail[i] && y < 160; y += 10) {
		char line[40];
		int n = 0;

		while (detail[i] && n < 38)
			line[n++] = detail[i++];
		line[n] = '\0';
		display_text(page, 8, y, line, 14);
	}
	display_text(page, 8, 184, "Press Enter to go on.", 15);
	display_flip();
	for (;;) {
		pit_wait_tick();
		while (kbd_pop_press(&key)) {
			g = keymap_key(key);
			if (g == GK_ENTER || g == GK_SPACE || g == GK_ESC || g == GK_P)
				return;
		}
	}
}

/* demo=NAME given a replay (make replay): its demo is played, its end checked (check_replay_end). */
static bool open_replay(const uint8_t *data, size_t len)
{
	char err[REPLAY_ERR_SIZE];
	ReplayInfo r;

	if (!replay_check(data, len, &r, err, sizeof err)) {
		show_error("BAD REPLAY FILE", err);
		return false;
	}
	demo_open(&named, r.demo_bytes, r.demo_len, NULL, 0);     /* checked by replay_check */
	replay = r.m;
	replaying = true;
	klog("replay: level '%s', %u of %u ticks, crc %08X, %s%s%s\n", named.h.level, (unsigned)named.h.ticks,
	    (unsigned)r.m.end_tick, (unsigned)r.m.frame_crc, r.m.flags & REPLAY_F_PANIC ? "from a panic" : "reported",
	    r.m.flags & REPLAY_F_INCOMPLETE ? ", incomplete" : "", r.m.flags & REPLAY_F_MIDFRAME ? ", mid-frame" : "");
	return true;
}

/*
 * The replay's last tick has been played: the frame CRC against the file's,
 * "replay: ok tick=N crc=X" or what differs (make replay reads these lines).
 */
static void check_replay_end(const World *w)
{
	uint32_t crc;

	replaying = false;
	if (replay.flags & (REPLAY_F_INCOMPLETE | REPLAY_F_MIDFRAME)) {
		klog("replay: %s at tick %u of %u; no CRC to check\n", replay.flags & REPLAY_F_INCOMPLETE ?
		    "incomplete: the file ends" : "the panic came inside the last frame", (unsigned)w->tick,
		    (unsigned)replay.end_tick);
		return;
	}
	crc = replay_io_frame_crc(w);
	if (w->tick == replay.end_tick && crc == replay.frame_crc)
		klog("replay: ok tick=%u crc=%08X\n", (unsigned)w->tick, (unsigned)crc);
	else
		klog("replay: CRC mismatch at tick %u: the file says crc=%08X, here crc=%08X\n", (unsigned)w->tick,
		    (unsigned)replay.frame_crc, (unsigned)crc);
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
	demo_reel_init(&reel);
	if (!o->demo[0])
		return;
	if (find_module(b, o->demo, &data, &len, &module)) {
		klog("demo: '%s' from GRUB module %d (%u bytes)\n", o->demo, module, (unsigned)len);
	} else if ((blob = demo_find(o->demo)) != NULL) {
		data = blob->data;
		len = blob->len;
		klog("demo: '%s' built in (%u bytes)\n", o->demo, (unsigned)len);
	} else {
		/*
		 * NOTE: under Secure Boot GRUB's shim_lock policy refuses every
		 * multiboot module (docs/secureboot.md): say so, not just "not found".
		 */
		if (o->secureboot == SECBOOT_ON && b->module_count == 0)
			kfmt_snprintf(err, sizeof err, "%s: no GRUB module. Under Secure Boot GRUB loads no modules", o->demo);
		else
			kfmt_snprintf(err, sizeof err, "%s", o->demo);
		show_error("DEMO NOT FOUND", err);
		return;
	}
	if (len >= 4 && data[2] == 'R') {
		if (!open_replay(data, len))
			return;
	} else if (!demo_open(&named, data, len, err, sizeof err)) {
		show_error("BAD DEMO FILE", err);
		return;
	}
	klog("demo: level '%s', %u ticks, seed %u, score %u lives %u health %u bombs %u\n",
	    named.h.level, (unsigned)named.h.ticks, (unsigned)named.h.seed, (unsigned)named.h.score,
	    named.h.lives, named.h.health, named.h.bombs);
	play = PLAY_WAITING;
}

bool demo_io_named(void)
{
	return play == PLAY_WAITING;
}

static void line_to_log(void *ctx, const char *line)
{
	(void)ctx;
	klog("%s\n", line);
}

/* The session's demo source: demo=NAME first, then the built-in demos (the attract mode). */
static bool src_start(void *ctx, const char **level)
{
	(void)ctx;
	if (play == PLAY_WAITING) {
		cur = &named;
		*level = named.h.level;
		return true;
	}
	if (!reel_source.start(reel_source.ctx, level))
		return false;
	cur = &reel.player;
	return true;
}

static void src_begin(void *ctx, World *w)
{
	(void)ctx;
	demo_begin_world(&cur->h, w);
	play = play == PLAY_WAITING ? PLAY_NAMED : PLAY_REEL;
	end_logged = false;
	if (opts->dump)
		dump_world(w, line_to_log, NULL);       /* T=0: the level as it starts */
	if (demo_ended(cur)) {
		klog("demo: end tick=%u\n", (unsigned)w->tick);     /* a demo of 0 ticks */
		end_logged = true;
		if (replaying && cur == &named)
			check_replay_end(w);
	}
}

/* After its last tick a demo=NAME run with ticks=N goes on without input until the freeze. */
static bool src_next(void *ctx, GameInput *in)
{
	(void)ctx;
	if (demo_next(cur, in))
		return true;
	return play == PLAY_NAMED && opts->ticks != 0;
}

DemoSource demo_io_source(void)
{
	reel_source = demo_reel_source(&reel);
	return (DemoSource){ .start = src_start, .begin = src_begin, .next = src_next, .ctx = NULL };
}

void demo_io_level_start(World *w, const char *name, const uint8_t *level, size_t len, uint32_t seed)
{
	if (!opts->record)
		return;
	demo_rec_begin(&rec, name, demo_level_crc(level, len), seed, w);
	recording = true;
	full_logged = false;
	klog("demo: recording level '%s'\n", name);
	if (opts->dump)
		dump_world(w, line_to_log, NULL);
}

void demo_io_tick_done(const World *w, void (*draw)(void))
{
	if (recording && !demo_rec_add(&rec, &w->in) && !full_logged) {
		klog("demo: recorder full (%u runs) after %u ticks; the rest is not recorded\n",
		    (unsigned)DEMO_MAX_RUNS, (unsigned)rec.h.ticks);
		full_logged = true;
	}
	if (opts->crcs) {
		draw();
		klog("CRC tick=%u crc=%08X\n", (unsigned)w->tick, (unsigned)display_crc());
	}
	if (opts->dump)
		dump_world(w, line_to_log, NULL);
	if (play != PLAY_OFF && play != PLAY_WAITING && !end_logged && demo_ended(cur)) {
		klog("demo: end tick=%u\n", (unsigned)w->tick);
		end_logged = true;
		if (replaying && cur == &named)
			check_replay_end(w);
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
	if ((play == PLAY_NAMED || play == PLAY_REEL) && !demo_ended(cur))
		klog("demo: stopped at tick %u of %u\n", (unsigned)cur->played, (unsigned)cur->h.ticks);
	if (play != PLAY_WAITING)
		play = PLAY_OFF;
	if (recording) {
		write_demo(w);
		recording = false;
	}
}
