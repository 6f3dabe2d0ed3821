/*
 * xhcisimio.h: the simulated xHCI's side of the driver's register accesses (tests/unit/simio/io.h
 * routes them here), included by xhcisim.h after its state: CNR after power-on and HCRST, the
 * accesses too soon after HCRST, counted for the test.
 */
#ifndef TESTS_UNIT_XHCISIMIO_H
#define TESTS_UNIT_XHCISIMIO_H

/*
 * The driver's register accesses (tests/unit/simio/io.h): USBSTS reads CNR
 * until cnr_until_ms; an operational register written meanwhile, or any
 * access sooner than 1 ms after HCRST (Intel xHCI can hang), is counted.
 */
static bool sim_is_reg(uintptr_t addr)
{
	return addr >= (uintptr_t)sim.regs && addr < (uintptr_t)sim.regs + SIM_REG_BYTES;
}

static void sim_access(uintptr_t addr, bool write)
{
	uint32_t off = (uint32_t)(addr - (uintptr_t)sim.regs);

	if (!sim_is_reg(addr))
		return;
	if (sim.hcrst_seen && sim.now_ms - sim.hcrst_ms < 1)
		sim.accesses_after_hcrst++;
	if (write && sim.now_ms < sim.cnr_until_ms && off >= SIM_OP && off < SIM_RT)
		sim.writes_while_cnr++;
}

uint32_t sim_mmio_read32(uintptr_t addr)
{
	uint32_t v;

	sim_access(addr, false);
	v = *(volatile uint32_t *)addr;
	if (addr == (uintptr_t)sim_reg(SIM_OP + OP_USBSTS) && sim.now_ms < sim.cnr_until_ms)
		v |= STS_CNR;
	return v;
}

void sim_mmio_write32(uintptr_t addr, uint32_t v)
{
	sim_access(addr, true);
	if (addr == (uintptr_t)sim_reg(SIM_OP + OP_USBCMD) && (v & CMD_HCRST)) {
		sim.hcrst_seen = true;          /* from here on, accesses are timed against it */
		sim.hcrst_ms = sim.now_ms;
	}
	*(volatile uint32_t *)addr = v;
}

uint8_t sim_mmio_read8(uintptr_t addr)
{
	sim_access(addr, false);
	return *(volatile uint8_t *)addr;
}

uint16_t sim_mmio_read16(uintptr_t addr)
{
	sim_access(addr, false);
	return *(volatile uint16_t *)addr;
}

void sim_mmio_write8(uintptr_t addr, uint8_t v)
{
	sim_access(addr, true);
	*(volatile uint8_t *)addr = v;
}

#endif
