/* stages.h: the presenter's stages by name, in the order a page goes through them, and a count of their calls for the host's tests. */
#ifndef KERNEL_STAGES_H
#define KERNEL_STAGES_H

/*
 * One page: keys (cellkeys.c) -> diff (celldiff.c) -> plan (cellplan.c)
 * -> draw (present.c); docs/render.md draws it.
 */
typedef enum PresentStage {
	STAGE_KEYS,                     /* the grid cells something is drawn over, as keys */
	STAGE_DIFF,                     /* the other commands against the page's: the cells they change */
	STAGE_PLAN,                     /* the keys against the page's; every dirty cell sorted */
	STAGE_DRAW,                     /* the plan onto the VGA page */
	STAGE_COUNT
} PresentStage;

/*
 * STAGE_ENTERED(s) at the top of each stage's function. On the host it
 * counts the calls (tests/unit/test_present.c checks each stage runs once a
 * page); in the kernel it is nothing.
 */
#if __STDC_HOSTED__
#include <stdint.h>

extern uint32_t present_stage_calls[STAGE_COUNT];       /* (cellplan.c) */
#define STAGE_ENTERED(s) ((void)present_stage_calls[(s)]++)
#else
#define STAGE_ENTERED(s) ((void)0)
#endif

#endif
