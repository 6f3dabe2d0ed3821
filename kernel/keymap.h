/* keymap.h: which keyboard keys drive which game buttons. */
#ifndef KERNEL_KEYMAP_H
#define KERNEL_KEYMAP_H

#include <stdint.h>

int keymap_button(uint8_t key);                 /* BTN_* or -1 */

#endif
