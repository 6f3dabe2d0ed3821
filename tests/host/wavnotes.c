/*
 * wavnotes.c: the notes in a WAV, window by window (tests/qemu/synthcompare.py):
 * for each 0.1 s window of channel 0, one line "start_s rms p36 .. p96" with
 * the Hann-windowed Goertzel power at each MIDI note's pitch (36..96).
 * Usage: wavnotes FILE.wav [WINDOW_S [HOP_S]] (windows start every HOP_S, default WINDOW_S)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOTE_LO 36
#define NOTE_HI 96

static uint32_t get32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

int main(int argc, char **argv)
{
	FILE *f;
	uint8_t hdr[12], ck[8];
	uint32_t rate = 0, channels = 0, bits = 0, size;
	int16_t *pcm = NULL;
	long frames = 0, win, hop;
	double window_s = argc > 2 ? atof(argv[2]) : 0.1, hop_s = argc > 3 ? atof(argv[3]) : window_s;

	if (argc < 2 || !(f = fopen(argv[1], "rb")) || fread(hdr, 1, 12, f) != 12 || memcmp(hdr, "RIFF", 4)) {
		fprintf(stderr, "usage: wavnotes FILE.wav [WINDOW_S [HOP_S]] (a RIFF WAV)\n");
		return 2;
	}
	while (fread(ck, 1, 8, f) == 8) {
		size = get32(ck + 4);
		if (!memcmp(ck, "fmt ", 4)) {
			uint8_t fmt[40];

			if (size > sizeof fmt || fread(fmt, 1, size, f) != size)
				return 2;
			channels = fmt[2] | fmt[3] << 8;
			rate = get32(fmt + 4);
			bits = fmt[14] | fmt[15] << 8;
		} else if (!memcmp(ck, "data", 4)) {
			uint8_t *raw = malloc(size ? size : 1);
			long got = (long)fread(raw, 1, size, f);

			if (bits != 16 || !channels) {
				fprintf(stderr, "wavnotes: only 16-bit PCM\n");
				return 2;
			}
			frames = got / (2 * (long)channels);
			pcm = malloc((size_t)(frames ? frames : 1) * sizeof *pcm);
			for (long i = 0; i < frames; i++)
				pcm[i] = (int16_t)(raw[i * 2 * channels] | raw[i * 2 * channels + 1] << 8);
			free(raw);
			break;
		} else {
			fseek(f, (long)(size + (size & 1)), SEEK_CUR);
		}
	}
	fclose(f);
	if (!pcm || !rate)
		return 2;
	win = (long)(window_s * rate);
	hop = (long)(hop_s * rate);
	if (hop < 1)
		hop = 1;
	printf("# %s: %u Hz, %ld frames, window %ld\n", argv[1], rate, frames, win);
	for (long at = 0; at + win <= frames; at += hop) {
		double sum = 0;

		for (long i = 0; i < win; i++)
			sum += (double)pcm[at + i] * pcm[at + i];
		printf("%.3f %.1f", (double)at / rate, sqrt(sum / win));
		for (int n = NOTE_LO; n <= NOTE_HI; n++) {
			double w = 2 * M_PI * 440.0 * pow(2, (n - 69) / 12.0) / rate, c = 2 * cos(w), s1 = 0, s2 = 0;

			for (long i = 0; i < win; i++) {
				double x = pcm[at + i] * (0.5 - 0.5 * cos(2 * M_PI * i / (win - 1))), s0 = x + c * s1 - s2;

				s2 = s1;
				s1 = s0;
			}
			printf(" %.4g", (s1 * s1 + s2 * s2 - c * s1 * s2) / ((double)win * win));
		}
		printf("\n");
	}
	return 0;
}
