/* lapic.c: local APIC register map and the few operations the game clock needs (Intel SDM vol. 3, ch. 10). */
#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"
#include "io.h"
#include "lapic.h"

#define MSR_APIC_BASE       0x0000001B
#define APIC_BASE_ENABLE    (1u << 11)
#define APIC_BASE_ADDR_MASK 0xFFFFF000u

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

static uintptr_t base;

bool lapic_present(void)
{
	return cpu_has(CPU_F_APIC) && cpu_has(CPU_F_MSR);
}

uintptr_t lapic_enable(void)
{
	uint64_t msr;

	if (!lapic_present() || !cpu_msr_read(MSR_APIC_BASE, &msr) || (msr >> 32) != 0)
		return 0;
	if (!(msr & APIC_BASE_ENABLE))
		cpu_msr_write(MSR_APIC_BASE, msr | APIC_BASE_ENABLE);
	base = (uintptr_t)(msr & APIC_BASE_ADDR_MASK);
	mmio_write32(base + LAPIC_TPR, 0);
	mmio_write32(base + LAPIC_SVR, LAPIC_SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
	return base;
}

void lapic_timer_count_down(void)
{
	mmio_write32(base + LAPIC_TIMER_DIV, LAPIC_DIV_16);
	mmio_write32(base + LAPIC_LVT_TIMER, LAPIC_LVT_MASKED | LAPIC_TIMER_VECTOR);
	mmio_write32(base + LAPIC_TIMER_INIT, 0xFFFFFFFFu);
}

uint32_t lapic_timer_current(void)
{
	return mmio_read32(base + LAPIC_TIMER_CURRENT);
}

void lapic_timer_periodic(uint32_t count)
{
	mmio_write32(base + LAPIC_TIMER_DIV, LAPIC_DIV_16);
	mmio_write32(base + LAPIC_LVT_TIMER, LAPIC_LVT_PERIODIC | LAPIC_TIMER_VECTOR);
	mmio_write32(base + LAPIC_TIMER_INIT, count);
}

void lapic_eoi(void)
{
	mmio_write32(base + LAPIC_EOI, 0);
}
