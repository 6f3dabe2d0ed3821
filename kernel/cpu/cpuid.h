/* cpuid.h: CPUID leaf 1's feature bits, guarded for CPUs without CPUID (an early 486). */
#ifndef KERNEL_CPUID_H
#define KERNEL_CPUID_H

#include <stdint.h>

#include "cpu.h"

#define CPUID_EDX_PSE   (1u << 3)       /* 4 MiB pages */
#define CPUID_EDX_MCE   (1u << 7)
#define CPUID_EDX_MCA   (1u << 14)

/*
 * CPUID.1:EDX as drivers/platform/cpu.c found it at boot (cpu_probe), or 0 when the
 * CPU has no CPUID (EFLAGS.ID fixed) or no leaf 1. CPUID itself runs only
 * in drivers/platform/cpu.c (tools/check_isa.py).
 */
static inline uint32_t cpuid_features_edx(void)
{
	return cpu_info()->edx1;
}

#endif
