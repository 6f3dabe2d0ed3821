/* scrkit.c: drawing helpers shared by the session's screens — centred and big text, boxes, the night backdrop, images. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "frame.h"
#include "gfx.h"
#include "screens_int.h"
#include "textbuf.h"

static const uint8_t stars[][2] = {     /* tile column, row */
	{ 1, 6 }, { 36, 5 }, { 5, 12 }, { 33, 15 }, { 2, 19 }, { 38, 10 }, { 30, 2 }, { 8, 3 },
};

int scr_text_len(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

void scr_centered(Frame *f, int y, const char *s, int color)
{
	frame_text(f, (SCREEN_W - scr_text_len(s) * CHAR_W) / 2, y, s, color);
}

/*
 * Text from the 8x8 font, each pixel a scale x scale block (runs of set
 * pixels in a glyph row become one fill), for headings.
 */
void scr_big_text(Frame *f, int x, int y, const char *s, int color, int scale)
{
	for (; *s; s++, x += CHAR_W * scale) {
		const uint8_t *g = gfx_font[(uint8_t)*s & 0x7F];

		for (int row = 0; row < 8; row++) {
			for (int col = 0; col < 8;) {
				int run = 0;

				while (col + run < 8 && (g[row] & (0x80 >> (col + run))))
					run++;
				if (run) {
					frame_fill(f, x + col * scale, y + row * scale, run * scale, scale, color);
					col += run;
				} else {
					col++;
				}
			}
		}
	}
}

/* A centred heading with a drop shadow one block down and right. */
void scr_heading(Frame *f, int y, const char *s, int color, int shadow, int scale)
{
	int x = (SCREEN_W - scr_text_len(s) * CHAR_W * scale) / 2;

	scr_big_text(f, x + scale, y + scale, s, shadow, scale);
	scr_big_text(f, x, y, s, color, scale);
}

/* How many decimal digits v has (1 for 0). */
int scr_digits(uint32_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* "Label 0001234": a label and a zero-padded number in one line. */
void scr_label_number(char *buf, int size, const char *label, uint32_t v, int digits)
{
	TextBuf t;
	char num[11];

	for (int i = digits - 1; i >= 0; i--) {
		num[i] = (char)('0' + v % 10);
		v /= 10;
	}
	num[digits] = '\0';
	tb_init(&t, buf, (size_t)size);
	tb_str(&t, label);
	tb_str(&t, num);
}

/* A framed box: outer line, a lighter border, the fill. */
void scr_box(Frame *f, int x, int y, int w, int h, int line, int border, int fill)
{
	frame_fill(f, x, y, w, h, line);
	frame_fill(f, x + 1, y + 1, w - 2, h - 2, border);
	frame_fill(f, x + 3, y + 3, w - 6, h - 6, fill);
}

/* Night sky with stars and the title's grass-and-dirt floor. */
void scr_backdrop(Frame *f, bool floor)
{
	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);
	for (unsigned i = 0; i < sizeof stars / sizeof stars[0]; i++)
		frame_tile(f, stars[i][0] * 8, stars[i][1] * 8, TILE_SKY_STAR);
	if (!floor)
		return;
	for (int x = 0; x < SCREEN_W / GFX_TILE_W; x++) {
		frame_tile(f, x * 8, FLOOR_Y, TILE_GRASS_TOP);
		for (int y = FLOOR_Y + 8; y < SCREEN_H; y += 8)
			frame_tile(f, x * 8, y, (x * 7 + y / 8 * 3) % 5 ? TILE_DIRT : TILE_DIRT_DARK);
	}
}

/* An image standing with its bottom-left pixel on (x, y). */
void scr_image_at(Frame *f, int x, int y, int img)
{
	const GfxImage *g = &gfx_images[img];

	frame_image(f, x + g->ox, y - (g->h - 1) + g->oy, img, 0, 0);
}

void scr_logo(Frame *f, int y)
{
	const GfxImage *g = &gfx_images[IMG_LOGO];

	frame_image(f, (SCREEN_W - g->w) / 2 + g->ox, y + g->oy, IMG_LOGO, 0, 0);
}
