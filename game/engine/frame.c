/* frame.c: building a frame's draw list; a full list drops (and counts) further commands. */
#include <stdint.h>

#include "frame.h"

void frame_clear(Frame *f)
{
	f->count = 0;
	f->dropped = 0;
	f->text_used = 0;
}

static DrawCmd *add(Frame *f, int kind, int x, int y)
{
	DrawCmd *c;

	if (f->count >= FRAME_MAX_CMDS) {
		f->dropped++;
		return 0;
	}
	c = &f->cmds[f->count++];
	*c = (DrawCmd){ .kind = (uint8_t)kind, .x = (int16_t)x, .y = (int16_t)y };
	return c;
}

void frame_fill(Frame *f, int x, int y, int w, int h, int color)
{
	DrawCmd *c = add(f, DRAW_FILL, x, y);

	if (c) {
		c->w = (uint16_t)(w < 0 ? 0 : w);
		c->h = (uint16_t)(h < 0 ? 0 : h);
		c->color = (uint8_t)(color & 15);
	}
}

void frame_tile(Frame *f, int x, int y, int tile)
{
	DrawCmd *c = add(f, DRAW_TILE, x, y);

	if (c)
		c->id = (uint16_t)tile;
}

void frame_image(Frame *f, int x, int y, int image, int flags, int color)
{
	DrawCmd *c = add(f, DRAW_IMAGE, x, y);

	if (c) {
		c->id = (uint16_t)image;
		c->flags = (uint8_t)flags;
		c->color = (uint8_t)(color & 15);
	}
}

/* The text is copied into the frame, so callers may pass a temporary buffer. */
void frame_text(Frame *f, int x, int y, const char *text, int color)
{
	uint16_t start = f->text_used, n = 0;
	DrawCmd *c;

	while (text[n])
		n++;
	if (start + n + 1 > FRAME_TEXT_BYTES) {
		f->dropped++;
		return;
	}
	c = add(f, DRAW_TEXT, x, y);
	if (!c)
		return;
	for (uint16_t i = 0; i <= n; i++)
		f->text[start + i] = text[i];
	f->text_used = (uint16_t)(start + n + 1);
	c->id = start;
	c->color = (uint8_t)(color & 15);
}

void frame_mtile(Frame *f, int x, int y, int mtile)
{
	DrawCmd *c = add(f, DRAW_MTILE, x, y);

	if (c)
		c->id = (uint16_t)mtile;
}

void frame_clip(Frame *f, int x, int y, int w, int h)
{
	DrawCmd *c = add(f, DRAW_CLIP, x, y);

	if (c) {
		c->w = (uint16_t)(w < 0 ? 0 : w);
		c->h = (uint16_t)(h < 0 ? 0 : h);
	}
}
