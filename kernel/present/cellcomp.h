/* cellcomp.h: grid cells with sprites over them as one composed 8x8 picture each, so a page takes them as latched copies. */
#ifndef KERNEL_CELLCOMP_H
#define KERNEL_CELLCOMP_H

#include <stdint.h>

#include "frame.h"

#define CELLCOMP_LAYERS 8               /* sprites over one cell; more: drawn the usual way */

/*
 * How the planner (kernel/present/cellplan.c) takes a cell's key: a picture
 * as it says, or a cell that is drawn some other way this frame.
 */
typedef enum CellMark {
	MARK_PICTURE = 0,               /* the key is the cell's picture */
	MARK_ALL = 1,                   /* no key describes the cell: it is drawn by every command */
	MARK_COVERED = 2,               /* an overlay fill covers the cell: nothing under it shows */
} CellMark;

/*
 * What one cell of a grid shows once its frame is drawn: the grid cell
 * (frame.h's code: tile, or masked tile over the empty tile, GRID_FRONT
 * drawn again on top) and, in drawing order between the grid and its front
 * pass, the 8x8 pieces of sprites over it. Only the first n layers
 * count: two keys are equal when their heads (code, n, mark) and those
 * layers are.
 *
 * NOTE: the head is a union so that code, n and mark are compared as one
 * 32-bit word (`head`) on the hot paths (the planner's key compare, the
 * cell cache's look-up); they are written by name.
 */
typedef struct CellKey {
	union {
		struct {
			uint16_t code;
			uint8_t n;              /* layers used, 0..CELLCOMP_LAYERS */
			uint8_t mark;           /* a CellMark: MARK_PICTURE in every key that is a picture */
		};
		uint32_t head;                  /* the three above at once */
	};
	uint32_t layer[CELLCOMP_LAYERS];        /* CELLCOMP_LAYER(image, byte column, top row, flags, colour) */
} CellKey;

_Static_assert(sizeof(CellKey) == 4 + 4 * CELLCOMP_LAYERS, "a key's head is one word");

/* k becomes the key of a cell with grid code `code` and nothing over it. */
static inline void cellcomp_plain_key(CellKey *k, uint16_t code)
{
	k->code = code;
	k->n = 0;
	k->mark = MARK_PICTURE;
}

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
