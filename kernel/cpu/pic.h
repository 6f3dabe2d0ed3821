/* pic.h: the two 8259A interrupt controllers, remapped to vectors 0x20-0x2F. */
#ifndef KERNEL_PIC_H
#define KERNEL_PIC_H

#include <stdint.h>

#define PIC_IRQ_BASE    0x20
#define IRQ_TIMER       0
#define IRQ_KEYBOARD    1

void pic_init(void);
void pic_eoi(int irq);
void pic_unmask(int irq);
void pic_mask(int irq);
uint16_t pic_isr(void);                 /* in-service bits, for spurious IRQ 7/15 */

#endif
