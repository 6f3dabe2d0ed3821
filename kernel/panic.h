/* panic.h: the last stop — a register dump on screen and COM1, then halt. */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include "idt.h"

void panic_exception(const Regs *r) __attribute__((noreturn));
void panic(const char *why) __attribute__((noreturn));
const char *panic_exception_name(unsigned vector);

#endif
