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
 * counts the calls and keeps their order, a hex digit (s + 1) a call
 * (tests/unit/test_present.c: each stage once a page, in order); in the
 * kernel it is nothing.
 */
#if __STDC_HOSTED__
#include <stdint.h>

typedef struct StageLog {
	uint32_t calls[STAGE_COUNT];    /* calls of each stage */
	uint32_t order;                 /* the last eight calls, one stage (s + 1) a hex digit, the last lowest */
} StageLog;

extern StageLog present_stage_log;      /* (cellplan.c) */

static inline void stage_entered(PresentStage s)
{
	present_stage_log.calls[s]++;
	present_stage_log.order = present_stage_log.order << 4 | (uint32_t)(s + 1);
}
#define STAGE_ENTERED(s) stage_entered(s)
#else
#define STAGE_ENTERED(s) ((void)0)
#endif

#endif
