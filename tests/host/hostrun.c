/* hostrun.c: plays a level on the host — scripted input, N frames — and prints the frame CRC (and a PNG). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "gfx.h"
#include "level.h"
#include "planar.h"
#include "png.h"
#include "raster.h"
#include "render.h"
#include "script.h"
#include "world.h"

static World world;
static Frame view, status;
static uint8_t fb[SCREEN_W * SCREEN_H];
static uint8_t file[1 << 20];

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s LEVEL FRAMES [--input SCRIPT] [--png OUT.png] [--every] [--trace]\n"
	    "  LEVEL is a .lvl file or the name of a built-in level\n"
	    "  --every prints the CRC after every frame, not only the last\n"
	    "  --trace prints the world trace lines after every frame (as the kernel's trace option)\n",
	    argv0);
	exit(2);
}

static size_t load(const char *name, const uint8_t **data)
{
	FILE *f;
	size_t n;

	for (int i = 0; i < game_level_count; i++) {
		if (strcmp(game_levels[i].name, name) == 0) {
			*data = game_levels[i].data;
			return game_levels[i].len;
		}
	}
	f = fopen(name, "rb");
	if (!f) {
		perror(name);
		exit(1);
	}
	n = fread(file, 1, sizeof file, f);
	fclose(f);
	*data = file;
	return n;
}

static void print_line(void *ctx, const char *line)
{
	(void)ctx;
	puts(line);
}

/* The kernel draws the status bar only when it changes, on top of a full view, so this equals its page. */
static uint32_t draw(void)
{
	render_view(&world, &view);
	render_status(&world, &status);
	raster_frame(&view, fb);
	raster_frame(&status, fb);
	return planar_frame_crc(fb);
}

int main(int argc, char **argv)
{
	const char *png = NULL, *input = "";
	const uint8_t *data;
	char err[LEVEL_ERR_SIZE];
	Script script;
	int bad = 0, every = 0, trace = 0;
	long frames;
	size_t len;

	if (argc < 3)
		usage(argv[0]);
	frames = strtol(argv[2], NULL, 10);
	for (int i = 3; i < argc; i++) {
		if (strcmp(argv[i], "--input") == 0 && i + 1 < argc)
			input = argv[++i];
		else if (strcmp(argv[i], "--png") == 0 && i + 1 < argc)
			png = argv[++i];
		else if (strcmp(argv[i], "--every") == 0)
			every = 1;
		else if (strcmp(argv[i], "--trace") == 0)
			trace = 1;
		else
			usage(argv[0]);
	}
	if (!script_parse(&script, input, &bad)) {
		fprintf(stderr, "bad input script at character %d: %s\n", bad, input);
		return 2;
	}
	len = load(argv[1], &data);
	if (!world_load_level(&world, data, len, 1, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	for (long t = 0; t < frames; t++) {
		GameInput in;

		script_next(&script, &in);
		world_tick(&world, &in);
		if (trace)
			world_trace(&world, print_line, NULL);
		if (every)
			printf("tick=%ld crc=%08X\n", t + 1, (unsigned)draw());
	}
	printf("tick=%ld crc=%08X\n", frames, (unsigned)draw());
	if (png && png_write_indexed(png, fb, SCREEN_W, SCREEN_H, gfx_palette) != 0) {
		perror(png);
		return 1;
	}
	return 0;
}
