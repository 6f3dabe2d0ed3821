/* keyboard.h: 8042 PS/2 keyboard on IRQ1, scancode set 1. */
#ifndef DRIVERS_KEYBOARD_H
#define DRIVERS_KEYBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "kbdscan.h"

void kbd_init(void);
void kbd_irq(void);                     /* IRQ1 handler body */
void kbd_inject(uint8_t key, bool down);        /* another keyboard's event (USB), any context */
bool kbd_down(uint8_t key);
bool kbd_pop_press(uint8_t *key);       /* oldest queued press, false if none */

#endif
