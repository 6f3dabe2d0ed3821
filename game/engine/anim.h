/* anim.h: data-driven animation (seed 002) — actions with view angles, loop/oscillate/freeze. */
#ifndef GAME_ANIM_H
#define GAME_ANIM_H

#include <stdint.h>

typedef enum AnimMode {
	ANIM_LOOP,                      /* last frame -> frame 0 */
	ANIM_OSCILLATE,                 /* ... -> last -> last-1 ... -> 0 -> 1 ... */
	ANIM_FREEZE,                    /* stays on the last frame */
} AnimMode;

/*
 * One action: `views` points of view (1, 2, 4, 8, ...), stored clockwise
 * from east, each `count` frames long, starting at image `first`. A frame
 * stays `delay` + 1 ticks (delay 0 = a new frame every tick).
 */
typedef struct Action {
	uint16_t first;                 /* IMG_* of view 0, frame 0 */
	uint8_t count;                  /* frames per view, >= 1 */
	uint8_t views;                  /* >= 1; view angle = 360 / views */
	uint8_t mode;                   /* AnimMode */
	uint8_t delay;                  /* ticks between frame changes */
} Action;

#define ACTION_NONE 0xFF

/* Per-actor animation state (seed 002's actIndex, anmFrame, anmFrameNext, anmFrameVec, anmFacing, angle). */
typedef struct AnimState {
	uint8_t action;                 /* index into the action table, ACTION_NONE = not drawn */
	uint8_t frame;                  /* 0 .. count-1 */
	uint8_t countdown;              /* ticks until the next frame change */
	int8_t vec;                     /* +1, -1, or 0 (frozen) */
	uint8_t facing;                 /* view index 0 .. views-1 */
	int16_t angle;                  /* degrees 0..359, 0 = east, 90 = south */
} AnimState;

/* The game's action table (game/engine/actions.c), indexed by ActionId. */
extern const Action anim_actions[];
extern const uint8_t anim_action_count;

/* Same functions against an explicit table (for tests and tools). */
void anim_set_action_in(AnimState *a, const Action *table, uint8_t n, uint8_t action);
void anim_set_angle_in(AnimState *a, const Action *table, uint8_t n, int degrees);
void anim_tick_in(AnimState *a, const Action *table, uint8_t n);
static inline int anim_image_in(const AnimState *a, const Action *table, uint8_t n);

void anim_init(AnimState *a);                           /* action NONE, angle 0 */
void anim_set_action(AnimState *a, uint8_t action);     /* no restart if already playing */
void anim_set_angle(AnimState *a, int degrees);         /* any int; facing recomputed */
static inline void anim_tick(AnimState *a);             /* advance the countdown/frame (below) */

/* first + count*facing + frame, -1 if none (inline: actors ask for it many times a tick). */
static inline int anim_image(const AnimState *a)
{
	return anim_image_in(a, anim_actions, anim_action_count);
}

/*
 * The table entry for an action id, or 0 when the id is ACTION_NONE or
 * past the end of a table of n entries. Every entry point goes through
 * here, so a bad id never reads outside the table; it just behaves like
 * ACTION_NONE.
 */
static inline const Action *anim_lookup(const Action *table, uint8_t n, uint8_t action)
{
	if (!table || action >= n)
		return 0;
	return &table[action];
}

/* Frames per view and views, with a zero in a bad table entry read as 1 so nothing divides by it or wraps. */
static inline uint8_t anim_count(const Action *act)
{
	return act->count ? act->count : 1;
}

static inline uint8_t anim_views(const Action *act)
{
	return act->views ? act->views : 1;
}

/*
 * The image to draw: views are stored one after another, clockwise from
 * east, each `count` frames long, so it is first + count * facing + frame.
 * -1 when nothing is drawn (ACTION_NONE or a bad id).
 *
 * NOTE: a frame or facing outside the action (only possible if the state
 * was set up against another table or poked by hand) is clamped to the
 * action's last frame / view, so the result always lies inside it.
 */
static inline int anim_image_in(const AnimState *a, const Action *table, uint8_t n)
{
	const Action *act = anim_lookup(table, n, a->action);
	int count, views, frame, facing;

	if (!act)
		return -1;
	if (a->frame < act->count && a->facing < act->views)    /* the usual case: nothing to clamp */
		return act->first + act->count * a->facing + a->frame;
	count = anim_count(act);
	views = anim_views(act);
	frame = a->frame < count ? a->frame : count - 1;
	facing = a->facing < views ? a->facing : views - 1;
	return act->first + count * facing + frame;
}

/*
 * Advance the countdown/frame. Inline for the common ticks, a countdown
 * running down or a frozen frame (vec 0, where anim_tick_in only reloads
 * the countdown); the rest in anim.c.
 */
static inline void anim_tick(AnimState *a)
{
	const Action *act = anim_lookup(anim_actions, anim_action_count, a->action);

	if (!act)
		return;
	if (a->countdown > 0)
		a->countdown--;
	else if (a->vec == 0 && a->frame < anim_count(act))
		a->countdown = act->delay;
	else
		anim_tick_in(a, anim_actions, anim_action_count);
}

#endif
