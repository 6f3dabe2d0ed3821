/* mce.c: machine-check setup (CPUID, MCA banks, CR4.MCE) and the register read-out for the panic screen. */
#include <stdbool.h>
#include <stdint.h>

#include "cpuid.h"
#include "kfmt.h"
#include "klog.h"
#include "mce.h"

#define CR4_MCE         (1u << 6)
#define MSR_P5_MC_ADDR  0x000
#define MSR_P5_MC_TYPE  0x001
#define MSR_MCG_CAP     0x179           /* bits 0-7 bank count, bit 8 MCG_CTL present */
#define MSR_MCG_STATUS  0x17A           /* RIPV 0, EIPV 1, MCIP 2 */
#define MSR_MCG_CTL     0x17B
#define MSR_MC_CTL(i)   (0x400 + 4 * (i))
#define MSR_MC_STATUS(i) (0x401 + 4 * (i))
#define MSR_MC_ADDR(i)  (0x402 + 4 * (i))
#define MSR_MC_MISC(i)  (0x403 + 4 * (i))
#define MCG_CAP_COUNT   0xFF
#define MCG_CAP_CTL_P   (1u << 8)
#define MCI_VAL         (1u << 31)      /* of the status's high half: bit 63 */
#define MCI_MISCV       (1u << 27)      /* bit 59 */
#define MCI_ADDRV       (1u << 26)      /* bit 58 */
#define MC_MAX_BANKS    32

static bool enabled, has_mca;
static unsigned banks;

/* Through drivers/platform/cpu.c, which runs RDMSR/WRMSR only when CPUID has MSRs (a CPU with MCE has them). */
static uint64_t rdmsr(uint32_t msr)
{
	uint64_t v = 0;

	cpu_msr_read(msr, &v);
	return v;
}

static void wrmsr(uint32_t msr, uint64_t v)
{
	cpu_msr_write(msr, v);
}

static void hex64(char *buf, uint64_t v)
{
	kfmt_snprintf(buf, 20, "0x%08x%08x", (unsigned)(v >> 32), (unsigned)v);
}

void mce_init(void)
{
	uint32_t edx = cpuid_features_edx();

	if (!(edx & CPUID_EDX_MCE)) {
		klog("mce: the CPU has no machine-check exception (CPUID); hardware errors cannot be reported\n");
		return;
	}
	has_mca = (edx & CPUID_EDX_MCA) != 0;
	if (has_mca) {
		uint32_t cap = (uint32_t)rdmsr(MSR_MCG_CAP);

		banks = cap & MCG_CAP_COUNT;
		if (banks > MC_MAX_BANKS)
			banks = MC_MAX_BANKS;
		if (cap & MCG_CAP_CTL_P)
			wrmsr(MSR_MCG_CTL, ~0ull);
		for (unsigned i = 0; i < banks; i++) {
			uint64_t st = rdmsr(MSR_MC_STATUS(i));
			char v[20];

			if ((uint32_t)(st >> 32) & MCI_VAL) {
				hex64(v, st);
				klog("mce: bank %u held an error from before this boot: status=%s (cleared)\n", i, v);
			}
			if (i > 0)              /* NOTE: bank 0's CTL belongs to the firmware on P6 */
				wrmsr(MSR_MC_CTL(i), ~0ull);
			wrmsr(MSR_MC_STATUS(i), 0);
		}
	}
	cpu_cr4_set(CR4_MCE, CPU_F_MCE);        /* CPUID said MCE above */
	enabled = true;
	klog("mce: machine checks on (CR4.MCE), %s, %u banks\n", has_mca ? "MCA" : "no MCA", banks);
}

bool mce_enabled(void)
{
	return enabled;
}

void mce_describe(McEmit emit, void *ctx)
{
	char label[16], v[20];
	int shown = 0;

	if (!has_mca) {
		hex64(v, rdmsr(MSR_P5_MC_ADDR));
		emit(ctx, "P5_MC_ADDR", v);
		hex64(v, rdmsr(MSR_P5_MC_TYPE));
		emit(ctx, "P5_MC_TYPE", v);
		return;
	}
	hex64(v, rdmsr(MSR_MCG_STATUS));
	emit(ctx, "MCG_STATUS", v);
	for (unsigned i = 0; i < banks; i++) {
		uint64_t st = rdmsr(MSR_MC_STATUS(i));
		uint32_t hi = (uint32_t)(st >> 32);

		if (!(hi & MCI_VAL))
			continue;
		shown++;
		hex64(v, st);
		kfmt_snprintf(label, sizeof label, "MC%u_STATUS", i);
		emit(ctx, label, v);
		if (hi & MCI_ADDRV) {
			hex64(v, rdmsr(MSR_MC_ADDR(i)));
			kfmt_snprintf(label, sizeof label, "MC%u_ADDR", i);
			emit(ctx, label, v);
		}
		if (hi & MCI_MISCV) {
			hex64(v, rdmsr(MSR_MC_MISC(i)));
			kfmt_snprintf(label, sizeof label, "MC%u_MISC", i);
			emit(ctx, label, v);
		}
	}
	if (!shown)
		emit(ctx, "MC_BANKS", "none with VAL set");
}
