/* cellcomp.c: what a composed cell (a tile with whole-cell sprites over it) looks like, and its hash. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "frame.h"
#include "gfx.h"

/* Opaque pixels of an 8x8 masked picture over px. */
static void over(uint8_t px[64], const uint8_t *m)
{
	for (int i = 0; i < 64; i++)
		if (m[i] != GFX_TRANSPARENT)
			px[i] = m[i];
}

void cellcomp_pixels(const CellKey *k, uint8_t px[64])
{
	uint16_t id = k->code & GRID_ID;
	const uint8_t *t = (k->code & GRID_MASKED) ? gfx_tiles[TILE_EMPTY] : gfx_tiles[id];

	for (int i = 0; i < 64; i++)
		px[i] = t[i];
	if (k->code & GRID_MASKED)
		over(px, gfx_mtiles[id]);
	for (int l = 0; l < k->n && l < CELLCOMP_LAYERS; l++) {
		uint32_t v = k->layer[l];
		const GfxImage *im = &gfx_images[v & 0xFF];
		int cx = (v >> 8) & 15, sy = (int8_t)(uint8_t)(v >> 12), flags = (v >> 20) & 3, color = (v >> 22) & 15;

		for (int r = 0; r < 8; r++) {
			int sr = sy + r;
			const uint8_t *row;

			if (sr < 0 || sr >= im->h)
				continue;
			if (flags & DRAWF_FLIP_V)
				sr = im->h - 1 - sr;
			row = im->px + sr * im->w + cx * 8;
			for (int x = 0; x < 8 && cx * 8 + x < im->w; x++)
				if (row[x] != GFX_TRANSPARENT)
					px[r * 8 + x] = (flags & DRAWF_SILHOUETTE) ? (uint8_t)color : row[x];
		}
	}
	if (k->code & GRID_FRONT) {
		if (k->code & GRID_MASKED)
			over(px, gfx_mtiles[id]);
		else
			for (int i = 0; i < 64; i++)
				px[i] = t[i];
	}
}

uint32_t cellcomp_hash_factor = 0x9E3779B1u;
