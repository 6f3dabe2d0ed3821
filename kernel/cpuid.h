/* cpuid.h: CPUID leaf 1's feature bits, guarded for CPUs without CPUID (an early 486). */
#ifndef KERNEL_CPUID_H
#define KERNEL_CPUID_H

#include <stdint.h>

#define CPUID_EDX_PSE   (1u << 3)       /* 4 MiB pages */
#define CPUID_EDX_MCE   (1u << 7)
#define CPUID_EDX_MCA   (1u << 14)
#define EFLAGS_ID       (1u << 21)      /* writable only when the CPU has CPUID */

/* CPUID.1:EDX, or 0 when EFLAGS.ID cannot be flipped (no CPUID) or leaf 1 is missing. */
static inline uint32_t cpuid_features_edx(void)
{
	uint32_t before, after, a, b, c, d;

	__asm__ volatile("pushfl; pop %0; mov %0, %1; xor %2, %1; push %1; popfl; pushfl; pop %1; push %0; popfl"
	    : "=&r"(before), "=&r"(after) : "i"(EFLAGS_ID) : "cc");
	if (!((before ^ after) & EFLAGS_ID))
		return 0;
	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0));
	if (a < 1)
		return 0;
	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1));
	return d;
}

#endif
