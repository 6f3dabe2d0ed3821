/* gfxcache.c: converts the generated chunky assets to planar form once at boot. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "assets.h"
#include "cellcomp.h"
#include "gfx.h"
#include "gfxcache.h"
#include "klog.h"
#include "latebss.h"
#include "panic.h"
#include "planar.h"
#include "vga.h"

#define CACHE_BYTES     (96 * 1024)
#define CACHE_IMAGES    256

typedef uint32_t __attribute__((may_alias)) word;       /* four plane bytes, or a quarter key, at once */

#define CELL_SLOTS      2048            /* composed cells in VRAM (direct-mapped by key hash) */

#define SHIFT_BYTES     (384 * 1024)    /* images pre-shifted by 1..7 pixels, made on first use */

static LATE_BSS uint8_t arena[CACHE_BYTES];
static LATE_BSS uint8_t shift_arena[SHIFT_BYTES];
static size_t shift_used;
static LATE_BSS VgaBitmap shifted[CACHE_IMAGES][8];      /* .mask NULL: not made (yet) */
static size_t arena_used;
static VgaBitmap bitmaps[CACHE_IMAGES];
static VgaBitmap mtiles[CACHE_IMAGES];
static LATE_BSS CellKey cell_keys[CELL_SLOTS];  /* what each slot holds; .n == 0: nothing */
static uint8_t tile_planes[CACHE_IMAGES][4][8] __attribute__((aligned(4)));        /* the solid tiles, planar, for composing */
static int cell_base;                   /* the first slot's VRAM tile, 0: no room for slots */

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

	if (gfx_tile_count > VGA_MAX_TILES || gfx_tile_count > CACHE_IMAGES || gfx_image_count > CACHE_IMAGES ||
	    gfx_mtile_count > CACHE_IMAGES)
		panic("gfxcache: more tiles or images than the cache holds");
	for (i = 0; i < gfx_tile_count; i++) {
		planar_pack(gfx_tiles[i], GFX_TILE_W, GFX_TILE_H, -1, pp, NULL);
		vga_upload_tile(i, (const uint8_t (*)[8])planes);
		for (int p = 0; p < 4; p++)
			for (int r = 0; r < 8; r++)
				tile_planes[i][p][r] = planes[p][r];
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
	if (gfx_tile_count + gfx_mtile_count + CELL_SLOTS <= VGA_MAX_TILES)
		cell_base = gfx_tile_count + gfx_mtile_count;
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

/* 8 rows of bitmap b from row `row` (upside down: flip; rows off it: none), byte column cx, over pl; sil: in colour `color`. */
static void merge(uint8_t pl[4][8], const VgaBitmap *b, int row, int cx, bool flip, bool sil, int color)
{
	int r0 = row < 0 ? -row : 0, r1 = b->h - row < 8 ? b->h - row : 8, step = flip ? -b->stride : b->stride, at;
	const uint8_t *m, *s0, *s1, *s2, *s3;
	uint8_t f0 = color & 1 ? 0xFF : 0, f1 = color & 2 ? 0xFF : 0, f2 = color & 4 ? 0xFF : 0, f3 = color & 8 ? 0xFF : 0;

	if (cx >= b->stride || r0 >= r1)
		return;
	at = (flip ? b->h - 1 - (row + r0) : row + r0) * b->stride + cx;
	m = b->mask + at;
	s0 = b->plane[0] + at;
	s1 = b->plane[1] + at;
	s2 = b->plane[2] + at;
	s3 = b->plane[3] + at;
	for (int r = r0; r < r1; r++, m += step, s0 += step, s1 += step, s2 += step, s3 += step) {
		uint8_t k = *m;

		if (!k)
			continue;
		if (!sil) {
			f0 = *s0;
			f1 = *s1;
			f2 = *s2;
			f3 = *s3;
		}
		pl[0][r] = (uint8_t)((pl[0][r] & ~k) | (f0 & k));
		pl[1][r] = (uint8_t)((pl[1][r] & ~k) | (f1 & k));
		pl[2][r] = (uint8_t)((pl[2][r] & ~k) | (f2 & k));
		pl[3][r] = (uint8_t)((pl[3][r] & ~k) | (f3 & k));
	}
}

/* What cellcomp_pixels gives, in planes: the tile, the layers' masked bytes, the front tile. */
static void compose_planar(const CellKey *k, uint8_t pl[4][8])
{
	uint16_t id = k->code & GRID_ID;
	const word *t = (const word *)(const void *)tile_planes[(k->code & GRID_MASKED) ? TILE_EMPTY : id];
	word *d = (word *)(void *)pl;

	for (int i = 0; i < 8; i++)
		d[i] = t[i];
	if (k->code & GRID_MASKED)
		merge(pl, &mtiles[id], 0, 0, false, false, 0);
	for (int l = 0; l < k->n && l < CELLCOMP_LAYERS; l++) {
		uint32_t v = k->layer[l];

		merge(pl, &bitmaps[v & 0xFF], (int8_t)(uint8_t)(v >> 12), (v >> 8) & 15, (v >> 20) & DRAWF_FLIP_V,
		    (v >> 20) & DRAWF_SILHOUETTE, (v >> 22) & 15);
	}
	if (k->code & GRID_FRONT) {
		if (k->code & GRID_MASKED)
			merge(pl, &mtiles[id], 0, 0, false, false, 0);
		else
			for (int i = 0; i < 8; i++)
				d[i] = t[i];
	}
}

bool gfxcache_cells(void)
{
	return cell_base != 0;
}

/*
 * The VRAM tile holding the composed cell k (cellcomp.h): a slot chosen by
 * the key's hash, composed and uploaded when it holds another key. The
 * tile is valid until the next call (that may reuse the slot). -1: no room.
 */
int gfxcache_cell(const CellKey *k)
{
	uint32_t h = cellcomp_hash(k) & (CELL_SLOTS - 1);
	const word *a = (const word *)(const void *)k, *b = (const word *)(const void *)&cell_keys[h];
	int w = 0;

	if (!cell_base)
		return -1;
	while (w < (int)(sizeof *k / 4) && a[w] == b[w])
		w++;
	if (w < (int)(sizeof *k / 4)) {         /* the slot holds another picture */
		uint8_t planes[4][8] __attribute__((aligned(4)));

		compose_planar(k, planes);
		vga_upload_tile(cell_base + (int)h, (const uint8_t (*)[8])planes);
		cell_keys[h] = *k;
	}
	return cell_base + (int)h;
}
