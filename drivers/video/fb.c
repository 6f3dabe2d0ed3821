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
static LATE_BSS uint8_t line[FB_MAX_WIDTH * 4] __attribute__((aligned(4)));       /* one scaled screen line */

static bool channel_ok(int pos, int bits, int bpp)
{
	return bits >= 1 && bits <= 8 && pos >= 0 && pos + bits <= bpp;
}

const char *fb_init(const FbMode *m)
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
	if (m->addr == 0 || m->addr + (uint64_t)m->pitch * m->height - 1 > (uint64_t)UINTPTR_MAX)
		return "framebuffer not addressable (above 4 GiB?)";

	fb.mode = *m;
	fb.base = (uint8_t *)(uintptr_t)m->addr;
	fb.pitch = m->pitch;
	fb.width = m->width;
	fb.height = m->height;
	fb.bytes = bytes;
	fb.scale = (int)(m->width / FB_SRC_W < m->height / FB_SRC_H ? m->width / FB_SRC_W : m->height / FB_SRC_H);
	fb.left = (int)(m->width - (uint32_t)(FB_SRC_W * fb.scale)) / 2;
	fb.top = (int)(m->height - (uint32_t)(FB_SRC_H * fb.scale)) / 2;
	for (uint32_t y = 0; y < fb.height; y++) {     /* black around the picture, once */
		uint8_t *row = fb.base + y * fb.pitch;

		for (uint32_t i = 0; i < fb.width * (uint32_t)bytes; i++)
			row[i] = 0;
	}
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

/* Copy n bytes to the framebuffer: whole 32-bit words when both sides allow it. */
static void copy_out(uint8_t *dst, const uint8_t *src, size_t n)
{
	if ((((uintptr_t)dst | (uintptr_t)src | n) & 3) == 0) {
		uint32_t *d = (uint32_t *)(void *)dst;
		const uint32_t *s = (const uint32_t *)(const void *)src;

		for (size_t i = 0; i < n / 4; i++)
			d[i] = s[i];
		return;
	}
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i];
}

/* Source pixels [x0, x1) of row y, scaled, onto their `scale` screen lines. */
static void put_span(const uint8_t *src, int y, int x0, int x1)
{
	int s = fb.scale, bytes = fb.bytes;
	uint8_t *p = line;
	size_t n;

	if (bytes == 4) {                       /* the usual GOP pixel: whole words */
		uint32_t *q = (uint32_t *)(void *)line;

		for (int x = x0; x < x1; x++) {
			uint32_t v = fb.value[src[y * FB_SRC_W + x] & (FB_COLORS - 1)];

			for (int k = 0; k < s; k++)
				*q++ = v;
		}
		p = (uint8_t *)q;
	} else {
		for (int x = x0; x < x1; x++) {
			uint32_t v = fb.value[src[y * FB_SRC_W + x] & (FB_COLORS - 1)];

			for (int k = 0; k < s; k++)
				for (int b = 0; b < bytes; b++)
					*p++ = (uint8_t)(v >> (8 * b));
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
		for (int x = first * 4; x < last * 4 + 4; x++)
			shown[y * FB_SRC_W + x] = src[y * FB_SRC_W + x];
	}
	fb.shown_valid = true;
}
