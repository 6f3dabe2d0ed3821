/* gdt.c: our own GDT — flat code and data, a guarded stack segment, two TSSs — replacing whatever GRUB left. */
#include <stdint.h>

#include "gdt.h"

typedef struct __attribute__((packed)) GdtEntry {
	uint16_t limit_lo;
	uint16_t base_lo;
	uint8_t base_mid;
	uint8_t access;
	uint8_t gran;                   /* flags in the high nibble, limit 16-19 low */
	uint8_t base_hi;
} GdtEntry;

typedef struct __attribute__((packed)) GdtPtr {
	uint16_t limit;
	uint32_t base;
} GdtPtr;

#define GDT_ACCESS_CODE 0x9A            /* present, ring 0, code, readable */
#define GDT_ACCESS_DATA 0x92            /* present, ring 0, data, writable */
#define GDT_ACCESS_STACK 0x96           /* present, ring 0, data, expand-down, writable */
#define GDT_ACCESS_TSS  0x89            /* present, ring 0, 32-bit TSS (available) */
#define GDT_GRAN_4K_32  0xC0            /* 4 KiB granularity, 32-bit (limit 16-19 added) */
#define GDT_GRAN_BYTE   0x00
#define GDT_ENTRIES     6

static GdtEntry gdt[GDT_ENTRIES];
static GdtPtr gdt_ptr;

extern char stack_bottom[];             /* boot/entry.S: page aligned */

void gdt_flush(const GdtPtr *p);        /* boot/isr.S */

static void gdt_set(int i, uint32_t base, uint32_t limit, uint8_t access, uint8_t gran)
{
	gdt[i] = (GdtEntry){
		.limit_lo = limit & 0xFFFF,
		.base_lo = base & 0xFFFF,
		.base_mid = (base >> 16) & 0xFF,
		.access = access,
		.gran = (uint8_t)(gran | ((limit >> 16) & 0x0F)),
		.base_hi = base >> 24,
	};
}

void gdt_set_tss(uint16_t selector, uint32_t base, uint32_t limit)
{
	gdt_set(selector / 8, base, limit, GDT_ACCESS_TSS, GDT_GRAN_BYTE);
}

/*
 * The stack segment is flat like the others but expand-down: with 4 KiB
 * granularity its valid offsets are (limit * 4096 + 4095) + 1 .. 4 GiB - 1,
 * so limit = bottom / 4096 - 1 makes every push, call or ESP/EBP-based
 * access below the stack's bottom a stack fault. Delivering that fault
 * needs the same stack, so it becomes a double fault, which a task gate
 * takes to a stack of its own (kernel/cpu/fault.c): "kernel stack overflow".
 * NOTE: only SS-relative accesses are checked; a pointer to a local used
 * through DS is not, which is what the C code does, so nothing else changes.
 */
void gdt_init(void)
{
	uint32_t bottom = (uint32_t)(uintptr_t)stack_bottom;

	gdt[0] = (GdtEntry){ 0 };
	gdt_set(GDT_KERNEL_CODE / 8, 0, 0xFFFFF, GDT_ACCESS_CODE, GDT_GRAN_4K_32);
	gdt_set(GDT_KERNEL_DATA / 8, 0, 0xFFFFF, GDT_ACCESS_DATA, GDT_GRAN_4K_32);
	gdt_set(GDT_KERNEL_STACK / 8, 0, bottom / 4096 - 1, GDT_ACCESS_STACK, GDT_GRAN_4K_32);
	gdt_ptr.limit = sizeof gdt - 1;
	gdt_ptr.base = (uint32_t)(uintptr_t)gdt;
	gdt_flush(&gdt_ptr);
	__asm__ volatile("mov %0, %%ss" : : "r"((uint32_t)GDT_KERNEL_STACK) : "memory");
}
