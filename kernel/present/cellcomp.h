/* cellcomp.h: grid cells with sprites over them as one composed 8x8 picture each, so a page takes them as latched copies. */
#ifndef KERNEL_CELLCOMP_H
#define KERNEL_CELLCOMP_H

#include <stdint.h>

#include "celldiff.h"
#include "frame.h"

#define CELLCOMP_LAYERS 8               /* sprites over one cell; more: drawn the usual way */

/*
 * What one cell of a grid shows once its frame is drawn: the grid cell
 * (frame.h's code: tile, or masked tile over the empty tile, GRID_FRONT
 * drawn again on top) and, in drawing order between the grid and its front
 * pass, the 8x8 pieces of sprites over it. Only the first n layers
 * count: two keys are equal when their first word (code, n, pad) and
 * those layers are.
 */
typedef struct CellKey {
	uint16_t code;
	uint8_t n;                      /* layers used, 0..CELLCOMP_LAYERS */
	uint8_t pad;                    /* 0 in a picture's key (the planner's marks: cellkeys.h) */
	uint32_t layer[CELLCOMP_LAYERS];        /* CELLCOMP_LAYER(image, byte column, top row, flags, colour) */
} CellKey;

/* An image's byte column cx from its row sy (-7..h-1: the cell's top row; rows off the image are clear). */
#define CELLCOMP_LAYER(img, cx, sy, flags, color) \
	((uint32_t)(img) | (uint32_t)(cx) << 8 | (uint32_t)(uint8_t)(int8_t)(sy) << 12 | (uint32_t)(flags) << 20 | \
	    (uint32_t)(color) << 22)

/* The 8x8 colour indices (row-major) a cell with key k ends up with: what drawing its commands gives. */
void cellcomp_pixels(const CellKey *k, uint8_t px[64]);

/*
 * NOTE: the factor is a variable so that GCC emits one IMUL: tuned for the
 * 486 it spells a constant product out in ~20 shifts and adds. Inline: it
 * runs for every composed cell a frame redraws.
 */
extern uint32_t cellcomp_hash_factor;

static inline uint32_t cellcomp_hash(const CellKey *k)
{
	uint32_t h = k->code;

	for (int l = 0; l < k->n && l < CELLCOMP_LAYERS; l++)
		h = (h ^ k->layer[l]) * cellcomp_hash_factor;
	return h ^ h >> 15;
}

#endif
