/* pic.c: remaps the 8259 PICs off the CPU exception vectors and acknowledges IRQs. */
#include <stdint.h>

#include "io.h"
#include "pic.h"

#define PIC1_CMD        0x0020
#define PIC1_DATA       0x0021
#define PIC2_CMD        0x00A0
#define PIC2_DATA       0x00A1

#define ICW1_INIT_ICW4  0x11            /* edge triggered, cascade, ICW4 follows */
#define ICW3_MASTER     0x04            /* slave on IRQ2 */
#define ICW3_SLAVE      0x02            /* cascade identity 2 */
#define ICW4_8086       0x01
#define OCW2_EOI        0x20
#define OCW3_READ_ISR   0x0B

void pic_init(void)
{
	outb(PIC1_CMD, ICW1_INIT_ICW4); io_wait();
	outb(PIC2_CMD, ICW1_INIT_ICW4); io_wait();
	outb(PIC1_DATA, PIC_IRQ_BASE); io_wait();
	outb(PIC2_DATA, PIC_IRQ_BASE + 8); io_wait();
	outb(PIC1_DATA, ICW3_MASTER); io_wait();
	outb(PIC2_DATA, ICW3_SLAVE); io_wait();
	outb(PIC1_DATA, ICW4_8086); io_wait();
	outb(PIC2_DATA, ICW4_8086); io_wait();
	outb(PIC1_DATA, 0xFF & ~(1 << 2));      /* all masked but the cascade */
	outb(PIC2_DATA, 0xFF);
}

void pic_unmask(int irq)
{
	uint16_t port = irq < 8 ? PIC1_DATA : PIC2_DATA;

	outb(port, inb(port) & ~(1 << (irq & 7)));
}

void pic_mask(int irq)
{
	uint16_t port = irq < 8 ? PIC1_DATA : PIC2_DATA;

	outb(port, inb(port) | (1 << (irq & 7)));
}

/* End of interrupt: the slave too for IRQ 8-15. */
void pic_eoi(int irq)
{
	if (irq >= 8)
		outb(PIC2_CMD, OCW2_EOI);
	outb(PIC1_CMD, OCW2_EOI);
}

uint16_t pic_isr(void)
{
	outb(PIC1_CMD, OCW3_READ_ISR);
	outb(PIC2_CMD, OCW3_READ_ISR);
	return (uint16_t)(inb(PIC2_CMD) << 8 | inb(PIC1_CMD));
}
