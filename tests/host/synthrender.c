/*
 * synthrender.c: renders a built-in song with the OPL2 synthesizer
 * (drivers/sound/oplsynth.c) to a 16-bit mono WAV, or to nowhere (the
 * benchmark: make bench-synth), and prints the CRC-32 of its samples (16-bit
 * little-endian, as the kernel's musiccrc= option does). The samples come
 * through drivers/sound/synthplay.c, the kernel's code, in CHUNK-frame calls
 * (default: one tick each; the kernel's mix asks for up to 256 at a time).
 * FROM: start at that song tick as the kernel's hand-over from the speaker
 * does (synthplay_start_at; the kernel's `music: crc32 ... from song tick N`).
 * Usage: synthrender SONG SECONDS [OUT.wav|-] [RATE] [CHUNK] [FROM]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h"
#include "songs.h"
#include "synthsong.h"

static void put32(FILE *f, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		fputc((v >> (8 * i)) & 0xFF, f);
}

static void put16(FILE *f, uint16_t v)
{
	fputc(v & 0xFF, f);
	fputc(v >> 8, f);
}

static void wav_header(FILE *f, uint32_t rate, uint32_t frames)
{
	fwrite("RIFF", 1, 4, f);
	put32(f, 36 + frames * 2);
	fwrite("WAVEfmt ", 1, 8, f);
	put32(f, 16);
	put16(f, 1);
	put16(f, 1);
	put32(f, rate);
	put32(f, rate * 2);
	put16(f, 2);
	put16(f, 16);
	fwrite("data", 1, 4, f);
	put32(f, frames * 2);
}

int main(int argc, char **argv)
{
	static SynthSong p;
	const Song *song = NULL;
	int16_t buf[1024];
	uint32_t rate, total, chunk, from, frames = 0, crc = 0;
	FILE *f = NULL;

	if (argc < 3) {
		fprintf(stderr, "usage: synthrender SONG SECONDS [OUT.wav|-] [RATE] [CHUNK] [FROM]\n");
		return 2;
	}
	for (int i = 0; i < SONG_COUNT; i++)
		if (!strcmp(songs[i]->name, argv[1]))
			song = songs[i];
	if (!song) {
		fprintf(stderr, "synthrender: no song '%s'\n", argv[1]);
		return 2;
	}
	rate = argc > 4 ? (uint32_t)atoi(argv[4]) : 48000;
	total = (uint32_t)(atof(argv[2]) * rate);
	chunk = argc > 5 ? (uint32_t)atoi(argv[5]) : 0;
	from = argc > 6 ? (uint32_t)atoi(argv[6]) : 0;
	if (chunk > sizeof buf / sizeof buf[0])
		chunk = sizeof buf / sizeof buf[0];
	if (argc > 3 && strcmp(argv[3], "-")) {
		f = fopen(argv[3], "wb");
		if (!f) {
			perror(argv[3]);
			return 1;
		}
		wav_header(f, rate, 0);
	}
	synthplay_start_at(&p, song, rate, from);
	while (frames < total) {
		int n = chunk ? (int)chunk : (int)(p.left ? p.left : synthplay_tick_frames(&p));

		if ((uint32_t)n > total - frames)
			n = (int)(total - frames);
		synthplay_render(&p, buf, n);
		crc = crc32_update(crc, buf, (size_t)n * sizeof buf[0]);
		if (f)
			fwrite(buf, 2, (size_t)n, f);
		frames += (uint32_t)n;
	}
	if (f) {
		fseek(f, 0, SEEK_SET);
		wav_header(f, rate, frames);
		fclose(f);
	}
	printf("synthrender: %s from song tick %u, %u frames at %u Hz, crc32 %08x\n", song->name, from, frames, rate, crc);
	return 0;
}
