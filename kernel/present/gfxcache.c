/* gfxcache.c: converts the generated chunky assets to planar form: tiles at boot, images on first use or behind the title. */
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
/*
 * For composing cells: pictures as words, a byte of each plane (plane p in
 * bits 8p..8p+7) per byte of a row, so one AND-OR merges a row of all four
 * planes under its mask byte.
 */
#define WORDS           (24 * 1024)
static LATE_BSS uint32_t words[WORDS];
static size_t words_used;
static const uint32_t *image_words[CACHE_IMAGES], *mtile_words[CACHE_IMAGES];
static uint32_t tile_words[CACHE_IMAGES][8];
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

/* The bytes of four planes as words (above): n of them. */
static void interleave(uint32_t *out, uint8_t *const pl[4], size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = pl[0][i] | (uint32_t)pl[1][i] << 8 | (uint32_t)pl[2][i] << 16 | (uint32_t)pl[3][i] << 24;
}

/* b: px in planes and mask; *w: the same as words. */
static void cache(VgaBitmap *b, const uint32_t **w, const uint8_t *px, int width, int h)
{
	size_t plane_bytes = (size_t)((width + 7) / 8) * h;
	uint8_t *mask = take(plane_bytes), *pl[4];
	int p;

	for (p = 0; p < 4; p++)
		pl[p] = take(plane_bytes);
	planar_pack(px, width, h, GFX_TRANSPARENT, pl, mask);
	*b = (VgaBitmap){ .w = (uint16_t)width, .h = (uint16_t)h, .stride = (uint16_t)((width + 7) / 8), .mask = mask };
	for (p = 0; p < 4; p++)
		b->plane[p] = pl[p];
	if (words_used + plane_bytes > WORDS)
		panic("gfxcache: word arena full, raise WORDS");
	interleave(words + words_used, pl, plane_bytes);
	*w = words + words_used;
	words_used += plane_bytes;
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
		interleave(tile_words[i], pp, 8);
	}
	/*
	 * The images are made planar when first drawn, or behind the title
	 * (gfxcache_warm, the loop's bring-up): 1.4 M instructions the title
	 * need not wait for (docs/boot.md). Where each lands in the arenas
	 * follows the order they are made; the pixels never depend on it.
	 */
	for (i = 0; i < gfx_mtile_count; i++)
		cache(&mtiles[i], &mtile_words[i], gfx_mtiles[i], GFX_TILE_W, GFX_TILE_H);
	for (i = 0; i < gfx_mtile_count && gfx_tile_count + i < VGA_MAX_TILES; i++) {
		uint8_t px[GFX_TILE_W * GFX_TILE_H];

		for (int k = 0; k < GFX_TILE_W * GFX_TILE_H; k++)
			px[k] = gfx_mtiles[i][k] == GFX_TRANSPARENT ? gfx_tiles[TILE_EMPTY][k] : gfx_mtiles[i][k];
		planar_pack(px, GFX_TILE_W, GFX_TILE_H, -1, pp, NULL);
		vga_upload_tile(gfx_tile_count + i, (const uint8_t (*)[8])planes);
	}
	if (gfx_tile_count + gfx_mtile_count + CELL_SLOTS <= VGA_MAX_TILES)
		cell_base = gfx_tile_count + gfx_mtile_count;
	klog("gfx: %u tiles in VRAM, %u masked tiles; %u images made planar when first drawn or behind the title\n",
	    (unsigned)gfx_tile_count, (unsigned)gfx_mtile_count, (unsigned)gfx_image_count);
}

/* Image id planar (made now if it is not yet); id in range. */
static const VgaBitmap *image(int id)
{
	if (!bitmaps[id].mask)
		cache(&bitmaps[id], &image_words[id], gfx_images[id].px, gfx_images[id].w, gfx_images[id].h);
	return &bitmaps[id];
}

const VgaBitmap *gfxcache_image(int id)
{
	if (id < 0 || id >= gfx_image_count)
		return NULL;
	return image(id);
}

static int warmed;                      /* images below this one are made */

bool gfxcache_warm(int n)
{
	for (; warmed < gfx_image_count && n > 0; warmed++, n--)
		image(warmed);
	if (warmed < gfx_image_count)
		return false;
	if (warmed == gfx_image_count) {
		klog("gfx: %u images planar, %u bytes\n", (unsigned)gfx_image_count, (unsigned)arena_used);
		warmed++;               /* said once */
	}
	return true;
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

/*
 * 8 rows of bitmap b (w: its words) from row `row` (upside down: flip;
 * rows off it: none), byte column cx, over the rows d; silhouette: the
 * word `sil` (a colour's planes) where it is opaque.
 */
static void merge(uint32_t d[8], const VgaBitmap *b, const uint32_t *w, int row, int cx, bool flip, const uint32_t *sil)
{
	int r0 = row < 0 ? -row : 0, r1 = b->h - row < 8 ? b->h - row : 8, step = flip ? -b->stride : b->stride, at;

	if (cx >= b->stride || r0 >= r1)
		return;
	at = (flip ? b->h - 1 - (row + r0) : row + r0) * b->stride + cx;
	for (int r = r0; r < r1; r++, at += step) {
		uint32_t m = b->mask[at];

		if (!m)
			continue;
		m *= 0x01010101u;
		d[r] = (d[r] & ~m) | ((sil ? *sil : w[at]) & m);
	}
}

/* What cellcomp_pixels gives, as words: the tile, the layers' masked bytes, the front tile. */
static void compose(const CellKey *k, uint32_t d[8])
{
	uint16_t id = k->code & GRID_ID;
	const uint32_t *t = tile_words[(k->code & GRID_MASKED) ? TILE_EMPTY : id];

	for (int i = 0; i < 8; i++)
		d[i] = t[i];
	if (k->code & GRID_MASKED)
		merge(d, &mtiles[id], mtile_words[id], 0, 0, false, NULL);
	for (int l = 0; l < k->n && l < CELLCOMP_LAYERS; l++) {
		uint32_t v = k->layer[l], c = (v >> 22) & 15;
		uint32_t sil = (c & 1 ? 0xFFu : 0) | (c & 2 ? 0xFF00u : 0) | (c & 4 ? 0xFF0000u : 0) | (c & 8 ? 0xFF000000u : 0);
		const VgaBitmap *b = gfxcache_image((int)(v & 0xFF));  /* made first: its words with it */

		if (!b)
			continue;
		merge(d, b, image_words[v & 0xFF], (int8_t)(uint8_t)(v >> 12), (v >> 8) & 15,
		    (v >> 20) & DRAWF_FLIP_V, (v >> 20) & DRAWF_SILHOUETTE ? &sil : NULL);
	}
	if (k->code & GRID_FRONT) {
		if (k->code & GRID_MASKED)
			merge(d, &mtiles[id], mtile_words[id], 0, 0, false, NULL);
		else
			for (int i = 0; i < 8; i++)
				d[i] = t[i];
	}
}

/* The slot for key k, and whether it holds k's picture. */
static inline __attribute__((always_inline)) int slot(const CellKey *k, bool *held)
{
	uint32_t h = cellcomp_hash(k) & (CELL_SLOTS - 1);
	const CellKey *b = &cell_keys[h];
	int l = 0;

	if (k->head == b->head)
		while (l < k->n && k->layer[l] == b->layer[l])
			l++;
	*held = k->head == b->head && l >= k->n;
	return (int)h;
}

/* Cache: the key gfxcache_cell_held last did not find, and its slot (gfxcache_cell need not look again). */
static const CellKey *missed;
static int missed_slot;

int gfxcache_cell_held(const CellKey *k)
{
	bool held;
	int h = slot(k, &held);

	missed = held ? NULL : k;
	missed_slot = h;
	return cell_base && held ? cell_base + h : -1;
}

/*
 * The VRAM tile holding the composed cell k (cellcomp.h): a slot chosen by
 * the key's hash, composed and uploaded when it holds another key. The
 * tile is valid until the next call (that may reuse the slot). -1: no room.
 */
int gfxcache_cell(const CellKey *k)
{
	bool held = false;
	int h = k == missed ? missed_slot : slot(k, &held);   /* (just looked for: not there) */

	missed = NULL;
	if (!cell_base)
		return -1;
	if (!held) {                            /* the slot holds another picture */
		uint32_t d[8];

		compose(k, d);
		vga_upload_tile_words(cell_base + h, d);
		cell_keys[h] = *k;
	}
	return cell_base + h;
}
