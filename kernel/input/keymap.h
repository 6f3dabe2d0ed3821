/* keymap.h: which scancode key is which of the game's keys (game/engine/keys.h); the bindings are the game's. */
#ifndef KERNEL_KEYMAP_H
#define KERNEL_KEYMAP_H

#include <stdint.h>

uint8_t keymap_key(uint8_t key);                /* kbdscan key code -> GameKey, GK_NONE if unnamed */

#endif
