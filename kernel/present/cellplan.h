/* cellplan.h: the presenter's plan — keys -> diff -> plan: which cells of a page frames change, and how each is drawn. */
#ifndef KERNEL_CELLPLAN_H
#define KERNEL_CELLPLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "cellcomp.h"
#include "celldiff.h"
#include "cellkeys.h"
#include "frame.h"

/*
 * What one buffer shows, for frames with a grid (kernel/present/cellplan.c):
 * every cell of the grid as a key — its grid code and the sprites over it
 * (CellKey, the picture) plus which of the commands drawn over the grid
 * after its front pass touch it (ovl, a bit per such command) — and every
 * other command in a CellPage, diffed as celldiff does. Frames without a
 * grid use the CellPage alone. One per page; it starts zeroed.
 */
typedef struct PlanPage {
	CellPage cmds;                  /* the commands that are not the grid's sprites */
	bool keyed;                     /* the keys below describe the page */
	int8_t grid_frame;              /* which of the frames held the grid */
	uint16_t code[FRAME_GRID_CELLS] __attribute__((aligned(4)));     /* grid codes, grid order */
	uint8_t laid[CELL_COUNT];       /* 1: key[cell], ovl[cell] hold something */
	int16_t laid_list[CELL_COUNT];
	int nlaid;
	CellKey key[CELL_COUNT];
	uint32_t ovl[CELL_COUNT];
	CmdCopy ovls;                   /* the overlay commands the bits name, as drawn */
} PlanPage;

/* Of each cell row, the first and last column a set of cells has (lo > hi: none). */
typedef struct CellSpans {
	int8_t lo[CELL_ROWS], hi[CELL_ROWS];
} CellSpans;

/* How the dirty cells of a frame are drawn: the plan stage's output, what the draw stage takes. */
typedef struct CellPlan {
	int count;                      /* dirty cells */
	uint8_t dirty[CELL_COUNT] __attribute__((aligned(4)));   /* 1: its pixels may differ from the page's */
	bool keyed;                     /* false: draw every command under the dirty mask (no grid) */
	int grid_frame;                 /* keyed: the frame with the grid */
	const uint8_t *sprite;          /* keyed: per command of that frame, 1 = one of the keys' sprites */
	int npic;                       /* dirty grid cells drawn as one picture, *key[i] ... */
	int16_t pic[CELL_COUNT];
	const CellKey *key[CELL_COUNT]; /* (the planner's FrameKeys: valid until it plans again) */
	int npre, npost;                /* cells in pre[], post[] */
	uint8_t pre[CELL_COUNT] __attribute__((aligned(4)));     /* ... then commands before the grid, here */
	uint8_t post[CELL_COUNT] __attribute__((aligned(4)));    /* and commands after it (not the sprites), here */
	int nall;                       /* dirty cells drawn by every command, in all[] */
	uint8_t all[CELL_COUNT] __attribute__((aligned(4)));
	CellSpans pre_span, post_span, all_span;        /* (keyed) */
	int nset;                       /* the bytes of pre[], post[], all[] set, to clear before the next plan */
	uint8_t *set[CELL_COUNT * 3];
} CellPlan;

/*
 * Everything one page's trip through keys, diff and plan reads and writes
 * but the page itself: one per presenter, starting zeroed (static).
 */
typedef struct CellPlanner {
	FrameKeys keys;                 /* keys -> plan: the frame's keys (the plan adds plain ones) */
	int ndirty;                     /* within plan: the dirty cells to sort, listed */
	int16_t dirty_list[CELL_COUNT];
	CellPlan plan;                  /* plan -> draw */
} CellPlanner;

/*
 * Put frames[0..n-1] against what `page` shows and plan the redraw, in the
 * order of the stages (stages.h): keys (cellkeys_build), diff
 * (celldiff_frames_without, celldiff_frames for frames keys do not
 * describe), plan. A dirty grid cell whose picture is its tile and
 * whole-cell sprites (CellKey) is one picture (pic[]), then the commands
 * drawn over the grid after its front pass where they touch it (post[]);
 * cells off the grid take the commands that are not sprites (pre[] before
 * the grid, post[] after); a grid cell that anything else draws into (a
 * shifted image, text before the front pass, more than CELLCOMP_LAYERS
 * sprites, a code with no picture) takes every command (all[]) and is
 * redrawn every frame. Then `page` holds the frames. No pixels, no
 * hardware: its state is pl and page. Returns &pl->plan.
 */
CellPlan *cellplan_frames(CellPlanner *pl, const Frame *const *frames, int n, PlanPage *page);
void cellplan_forget(PlanPage *page);                   /* the buffer was drawn some other way */
void cellplan_copy(PlanPage *to, const PlanPage *from);

#endif
