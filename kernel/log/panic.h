/* panic.h: the last stop — a register dump on screen and COM1, then a halt that still restarts on Ctrl+Alt+Del. */
/* NOTE: every room may call it; the glue defines it (kernel/boot/panic.c), as it draws, saves and restarts through them. */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct Regs;                            /* the saved register frame (kernel/cpu/idt.h) */

void panic_exception(const struct Regs *r) __attribute__((noreturn));
void panic(const char *why) __attribute__((noreturn));
/* A headline of our own ("KERNEL STACK OVERFLOW", "LOCKUP") over the registers of r. */
void panic_regs(const char *headline, const struct Regs *r) __attribute__((noreturn));
const char *panic_exception_name(unsigned vector);

/* The display is set up (main.c, after vga_init): the panic may draw its screen there. */
void panic_display_ready(void);

/*
 * The level's replay (kernel/loop/replay_io.c): line() builds it and words it
 * ("replay: tick=N crc=XXXXXXXX ...", false: none) after CRASH.TXT is
 * written, the panic prints it on COM1 and on screen; then save() writes it
 * (CRASHRPL.DAT; false and why if not).
 */
typedef bool (*PanicReplayLine)(char *line, size_t size);
typedef bool (*PanicReplaySave)(char *why, size_t whylen);
void panic_set_replay(PanicReplayLine line, PanicReplaySave save);

/* crashtest=inpanic: the next panic faults again while it draws its screen. */
void panic_fault_while_drawing(void);

#endif
