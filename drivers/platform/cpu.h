/* cpu.h: what the CPU is (386/486 flags test, CPUID when EFLAGS.ID toggles) and the guarded newer instructions. */
#ifndef DRIVERS_CPU_H
#define DRIVERS_CPU_H

#include <stdbool.h>
#include <stdint.h>

#define CPU_F_FPU       (1u << 0)       /* CPUID.1:EDX bits we use */
#define CPU_F_PSE       (1u << 3)
#define CPU_F_TSC       (1u << 4)
#define CPU_F_MSR       (1u << 5)
#define CPU_F_PAE       (1u << 6)
#define CPU_F_MCE       (1u << 7)
#define CPU_F_APIC      (1u << 9)
#define CPU_F_PAT       (1u << 16)      /* page attribute table: IA32_PAT, memory types per page */

typedef struct CpuInfo {
	int klass;                      /* 3 (386: EFLAGS.AC fixed), 4 (486 or later) */
	bool has_cpuid;                 /* EFLAGS.ID toggles */
	char vendor[13];                /* CPUID.0 vendor string, "" without CPUID */
	uint32_t max_leaf;
	uint32_t signature;             /* CPUID.1:EAX, 0 without CPUID */
	uint32_t edx1;                  /* CPUID.1:EDX feature bits, 0 without CPUID */
	uint32_t ecx1;                  /* CPUID.1:ECX feature bits, 0 without CPUID */
	char brand[49];                 /* CPUID 0x80000002..4, "" if absent */
} CpuInfo;

void cpu_probe(void);                   /* once at boot, before anything below */
const CpuInfo *cpu_info(void);
bool cpu_has(uint32_t feature);         /* a CPU_F_ bit of CPUID.1:EDX; false without CPUID */
int cpu_family(void);                   /* CPUID family (with the extended one), else the class */

/*
 * The instructions a 486 lacks, each behind its feature check.
 * tools/check_isa.py allows rdtsc, cpuid, rdmsr, wrmsr only inside these.
 */
bool cpu_timestamp(uint64_t *tsc);      /* RDTSC; false (and 0) when there is no TSC */
bool cpu_msr_read(uint32_t msr, uint64_t *v);   /* RDMSR; false without MSRs */
bool cpu_msr_write(uint32_t msr, uint64_t v);   /* WRMSR; false without MSRs */
/*
 * Set bits in CR4, which a 486 without CPUID lacks: only when CPUID reports
 * a feature that lives in CR4 (feature: a CPU_F_ bit, e.g. CPU_F_PAE); false
 * and nothing touched otherwise. check_isa.py allows CR4 only here.
 */
bool cpu_cr4_set(uint32_t bits, uint32_t feature);

#endif
