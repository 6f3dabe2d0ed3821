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

void anim_init(AnimState *a);                           /* action NONE, angle 0 */
void anim_set_action(AnimState *a, uint8_t action);     /* no restart if already playing */
void anim_set_angle(AnimState *a, int degrees);         /* any int; facing recomputed */
void anim_tick(AnimState *a);                           /* advance the countdown/frame */
int anim_image(const AnimState *a);                     /* first + count*facing + frame, -1 if none */

/* Same functions against an explicit table (for tests and tools). */
void anim_set_action_in(AnimState *a, const Action *table, uint8_t n, uint8_t action);
void anim_set_angle_in(AnimState *a, const Action *table, uint8_t n, int degrees);
void anim_tick_in(AnimState *a, const Action *table, uint8_t n);
int anim_image_in(const AnimState *a, const Action *table, uint8_t n);

#endif
