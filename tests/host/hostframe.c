/* hostframe.c: runs the session (title, menu, levels...) on the host with given keys, prints the screen CRC, writes a PNG. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "gfx.h"
#include "hud.h"
#include "keys.h"
#include "planar.h"
#include "png.h"
#include "raster.h"
#include "render.h"
#include "replay.h"
#include "session.h"

static Session session;
static const char *report_out;          /* --report OUT: Report a problem writes the replay here */
static uint8_t replay_bytes[REPLAY_MAX_SIZE];
static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s TICKS [OUT.png] [--level NAME] [--ending] [--bind SPEC] [--keys STEPS] [--notice TEXT] [--saves-off WHY] [--start-unfinished] [--report OUT]\n"
	    "  runs the session from boot (or level NAME, as level=NAME; or from the\n"
	    "  ending screen after the episode played by its demos, as ending; with the key\n"
	    "  bindings SPEC, as keys=SPEC), first the steps, then TICKS ticks without\n"
	    "  input; prints the screen's CRC\n"
	    "  STEPS: comma-separated; a number N = N ticks without input, a key name =\n"
	    "  one tick with that key pressed, through the bindings as the kernel does it:\n"
	    "  a name of game/engine/keys.c (enter up down left right space p esc q x a f1 ctrl ...),\n"
	    "  or jump (= ctrl)\n"
	    "  TEXT: the title's notice line, as the kernel sets it (\"no PS/2 keyboard found\")\n"
	    "  WHY: saves are off, as the kernel says it (\"booted from a CD\"): the title's line\n"
	    "  --start-unfinished: the last start did not finish (LOG.TXT): the title's line\n"
	    "  OUT: F in the pause (Report a problem) writes the replay (REPLAY.DAT) there; the\n"
	    "  session's log lines go to stderr\n",
	    argv0);
	exit(2);
}

/* --report: the kernel's REPLAY.DAT, as a file. */
static bool store_replay(void *ctx, const ReplayParts *p, char *why, size_t whylen)
{
	size_t n = replay_flatten(p, replay_bytes, sizeof replay_bytes);
	FILE *f = fopen(report_out, "wb");

	(void)ctx;
	if (!f || fwrite(replay_bytes, 1, n, f) != n || fclose(f) != 0) {
		snprintf(why, whylen, "cannot write %s", report_out);
		return false;
	}
	return true;
}

static void log_line(void *ctx, const char *line)
{
	(void)ctx;
	fprintf(stderr, "%s\n", line);
}

static void step(const SessionInput *in)
{
	SessionEvents ev;

	session_tick(&session, in, &ev);
}

/* One tick with this key pressed (and down at its end), as the kernel samples it. */
static void tap(uint8_t key)
{
	KeyboardTick k = { .presses = 0 };
	SessionInput in;

	k.down[key] = true;
	keyboard_tick_press(&k, key);
	session_keyboard(&session, &k, &in);
	step(&in);
}

static void idle(long n)
{
	SessionInput none = { .key = GK_NONE };

	for (long i = 0; i < n; i++)
		step(&none);
}

static long run_steps(char *steps)
{
	long ticks = 0;

	for (char *tok = strtok(steps, ","); tok; tok = strtok(NULL, ",")) {
		char *end;
		long n = strtol(tok, &end, 10);
		uint8_t k;

		if (end != tok && *end == '\0' && n >= 0) {
			idle(n);
			ticks += n;
			continue;
		}
		k = strcmp(tok, "jump") == 0 ? GK_CTRL : key_find(tok, strlen(tok));
		if (k == GK_NONE) {
			fprintf(stderr, "unknown key '%s'\n", tok);
			exit(2);
		}
		tap(k);
		ticks++;
	}
	return ticks;
}

int main(int argc, char **argv)
{
	const char *png = NULL, *level = NULL, *bind = NULL, *notice = NULL, *saves_off = NULL;
	char *steps = NULL;
	long ticks = -1, total;
	bool ending = false, unfinished = false;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--level") == 0 && i + 1 < argc)
			level = argv[++i];
		else if (strcmp(argv[i], "--bind") == 0 && i + 1 < argc)
			bind = argv[++i];
		else if (strcmp(argv[i], "--ending") == 0)
			ending = true;
		else if (strcmp(argv[i], "--start-unfinished") == 0)
			unfinished = true;
		else if (strcmp(argv[i], "--notice") == 0 && i + 1 < argc)
			notice = argv[++i];
		else if (strcmp(argv[i], "--saves-off") == 0 && i + 1 < argc)
			saves_off = argv[++i];
		else if (strcmp(argv[i], "--report") == 0 && i + 1 < argc)
			report_out = argv[++i];
		else if (strcmp(argv[i], "--keys") == 0 && i + 1 < argc)
			steps = argv[++i];
		else if (ticks < 0 && argv[i][0] >= '0' && argv[i][0] <= '9')
			ticks = strtol(argv[i], NULL, 10);
		else if (!png && argv[i][0] != '-')
			png = argv[i];
		else
			usage(argv[0]);
	}
	if (ticks < 0)
		usage(argv[0]);
	session_init(&session, report_out ? &(SessionHooks){ .store_replay = store_replay, .log = log_line } : NULL);
	if (notice)
		session_set_notice(&session, notice);
	if (saves_off)
		session_set_saves(&session, false, saves_off);
	if (unfinished)
		session_set_start_unfinished(&session, true);
	if (bind && !session_apply_keys(&session, bind))
		level = NULL;                   /* the error screen, as the kernel shows it */
	if (level)
		session_play_level(&session, level);
	else if (ending)
		session_play_episode_demos(&session);
	total = steps ? run_steps(steps) : 0;
	idle(ticks);
	total += ticks;
	/* The kernel draws the status bar over a world view only when it changes: the same page. */
	session_draw(&session, &frame);
	raster_frame(&frame, fb);
	if (session_shows_world(&session)) {
		render_status_keys(&session.world, &session.controls, &frame);
		raster_frame(&frame, fb);
	}
	printf("tick=%ld mode=%d crc=%08X\n", total, (int)session.mode, (unsigned)planar_frame_crc(fb));
	if (png && png_write_indexed(png, fb, SCREEN_W, SCREEN_H, gfx_palette) != 0) {
		perror(png);
		return 1;
	}
	return 0;
}
