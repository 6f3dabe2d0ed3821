/* gdt.c: our own GDT — null, flat 4 GiB code and data — replacing whatever GRUB left. */
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
#define GDT_GRAN_4K_32  0xCF            /* 4 KiB granularity, 32-bit, limit 0xF */

static GdtEntry gdt[3];
static GdtPtr gdt_ptr;

void gdt_flush(const GdtPtr *p);        /* boot/isr.S */

static void gdt_set(int i, uint8_t access)
{
	gdt[i] = (GdtEntry){
		.limit_lo = 0xFFFF,
		.base_lo = 0,
		.base_mid = 0,
		.access = access,
		.gran = GDT_GRAN_4K_32,
		.base_hi = 0,
	};
}

void gdt_init(void)
{
	gdt[0] = (GdtEntry){ 0 };
	gdt_set(GDT_KERNEL_CODE / 8, GDT_ACCESS_CODE);
	gdt_set(GDT_KERNEL_DATA / 8, GDT_ACCESS_DATA);
	gdt_ptr.limit = sizeof gdt - 1;
	gdt_ptr.base = (uint32_t)(uintptr_t)gdt;
	gdt_flush(&gdt_ptr);
}
