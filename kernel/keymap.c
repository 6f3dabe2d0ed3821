/* keymap.c: the key-to-button table (arrows or keypad, Ctrl/Alt jump, Space fire, B bomb, Z kick, ...). */
#include <stdint.h>

#include "input.h"
#include "kbdscan.h"
#include "keymap.h"

/* Set-1 make code of Z; drivers/kbdscan.h names only the keys the drivers themselves use. */
#define KEY_Z 0x2C

/*
 * Stored as button + 1 so that 0 means "not a game key". Both hands: the
 * arrows on the right, jump (Ctrl or Alt), kick (Z) and fire (Space) under
 * the left. NOTE: Tommy's layout is Ctrl jump, Alt shoot, Space kick (seed
 * 004); we keep Alt as a second jump key (Cosmo players reach for either)
 * and Space as fire, which is also the key that starts a game.
 */
static const uint8_t key_buttons[KBD_KEYS] = {
	[KEY_LEFT] = BTN_LEFT + 1,      [KEY_KP_LEFT] = BTN_LEFT + 1,
	[KEY_RIGHT] = BTN_RIGHT + 1,    [KEY_KP_RIGHT] = BTN_RIGHT + 1,
	[KEY_UP] = BTN_UP + 1,          [KEY_KP_UP] = BTN_UP + 1,
	[KEY_DOWN] = BTN_DOWN + 1,      [KEY_KP_DOWN] = BTN_DOWN + 1,
	[KEY_LCTRL] = BTN_JUMP + 1,     [KEY_RCTRL] = BTN_JUMP + 1,
	[KEY_LALT] = BTN_JUMP + 1,      [KEY_RALT] = BTN_JUMP + 1,
	[KEY_SPACE] = BTN_FIRE + 1,
	[KEY_B] = BTN_BOMB + 1,
	[KEY_Z] = BTN_KICK + 1,
	[KEY_P] = BTN_PAUSE + 1,        [KEY_ESC] = BTN_PAUSE + 1,
	[KEY_ENTER] = BTN_ENTER + 1,    [KEY_KP_ENTER] = BTN_ENTER + 1,
};

int keymap_button(uint8_t key)
{
	return (int)key_buttons[key] - 1;
}
