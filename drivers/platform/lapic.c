/* lapic.c: local APIC register map and the few operations the game clock needs (Intel SDM vol. 3, ch. 10). */
#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"
#include "io.h"
#include "lapic.h"

#define MSR_APIC_BASE       0x0000001B
#define APIC_BASE_X2APIC    (1u << 10)  /* EXTD: x2APIC mode, the registers are MSRs, the MMIO page is dead */
#define APIC_BASE_ENABLE    (1u << 11)
#define APIC_BASE_ADDR_MASK 0xFFFFF000u
#define MSR_X2APIC_FIRST    0x00000800  /* x2APIC: register at MMIO offset R is MSR 0x800 + R / 16 */

#define LAPIC_TPR           0x080       /* task priority */
#define LAPIC_EOI           0x0B0
#define LAPIC_SVR           0x0F0       /* spurious vector; bit 8 = software enable */
#define LAPIC_SVR_ENABLE    0x100
#define LAPIC_LVT_TIMER     0x320
#define LAPIC_LVT_MASKED    (1u << 16)
#define LAPIC_LVT_PERIODIC  (1u << 17)
#define LAPIC_TIMER_INIT    0x380
#define LAPIC_TIMER_CURRENT 0x390
#define LAPIC_TIMER_DIV     0x3E0
#define LAPIC_DIV_16        0x3

static uintptr_t base;                  /* xAPIC: the register page */
static bool x2apic;                     /* x2APIC: the registers through MSRs */

/* One register, through MMIO (xAPIC) or its MSR (x2APIC, as firmware may hand the CPU over). */
static uint32_t reg_read(uint32_t reg)
{
	uint64_t v = 0;

	if (!x2apic)
		return mmio_read32(base + reg);
	cpu_msr_read(MSR_X2APIC_FIRST + reg / 16, &v);
	return (uint32_t)v;
}

static void reg_write(uint32_t reg, uint32_t v)
{
	if (x2apic)
		cpu_msr_write(MSR_X2APIC_FIRST + reg / 16, v);
	else
		mmio_write32(base + reg, v);
}

bool lapic_present(void)
{
	return cpu_has(CPU_F_APIC) && cpu_has(CPU_F_MSR);
}

/*
 * Global enable through the base MSR, then software enable and TPR 0. In
 * x2APIC mode (the firmware may leave it on: it cannot be turned off
 * without disabling the APIC, and on some PCs it is locked) every register
 * is an MSR and the base address does not matter; in xAPIC mode the
 * register page must be below 4 GiB.
 */
bool lapic_enable(void)
{
	uint64_t msr;

	if (!lapic_present() || !cpu_msr_read(MSR_APIC_BASE, &msr))
		return false;
	x2apic = (msr & APIC_BASE_ENABLE) && (msr & APIC_BASE_X2APIC);
	if (!x2apic && (msr >> 32) != 0)
		return false;
	if (!(msr & APIC_BASE_ENABLE))
		cpu_msr_write(MSR_APIC_BASE, msr | APIC_BASE_ENABLE);
	base = x2apic ? 0 : (uintptr_t)(msr & APIC_BASE_ADDR_MASK);
	reg_write(LAPIC_TPR, 0);
	reg_write(LAPIC_SVR, LAPIC_SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
	return true;
}

bool lapic_is_x2apic(void)
{
	return x2apic;
}

uintptr_t lapic_base(void)
{
	return base;
}

void lapic_timer_count_down(void)
{
	reg_write(LAPIC_TIMER_DIV, LAPIC_DIV_16);
	reg_write(LAPIC_LVT_TIMER, LAPIC_LVT_MASKED | LAPIC_TIMER_VECTOR);
	reg_write(LAPIC_TIMER_INIT, 0xFFFFFFFFu);
}

uint32_t lapic_timer_current(void)
{
	return reg_read(LAPIC_TIMER_CURRENT);
}

void lapic_timer_periodic(uint32_t count)
{
	reg_write(LAPIC_TIMER_DIV, LAPIC_DIV_16);
	reg_write(LAPIC_LVT_TIMER, LAPIC_LVT_PERIODIC | LAPIC_TIMER_VECTOR);
	reg_write(LAPIC_TIMER_INIT, count);
}

void lapic_eoi(void)
{
	reg_write(LAPIC_EOI, 0);
}
