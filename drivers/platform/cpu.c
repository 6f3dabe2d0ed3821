/* cpu.c: identify the CPU without assuming one newer than a 486, and guard the instructions it may lack. */
#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"

#define EFLAGS_AC       (1u << 18)      /* settable on a 486 and later, fixed 0 on a 386 */
#define EFLAGS_ID       (1u << 21)      /* settable when the CPU has CPUID */
#define CPUID_EXT_BASE  0x80000000u
#define CPUID_BRAND_LAST 0x80000004u

static CpuInfo info;

/* Does `bit` of EFLAGS stick when flipped? Restores EFLAGS afterwards. */
static bool eflags_bit_toggles(uint32_t bit)
{
	uint32_t before, after;

	__asm__ volatile(
		"pushfl\n\t"
		"pushfl\n\t"
		"popl %0\n\t"
		"movl %0, %1\n\t"
		"xorl %2, %1\n\t"
		"pushl %1\n\t"
		"popfl\n\t"
		"pushfl\n\t"
		"popl %1\n\t"
		"popfl"
		: "=&r"(before), "=&r"(after) : "ri"(bit) : "cc");
	return ((before ^ after) & bit) != 0;
}

/* CPUID itself: only reached when info.has_cpuid is set. */
static void cpuid(uint32_t leaf, uint32_t r[4])
{
	__asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(0));
}

static void copy_regs(char *dst, const uint32_t *regs, int n)
{
	for (int i = 0; i < n; i++)
		for (int b = 0; b < 4; b++)
			dst[i * 4 + b] = (char)(regs[i] >> (8 * b));
}

/*
 * A 386 cannot set EFLAGS.AC; a CPU that can set EFLAGS.ID has CPUID
 * (some late 486s and every Pentium). Without CPUID nothing newer is used.
 */
void cpu_probe(void)
{
	uint32_t r[4];

	info = (CpuInfo){ .klass = eflags_bit_toggles(EFLAGS_AC) ? 4 : 3 };
	info.has_cpuid = eflags_bit_toggles(EFLAGS_ID);
	if (!info.has_cpuid)
		return;
	cpuid(0, r);
	info.max_leaf = r[0];
	copy_regs(info.vendor, (uint32_t[]){ r[1], r[3], r[2] }, 3);
	if (info.max_leaf >= 1) {
		cpuid(1, r);
		info.signature = r[0];
		info.edx1 = r[3];
		info.ecx1 = r[2];
	}
	cpuid(CPUID_EXT_BASE, r);
	if (r[0] >= CPUID_BRAND_LAST && r[0] < CPUID_EXT_BASE + 0x100) {
		for (uint32_t leaf = CPUID_EXT_BASE + 2; leaf <= CPUID_BRAND_LAST; leaf++) {
			cpuid(leaf, r);
			copy_regs(info.brand + (leaf - CPUID_EXT_BASE - 2) * 16, r, 4);
		}
	}
}

const CpuInfo *cpu_info(void)
{
	return &info;
}

bool cpu_has(uint32_t feature)
{
	return (info.edx1 & feature) == feature && info.has_cpuid;
}

int cpu_family(void)
{
	int fam;

	if (!info.signature)
		return info.klass;
	fam = (int)((info.signature >> 8) & 0xF);
	if (fam == 0xF)
		fam += (int)((info.signature >> 20) & 0xFF);
	return fam;
}

bool cpu_timestamp(uint64_t *tsc)
{
	uint32_t lo, hi;

	*tsc = 0;
	if (!cpu_has(CPU_F_TSC))
		return false;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	*tsc = ((uint64_t)hi << 32) | lo;
	return true;
}

bool cpu_msr_read(uint32_t msr, uint64_t *v)
{
	uint32_t lo, hi;

	*v = 0;
	if (!cpu_has(CPU_F_MSR))
		return false;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	*v = ((uint64_t)hi << 32) | lo;
	return true;
}

bool cpu_msr_write(uint32_t msr, uint64_t v)
{
	if (!cpu_has(CPU_F_MSR))
		return false;
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v), "d"((uint32_t)(v >> 32)));
	return true;
}

bool cpu_cr4_set(uint32_t bits, uint32_t feature)
{
	uint32_t cr4;

	if (!feature || !cpu_has(feature))
		return false;
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 | bits) : "memory");
	return true;
}
