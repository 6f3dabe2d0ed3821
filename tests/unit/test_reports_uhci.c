/*
 * test_reports_uhci.c: the USB devices of each report (tests/reports/, build/gen/reports.h) that
 * were on a UHCI controller, enumerated again on the simulated one (uhcisim.h) from its root
 * ports — the device layer's whole attach, the UHCI driver's transfers — with the class drivers
 * (reportsusb.h). Each report device answers by its address; at address 0 the one reset last
 * that has no address yet, as on the bus.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "uhci.h"
#include "uhcisim.h"
#include "usbhid.h"
#include "wait.h"

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "reports.h"
#include "reportdev.h"

#define RHC_KIND        REPORT_HC_UHCI
#define RHC_NAME        "UHCI"
#define RHC_SHORT       "uhci"
#define RHC_STANDS_IN(kind) 0

#include "reportsusb.h"

#define TESTRAM_BYTES   (256 * 1024)
#include "testram.h"

static uint32_t resets_seen[SIM_PORTS + 1];     /* each root port's last reset start, as the simulation saw it */


/* A root port reset since last looked: its device is back at address 0. */
static void root_resets(void)
{
	for (int p = 1; p <= SIM_PORTS; p++) {
		Rdev *d = rdev_at((uint8_t)p, 0);

		if (d && sim.pr_on_ms[p] != resets_seen[p] && (sim.portsc[p] & PORT_PE)) {
			resets_seen[p] = sim.pr_on_ms[p];
			rdev_reset(d);
		}
	}
}

/* EP0 by address; SET_ADDRESS at address 0 gives the device there its address. STALL: no data (the simulation has no STALL). */
static int uhci_ep0(uint8_t addr, const uint8_t *setup, uint8_t *data)
{
	Rdev *d;
	int n;

	root_resets();
	sim.nsetups = 0;                /* the simulation asks its device model only while its setup log has room */
	d = addr ? rdev_by_handle(addr) : rdev_default();
	if (!d) {
		if (addr && !rdev_error[0])
			snprintf(rdev_error, sizeof rdev_error, "a request to address %u, which no device has", addr);
		return 0;
	}
	n = rdev_answer(d, setup, data);
	if (addr == 0 && setup[0] == 0x00 && setup[1] == 0x05)
		rdev_bind(d, setup[2] & 0x7F);
	return n < 0 ? 0 : n;
}

static UsbHc *rhc_start(const ReportHc *c)
{
	UsbHc *hc;

	(void)c;
	sim.now_ms = 0;
	sim_reset();
	memset(resets_seen, 0, sizeof resets_seen);
	sim.ep0_device = uhci_ep0;
	if (!uhci_claim(0, SIM_IO, test_alloc) || !(hc = uhci_start(0)))
		return NULL;
	return hc;
}

/* Each report device on a root port plugged in there (low speed as the report says); the device layer attaches them. */
static bool rhc_attach(UsbHc *hc)
{
	for (int i = 0; i < nrdevs; i++)
		if (rdevs[i].fix->route == 0 && rdevs[i].fix->port <= SIM_PORTS) {
			sim.low_speed = rdevs[i].fix->speed == 2;
			sim_plug(rdevs[i].fix->port);
		}
	sim.low_speed = false;
	return usbdev_add_hc(hc);
}

/* The device's next interrupt IN packet brings `data`: frames pass until its queue takes it. */
static bool rhc_send(const Rdev *d, uint8_t ep, const uint8_t *data, uint32_t len)
{
	(void)ep;
	memset(sim.report, 0, sizeof sim.report);
	memcpy(sim.report, data, len < sizeof sim.report ? len : sizeof sim.report);
	sim.report_addr = (uint8_t)d->handle;
	sim.report_ready = true;
	for (int ms = 0; ms < 64 && sim.report_ready; ms++)
		wait_ms(1);
	return !sim.report_ready;
}

int main(int argc, char **argv)
{
	return rhc_main("test_reports_uhci", argc, argv);
}
