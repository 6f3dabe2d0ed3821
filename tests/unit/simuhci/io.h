/*
 * io.h (host tests only): drivers/platform/io.h with its port I/O routed to a simulated UHCI
 * controller (tests/unit/uhcisim.h: sim_in / sim_out), so a test sees every register access and
 * when it came. test_uhci's Makefile rule puts this folder before drivers/platform.
 */
#ifndef TESTS_SIMUHCI_IO_H
#define TESTS_SIMUHCI_IO_H

#include <stdint.h>

#define outb real_outb
#define outw real_outw
#define outl real_outl
#define inb real_inb
#define inw real_inw
#define inl real_inl
#define io_wait real_io_wait
#include "../../../drivers/platform/io.h"
#undef outb
#undef outw
#undef outl
#undef inb
#undef inw
#undef inl
#undef io_wait

uint32_t sim_in(uint16_t port, int bytes);
void sim_out(uint16_t port, uint32_t v, int bytes);

static inline void outb(uint16_t port, uint8_t v) { sim_out(port, v, 1); }
static inline void outw(uint16_t port, uint16_t v) { sim_out(port, v, 2); }
static inline void outl(uint16_t port, uint32_t v) { sim_out(port, v, 4); }
static inline uint8_t inb(uint16_t port) { return (uint8_t)sim_in(port, 1); }
static inline uint16_t inw(uint16_t port) { return (uint16_t)sim_in(port, 2); }
static inline uint32_t inl(uint16_t port) { return sim_in(port, 4); }
static inline void io_wait(void) { outb(0x0080, 0); }

#endif
