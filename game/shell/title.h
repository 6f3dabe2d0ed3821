/* title.h: the title screen — the logo over a night meadow with the cast, a critter on patrol, a hero the arrows step. */
#ifndef GAME_TITLE_H
#define GAME_TITLE_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "input.h"
#include "sound.h"

/* The hero moves on whole 8x8 tiles; (tx, ty) is its top-left tile. */
#define TITLE_START_TX  4
#define TITLE_START_TY  20
#define TITLE_MIN_TX    0
#define TITLE_MAX_TX    38              /* 16 pixels wide: tiles tx and tx+1 */
#define TITLE_MIN_TY    8
#define TITLE_MAX_TY    20              /* stands on the floor at row 22 */
#define TITLE_REPEAT_DELAY 20           /* ticks held before auto-repeat starts */
#define TITLE_REPEAT_RATE  10           /* ticks between repeated steps */

#define GAME_VERSION    "0.2"           /* on the title and in the kernel's banner */

/* The only part of the screen that changes by itself: the critter's patrol (tests/qemu/image.py). */
#define TITLE_ANIM_X    168
#define TITLE_ANIM_Y    160
#define TITLE_ANIM_W    80
#define TITLE_ANIM_H    16

typedef struct TitleAxis {
	uint8_t repeat;                 /* ticks until the next auto-repeat step */
} TitleAxis;

typedef struct TitleState {
	uint32_t tick;
	int tx, ty;
	bool facing_left;
	uint32_t steps;
	TitleAxis h, v;
} TitleState;

/* What one tick produced besides the new state. */
typedef struct TitleEvents {
	SoundId sound;                  /* SND_NONE if none */
	bool moved;
} TitleEvents;

void title_init(TitleState *t);
void title_tick(TitleState *t, const GameInput *in, TitleEvents *ev);
uint32_t title_look(const TitleState *t);      /* changes iff the picture changes */
void title_draw(const TitleState *t, Frame *f);

#endif
