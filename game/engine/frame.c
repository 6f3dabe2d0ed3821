/* frame.c: building a frame's draw list; a full list drops (and counts) further commands. */
#include <stdint.h>

#include "assets.h"
#include "frame.h"

void frame_clear(Frame *f)
{
	f->count = 0;
	f->dropped = 0;
	f->text_used = 0;
	f->grid_cmd = -1;
	f->gen++;
}

static DrawCmd *add(Frame *f, int kind, int x, int y)
{
	DrawCmd *c;

	if (f->count >= FRAME_MAX_CMDS) {
		f->dropped++;
		return 0;
	}
	c = &f->cmds[f->count++];
	f->gen++;
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

uint16_t *frame_grid(Frame *f, int x, int y, int cols, int rows)
{
	DrawCmd *c;

	if (f->grid_cmd >= 0 || cols < 0 || rows < 0 || cols * rows > FRAME_GRID_CELLS) {
		f->dropped++;
		return 0;
	}
	c = add(f, DRAW_GRID, x, y);
	if (!c)
		return 0;
	c->w = (uint16_t)cols;
	c->h = (uint16_t)rows;
	f->grid_cmd = (int16_t)(f->count - 1);
	return f->grid;
}

void frame_grid_front(Frame *f)
{
	DrawCmd *c;

	if (f->grid_cmd < 0)
		return;
	c = add(f, DRAW_GRID_FRONT, f->cmds[f->grid_cmd].x, f->cmds[f->grid_cmd].y);
	if (c) {
		c->w = f->cmds[f->grid_cmd].w;
		c->h = f->cmds[f->grid_cmd].h;
	}
}

/*
 * What a grid stands for: each cell as a tile (the empty tile and a
 * masked tile over it for GRID_MASKED); DRAW_GRID_FRONT as the front cells'
 * tile or masked tile again, in the same cell order.
 */
void frame_flatten(const Frame *f, Frame *out)
{
	frame_clear(out);
	for (int i = 0; i < f->count; i++) {
		const DrawCmd *c = &f->cmds[i];

		if (c->kind == DRAW_TEXT) {
			frame_text(out, c->x, c->y, &f->text[c->id], c->color);
			continue;
		}
		if (c->kind != DRAW_GRID && c->kind != DRAW_GRID_FRONT) {
			DrawCmd *d = add(out, c->kind, c->x, c->y);

			if (d)
				*d = *c;
			continue;
		}
		for (int r = 0; r < c->h; r++)
			for (int k = 0; k < c->w; k++) {
				uint16_t g = f->grid[r * c->w + k];
				int x = c->x + k * 8, y = c->y + r * 8;

				if (c->kind == DRAW_GRID) {
					frame_tile(out, x, y, (g & GRID_MASKED) ? TILE_EMPTY : g & GRID_ID);
					if (g & GRID_MASKED)
						frame_mtile(out, x, y, g & GRID_ID);
				} else if (g & GRID_FRONT) {
					if (g & GRID_MASKED)
						frame_mtile(out, x, y, g & GRID_ID);
					else
						frame_tile(out, x, y, g & GRID_ID);
				}
			}
	}
}
