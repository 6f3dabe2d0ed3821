/* hostframe.c: runs the title screen on the host for N ticks, prints the frame CRC, writes a PNG. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "frame.h"
#include "gfx.h"
#include "planar.h"
#include "png.h"
#include "raster.h"
#include "title.h"

static Frame frame;
static uint8_t fb[SCREEN_W * SCREEN_H];

int main(int argc, char **argv)
{
	TitleState t;
	TitleEvents ev;
	GameInput none = { 0, 0 };
	long ticks;

	if (argc < 2 || argc > 3 || (ticks = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: %s TICKS [out.png]\n", argv[0]);
		return 2;
	}
	title_init(&t);
	for (long i = 0; i < ticks; i++)
		title_tick(&t, &none, &ev);
	title_draw(&t, &frame);
	raster_frame(&frame, fb);
	printf("tick=%ld crc=%08X\n", ticks, (unsigned)planar_frame_crc(fb));
	if (argc == 3 && png_write_indexed(argv[2], fb, SCREEN_W, SCREEN_H, gfx_palette) != 0) {
		perror(argv[2]);
		return 1;
	}
	return 0;
}
