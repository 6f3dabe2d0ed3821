/* input.h: the per-tick input record, the only way input enters the game. */
#ifndef GAME_INPUT_H
#define GAME_INPUT_H

#include <stdbool.h>
#include <stdint.h>

/* Game buttons (bit numbers in GameInput.held / .pressed). */
enum {
	BTN_LEFT,
	BTN_RIGHT,
	BTN_UP,
	BTN_DOWN,
	BTN_JUMP,       /* Ctrl / Alt */
	BTN_FIRE,       /* Space */
	BTN_BOMB,       /* B */
	BTN_PAUSE,      /* P / Esc */
	BTN_ENTER,
	BTN_KICK,       /* Z; appended: bit numbers are recorded in demos */
	BTN_COUNT
};

#define BTN_BIT(b) (1u << (b))

/*
 * What the player did during one tick: buttons held at the tick's end, and
 * buttons newly pressed during it (a press and release inside one tick still
 * counts as pressed). A demo is a stream of these.
 */
typedef struct GameInput {
	uint16_t held;
	uint16_t pressed;
} GameInput;

static inline bool input_pressed(const GameInput *in, int b)
{
	return (in->pressed & BTN_BIT(b)) != 0;
}

/* Held at the tick's end, or pressed during it (a tap inside one tick). */
static inline bool input_down(const GameInput *in, int b)
{
	return ((in->held | in->pressed) & BTN_BIT(b)) != 0;
}

#endif
