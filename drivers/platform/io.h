/* io.h: x86 port I/O and CPU helpers, the only place with inline asm for drivers and kernel. */
#ifndef DRIVERS_IO_H
#define DRIVERS_IO_H

#include <stdint.h>

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outw(uint16_t port, uint16_t v)
{
	__asm__ volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline uint16_t inw(uint16_t port)
{
	uint16_t v;
	__asm__ volatile("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint32_t inl(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* Memory-mapped registers (PCI BARs): volatile, never cached in a register (kernel/cpu/paging.c maps those above 4 GiB). */
static inline uint32_t mmio_read32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

static inline void mmio_write32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

static inline uint16_t mmio_read16(uintptr_t addr)
{
	return *(volatile uint16_t *)addr;
}

static inline void mmio_write16(uintptr_t addr, uint16_t v)
{
	*(volatile uint16_t *)addr = v;
}

static inline uint8_t mmio_read8(uintptr_t addr)
{
	return *(volatile uint8_t *)addr;
}

static inline void mmio_write8(uintptr_t addr, uint8_t v)
{
	*(volatile uint8_t *)addr = v;
}

/* Order memory writes (a ring entry) before the write that hands them over. */
static inline void cpu_wmb(void) { __asm__ volatile("" ::: "memory"); }
static inline void cpu_pause(void) { __asm__ volatile("pause" ::: "memory"); }

/* A write to an unused port: about 1 us on real hardware, for slow devices. */
static inline void io_wait(void)
{
	outb(0x0080, 0);
}

static inline void cpu_cli(void) { __asm__ volatile("cli" ::: "memory"); }
static inline void cpu_sti(void) { __asm__ volatile("sti" ::: "memory"); }
static inline void cpu_hlt(void) { __asm__ volatile("hlt" ::: "memory"); }

/* Enable interrupts and halt atomically: no tick can slip in between. */
static inline void cpu_sti_hlt(void) { __asm__ volatile("sti; hlt" ::: "memory"); }

/* NOTE: the flags go through an unsigned long, the width of push/pop, so a driver that uses these
 * also compiles for a host unit test (tests/unit/test_xhci.c), which never calls them. */
static inline uint32_t cpu_save_flags_cli(void)
{
	unsigned long f;
	__asm__ volatile("pushf; pop %0; cli" : "=r"(f) : : "memory");
	return (uint32_t)f;
}

/* EFLAGS.IF: are interrupts on? (the bounded waits count the PIT themselves when they are off) */
static inline int cpu_interrupts_on(void)
{
	unsigned long f;
	__asm__ volatile("pushf; pop %0" : "=r"(f) : : "memory");
	return (f & 0x200) != 0;
}

static inline void cpu_restore_flags(uint32_t f)
{
	unsigned long v = f;
	__asm__ volatile("push %0; popf" : : "r"(v) : "memory", "cc");
}

/* Control registers, for kernel/cpu/paging.c only. */
static inline uint32_t cpu_read_cr0(void) { uint32_t v; __asm__ volatile("mov %%cr0, %0" : "=r"(v)); return v; }
static inline void cpu_write_cr0(uint32_t v) { __asm__ volatile("mov %0, %%cr0" : : "r"(v) : "memory"); }
static inline void cpu_write_cr3(uint32_t v) { __asm__ volatile("mov %0, %%cr3" : : "r"(v) : "memory"); }
static inline void cpu_invlpg(uintptr_t va) { __asm__ volatile("invlpg (%0)" : : "r"(va) : "memory"); }

#endif
