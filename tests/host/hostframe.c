/* hostframe.c: runs the session (title, menu, levels...) on the host with given keys, prints the screen CRC, writes a PNG. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "gfx.h"
#include "planar.h"
#include "png.h"
#include "raster.h"
#include "render.h"
#include "session.h"

static Session session;
static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

static const struct {
	const char *name;
	uint16_t button;                /* BTN_BIT, 0 = none */
	uint8_t keys;                   /* SKEY_* besides SKEY_ANY */
} key_names[] = {
	{ "enter", BTN_BIT(BTN_ENTER), 0 },
	{ "up", BTN_BIT(BTN_UP), 0 },
	{ "down", BTN_BIT(BTN_DOWN), 0 },
	{ "left", BTN_BIT(BTN_LEFT), 0 },
	{ "right", BTN_BIT(BTN_RIGHT), 0 },
	{ "jump", BTN_BIT(BTN_JUMP), 0 },
	{ "space", BTN_BIT(BTN_FIRE), 0 },
	{ "p", BTN_BIT(BTN_PAUSE), 0 },
	{ "esc", BTN_BIT(BTN_PAUSE), SKEY_ESC },
	{ "q", 0, SKEY_QUIT },
	{ "x", 0, 0 },                  /* a key that is no game button */
};

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s TICKS [OUT.png] [--level NAME] [--keys STEPS]\n"
	    "  runs the session from boot (or level NAME, as level=NAME), first the\n"
	    "  steps, then TICKS ticks without input; prints the screen's CRC\n"
	    "  STEPS: comma-separated; a number N = N ticks without input, a key name =\n"
	    "  one tick with that key pressed (enter up down left right jump space p esc q x)\n",
	    argv0);
	exit(2);
}

static void step(const SessionInput *in)
{
	SessionEvents ev;

	session_tick(&session, in, &ev);
}

static void idle(long n)
{
	SessionInput none = { { 0, 0 }, 0 };

	for (long i = 0; i < n; i++)
		step(&none);
}

static long run_steps(char *steps)
{
	long ticks = 0;

	for (char *tok = strtok(steps, ","); tok; tok = strtok(NULL, ",")) {
		char *end;
		long n = strtol(tok, &end, 10);
		unsigned k;

		if (end != tok && *end == '\0' && n >= 0) {
			idle(n);
			ticks += n;
			continue;
		}
		for (k = 0; k < sizeof key_names / sizeof key_names[0]; k++)
			if (strcmp(tok, key_names[k].name) == 0)
				break;
		if (k == sizeof key_names / sizeof key_names[0]) {
			fprintf(stderr, "unknown key '%s'\n", tok);
			exit(2);
		}
		step(&(SessionInput){ { key_names[k].button, key_names[k].button },
		    (uint8_t)(SKEY_ANY | key_names[k].keys) });
		ticks++;
	}
	return ticks;
}

int main(int argc, char **argv)
{
	const char *png = NULL, *level = NULL;
	char *steps = NULL;
	long ticks = -1, total;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--level") == 0 && i + 1 < argc)
			level = argv[++i];
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
	session_init(&session, NULL);
	if (level)
		session_play_level(&session, level);
	total = steps ? run_steps(steps) : 0;
	idle(ticks);
	total += ticks;
	/* The kernel draws the status bar over a world view only when it changes: the same page. */
	session_draw(&session, &frame);
	raster_frame(&frame, fb);
	if (session_shows_world(&session)) {
		render_status(&session.world, &frame);
		raster_frame(&frame, fb);
	}
	printf("tick=%ld mode=%d crc=%08X\n", total, (int)session.mode, (unsigned)planar_frame_crc(fb));
	if (png && png_write_indexed(png, fb, SCREEN_W, SCREEN_H, gfx_palette) != 0) {
		perror(png);
		return 1;
	}
	return 0;
}
