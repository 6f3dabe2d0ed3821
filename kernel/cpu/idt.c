/* idt.c: 48 interrupt gates; exceptions go to the panic screen, IRQs to their drivers. */
#include <stddef.h>
#include <stdint.h>

#include "gdt.h"
#include "idt.h"
#include "panic.h"
#include "pic.h"

#define IDT_VECTORS     49              /* 32 exceptions, 16 IRQs, the local APIC timer */
#define VEC_LAPIC_TIMER 48              /* drivers/platform/lapic.h LAPIC_TIMER_VECTOR */
#define VEC_SPURIOUS    255             /* drivers/platform/lapic.h LAPIC_SPURIOUS_VECTOR */
#define IDT_GATE_INT32  0x8E            /* present, ring 0, 32-bit interrupt gate */
#define IDT_GATE_TASK   0x85            /* present, ring 0, task gate (selector = a TSS) */
#define EXCEPTIONS      32

typedef struct __attribute__((packed)) IdtEntry {
	uint16_t off_lo;
	uint16_t sel;
	uint8_t zero;
	uint8_t type;
	uint16_t off_hi;
} IdtEntry;

typedef struct __attribute__((packed)) IdtPtr {
	uint16_t limit;
	uint32_t base;
} IdtPtr;

extern const uint32_t isr_stub_table[IDT_VECTORS];      /* boot/isr.S */
extern const char isr_stub_255[];

static IdtEntry idt[256];
static IdtPtr idt_ptr;
static IrqHandler irq_handlers[16];
static IrqHandler lapic_timer_handler;

static void set_gate(int vector, uint32_t a)
{
	idt[vector] = (IdtEntry){
		.off_lo = a & 0xFFFF,
		.sel = GDT_KERNEL_CODE,
		.zero = 0,
		.type = IDT_GATE_INT32,
		.off_hi = a >> 16,
	};
}
static const Regs *irq_frame;           /* the IRQ being handled, for the lockup check */

void idt_init(void)
{
	for (int i = 0; i < IDT_VECTORS; i++)
		set_gate(i, isr_stub_table[i]);
	set_gate(VEC_SPURIOUS, (uint32_t)(uintptr_t)isr_stub_255);
	idt_ptr.limit = sizeof idt - 1;
	idt_ptr.base = (uint32_t)(uintptr_t)idt;
	__asm__ volatile("lidt %0" : : "m"(idt_ptr));
}

/* The CPU switches to the TSS's task (its own stack) instead of pushing on the current one. */
void idt_set_task_gate(int vector, uint16_t tss_selector)
{
	idt[vector] = (IdtEntry){ .off_lo = 0, .sel = tss_selector, .zero = 0, .type = IDT_GATE_TASK, .off_hi = 0 };
}

const Regs *idt_irq_frame(void)
{
	return irq_frame;
}

void irq_set_handler(int irq, IrqHandler h)
{
	irq_handlers[irq & 15] = h;
}

/* The local APIC timer's handler: it sends its own EOI to the local APIC, none goes to the 8259. */
void idt_set_lapic_timer(IrqHandler h)
{
	lapic_timer_handler = h;
}

void isr_dispatch(Regs *r)
{
	int irq;

	if (r->vector < EXCEPTIONS)
		panic_exception(r);             /* does not return */
	if (r->vector == VEC_LAPIC_TIMER) {
		irq_frame = r;                  /* the lockup check reads it, whatever the clock */
		if (lapic_timer_handler)
			lapic_timer_handler();
		irq_frame = NULL;
		return;
	}
	if (r->vector == VEC_SPURIOUS)
		return;                         /* a local APIC spurious interrupt wants no EOI */
	irq = (int)r->vector - PIC_IRQ_BASE;
	if (irq == 7 || irq == 15) {
		/* A spurious IRQ has no in-service bit and gets no EOI on its own PIC. */
		if (!(pic_isr() & (1u << irq))) {
			if (irq == 15)
				pic_eoi(0);
			return;
		}
	}
	irq_frame = r;
	if (irq_handlers[irq])
		irq_handlers[irq]();
	irq_frame = NULL;
	pic_eoi(irq);
}
