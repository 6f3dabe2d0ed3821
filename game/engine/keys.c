/* keys.c: the names of the game's keys, on screen and in the keys= option, and finding a key by name. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keys.h"

/* Screen names fit the Controls screen's column (at most 9 characters); ids are what keys= takes. */
const KeyName key_names[GK_COUNT] = {
	[GK_NONE] = { "?", "none" },
	[GK_ESC] = { "Esc", "esc" },
	[GK_1] = { "1", "1" }, [GK_2] = { "2", "2" }, [GK_3] = { "3", "3" }, [GK_4] = { "4", "4" },
	[GK_5] = { "5", "5" }, [GK_6] = { "6", "6" }, [GK_7] = { "7", "7" }, [GK_8] = { "8", "8" },
	[GK_9] = { "9", "9" }, [GK_0] = { "0", "0" },
	[GK_MINUS] = { "-", "minus" }, [GK_EQUALS] = { "=", "equals" },
	[GK_BACKSPACE] = { "Backspace", "backspace" }, [GK_TAB] = { "Tab", "tab" },
	[GK_Q] = { "Q", "q" }, [GK_W] = { "W", "w" }, [GK_E] = { "E", "e" }, [GK_R] = { "R", "r" },
	[GK_T] = { "T", "t" }, [GK_Y] = { "Y", "y" }, [GK_U] = { "U", "u" }, [GK_I] = { "I", "i" },
	[GK_O] = { "O", "o" }, [GK_P] = { "P", "p" },
	[GK_LBRACKET] = { "[", "lbracket" }, [GK_RBRACKET] = { "]", "rbracket" },
	[GK_ENTER] = { "Enter", "enter" }, [GK_CTRL] = { "Ctrl", "ctrl" },
	[GK_A] = { "A", "a" }, [GK_S] = { "S", "s" }, [GK_D] = { "D", "d" }, [GK_F] = { "F", "f" },
	[GK_G] = { "G", "g" }, [GK_H] = { "H", "h" }, [GK_J] = { "J", "j" }, [GK_K] = { "K", "k" },
	[GK_L] = { "L", "l" },
	[GK_SEMICOLON] = { ";", "semicolon" }, [GK_QUOTE] = { "'", "quote" },
	[GK_BACKQUOTE] = { "`", "backquote" },
	[GK_LSHIFT] = { "LShift", "lshift" }, [GK_BACKSLASH] = { "\\", "backslash" },
	[GK_Z] = { "Z", "z" }, [GK_X] = { "X", "x" }, [GK_C] = { "C", "c" }, [GK_V] = { "V", "v" },
	[GK_B] = { "B", "b" }, [GK_N] = { "N", "n" }, [GK_M] = { "M", "m" },
	[GK_COMMA] = { ",", "comma" }, [GK_PERIOD] = { ".", "period" }, [GK_SLASH] = { "/", "slash" },
	[GK_RSHIFT] = { "RShift", "rshift" },
	[GK_PAD_STAR] = { "Pad *", "padstar" }, [GK_ALT] = { "Alt", "alt" },
	[GK_SPACE] = { "Space", "space" }, [GK_CAPS_LOCK] = { "CapsLock", "capslock" },
	[GK_F1] = { "F1", "f1" }, [GK_F2] = { "F2", "f2" }, [GK_F3] = { "F3", "f3" },
	[GK_F4] = { "F4", "f4" }, [GK_F5] = { "F5", "f5" }, [GK_F6] = { "F6", "f6" },
	[GK_F7] = { "F7", "f7" }, [GK_F8] = { "F8", "f8" }, [GK_F9] = { "F9", "f9" },
	[GK_F10] = { "F10", "f10" }, [GK_F11] = { "F11", "f11" }, [GK_F12] = { "F12", "f12" },
	[GK_NUM_LOCK] = { "NumLock", "numlock" }, [GK_SCROLL_LOCK] = { "ScrLock", "scrolllock" },
	[GK_HOME] = { "Home", "home" }, [GK_UP] = { "Up", "up" }, [GK_PGUP] = { "PgUp", "pgup" },
	[GK_PAD_MINUS] = { "Pad -", "padminus" }, [GK_LEFT] = { "Left", "left" },
	[GK_PAD_5] = { "Pad 5", "pad5" }, [GK_RIGHT] = { "Right", "right" },
	[GK_PAD_PLUS] = { "Pad +", "padplus" },
	[GK_END] = { "End", "end" }, [GK_DOWN] = { "Down", "down" }, [GK_PGDN] = { "PgDn", "pgdn" },
	[GK_INS] = { "Ins", "ins" }, [GK_DEL] = { "Del", "del" },
	[GK_INTL] = { "<>", "intl" },
	[GK_JOY_1] = { "Joy 1", "joy1" }, [GK_JOY_2] = { "Joy 2", "joy2" }, [GK_JOY_3] = { "Joy 3", "joy3" },
	[GK_JOY_4] = { "Joy 4", "joy4" }, [GK_JOY_5] = { "Joy 5", "joy5" }, [GK_JOY_6] = { "Joy 6", "joy6" },
	[GK_JOY_7] = { "Joy 7", "joy7" }, [GK_JOY_8] = { "Joy 8", "joy8" }, [GK_JOY_9] = { "Joy 9", "joy9" },
	[GK_JOY_10] = { "Joy 10", "joy10" }, [GK_JOY_11] = { "Joy 11", "joy11" }, [GK_JOY_12] = { "Joy 12", "joy12" },
	[GK_JOY_13] = { "Joy 13", "joy13" }, [GK_JOY_14] = { "Joy 14", "joy14" }, [GK_JOY_15] = { "Joy 15", "joy15" },
	[GK_JOY_16] = { "Joy 16", "joy16" },
	[GK_JOY_LEFT] = { "Joy Left", "joyleft" }, [GK_JOY_RIGHT] = { "Joy Right", "joyright" },
	[GK_JOY_UP] = { "Joy Up", "joyup" }, [GK_JOY_DOWN] = { "Joy Down", "joydown" },
};

const char *key_name(uint8_t key)
{
	return key < GK_COUNT ? key_names[key].name : key_names[GK_NONE].name;
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* s[0..len) equals t, ignoring case. */
static bool same(const char *s, size_t len, const char *t)
{
	size_t i = 0;

	for (; i < len && t[i]; i++)
		if (lower(s[i]) != lower(t[i]))
			return false;
	return i == len && t[i] == '\0';
}

uint8_t key_find(const char *s, size_t len)
{
	if (len == 0)
		return GK_NONE;
	for (uint8_t k = GK_NONE + 1; k < GK_COUNT; k++)
		if (same(s, len, key_names[k].id) || same(s, len, key_names[k].name))
			return k;
	return GK_NONE;
}

void keyboard_tick_press(KeyboardTick *k, uint8_t key)
{
	if (k->presses < KEY_PRESSES_MAX)
		k->press[k->presses++] = key;
}
