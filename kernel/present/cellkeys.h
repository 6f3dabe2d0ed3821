/* cellkeys.h: a frame's side of the cell plan — keys for the grid cells something is drawn over (kernel/present/cellkeys.c). */
#ifndef KERNEL_CELLKEYS_H
#define KERNEL_CELLKEYS_H

#include <stdbool.h>
#include <stdint.h>

#include "cellcomp.h"
#include "cellplan.h"
#include "frame.h"

#define KEY_ALL         1               /* CellKey.pad: a cell no key describes, drawn by every command */
#define KEY_COVERED     2               /* an overlay fill covers the cell: nothing under it shows */

/*
 * The frame's keys, built only for the cells something is drawn over
 * (at[cell] == stamp): the sprites' layers in cur[] (only the first n are
 * set), the overlay bits in ovl_bits[]. Nothing to clear between frames.
 * One instance (fk), read by kernel/present/cellplan.c.
 */
typedef struct FrameKeys {
	uint16_t stamp, at[CELL_COUNT];
	CellKey cur[CELL_COUNT];
	uint32_t cur_ovl[CELL_COUNT];
	int16_t list[CELL_COUNT];       /* the cells stamped, in order */
	int nlist;
	int16_t gidx[CELL_COUNT];       /* a cell's index in the grid, -1 off it */
	uint8_t sprite[FRAME_MAX_CMDS]; /* commands of the grid frame taken as layers */
	const DrawCmd *ovl[CELLPLAN_OVERLAYS + 1];      /* the overlays the bits name, and their texts */
	const char *ovl_text[CELLPLAN_OVERLAYS + 1];
	int novl;
	int gx0, gy0, gx1, gy1;         /* the grid, in cells */
} FrameKeys;

extern FrameKeys fk;

/*
 * Layers and overlay bits from every command after the grid of frames[sf].
 * False when the frame is not one keys describe: a grid off the cell
 * lattice or the screen, no front pass, or two of them.
 */
bool cellkeys_build(const Frame *const *frames, int n, int sf);
bool cellkeys_same_overlays(const OverlayCopy *k);      /* this frame's overlays are k's, in order */
void cellkeys_keep_overlays(OverlayCopy *k);            /* k = copies of this frame's overlays */

#endif
