/*
 * test_lapic.c: the local APIC's registers through MMIO (xAPIC) and through
 * MSRs (x2APIC, as firmware may hand it over: issue 27) — on a simulated
 * MSR file and register page; QEMU 7.2's TCG has no x2APIC to try it on.
 */
#include <sys/mman.h>

#include "testmain.h"

#include "cpu.h"
#include "lapic.h"

/* The CPU as lapic.c sees it: CPUID's APIC and MSR bits and a small MSR file. */
#define MSRS 16
static struct { uint32_t msr; uint64_t v; } msrs[MSRS];
static int msr_count, msr_writes;
static bool has_apic = true;

bool cpu_has(uint32_t feature)
{
	return (feature == CPU_F_APIC && has_apic) || feature == CPU_F_MSR;
}

static uint64_t *msr_slot(uint32_t msr, bool make)
{
	for (int i = 0; i < msr_count; i++)
		if (msrs[i].msr == msr)
			return &msrs[i].v;
	if (!make || msr_count == MSRS)
		return NULL;
	msrs[msr_count].msr = msr;
	return &msrs[msr_count++].v;
}

bool cpu_msr_read(uint32_t msr, uint64_t *v)
{
	uint64_t *p = msr_slot(msr, false);

	*v = p ? *p : 0;
	return true;
}

bool cpu_msr_write(uint32_t msr, uint64_t v)
{
	*msr_slot(msr, true) = v;
	msr_writes++;
	return true;
}

static uint64_t msr(uint32_t m)
{
	uint64_t v;

	cpu_msr_read(m, &v);
	return v;
}

static int setup(void **state)
{
	(void)state;
	memset(msrs, 0, sizeof msrs);
	msr_count = msr_writes = 0;
	has_apic = true;
	return 0;
}

static void x2apic_mode_left_by_the_firmware_uses_the_msrs(void **state)
{
	(void)state;
	cpu_msr_write(0x1B, 0xFEE00000u | (1u << 11) | (1u << 10));     /* EN + EXTD; the page is not mapped */
	assert_true(lapic_enable());
	assert_true(lapic_is_x2apic());
	assert_int_equal(lapic_base(), 0);
	assert_int_equal(msr(0x808), 0);                                /* TPR */
	assert_int_equal(msr(0x80F), 0x100 | LAPIC_SPURIOUS_VECTOR);    /* SVR: software enable */
	lapic_timer_periodic(1234);
	assert_int_equal(msr(0x83E), 0x3);                              /* divide by 16 */
	assert_int_equal(msr(0x832), (1u << 17) | LAPIC_TIMER_VECTOR); /* LVT timer: periodic, unmasked */
	assert_int_equal(msr(0x838), 1234);                             /* initial count */
	cpu_msr_write(0x839, 777);                                      /* current count */
	assert_int_equal(lapic_timer_current(), 777);
	cpu_msr_write(0x80B, 0xDEAD);
	lapic_eoi();
	assert_int_equal(msr(0x80B), 0);                                /* EOI: write 0 */
	lapic_timer_count_down();
	assert_int_equal(msr(0x832), (1u << 16) | LAPIC_TIMER_VECTOR); /* masked one-shot */
	assert_int_equal(msr(0x838), 0xFFFFFFFFu);
}

static void xapic_mode_uses_the_register_page_and_no_msr_but_the_base(void **state)
{
	uint32_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

	(void)state;
	assert_true(page != MAP_FAILED);
	cpu_msr_write(0x1B, (uint32_t)(uintptr_t)page);                /* disabled: we enable it */
	msr_writes = 0;
	assert_true(lapic_enable());
	assert_false(lapic_is_x2apic());
	assert_int_equal(lapic_base(), (uintptr_t)page);
	assert_int_equal(msr(0x1B), (uint32_t)(uintptr_t)page | (1u << 11));
	assert_int_equal(msr_writes, 1);                                /* only the enable bit */
	assert_int_equal(page[0x0F0 / 4], 0x100 | LAPIC_SPURIOUS_VECTOR);
	lapic_timer_periodic(99);
	assert_int_equal(page[0x3E0 / 4], 0x3);
	assert_int_equal(page[0x320 / 4], (1u << 17) | LAPIC_TIMER_VECTOR);
	assert_int_equal(page[0x380 / 4], 99);
	page[0x390 / 4] = 55;
	assert_int_equal(lapic_timer_current(), 55);
	assert_int_equal(msr_writes, 1);
	munmap(page, 4096);
}

static void an_xapic_page_above_4_gib_or_no_apic_is_refused(void **state)
{
	(void)state;
	cpu_msr_write(0x1B, 0x100FEE00000ull | (1u << 11));
	assert_false(lapic_enable());
	has_apic = false;
	cpu_msr_write(0x1B, 0xFEE00000u | (1u << 11) | (1u << 10));
	assert_false(lapic_enable());
}

#define T(fn) cmocka_unit_test_setup(fn, setup)
static const struct CMUnitTest tests[] = {
	T(x2apic_mode_left_by_the_firmware_uses_the_msrs),
	T(xapic_mode_uses_the_register_page_and_no_msr_but_the_base),
	T(an_xapic_page_above_4_gib_or_no_apic_is_refused),
};

int main(int argc, char **argv)
{
	if (testmain_filter("lapic", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("lapic", tests, NULL, NULL);
}
