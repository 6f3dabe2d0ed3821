/*
 * test_ehci.c: drivers/usb/ehci.c, which does not drive an EHCI but releases its ports to the
 * companion controllers — on a simulated PCI configuration space (port I/O through
 * tests/unit/simpci/io.h, as test_pci) and a register file in host memory that the fake bounded
 * wait steps: the BIOS hand-off (USBLEGSUP semaphores, USBLEGCTLSTS), halt, HCRESET, CONFIGFLAG
 * 0; a BIOS that never lets go and a reset that never ends are bounded and logged; an EHCI
 * without companions is not touched.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "ehci.h"
#include "wait.h"

#define EECP            0x68            /* the legacy capability in configuration space */
#define OP              0x20            /* CAPLENGTH */
#define USBCMD          (OP + 0x00)
#define USBSTS          (OP + 0x04)
#define CONFIGFLAG      (OP + 0x40)

typedef struct Sim {
	uint8_t cfg[256];
	uint32_t addr, now_ms;
	uint32_t bios_lets_go_ms;       /* 0: never */
	bool reset_hangs;
	int cmd_writes;
} Sim;

static Sim sim;
static uint32_t regs[0x80 / 4] __attribute__((aligned(16)));
static char logbuf[2048];

static uint32_t cfg32(uint8_t off)
{
	uint32_t v;

	memcpy(&v, &sim.cfg[off], 4);
	return v;
}

static void set32(uint8_t off, uint32_t v)
{
	memcpy(&sim.cfg[off], &v, 4);
}

void sim_outl(uint16_t port, uint32_t v)
{
	if (port == 0x0CF8) {
		sim.addr = v;
		return;
	}
	set32((uint8_t)(sim.addr & 0xFC), v);
}

uint32_t sim_inl(uint16_t port)
{
	(void)port;
	return cfg32((uint8_t)(sim.addr & 0xFC));
}

void drvlog(const char *fmt, ...)
{
	size_t n = strlen(logbuf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(logbuf + n, sizeof logbuf - n, fmt, ap);
	va_end(ap);
}

/* One ms of the controller and the BIOS: halted when not running, HCRESET done, the semaphore let go. */
static void sim_step(void)
{
	regs[USBSTS / 4] = (regs[USBCMD / 4] & 1) ? 0 : 0x1000;
	if ((regs[USBCMD / 4] & 2) && !sim.reset_hangs) {
		regs[USBCMD / 4] = 0;
		regs[CONFIGFLAG / 4] = 0;
	}
	if (sim.bios_lets_go_ms && sim.now_ms >= sim.bios_lets_go_ms)
		set32(EECP, cfg32(EECP) & ~0x00010000u);
}

void wait_ms(uint32_t ms)
{
	for (uint32_t i = 0; i < ms; i++, sim.now_ms++)
		sim_step();
}

bool wait_mmio32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	for (uint32_t t = 0;; t++, sim.now_ms++) {
		sim_step();
		if ((*(volatile uint32_t *)addr & mask) == want)
			return true;
		if (t >= timeout_ms)
			return false;
	}
}

static const PciDev dev = { .bus = 0, .dev = 0x1D, .fn = 7 };

/* An ICH9-like EHCI, running, owned by the BIOS with SMIs on, three companions. */
static int setup(void **state)
{
	(void)state;
	memset(&sim, 0, sizeof sim);
	memset(regs, 0, sizeof regs);
	logbuf[0] = '\0';
	regs[0] = OP;                                   /* CAPLENGTH */
	regs[1] = 3u << 12 | 6;                         /* HCSPARAMS: N_CC 3, 6 ports */
	regs[2] = (uint32_t)EECP << 8;                  /* HCCPARAMS: EECP */
	regs[USBCMD / 4] = 1;                           /* running */
	regs[CONFIGFLAG / 4] = 1;                       /* the BIOS routed the ports to itself */
	set32(EECP, 0x00010001);                        /* USBLEGSUP: BIOS owned, no next */
	set32(EECP + 4, 0xE000003F);                    /* USBLEGCTLSTS: SMIs on, status set */
	sim.bios_lets_go_ms = 5;
	return 0;
}

static void the_bios_lets_go_and_every_port_goes_to_the_companions(void **state)
{
	(void)state;
	assert_true(ehci_release_ports(0, &dev, (uintptr_t)regs));
	assert_int_equal(cfg32(EECP) & 0x01010000u, 0x01000000u);     /* OS owned, BIOS not */
	assert_int_equal(cfg32(EECP + 4), 0xE0000000u);                /* SMIs off, status written back */
	assert_int_equal(regs[USBCMD / 4] & 3, 0);
	assert_int_equal(regs[CONFIGFLAG / 4], 0);
	assert_non_null(strstr(logbuf, "ehci0: legacy support: BIOS owned it, let go"));
	assert_non_null(strstr(logbuf, "ehci0: not driven: reset, every root port routed to its 3 companion controllers"));
}

static void a_bios_that_never_lets_go_is_a_bounded_timeout(void **state)
{
	(void)state;
	sim.bios_lets_go_ms = 0;
	assert_true(ehci_release_ports(0, &dev, (uintptr_t)regs));
	assert_true(sim.now_ms >= 1000 && sim.now_ms < 1100);
	assert_int_equal(cfg32(EECP) & 0x01010000u, 0x01000000u);
	assert_non_null(strstr(logbuf, "ehci0: timeout: BIOS hand-off (1000 ms), taken anyway"));
}

static void a_reset_that_never_ends_is_a_bounded_timeout(void **state)
{
	(void)state;
	sim.reset_hangs = true;
	assert_false(ehci_release_ports(0, &dev, (uintptr_t)regs));
	assert_true(sim.now_ms < 400);
	assert_non_null(strstr(logbuf, "ehci0: timeout: HCRESET (250 ms)"));
}

static void an_ehci_without_companions_is_left_alone(void **state)
{
	(void)state;
	regs[1] = 6;                                    /* N_CC 0: a rate-matching hub's EHCI */
	assert_false(ehci_release_ports(0, &dev, (uintptr_t)regs));
	assert_int_equal(regs[USBCMD / 4], 1);          /* still running, still the BIOS's */
	assert_int_equal(cfg32(EECP), 0x00010001u);
	assert_non_null(strstr(logbuf, "ehci0: not driven, no companion controllers: left to the firmware"));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(the_bios_lets_go_and_every_port_goes_to_the_companions, setup),
	cmocka_unit_test_setup(a_bios_that_never_lets_go_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(a_reset_that_never_ends_is_a_bounded_timeout, setup),
	cmocka_unit_test_setup(an_ehci_without_companions_is_left_alone, setup),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ehci", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
