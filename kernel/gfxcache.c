/* gfxcache.c: converts the generated chunky assets to planar form once at boot. */
#include <stddef.h>
#include <stdint.h>

#include "assets.h"
#include "gfx.h"
#include "gfxcache.h"
#include "klog.h"
#include "latebss.h"
#include "panic.h"
#include "planar.h"
#include "vga.h"

#define CACHE_BYTES     (96 * 1024)
#define CACHE_IMAGES    256

#define SHIFT_BYTES     (384 * 1024)    /* images pre-shifted by 1..7 pixels, made on first use */

static LATE_BSS uint8_t arena[CACHE_BYTES];
static LATE_BSS uint8_t shift_arena[SHIFT_BYTES];
static size_t shift_used;
static LATE_BSS VgaBitmap shifted[CACHE_IMAGES][8];      /* .mask NULL: not made (yet) */
static size_t arena_used;
static VgaBitmap bitmaps[CACHE_IMAGES];
static VgaBitmap mtiles[CACHE_IMAGES];

static uint8_t *take(size_t n)
{
	uint8_t *p;

	if (arena_used + n > CACHE_BYTES)
		panic("gfxcache: sprite arena full, raise CACHE_BYTES");
	p = arena + arena_used;
	arena_used += n;
	return p;
}

static void cache(VgaBitmap *b, const uint8_t *px, int w, int h)
{
	size_t plane_bytes = (size_t)((w + 7) / 8) * h;
	uint8_t *mask = take(plane_bytes), *pl[4];
	int p;

	for (p = 0; p < 4; p++)
		pl[p] = take(plane_bytes);
	planar_pack(px, w, h, GFX_TRANSPARENT, pl, mask);
	*b = (VgaBitmap){ .w = (uint16_t)w, .h = (uint16_t)h, .stride = (uint16_t)((w + 7) / 8), .mask = mask };
	for (p = 0; p < 4; p++)
		b->plane[p] = pl[p];
}

void gfxcache_init(void)
{
	uint8_t planes[4][8];
	uint8_t *pp[4] = { planes[0], planes[1], planes[2], planes[3] };
	int i;

	if (gfx_tile_count > VGA_MAX_TILES || gfx_image_count > CACHE_IMAGES ||
	    gfx_mtile_count > CACHE_IMAGES)
		panic("gfxcache: more tiles or images than the cache holds");
	for (i = 0; i < gfx_tile_count; i++) {
		planar_pack(gfx_tiles[i], GFX_TILE_W, GFX_TILE_H, -1, pp, NULL);
		vga_upload_tile(i, (const uint8_t (*)[8])planes);
	}
	for (i = 0; i < gfx_image_count; i++)
		cache(&bitmaps[i], gfx_images[i].px, gfx_images[i].w, gfx_images[i].h);
	for (i = 0; i < gfx_mtile_count; i++)
		cache(&mtiles[i], gfx_mtiles[i], GFX_TILE_W, GFX_TILE_H);
	for (i = 0; i < gfx_mtile_count && gfx_tile_count + i < VGA_MAX_TILES; i++) {
		uint8_t px[GFX_TILE_W * GFX_TILE_H];

		for (int k = 0; k < GFX_TILE_W * GFX_TILE_H; k++)
			px[k] = gfx_mtiles[i][k] == GFX_TRANSPARENT ? gfx_tiles[TILE_EMPTY][k] : gfx_mtiles[i][k];
		planar_pack(px, GFX_TILE_W, GFX_TILE_H, -1, pp, NULL);
		vga_upload_tile(gfx_tile_count + i, (const uint8_t (*)[8])planes);
	}
	klog("gfx: %u tiles in VRAM, %u images, %u masked tiles, %u bytes planar\n",
	    (unsigned)gfx_tile_count, (unsigned)gfx_image_count, (unsigned)gfx_mtile_count,
	    (unsigned)arena_used);
}

const VgaBitmap *gfxcache_image(int id)
{
	if (id < 0 || id >= gfx_image_count)
		return NULL;
	return &bitmaps[id];
}

/* Rows of src moved sh pixels right into one more byte per row. */
static void shift_rows(const uint8_t *src, uint8_t *dst, int stride, int h, int sh)
{
	for (int r = 0; r < h; r++, src += stride, dst += stride + 1) {
		unsigned carry = 0;

		for (int j = 0; j <= stride; j++) {
			unsigned v = j < stride ? src[j] : 0;

			dst[j] = (uint8_t)(carry << (8 - sh) | v >> sh);
			carry = v;
		}
	}
}

/*
 * Image id as it lies when its left edge is sh pixels into a byte: the same
 * picture moved right by sh, one byte wider, so a blit at the byte boundary
 * (x - sh) needs no shifting per byte and plane. Made on first use from an
 * arena; NULL when sh is 0 or the arena is full (blit the plain one).
 */
const VgaBitmap *gfxcache_image_shifted(int id, int sh)
{
	const VgaBitmap *b = gfxcache_image(id);
	VgaBitmap *s;
	size_t n;

	if (!b || sh <= 0 || sh > 7)
		return NULL;
	s = &shifted[id][sh];
	if (s->mask)
		return s;
	n = (size_t)(b->stride + 1) * b->h;
	if (shift_used + 5 * n > SHIFT_BYTES)
		return NULL;
	*s = (VgaBitmap){ .w = (uint16_t)(b->w + sh), .h = b->h, .stride = (uint16_t)(b->stride + 1) };
	for (int p = 0; p < 4; p++) {
		s->plane[p] = shift_arena + shift_used;
		shift_rows(b->plane[p], shift_arena + shift_used, b->stride, b->h, sh);
		shift_used += n;
	}
	shift_rows(b->mask, shift_arena + shift_used, b->stride, b->h, sh);
	s->mask = shift_arena + shift_used;
	shift_used += n;
	return s;
}

/*
 * A masked tile over the empty tile is always the same 8x8 picture, so it
 * is kept in VRAM as a solid tile too: one latched copy instead of a tile
 * and a masked blit.
 */
int gfxcache_mtile_on_empty(int id)
{
	if (id < 0 || id >= gfx_mtile_count || gfx_tile_count + id >= VGA_MAX_TILES)
		return -1;
	return gfx_tile_count + id;
}

const VgaBitmap *gfxcache_mtile(int id)
{
	if (id < 0 || id >= gfx_mtile_count)
		return NULL;
	return &mtiles[id];
}
