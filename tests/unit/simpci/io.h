/*
 * io.h (host tests only): drivers/platform/io.h with its port I/O routed to a simulated PCI
 * configuration space (tests/unit/test_pci.c: sim_outl / sim_inl behind 0xCF8 / 0xCFC), so a
 * test sees every configuration access and when it came. test_pci's Makefile rule includes it
 * before anything (-include): pci.c's own "io.h" is then skipped by its guard.
 */
#ifndef TESTS_SIMPCI_IO_H
#define TESTS_SIMPCI_IO_H

#include <stdint.h>

#define outl real_outl
#define inl real_inl
#include "../../../drivers/platform/io.h"
#undef outl
#undef inl

void sim_outl(uint16_t port, uint32_t v);
uint32_t sim_inl(uint16_t port);

static inline void outl(uint16_t port, uint32_t v) { sim_outl(port, v); }
static inline uint32_t inl(uint16_t port) { return sim_inl(port); }

#endif
