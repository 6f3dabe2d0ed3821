/*
 * io.h (host tests only): drivers/platform/io.h with its MMIO accessors routed through the
 * simulated controller (tests/unit/xhcisim.h: sim_mmio_*), so a test sees every register
 * access and when it came. test_xhci's Makefile rule puts this folder before drivers/platform.
 * Saving the flags with interrupts off (cli, a fault in a host process) is a no-op here: the test
 * is single-threaded and calls the "timer IRQ" (poll) itself (test_usbpad: port_changes).
 */
#ifndef TESTS_SIMIO_IO_H
#define TESTS_SIMIO_IO_H

#include <stdint.h>

#define mmio_read32 real_mmio_read32
#define mmio_write32 real_mmio_write32
#define mmio_read8 real_mmio_read8
#define mmio_read16 real_mmio_read16
#define mmio_write16 real_mmio_write16
#define mmio_write8 real_mmio_write8
#define cpu_save_flags_cli real_cpu_save_flags_cli
#define cpu_restore_flags real_cpu_restore_flags
#include "../../../drivers/platform/io.h"
#undef cpu_save_flags_cli
#undef cpu_restore_flags
#undef mmio_read32
#undef mmio_write32
#undef mmio_read8
#undef mmio_read16
#undef mmio_write16
#undef mmio_write8

uint32_t sim_mmio_read32(uintptr_t addr);
void sim_mmio_write32(uintptr_t addr, uint32_t v);
uint8_t sim_mmio_read8(uintptr_t addr);
uint16_t sim_mmio_read16(uintptr_t addr);
void sim_mmio_write16(uintptr_t addr, uint16_t v);
void sim_mmio_write8(uintptr_t addr, uint8_t v);

static inline uint32_t cpu_save_flags_cli(void) { return 0x200; }      /* "interrupts were on" */
static inline void cpu_restore_flags(uint32_t f) { (void)f; }
static inline uint32_t mmio_read32(uintptr_t addr) { return sim_mmio_read32(addr); }
static inline void mmio_write32(uintptr_t addr, uint32_t v) { sim_mmio_write32(addr, v); }
static inline uint8_t mmio_read8(uintptr_t addr) { return sim_mmio_read8(addr); }
static inline void mmio_write8(uintptr_t addr, uint8_t v) { sim_mmio_write8(addr, v); }
static inline uint16_t mmio_read16(uintptr_t addr) { return sim_mmio_read16(addr); }
static inline void mmio_write16(uintptr_t addr, uint16_t v) { sim_mmio_write16(addr, v); }

#endif
