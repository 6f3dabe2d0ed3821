/*
 * test_pci.c: a controller left in D3hot is put in D0 through its PCI power-management
 * capability (drivers/platform/pci.c: pci_power_d0) — on a simulated configuration space, as
 * QEMU 7.2 cannot leave a device in D3 for the kernel to find: PMCSR written to D0, the PCI PM
 * spec's 10 ms before the next access, the BARs and command register written back when the
 * switch reset them (No_Soft_Reset clear), left alone when it did not. And Intel's 7- to
 * 9-series xHCI port switch (pci_xhci_intel_ports): XUSB2PR from XUSB2PRM, USB3_PSSEN from
 * USB3PRM, on those functions only.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "pci.h"

#define PM_CAP          0x40            /* where the simulated device keeps its PM capability */
#define PMCSR           (PM_CAP + 4)

static struct {
	uint32_t addr;                  /* the last CONFIG_ADDRESS written */
	uint8_t cfg[256];
	uint32_t now_ms;                /* the simulated clock: wait_ms moves it */
	uint32_t d0_at;                 /* when PMCSR was set to D0; 0: not yet */
	int early;                      /* accesses within 10 ms of that */
	bool keeps_config;              /* No_Soft_Reset: D3hot -> D0 keeps BARs and command */
	int writes;
} sim;

static uint32_t cfg32(uint8_t off)
{
	return (uint32_t)sim.cfg[off] | (uint32_t)sim.cfg[off + 1] << 8 | (uint32_t)sim.cfg[off + 2] << 16 |
	    (uint32_t)sim.cfg[off + 3] << 24;
}

static void set32(uint8_t off, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		sim.cfg[off + i] = (uint8_t)(v >> (8 * i));
}

static void touch(void)
{
	if (sim.d0_at && sim.now_ms - sim.d0_at < 10)
		sim.early++;
}

void sim_outl(uint16_t port, uint32_t v)
{
	uint8_t off;

	if (port == 0x0CF8) {
		sim.addr = v;
		return;
	}
	assert_int_equal(port, 0x0CFC);
	assert_true(sim.addr & 0x80000000u);
	touch();
	off = (uint8_t)(sim.addr & 0xFC);
	sim.writes++;
	if (off == (PMCSR & 0xFC) && (v & 3) == 0 && (cfg32(off) & 3) != 0) {
		sim.d0_at = sim.now_ms ? sim.now_ms : 1;
		if (!sim.keeps_config) {        /* the internal reset of D3hot -> D0 */
			for (int i = 0; i < 6; i++)
				set32((uint8_t)(0x10 + 4 * i), 0);
			set32(0x04, cfg32(0x04) & 0xFFFF0000u);
		}
		v &= ~3u;
	}
	set32(off, v);
}

uint32_t sim_inl(uint16_t port)
{
	assert_int_equal(port, 0x0CFC);
	touch();
	return cfg32((uint8_t)(sim.addr & 0xFC));
}

void wait_ms(uint32_t ms)
{
	sim.now_ms += ms;
}

static char logbuf[256];

void drvlog(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(logbuf, sizeof logbuf, fmt, ap);
	va_end(ap);
}

/* An xHCI controller in D3hot: two BARs (64-bit memory), memory decoding and bus mastering on. */
static int device_in_d3(void **state)
{
	(void)state;
	memset(&sim, 0, sizeof sim);
	sim.now_ms = 100;
	set32(0x00, 0x1E318086);                        /* vendor, device */
	set32(0x04, 0x00100006);                        /* status: capabilities; command: memory, master */
	set32(0x08, 0x0C033000);                        /* class 0C.03.30 */
	set32(0x10, 0xFEBF0004);                        /* BAR0: 64-bit memory */
	set32(0x14, 0x00000000);
	sim.cfg[0x34] = PM_CAP;
	set32(PM_CAP, 0x00030001);                      /* PM capability, no next, version 3 */
	set32(PMCSR, 0x00000003);                       /* D3hot */
	return 0;
}

static const PciDev dev = { .bus = 0, .dev = 3, .fn = 0 };

static void d3hot_goes_to_d0_with_10_ms_before_the_next_access(void **state)
{
	(void)state;
	assert_true(pci_power_d0(&dev));
	assert_int_equal(cfg32(PMCSR) & 3, 0);
	assert_true(sim.d0_at != 0);
	assert_true(sim.now_ms - sim.d0_at >= 10);
	assert_int_equal(sim.early, 0);
}

static void a_reset_on_the_way_to_d0_is_undone(void **state)
{
	(void)state;
	assert_true(pci_power_d0(&dev));
	assert_int_equal(cfg32(0x10), 0xFEBF0004);      /* BAR0 written back */
	assert_int_equal(cfg32(0x04) & 0xFFFF, 0x0006); /* command written back */
}

static void a_device_that_keeps_its_configuration_is_left_alone(void **state)
{
	int before;

	(void)state;
	sim.keeps_config = true;
	set32(PMCSR, 0x0000000B);                       /* D3hot, No_Soft_Reset */
	before = sim.writes;
	assert_true(pci_power_d0(&dev));
	assert_int_equal(sim.writes - before, 1);       /* only PMCSR */
	assert_int_equal(cfg32(0x10), 0xFEBF0004);
	assert_int_equal(sim.early, 0);
}

static void a_device_in_d0_or_without_the_capability_is_not_touched(void **state)
{
	(void)state;
	set32(PMCSR, 0);
	assert_false(pci_power_d0(&dev));
	assert_int_equal(sim.writes, 0);
	set32(0x04, 0x00000006);                        /* no capability list */
	set32(PMCSR, 3);
	assert_false(pci_power_d0(&dev));
	assert_int_equal(sim.writes, 0);
	assert_int_equal(sim.now_ms, 100);              /* and no wait */
}

/* Intel 7-series xHCI: the switchable USB 2 ports to the xHCI, SuperSpeed on (Linux's usb_enable_intel_xhci_ports). */
static void intel_ports_switched_to_the_xhci(void **state)
{
	PciDev x = { .bus = 0, .dev = 0x14, .fn = 0, .vendor = 0x8086, .device = 0x1E31 };

	(void)state;
	memset(sim.cfg, 0, sizeof sim.cfg);
	set32(0xD4, 0x0000000F);                                /* XUSB2PRM */
	set32(0xDC, 0x00000003);                                /* USB3PRM */
	pci_xhci_intel_ports(&x);
	assert_int_equal(cfg32(0xD0), 0x0000000F);              /* XUSB2PR */
	assert_int_equal(cfg32(0xD8), 0x00000003);              /* USB3_PSSEN */
	assert_non_null(strstr(logbuf, "Intel xHCI: USB 3 ports 3 on, USB 2 ports f switched from EHCI"));
	set32(0xD0, 0);
	set32(0xD8, 0);
	x.device = 0x1E26;                                      /* an EHCI function: left alone */
	pci_xhci_intel_ports(&x);
	x = (PciDev){ .vendor = 0x1033, .device = 0x0194 };     /* NEC xHCI: no such registers */
	pci_xhci_intel_ports(&x);
	assert_int_equal(cfg32(0xD0), 0);
	assert_int_equal(cfg32(0xD8), 0);
}

#define T(fn) cmocka_unit_test_setup(fn, device_in_d3)
static const struct CMUnitTest tests[] = {
	T(d3hot_goes_to_d0_with_10_ms_before_the_next_access),
	T(a_reset_on_the_way_to_d0_is_undone),
	T(a_device_that_keeps_its_configuration_is_left_alone),
	T(a_device_in_d0_or_without_the_capability_is_not_touched),
	cmocka_unit_test(intel_ports_switched_to_the_xhci),
};

int main(int argc, char **argv)
{
	if (testmain_filter("pci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("pci", tests, NULL, NULL);
}
