/* panic.h: the last stop — a register dump on screen and COM1, then a halt that still restarts on Ctrl+Alt+Del. */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include <stdbool.h>
#include <stdint.h>

#include "idt.h"

void panic_exception(const Regs *r) __attribute__((noreturn));
void panic(const char *why) __attribute__((noreturn));
/* A headline of our own ("KERNEL STACK OVERFLOW", "LOCKUP") over the registers of r. */
void panic_regs(const char *headline, const Regs *r) __attribute__((noreturn));
const char *panic_exception_name(unsigned vector);

/* The display is set up (main.c, after vga_init): the panic may draw its screen there. */
void panic_display_ready(void);

/* crashtest=inpanic: the next panic faults again while it draws its screen. */
void panic_fault_while_drawing(void);

#endif
