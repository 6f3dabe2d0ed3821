/* fb.c: the loader's linear framebuffer — 8/15/16/24/32 bits per pixel, the 320x200 picture scaled by an integer, centred, changed rows only. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fb.h"
#include "latebss.h"

static struct {
	uint8_t *base;                  /* first byte of the screen */
	uint32_t pitch, width, height;
	int bytes;                      /* per pixel: 1..4 */
	int scale, left, top;
	FbMode mode;
	uint32_t value[FB_COLORS];      /* pixel value of each colour */
	bool shown_valid;
	uint32_t written;
} fb;

static LATE_BSS uint8_t shown[FB_SRC_W * FB_SRC_H] __attribute__((aligned(4)));   /* the picture on screen now */
static LATE_BSS uint8_t line[FB_MAX_WIDTH * 4 + 4] __attribute__((aligned(4)));   /* one scaled screen line */

typedef uint32_t __attribute__((aligned(1), may_alias)) unaligned_word;
typedef uint16_t __attribute__((may_alias)) half_word;

/* Bytes up to dst's first aligned word: how many of n (NOTE: the words after them are aligned). */
static size_t head_bytes(const uint8_t *dst, size_t n)
{
	size_t head = (4 - ((uintptr_t)dst & 3)) & 3;

	return head < n ? head : n;
}

/*
 * n bytes to the framebuffer with 32-bit stores, bytes only up to the
 * first aligned word and after the last: a GPU BAR is usually uncached by
 * the MTRRs and every store is a bus transaction (a 24-bit mode's lines
 * start anywhere). The source words may be unaligned: RAM forgives that.
 */
static void copy_out(uint8_t *dst, const uint8_t *src, size_t n)
{
	size_t head = head_bytes(dst, n), words = (n - head) / 4;
	uint32_t *d;
	const unaligned_word *s;

	for (size_t i = 0; i < head; i++)
		*dst++ = *src++;
	d = (uint32_t *)(void *)dst;
	s = (const unaligned_word *)(const void *)src;
	for (size_t i = 0; i < words; i++)
		d[i] = s[i];
	for (size_t i = head + words * 4; i < n; i++)
		dst[i - head] = src[i - head];
}

/* n zero bytes to the framebuffer, the same way. */
static void clear_out(uint8_t *dst, size_t n)
{
	size_t head = head_bytes(dst, n), words = (n - head) / 4;
	uint32_t *d;

	for (size_t i = 0; i < head; i++)
		*dst++ = 0;
	d = (uint32_t *)(void *)dst;
	for (size_t i = 0; i < words; i++)
		d[i] = 0;
	for (size_t i = head + words * 4; i < n; i++)
		dst[i - head] = 0;
}

static bool channel_ok(int pos, int bits, int bpp)
{
	return bits >= 1 && bits <= 8 && pos >= 0 && pos + bits <= bpp;
}

const char *fb_init(const FbMode *m, uint8_t *base)
{
	int bytes;

	fb.base = NULL;
	if (m->kind == FB_INDEXED) {
		if (m->bpp != 8)
			return "indexed framebuffer is not 8 bits per pixel";
	} else if (m->kind == FB_RGB) {
		if (m->bpp != 15 && m->bpp != 16 && m->bpp != 24 && m->bpp != 32)
			return "RGB framebuffer is not 15, 16, 24 or 32 bits per pixel";
		if (!channel_ok(m->red_pos, m->red_bits, m->bpp) ||
		    !channel_ok(m->green_pos, m->green_bits, m->bpp) ||
		    !channel_ok(m->blue_pos, m->blue_bits, m->bpp))
			return "RGB channel positions do not fit the pixel";
	} else {
		return "not a pixel framebuffer (EGA text?)";
	}
	bytes = (m->bpp + 7) / 8;
	if (m->width < FB_SRC_W || m->height < FB_SRC_H)
		return "framebuffer smaller than 320x200";
	if (m->width > FB_MAX_WIDTH)
		return "framebuffer wider than 8192 pixels";
	if (m->pitch < m->width * (uint32_t)bytes)
		return "pitch shorter than a line";
	if (!base)
		return "framebuffer not mapped";

	fb.mode = *m;
	fb.base = base;
	fb.pitch = m->pitch;
	fb.width = m->width;
	fb.height = m->height;
	fb.bytes = bytes;
	fb.scale = (int)(m->width / FB_SRC_W < m->height / FB_SRC_H ? m->width / FB_SRC_W : m->height / FB_SRC_H);
	fb.left = (int)(m->width - (uint32_t)(FB_SRC_W * fb.scale)) / 2;
	fb.top = (int)(m->height - (uint32_t)(FB_SRC_H * fb.scale)) / 2;
	for (uint32_t y = 0; y < fb.height; y++)       /* black around the picture, once */
		clear_out(fb.base + y * fb.pitch, fb.width * (uint32_t)bytes);
	fb.written = fb.height * fb.width * (uint32_t)bytes;
	fb.shown_valid = false;
	return NULL;
}

int fb_scale(void) { return fb.scale; }
int fb_left(void) { return fb.left; }
int fb_top(void) { return fb.top; }

/* 6-bit DAC level to 8 bits (0, 21, 42, 63 -> 0x00, 0x55, 0xAA, 0xFF), then to the channel's width. */
static uint32_t channel(uint8_t level6, int pos, int bits)
{
	uint32_t v8 = (uint32_t)((level6 << 2) | (level6 >> 4)) & 0xFF;

	return (v8 >> (8 - bits)) << pos;
}

void fb_set_palette(const uint8_t rgb6[FB_COLORS][3])
{
	const FbMode *m = &fb.mode;

	for (int c = 0; c < FB_COLORS; c++)
		fb.value[c] = m->kind == FB_INDEXED ? (uint32_t)c :
		    channel(rgb6[c][0], m->red_pos, m->red_bits) |
		    channel(rgb6[c][1], m->green_pos, m->green_bits) |
		    channel(rgb6[c][2], m->blue_pos, m->blue_bits);
	fb.shown_valid = false;
}

uint32_t fb_pixel_value(int color)
{
	return fb.value[color & (FB_COLORS - 1)];
}

void fb_forget(void)
{
	fb.shown_valid = false;
}

uint32_t fb_bytes_written(void)
{
	return fb.written;
}

/* Source pixels [x0, x1) of row y, scaled, onto their `scale` screen lines. */
static void put_span(const uint8_t *src, int y, int x0, int x1)
{
	int s = fb.scale, bytes = fb.bytes;
	uint8_t *p = line;
	size_t n;

	/* The scaled line in RAM, one store per screen pixel (NOTE: line has room for 24 bits' spare byte). */
	if (bytes == 4) {                       /* the usual GOP pixel: whole words */
		uint32_t *q = (uint32_t *)(void *)line;

		for (int x = x0; x < x1; x++) {
			uint32_t v = fb.value[src[y * FB_SRC_W + x] & (FB_COLORS - 1)];

			for (int k = 0; k < s; k++)
				*q++ = v;
		}
		p = (uint8_t *)q;
	} else if (bytes == 3) {                /* a word each, overlapping: its top byte is the next pixel's */
		for (int x = x0; x < x1; x++) {
			uint32_t v = fb.value[src[y * FB_SRC_W + x] & (FB_COLORS - 1)];

			for (int k = 0; k < s; k++, p += 3)
				*(unaligned_word *)(void *)p = v;
		}
	} else if (bytes == 2) {
		half_word *q = (half_word *)(void *)line;

		for (int x = x0; x < x1; x++) {
			uint16_t v = (uint16_t)fb.value[src[y * FB_SRC_W + x] & (FB_COLORS - 1)];

			for (int k = 0; k < s; k++)
				*q++ = v;
		}
		p = (uint8_t *)q;
	} else {
		for (int x = x0; x < x1; x++) {
			uint8_t v = (uint8_t)fb.value[src[y * FB_SRC_W + x] & (FB_COLORS - 1)];

			for (int k = 0; k < s; k++)
				*p++ = v;
		}
	}
	n = (size_t)(p - line);
	for (int k = 0; k < s; k++) {
		uint8_t *dst = fb.base + (uint32_t)(fb.top + y * s + k) * fb.pitch +
		    (uint32_t)(fb.left + x0 * s) * (uint32_t)bytes;

		copy_out(dst, line, n);
	}
	fb.written += (uint32_t)(n * (size_t)s);
}

void fb_show(const uint8_t *src)         /* src 4-byte aligned */
{
	fb_show_cells(src, NULL);
}

void fb_show_cells(const uint8_t *src, const uint8_t *cells)
{
	int lo = 0, hi = FB_SRC_W / 8 - 1;      /* the cell row's columns to look at */

	if (!fb.base)
		return;
	if (!fb.shown_valid)
		cells = NULL;
	for (int y = 0; y < FB_SRC_H; y++) {
		const uint32_t *a = (const uint32_t *)(const void *)(src + y * FB_SRC_W);
		const uint32_t *b = (const uint32_t *)(const void *)(shown + y * FB_SRC_W);
		int first, last;

		if (cells && !(y & 7)) {
			const uint8_t *c = cells + (y / 8) * (FB_SRC_W / 8);

			for (lo = 0; lo < FB_SRC_W / 8 && !c[lo]; lo++)
				;
			for (hi = FB_SRC_W / 8 - 1; hi >= lo && !c[hi]; hi--)
				;
		}
		if (lo > hi) {
			y |= 7;                 /* (no cell of this row: its 8 lines are as shown) */
			continue;
		}
		first = lo * 2;                 /* (two words a cell) */
		last = hi * 2 + 1;
		if (fb.shown_valid) {
			while (first <= last && a[first] == b[first])
				first++;
			if (first > last)
				continue;               /* row unchanged */
			while (a[last] == b[last])
				last--;
		}
		put_span(src, y, first * 4, last * 4 + 4);
		for (int i = first; i <= last; i++)
			((uint32_t *)(void *)(shown + y * FB_SRC_W))[i] = a[i];
	}
	fb.shown_valid = true;
}
