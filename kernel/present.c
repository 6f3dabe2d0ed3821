/* present.c: walks a Frame's draw list and turns each command into VGA driver calls. */
#include <stdint.h>

#include "crc32.h"
#include "frame.h"
#include "gfx.h"
#include "gfxcache.h"
#include "present.h"
#include "vga.h"

void present_frame(const Frame *f, int page)
{
	vga_set_clip(0, 0, VGA_W, VGA_H);
	for (int i = 0; i < f->count; i++) {
		const DrawCmd *c = &f->cmds[i];
		const VgaBitmap *b;
		int flags;

		switch (c->kind) {
		case DRAW_FILL:
			vga_fill_rect(page, c->x, c->y, c->w, c->h, c->color);
			break;
		case DRAW_TILE:
			if (c->id < gfx_tile_count)
				vga_draw_tile(page, c->x, c->y, c->id);
			break;
		case DRAW_IMAGE:
			b = gfxcache_image(c->id);
			if (!b)
				break;
			flags = ((c->flags & DRAWF_FLIP_V) ? VGA_BLIT_FLIP_V : 0) |
			    ((c->flags & DRAWF_SILHOUETTE) ? VGA_BLIT_SILHOUETTE : 0);
			vga_blit_masked(page, c->x - gfx_images[c->id].ox, c->y - gfx_images[c->id].oy,
			    b, flags, c->color);
			break;
		case DRAW_TEXT:
			vga_text(page, c->x, c->y, &f->text[c->id], c->color);
			break;
		case DRAW_CLIP:
			vga_set_clip(c->x, c->y, c->x + c->w, c->y + c->h);
			break;
		case DRAW_MTILE:
			b = gfxcache_mtile(c->id);
			if (b)
				vga_blit_masked(page, c->x, c->y, b, 0, 0);
			break;
		}
	}
	vga_set_clip(0, 0, VGA_W, VGA_H);
}

uint32_t present_displayed_crc(void)
{
	static uint8_t plane[VGA_PAGE_BYTES];
	uint32_t crc = 0;

	for (int p = 0; p < 4; p++) {
		vga_read_plane(vga_front_page(), p, plane);
		crc = crc32_update(crc, plane, sizeof plane);
	}
	return crc;
}
