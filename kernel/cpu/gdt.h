/* gdt.h: flat protected-mode segments, the guarded stack segment and the two task-state segments. */
#ifndef KERNEL_GDT_H
#define KERNEL_GDT_H

#include <stdint.h>

#define GDT_KERNEL_CODE 0x08
#define GDT_KERNEL_DATA 0x10
#define GDT_KERNEL_STACK 0x18           /* expand-down: offsets below the kernel stack's bottom fault */
#define GDT_TSS_MAIN    0x20            /* the kernel's task (where a task switch saves its state) */
#define GDT_TSS_DF      0x28            /* the double-fault task (kernel/cpu/fault.c) */

void gdt_init(void);
void gdt_set_tss(uint16_t selector, uint32_t base, uint32_t limit);

#endif
