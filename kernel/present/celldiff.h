/* celldiff.h: which 8x8 cells of the screen a frame changes, against what a buffer already shows. */
#ifndef KERNEL_CELLDIFF_H
#define KERNEL_CELLDIFF_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"

#define CELL_COLS       (SCREEN_W / 8)  /* 40 */
#define CELL_ROWS       (SCREEN_H / 8)  /* 25 */
#define CELL_COUNT      (CELL_COLS * CELL_ROWS)
#define CELLDIFF_FRAMES 2               /* frames drawn one over the other (the view, the status bar) */
#define CELLDIFF_COPY_CMDS 32           /* commands a CmdCopy holds */
#define CELLDIFF_COPY_TEXT 512          /* and their texts */

/*
 * What one buffer shows (a VGA page, a framebuffer): a copy of the draw
 * commands, texts and grid cells it was last given. A buffer that was
 * cleared or drawn some other way is not valid: every cell of the next
 * frame counts as changed.
 */
typedef struct CellPage {
	bool valid;
	uint8_t frames;
	const Frame *src[CELLDIFF_FRAMES];      /* the frames given, as they were (Frame.gen) */
	uint32_t gen[CELLDIFF_FRAMES];
	uint16_t count[CELLDIFF_FRAMES];
	DrawCmd cmds[CELLDIFF_FRAMES][FRAME_MAX_CMDS];
	char text[CELLDIFF_FRAMES][FRAME_TEXT_BYTES];
	uint16_t grid[CELLDIFF_FRAMES][FRAME_GRID_CELLS] __attribute__((aligned(4)));  /* (compared two cells at a time) */
} CellPage;

/*
 * Put frames[0..n-1] (drawn in that order, n <= CELLDIFF_FRAMES) against
 * what `page` shows: dirty[cell] = 1 where the pixels may differ, else 0
 * (cell = row * CELL_COLS + column). A cell is dirty when a grid cell
 * there changed, or a command touching it differs from the command at the
 * same place in the page's list (both rectangles count: where it was and
 * where it is), or any command after a changed clip touches it. Every
 * other cell meets the same commands in the same order, and drawing is
 * overwriting, so its pixels are the same. Then `page` holds the new
 * frames. Returns the number of dirty cells. The diff stage of a page
 * (stages.h). No pixels, no hardware, no state but `page`.
 */
int celldiff_frames(const Frame *const *frames, int n, CellPage *page, uint8_t dirty[CELL_COUNT]);

/*
 * The same, but grid cells are not looked at (a grid command at the same
 * place and size marks nothing) and the commands i of frames[skip_frame]
 * with skip[i] set are left out on both sides: the caller diffs those
 * itself (kernel/present/cellplan.c). skip NULL: grids not looked at, nothing left out.
 */
int celldiff_frames_without(const Frame *const *frames, int n, CellPage *page, uint8_t dirty[CELL_COUNT],
    int skip_frame, const uint8_t *skip);

/* Would a (texts ta) and b (texts tb) put the same pixels in the same places, given the same clip? */
bool celldiff_same_cmd(const DrawCmd *a, const char *ta, const DrawCmd *b, const char *tb);

/*
 * Copies of a few commands (their texts with them), kept to tell whether a
 * later frame draws the same ones in the same order (the planner's
 * overlays, kernel/present/cellkeys.h).
 */
typedef struct CmdCopy {
	int n;                          /* -1: none kept (never the same) */
	DrawCmd cmd[CELLDIFF_COPY_CMDS];
	char text[CELLDIFF_COPY_TEXT];
} CmdCopy;

/* Are cmd[0..n-1] (texts text[0..n-1]) the commands k holds, in the same order? */
bool celldiff_same_copy(const CmdCopy *k, const DrawCmd *const *cmd, const char *const *text, int n);
/* k = copies of cmd[0..n-1] and their texts (n <= CELLDIFF_COPY_CMDS; too much text: never the same). */
void celldiff_keep_copy(CmdCopy *k, const DrawCmd *const *cmd, const char *const *text, int n);

/*
 * The buffer was cleared to `color` (vga_init: both pages): it holds what
 * one frame of one full-screen fill of that colour draws, so a next frame
 * that starts with that fill is diffed against it (only the cells its
 * other commands touch are dirty); any other frame, or two, redraw all.
 */
void celldiff_cleared(CellPage *page, int color);
/* to = from, as far as celldiff_frames reads it (the commands held, their texts and grid cells). */
void celldiff_copy(CellPage *to, const CellPage *from);

#endif
