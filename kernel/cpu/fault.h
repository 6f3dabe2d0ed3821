/* fault.h: faults the ordinary panic path cannot take — double fault (own task and stack), stack overflow, corrupt ESP. */
#ifndef KERNEL_FAULT_H
#define KERNEL_FAULT_H

#include <stdint.h>

#include "cmdline.h"
#include "idt.h"

void fault_init(void);                  /* the kernel's TSS, the double-fault task and its gate */
void fault_set_cr3(uint32_t cr3);       /* paging.c switched page tables: the double-fault task's too */
void fault_crashtest(CrashTest c);      /* crashtest=NAME: fault on purpose (CRASH_LOCKUP is loop.c's) */
void fault_bad_stack(uint32_t esp, Regs *r) __attribute__((noreturn));  /* boot/isr.S */

#endif
