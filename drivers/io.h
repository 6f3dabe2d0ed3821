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

static inline uint64_t cpu_rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* Whether the CPU has CPUID: EFLAGS bit 21 (ID) can be flipped (not on a 386 or early 486). */
static inline int cpu_has_cpuid(void)
{
	uint32_t a, b;

	__asm__ volatile("pushf; pushf; pop %0; mov %0, %1; xor $0x00200000, %0; push %0; popf; pushf; pop %0; popf"
	    : "=&r"(a), "=&r"(b) : : "cc");
	return ((a ^ b) & 0x00200000) != 0;
}

static inline void cpu_cpuid(uint32_t leaf, uint32_t r[4])
{
	__asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(0));
}

#endif
