/* raster.c: the host (and test) twin of the VGA renderer, working on chunky pixels. */
#include <stdint.h>

#include "frame.h"
#include "gfx.h"
#include "raster.h"

static void put(uint8_t *fb, int x, int y, int c)
{
	if (x >= 0 && x < SCREEN_W && y >= 0 && y < SCREEN_H)
		fb[y * SCREEN_W + x] = (uint8_t)c;
}

/* The DRAW_CLIP rectangle in force, for images, masked tiles and text. */
static int clip_x0, clip_y0, clip_x1, clip_y1;

static void put_clipped(uint8_t *fb, int x, int y, int c)
{
	if (x >= clip_x0 && x < clip_x1 && y >= clip_y0 && y < clip_y1)
		put(fb, x, y, c);
}

static void fill(uint8_t *fb, const DrawCmd *c)
{
	for (int y = c->y; y < c->y + c->h; y++)
		for (int x = c->x; x < c->x + c->w; x++)
			put(fb, x, y, c->color);
}

static void tile(uint8_t *fb, const DrawCmd *c)
{
	const uint8_t *t;

	if (c->id >= gfx_tile_count || (c->x & 7) || c->x < 0 || c->x >= SCREEN_W)
		return;
	t = gfx_tiles[c->id];
	for (int y = 0; y < GFX_TILE_H; y++)
		for (int x = 0; x < GFX_TILE_W; x++)
			put(fb, c->x + x, c->y + y, t[y * GFX_TILE_W + x]);
}

static void mtile(uint8_t *fb, const DrawCmd *c)
{
	const uint8_t *t;

	if (c->id >= gfx_mtile_count)
		return;
	t = gfx_mtiles[c->id];
	for (int y = 0; y < GFX_TILE_H; y++)
		for (int x = 0; x < GFX_TILE_W; x++)
			if (t[y * GFX_TILE_W + x] != GFX_TRANSPARENT)
				put_clipped(fb, c->x + x, c->y + y, t[y * GFX_TILE_W + x]);
}

static void image(uint8_t *fb, const DrawCmd *c)
{
	const GfxImage *im;
	int x0, y0;

	if (c->id >= gfx_image_count)
		return;
	im = &gfx_images[c->id];
	x0 = c->x - im->ox;
	y0 = c->y - im->oy;
	for (int y = 0; y < im->h; y++) {
		int sy = (c->flags & DRAWF_FLIP_V) ? im->h - 1 - y : y;

		for (int x = 0; x < im->w; x++) {
			int p = im->px[sy * im->w + x];

			if (p == GFX_TRANSPARENT)
				continue;
			put_clipped(fb, x0 + x, y0 + y, (c->flags & DRAWF_SILHOUETTE) ? c->color : p);
		}
	}
}

static void text(uint8_t *fb, const Frame *f, const DrawCmd *c)
{
	int x = c->x;

	for (const char *s = &f->text[c->id]; *s; s++, x += 8) {
		const uint8_t *g = gfx_font[(uint8_t)*s & 0x7F];

		for (int y = 0; y < 8; y++)
			for (int i = 0; i < 8; i++)
				if (g[y] & (0x80 >> i))
					put_clipped(fb, x + i, c->y + y, c->color);
	}
}

void raster_frame(const Frame *f, uint8_t fb[SCREEN_H * SCREEN_W])
{
	clip_x0 = clip_y0 = 0;
	clip_x1 = SCREEN_W;
	clip_y1 = SCREEN_H;
	for (int i = 0; i < f->count; i++) {
		const DrawCmd *c = &f->cmds[i];

		switch (c->kind) {
		case DRAW_FILL:  fill(fb, c); break;
		case DRAW_TILE:  tile(fb, c); break;
		case DRAW_IMAGE: image(fb, c); break;
		case DRAW_TEXT:  text(fb, f, c); break;
		case DRAW_MTILE: mtile(fb, c); break;
		case DRAW_CLIP:
			clip_x0 = c->x;
			clip_y0 = c->y;
			clip_x1 = c->x + c->w;
			clip_y1 = c->y + c->h;
			break;
		}
	}
}
