/* loophooks.h: the main loop's test hooks — bench lines, the ticks=N freeze, clocklog, crashtest=lockup. */
#ifndef KERNEL_LOOPHOOKS_H
#define KERNEL_LOOPHOOKS_H

#include <stdbool.h>
#include <stdint.h>

uint64_t loophook_stamp(void);          /* the TSC now (instructions under QEMU -icount), 0 without one */
/* bench: draw (the loop's own draw) and print one BENCH line for the world frames just run. */
void loophook_bench_draw(uint32_t world_frames, uint64_t tsc_logic, uint32_t tick, void (*draw)(void));
/* ticks=N reached: (bench: the framebuffer's whole-frame present time) READY, then frozen. */
void loophook_freeze(uint32_t done, bool bench) __attribute__((noreturn));
void loophook_clock_log(void);          /* clocklog: a `clock:` line every PIT_TICK_HZ ticks */
void loophook_hang(void) __attribute__((noreturn));    /* crashtest=lockup: spin with interrupts on */

#endif
