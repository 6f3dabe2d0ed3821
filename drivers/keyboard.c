/* keyboard.c: IRQ1 reads scancodes from the 8042 and feeds the set-1 decoder. */
#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "keyboard.h"

#define KBC_DATA        0x0060
#define KBC_STATUS      0x0064
#define KBC_STAT_OUTFULL 0x01           /* a byte is waiting in the data port */
#define KBC_DRAIN_LIMIT 64

static KbdState kbd;

/* Reset the decoder and drop bytes the firmware left in the controller. */
void kbd_init(void)
{
	int i;

	kbdscan_reset(&kbd);
	for (i = 0; i < KBC_DRAIN_LIMIT && (inb(KBC_STATUS) & KBC_STAT_OUTFULL); i++)
		(void)inb(KBC_DATA);
}

void kbd_irq(void)
{
	kbdscan_byte(&kbd, inb(KBC_DATA));
}

void kbd_inject(uint8_t key, bool down)
{
	uint32_t f = cpu_save_flags_cli();

	kbdscan_key(&kbd, key, down);
	cpu_restore_flags(f);
}

bool kbd_down(uint8_t key)
{
	return kbd.down[key];
}

bool kbd_pop_press(uint8_t *key)
{
	uint32_t f = cpu_save_flags_cli();
	bool got = kbdscan_pop(&kbd, key);

	cpu_restore_flags(f);
	return got;
}
