/* keys.h: the game's own key codes and names — what the player binds; the kernel maps scancodes and pads onto them. */
#ifndef GAME_KEYS_H
#define GAME_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Keys of a PC keyboard as the game knows them. The numbering is the
 * game's own (a key's place in this list, nothing to do with scancodes;
 * the kernel's keymap.c translates). The grey copies of a key (right Ctrl
 * and Alt, the arrow and Home/End block, keypad Enter and /) are the same
 * key as their twins, as in DOS games, which read scancodes and ignore
 * the E0 prefix: "Left" is the grey arrow and keypad 4.
 * GK_NONE: no key, or a key the game has no name for (the Windows keys).
 */
typedef enum GameKey {
	GK_NONE,
	GK_ESC, GK_1, GK_2, GK_3, GK_4, GK_5, GK_6, GK_7, GK_8, GK_9, GK_0, GK_MINUS, GK_EQUALS,
	GK_BACKSPACE, GK_TAB,
	GK_Q, GK_W, GK_E, GK_R, GK_T, GK_Y, GK_U, GK_I, GK_O, GK_P, GK_LBRACKET, GK_RBRACKET,
	GK_ENTER, GK_CTRL,
	GK_A, GK_S, GK_D, GK_F, GK_G, GK_H, GK_J, GK_K, GK_L, GK_SEMICOLON, GK_QUOTE, GK_BACKQUOTE,
	GK_LSHIFT, GK_BACKSLASH,
	GK_Z, GK_X, GK_C, GK_V, GK_B, GK_N, GK_M, GK_COMMA, GK_PERIOD, GK_SLASH, GK_RSHIFT,
	GK_PAD_STAR, GK_ALT, GK_SPACE, GK_CAPS_LOCK,
	GK_F1, GK_F2, GK_F3, GK_F4, GK_F5, GK_F6, GK_F7, GK_F8, GK_F9, GK_F10, GK_F11, GK_F12,
	GK_NUM_LOCK, GK_SCROLL_LOCK,
	GK_HOME, GK_UP, GK_PGUP, GK_PAD_MINUS, GK_LEFT, GK_PAD_5, GK_RIGHT, GK_PAD_PLUS,
	GK_END, GK_DOWN, GK_PGDN, GK_INS, GK_DEL,
	GK_INTL,                        /* the 102nd key, beside left Shift on European keyboards */
	/*
	 * Appended: a game controller's keys (kernel/padmap.c makes them of
	 * each pad's state): its buttons by number and its stick, D-pad or hat
	 * as four directions. Saved bindings hold key numbers: new keys come
	 * after every older one.
	 */
	GK_JOY_1, GK_JOY_2, GK_JOY_3, GK_JOY_4, GK_JOY_5, GK_JOY_6, GK_JOY_7, GK_JOY_8,
	GK_JOY_9, GK_JOY_10, GK_JOY_11, GK_JOY_12, GK_JOY_13, GK_JOY_14, GK_JOY_15, GK_JOY_16,
	GK_JOY_LEFT, GK_JOY_RIGHT, GK_JOY_UP, GK_JOY_DOWN,
	GK_COUNT
} GameKey;

#define GK_KEYBOARD_COUNT       GK_JOY_1        /* the keyboard's keys are GK_NONE + 1 .. this - 1 */
#define GK_JOY_BUTTONS          16              /* pad buttons 1..16 have keys; higher ones none */

static inline bool key_is_pad(uint8_t key)
{
	return key >= GK_JOY_1 && key < GK_COUNT;
}

/* A key's name on screen ("Ctrl", "Left", "A", ";") and in keys= ("ctrl", "left", "a", "semicolon"). */
typedef struct KeyName {
	const char *name;
	const char *id;
} KeyName;

extern const KeyName key_names[GK_COUNT];

const char *key_name(uint8_t key);                      /* "?" for GK_NONE or out of range */

/*
 * The key called `s` (its first `len` characters): its keys= id or its
 * screen name, in any case ("Ctrl", "ctrl", "-", "minus"). GK_NONE if none.
 */
uint8_t key_find(const char *s, size_t len);

/*
 * The keyboard during one tick, in game keys: what is down at its end and
 * what was pressed during it, oldest first. The kernel fills it from the
 * scancode decoder, tests and the host tools by hand; the session turns
 * it into buttons through the player's bindings (session_keyboard).
 */
#define KEY_PRESSES_MAX 8

typedef struct KeyboardTick {
	bool down[GK_COUNT];
	uint8_t press[KEY_PRESSES_MAX]; /* GameKey; GK_NONE: a key the game has no name for */
	uint8_t presses;                /* how many (more than KEY_PRESSES_MAX are dropped) */
} KeyboardTick;

void keyboard_tick_press(KeyboardTick *k, uint8_t key);        /* add a press, if there is room */

#endif
