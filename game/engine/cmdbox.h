/* cmdbox.h: where a draw command can put pixels — one rectangle, unclipped (the cell planner's overlays and the presenter). */
#ifndef CMDBOX_H
#define CMDBOX_H

#include <stdbool.h>

#include "frame.h"
#include "gfx.h"

/*
 * [r[0], r[2]) x [r[1], r[3]) for a fill, tile, masked tile, image (its
 * origin applied) or text (8 pixels a character of `text`, the list's own
 * strings); false for clips, grids and images that do not exist. Inline:
 * it runs per command on the hot path of every frame.
 */
static inline bool frame_cmd_box(const DrawCmd *c, const char *text, int r[4])
{
	int x = c->x, y = c->y, w = 8, h = 8;

	switch (c->kind) {
	case DRAW_FILL:
		w = c->w;
		h = c->h;
		break;
	case DRAW_IMAGE:
		if (c->id >= gfx_image_count)
			return false;
		x -= gfx_images[c->id].ox;
		y -= gfx_images[c->id].oy;
		w = gfx_images[c->id].w;
		h = gfx_images[c->id].h;
		break;
	case DRAW_TEXT:
		w = 0;
		for (const char *t = &text[c->id]; *t; t++)
			w += 8;
		break;
	case DRAW_TILE:
	case DRAW_MTILE:
		break;
	default:
		return false;
	}
	r[0] = x;
	r[1] = y;
	r[2] = x + w;
	r[3] = y + h;
	return true;
}

#endif
