/* idt.h: interrupt descriptor table, the saved register frame and IRQ handler hooks. */
#ifndef KERNEL_IDT_H
#define KERNEL_IDT_H

#include <stdint.h>

/* What boot/isr.S pushes, lowest address first. */
typedef struct Regs {
	uint32_t gs, fs, es, ds;
	uint32_t edi, esi, ebp, esp_at_pusha, ebx, edx, ecx, eax;
	uint32_t vector, err;
	uint32_t eip, cs, eflags;       /* pushed by the CPU */
} Regs;

typedef void (*IrqHandler)(void);

void idt_init(void);
void irq_set_handler(int irq, IrqHandler h);
void idt_set_lapic_timer(IrqHandler h);  /* vector 0x30; the handler sends the local APIC's EOI */
void idt_set_task_gate(int vector, uint16_t tss_selector);
const Regs *idt_irq_frame(void);        /* inside an IRQ handler: what it interrupted; else NULL */
void isr_dispatch(Regs *r);             /* called from boot/isr.S */

#endif
