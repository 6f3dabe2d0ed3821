/* keymap.c: scancode keys (drivers/input/kbdscan.h codes) to the game's own key codes (game/engine/keys.h). */
#include <stdint.h>

#include "kbdscan.h"
#include "keymap.h"
#include "keys.h"

/*
 * Indexed by kbdscan's key code: the set-1 make code, 0x80 | code after an
 * E0 prefix. The grey keys with a twin elsewhere (right Ctrl and Alt, the
 * arrow block, keypad Enter and /) are their twin, as DOS games saw them;
 * the other E0 keys (Windows, Menu, PrtSc, multimedia) are GK_NONE: a key,
 * but none the game names or binds.
 */
static const uint8_t scan_keys[KBD_KEYS] = {
	[0x01] = GK_ESC,
	[0x02] = GK_1, [0x03] = GK_2, [0x04] = GK_3, [0x05] = GK_4, [0x06] = GK_5,
	[0x07] = GK_6, [0x08] = GK_7, [0x09] = GK_8, [0x0A] = GK_9, [0x0B] = GK_0,
	[0x0C] = GK_MINUS, [0x0D] = GK_EQUALS, [0x0E] = GK_BACKSPACE, [0x0F] = GK_TAB,
	[0x10] = GK_Q, [0x11] = GK_W, [0x12] = GK_E, [0x13] = GK_R, [0x14] = GK_T,
	[0x15] = GK_Y, [0x16] = GK_U, [0x17] = GK_I, [0x18] = GK_O, [0x19] = GK_P,
	[0x1A] = GK_LBRACKET, [0x1B] = GK_RBRACKET, [0x1C] = GK_ENTER, [0x1D] = GK_CTRL,
	[0x1E] = GK_A, [0x1F] = GK_S, [0x20] = GK_D, [0x21] = GK_F, [0x22] = GK_G,
	[0x23] = GK_H, [0x24] = GK_J, [0x25] = GK_K, [0x26] = GK_L,
	[0x27] = GK_SEMICOLON, [0x28] = GK_QUOTE, [0x29] = GK_BACKQUOTE,
	[0x2A] = GK_LSHIFT, [0x2B] = GK_BACKSLASH,
	[0x2C] = GK_Z, [0x2D] = GK_X, [0x2E] = GK_C, [0x2F] = GK_V, [0x30] = GK_B,
	[0x31] = GK_N, [0x32] = GK_M, [0x33] = GK_COMMA, [0x34] = GK_PERIOD, [0x35] = GK_SLASH,
	[0x36] = GK_RSHIFT, [0x37] = GK_PAD_STAR, [0x38] = GK_ALT, [0x39] = GK_SPACE,
	[0x3A] = GK_CAPS_LOCK,
	[0x3B] = GK_F1, [0x3C] = GK_F2, [0x3D] = GK_F3, [0x3E] = GK_F4, [0x3F] = GK_F5,
	[0x40] = GK_F6, [0x41] = GK_F7, [0x42] = GK_F8, [0x43] = GK_F9, [0x44] = GK_F10,
	[0x45] = GK_NUM_LOCK, [0x46] = GK_SCROLL_LOCK,
	[0x47] = GK_HOME, [0x48] = GK_UP, [0x49] = GK_PGUP, [0x4A] = GK_PAD_MINUS,
	[0x4B] = GK_LEFT, [0x4C] = GK_PAD_5, [0x4D] = GK_RIGHT, [0x4E] = GK_PAD_PLUS,
	[0x4F] = GK_END, [0x50] = GK_DOWN, [0x51] = GK_PGDN, [0x52] = GK_INS, [0x53] = GK_DEL,
	[0x56] = GK_INTL, [0x57] = GK_F11, [0x58] = GK_F12,
	/* E0 keys with a twin */
	[KEY_KP_ENTER] = GK_ENTER, [KEY_RCTRL] = GK_CTRL, [0x80 | 0x35] = GK_SLASH, [KEY_RALT] = GK_ALT,
	[0x80 | 0x47] = GK_HOME, [KEY_UP] = GK_UP, [0x80 | 0x49] = GK_PGUP,
	[KEY_LEFT] = GK_LEFT, [KEY_RIGHT] = GK_RIGHT,
	[0x80 | 0x4F] = GK_END, [KEY_DOWN] = GK_DOWN, [0x80 | 0x51] = GK_PGDN,
	[0x80 | 0x52] = GK_INS, [0x80 | 0x53] = GK_DEL,
};

uint8_t keymap_key(uint8_t key)
{
	return scan_keys[key];
}
