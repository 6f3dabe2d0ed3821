/* cellkeys.h: the keys stage — a frame's grid cells that something is drawn over, as keys (kernel/present/cellkeys.c). */
#ifndef KERNEL_CELLKEYS_H
#define KERNEL_CELLKEYS_H

#include <stdbool.h>
#include <stdint.h>

#include "cellcomp.h"
#include "celldiff.h"
#include "frame.h"

#define CELLKEYS_OVERLAYS CELLDIFF_COPY_CMDS    /* commands over the grid after its front pass that a key can name */

/*
 * What overlay_bits found for a list of overlays: the cells they touch,
 * the bits there and the fill covering each (1 + its bit, 0: none). The
 * same overlays again (a label that stays put) replay it.
 */
typedef struct OverlayCache {
	CmdCopy of;                     /* the overlays it was found for */
	int ncells;
	int16_t cells[CELL_COUNT];
	uint32_t bits[CELL_COUNT];
	uint8_t cover[CELL_COUNT];
	int16_t seen[CELL_COUNT];       /* (scratch, 0 between calls: +1 = a cell's place in cells[]) */
} OverlayCache;

/*
 * The keys stage's output and its caches (one per presenter; it starts
 * zeroed). Keys exist only for the cells something is drawn over
 * (at[cell] == stamp): the sprites' layers in cur[] (only the first n are
 * set), its mark, the overlay bits in cur_ovl[]. Nothing to clear between
 * frames.
 */
typedef struct FrameKeys {
	uint16_t stamp, at[CELL_COUNT];
	CellKey cur[CELL_COUNT];
	uint32_t cur_ovl[CELL_COUNT];
	int16_t list[CELL_COUNT];       /* the cells stamped, in order */
	int nlist;
	int16_t gidx[CELL_COUNT];       /* a cell's index in the grid, -1 off it */
	uint8_t sprite[FRAME_MAX_CMDS]; /* commands of the grid frame taken as layers */
	const DrawCmd *ovl[CELLKEYS_OVERLAYS];  /* the overlays the bits name, and their texts */
	const char *ovl_text[CELLKEYS_OVERLAYS];
	int novl;
	int gx0, gy0, gx1, gy1;         /* the grid, in cells */

	/* caches: */
	bool gidx_made;                 /* gidx[] is for gidx_for[] (the grid's gx0, gy0, gx1, gy1) */
	int gidx_for[4];
	OverlayCache ovl_cache;
	const Frame *clear_of;          /* a frame after the grid found to draw nothing over it, as it was */
	uint32_t clear_gen;
} FrameKeys;

/*
 * The keys stage: layers and overlay bits from every command after the
 * grid of frames[sf] (sf < 0 or >= n: none) into fk. False when the
 * frames are not ones keys describe: no grid, a grid off the cell lattice
 * or the screen, no front pass, or two of them.
 */
bool cellkeys_build(FrameKeys *fk, const Frame *const *frames, int n, int sf);

/* Are fk's overlays the ones k holds, in the same order? */
static inline bool cellkeys_same_overlays(const FrameKeys *fk, const CmdCopy *k)
{
	return celldiff_same_copy(k, fk->ovl, fk->ovl_text, fk->novl);
}

#endif
