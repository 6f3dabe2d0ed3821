/*
 * io.h (host tests only): drivers/platform/io.h with port I/O routed to a simulated device
 * (sim_in / sim_out, defined by the test) and the interrupt flag simulated (sim_flags_cli /
 * sim_restore_flags: cli and popf would fault in a host process), so a driver that times
 * hardware with interrupts off (drivers/input/gameport.c) runs on the host. test_gameport's
 * Makefile rule puts this folder before drivers/platform.
 */
#ifndef TESTS_SIMPORT_IO_H
#define TESTS_SIMPORT_IO_H

#include <stdint.h>

#define outb real_outb
#define inb real_inb
#define cpu_save_flags_cli real_cpu_save_flags_cli
#define cpu_restore_flags real_cpu_restore_flags
#include "../../../drivers/platform/io.h"
#undef outb
#undef inb
#undef cpu_save_flags_cli
#undef cpu_restore_flags

uint32_t sim_in(uint16_t port, int bytes);
void sim_out(uint16_t port, uint32_t v, int bytes);
uint32_t sim_flags_cli(void);
void sim_restore_flags(uint32_t f);

static inline void outb(uint16_t port, uint8_t v) { sim_out(port, v, 1); }
static inline uint8_t inb(uint16_t port) { return (uint8_t)sim_in(port, 1); }
static inline uint32_t cpu_save_flags_cli(void) { return sim_flags_cli(); }
static inline void cpu_restore_flags(uint32_t f) { sim_restore_flags(f); }

#endif
