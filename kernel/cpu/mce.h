/* mce.h: machine checks — enabled at boot when the CPU has them, described by the panic on #MC. */
#ifndef KERNEL_MCE_H
#define KERNEL_MCE_H

#include <stdbool.h>

typedef void (*McEmit)(void *ctx, const char *label, const char *value);

/* CPUID says MCE: clear the banks' status (logging any left from before), set CR4.MCE; say so on COM1. */
void mce_init(void);
bool mce_enabled(void);

/* The machine-check registers as (label, value) lines: MCG_STATUS, then each bank with VAL set. */
void mce_describe(McEmit emit, void *ctx);

#endif
