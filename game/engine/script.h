/* script.h: scripted input — a short text that expands into per-frame input records. */
#ifndef GAME_SCRIPT_H
#define GAME_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>

#include "input.h"

/*
 * A script is comma-separated steps "<buttons><frames>": buttons are
 * letters l r u d j f b k (left right up down jump fire bomb kick) or '.' for
 * none, frames a decimal count 1..9999. "r12,rj3,.5" = hold Right 12
 * frames, Right+Jump 3 frames, nothing 5 frames. A button counts as
 * pressed in the first frame it is held. After the last step: no input.
 */
#define SCRIPT_MAX_STEPS 64

typedef struct ScriptStep {
	uint16_t held;
	uint16_t frames;
} ScriptStep;

typedef struct Script {
	ScriptStep steps[SCRIPT_MAX_STEPS];
	int count;
	int step;                       /* playback position */
	uint16_t left;                  /* frames left in the current step */
	uint16_t prev_held;
} Script;

/* false (and *bad_at = offending character index) on a malformed script. */
bool script_parse(Script *s, const char *text, int *bad_at);
void script_next(Script *s, GameInput *out);

#endif
