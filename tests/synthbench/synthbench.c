/*
 * synthbench.c: a bare multiboot kernel that renders every built-in song with
 * the OPL2 synthesizer, built with the kernel's compiler and flags, and prints
 * the guest instructions its rendering took (make bench-synth runs it under
 * QEMU -icount shift=0, where TSC deltas count instructions; docs/music.md).
 */
#include <stddef.h>
#include <stdint.h>

#include "songs.h"
#include "synthsong.h"

#define COM1            0x03F8
#define DEBUG_EXIT      0x00F4          /* QEMU's isa-debug-exit */
#define BENCH_SECONDS   10
#define BENCH_RATE      48000

__attribute__((section(".multiboot"), used, aligned(4)))
static const uint32_t header[3] = { 0x1BADB002, 0x00000003, (uint32_t)-(0x1BADB002 + 0x00000003) };

uint8_t synthbench_stack[16384] __attribute__((aligned(16)));

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

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* The compiler's block copies and clears (struct assignment). */
void *memset(void *d, int c, size_t n)
{
	uint8_t *p = d;

	while (n--)
		*p++ = (uint8_t)c;
	return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
	uint8_t *p = d;
	const uint8_t *q = s;

	while (n--)
		*p++ = *q++;
	return d;
}

static void put(const char *s)
{
	for (; *s; s++) {
		while (!(inb(COM1 + 5) & 0x20))
			;
		outb(COM1, (uint8_t)*s);
	}
}

static void put_u64(uint64_t v)
{
	char num[24];
	int n = sizeof num - 1;

	num[n] = '\0';
	do {
		num[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v && n > 0);
	put(num + n);
}

void synthbench_main(void)
{
	static SynthSong p;
	static int16_t buf[BENCH_RATE / SYNTHSONG_TICK_HZ + 2];

	outb(COM1 + 1, 0x00);           /* 115200 8N1, no interrupts */
	outb(COM1 + 3, 0x80);
	outb(COM1 + 0, 0x01);
	outb(COM1 + 1, 0x00);
	outb(COM1 + 3, 0x03);
	outb(COM1 + 2, 0xC7);
	for (int i = 0; i < SONG_COUNT; i++) {
		uint64_t total = 0, t0;

		synthsong_start(&p, songs[i], BENCH_RATE);
		for (int t = 0; t < BENCH_SECONDS * SYNTHSONG_TICK_HZ; t++) {
			t0 = rdtsc();
			synthsong_tick(&p, buf);
			total += rdtsc() - t0;
		}
		put("synthbench: ");
		put(songs[i]->name);
		put(" seconds=");
		put_u64(BENCH_SECONDS);
		put(" instructions=");
		put_u64(total);
		put("\n");
	}
	put("synthbench: done\n");
	outb(DEBUG_EXIT, 0);
	for (;;)
		__asm__ volatile("cli; hlt");
}

__asm__(".text\n.globl _start\n_start:\n\tmov $synthbench_stack+16384, %esp\n\tcall synthbench_main\n1:\thlt\n\tjmp 1b\n");
