/* trivial.c: the smallest multiboot kernel that says when it got control — the yardstick of make bench-boot. */
#include <stdint.h>

#define COM1 0x03F8

/* Multiboot v1 header with the flags our kernel uses (page-aligned modules, memory info). */
__attribute__((section(".multiboot"), used, aligned(4)))
static const uint32_t header[3] = { 0x1BADB002, 0x00000003, (uint32_t)-(0x1BADB002 + 0x00000003) };

uint8_t trivial_stack[4096] __attribute__((aligned(16)));

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static void put(const char *s)
{
	for (; *s; s++) {
		while (!(inb(COM1 + 5) & 0x20))
			;
		outb(COM1, (uint8_t)*s);
	}
}

void trivial_main(void)
{
	uint32_t lo, hi;
	uint64_t tsc;
	char num[24];
	int n = sizeof num - 1;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));     /* first thing: the instant we got control */
	tsc = ((uint64_t)hi << 32) | lo;
	outb(COM1 + 1, 0x00);           /* 115200 8N1, no interrupts */
	outb(COM1 + 3, 0x80);
	outb(COM1 + 0, 0x01);
	outb(COM1 + 1, 0x00);
	outb(COM1 + 3, 0x03);
	outb(COM1 + 2, 0xC7);
	num[n] = '\0';
	do {
		num[--n] = (char)('0' + tsc % 10);
		tsc /= 10;
	} while (tsc && n > 0);
	put("trivial: entry at tsc=");
	put(num + n);
	put("\nready\n");
	for (;;)
		__asm__ volatile("cli; hlt");
}

__asm__(".text\n.globl _start\n_start:\n\tmov $trivial_stack+4096, %esp\n\tcall trivial_main\n1:\thlt\n\tjmp 1b\n");
