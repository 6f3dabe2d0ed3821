/* gfx.h: the game's picture data — EGA palette, 8x8 font, tiles and images with origins. */
#ifndef GAME_GFX_H
#define GAME_GFX_H

#include <stdint.h>

#define GFX_COLORS      16
#define GFX_TRANSPARENT 0xFF    /* image pixel value: not drawn */
#define GFX_TILE_W      8
#define GFX_TILE_H      8

/*
 * One picture. px holds w*h bytes, row-major, each 0..15 or GFX_TRANSPARENT.
 * (ox, oy) is the origin point inside the picture: drawing the image "at"
 * (x, y) puts pixel (ox, oy) on (x, y), so frames of different sizes line up
 * (seed 002).
 */
typedef struct GfxImage {
	uint16_t w, h;
	int16_t ox, oy;
	const uint8_t *px;
} GfxImage;

/* An image's size in whole 8x8 tiles, what tile-step collision uses (generated with the images). */
typedef struct GfxTileSize {
	uint8_t w, h;
} GfxTileSize;

/* EGA palette as 6-bit DAC values (0..63), index = colour number. */
extern const uint8_t gfx_palette[GFX_COLORS][3];

/* Generated from game/assets (build/gen/assets.c). */
extern const uint8_t gfx_font[128][8];          /* ASCII glyphs, bit 7 = leftmost pixel */
extern const uint8_t gfx_tiles[][GFX_TILE_W * GFX_TILE_H]; /* solid tiles, colours 0..15 */
extern const uint16_t gfx_tile_count;
extern const uint8_t gfx_tile_attrs[];          /* TILE_* attribute bits per solid tile */
extern const uint8_t gfx_mtiles[][GFX_TILE_W * GFX_TILE_H]; /* masked tiles, GFX_TRANSPARENT allowed */
extern const uint8_t gfx_mtile_attrs[];
extern const uint16_t gfx_mtile_count;
extern const GfxImage gfx_images[];
extern const uint16_t gfx_image_count;
extern const GfxTileSize gfx_image_tiles[];    /* per image, gfx_images' w and h rounded up to tiles */

#endif
