/*
 * io.h (host tests only): drivers/platform/io.h with both its PCI configuration port I/O
 * (sim_outl / sim_inl behind 0xCF8 / 0xCFC) and its memory-mapped register accesses
 * (sim_mmio_*) routed to the test's simulation, for tests/unit/test_ehci.c: the EHCI driver
 * reads PCI configuration (the BIOS hand-off) and its registers (write-1-to-clear bits).
 */
#ifndef TESTS_SIMEHCI_IO_H
#define TESTS_SIMEHCI_IO_H

#include <stdint.h>

#define outl real_outl
#define inl real_inl
#define mmio_read32 real_mmio_read32
#define mmio_write32 real_mmio_write32
#define mmio_read8 real_mmio_read8
#define mmio_read16 real_mmio_read16
#define mmio_write16 real_mmio_write16
#define mmio_write8 real_mmio_write8
#include "../../../drivers/platform/io.h"
#undef outl
#undef inl
#undef mmio_read32
#undef mmio_write32
#undef mmio_read8
#undef mmio_read16
#undef mmio_write16
#undef mmio_write8

void sim_outl(uint16_t port, uint32_t v);
uint32_t sim_inl(uint16_t port);
uint32_t sim_mmio_read32(uintptr_t addr);
void sim_mmio_write32(uintptr_t addr, uint32_t v);

static inline void outl(uint16_t port, uint32_t v) { sim_outl(port, v); }
static inline uint32_t inl(uint16_t port) { return sim_inl(port); }
static inline uint32_t mmio_read32(uintptr_t addr) { return sim_mmio_read32(addr); }
static inline void mmio_write32(uintptr_t addr, uint32_t v) { sim_mmio_write32(addr, v); }
static inline uint8_t mmio_read8(uintptr_t addr) { return (uint8_t)(sim_mmio_read32(addr & ~(uintptr_t)3) >> (8 * (addr & 3))); }
static inline uint16_t mmio_read16(uintptr_t addr) { return (uint16_t)(sim_mmio_read32(addr & ~(uintptr_t)3) >> (8 * (addr & 2))); }
static inline void mmio_write16(uintptr_t addr, uint16_t v) { (void)addr; (void)v; }
static inline void mmio_write8(uintptr_t addr, uint8_t v) { (void)addr; (void)v; }

#endif
