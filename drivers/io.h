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

static inline uint32_t inl(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* Memory-mapped registers (the kernel runs without paging: physical = linear). */
static inline uint32_t mmio_read32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

static inline void mmio_write32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

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

static inline uint32_t cpu_save_flags_cli(void)
{
	uint32_t f;
	__asm__ volatile("pushf; pop %0; cli" : "=r"(f) : : "memory");
	return f;
}

static inline void cpu_restore_flags(uint32_t f)
{
	__asm__ volatile("push %0; popf" : : "r"(f) : "memory", "cc");
}

#endif
