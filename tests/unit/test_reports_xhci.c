/*
 * test_reports_xhci.c: the USB devices of each report (tests/reports/, build/gen/reports.h) that
 * were on an xHCI controller, enumerated again on the simulated one (xhcisim.h) by the device
 * layer and the class drivers (reportsusb.h). The simulation has no root-port registers to plug
 * into, so a root port's attach is the device layer's own sequence with the port's connect and
 * reset answered here; everything from Address Device on is the xHCI driver's.
 * The devices of OHCI and EHCI controllers, whose simulations have no device model yet, are
 * replayed here too (the device layer and the class drivers on them, not their controller).
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

#include "io.h"
#include "usbhid.h"
#include "wait.h"
#include "xhci.h"
#include "xhcisim.h"

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#include "reports.h"
#include "reportdev.h"

#define RHC_KIND        REPORT_HC_XHCI
#define RHC_NAME        "xHCI"
#define RHC_SHORT       "xhci"
#define RHC_STANDS_IN(kind) ((kind) == REPORT_HC_OHCI || (kind) == REPORT_HC_EHCI)

#include "reportsusb.h"

#define TESTRAM_BYTES   (512 * 1024)
#include "testram.h"



static UsbHcOps ops;                    /* the driver's, dev_add wrapped by slot_added */
static const UsbHcOps *driver_ops;

/*
 * A slot the driver enabled and addressed: the device it is for is where
 * the slot context of its Address Device says (route string, root hub port
 * number; xHCI 6.2.2), read as the command left it. A slot given again
 * (Disable Slot, then Enable Slot) is the new device's.
 */
static uint8_t slot_added(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where)
{
	uint8_t slot = driver_ops->dev_add(hc, owner, where);

	for (int i = sim.ncmds - 1; slot && i >= 0; i--)
		if (sim.cmds[i].type == TRB_ADDRESS_DEVICE && sim.cmds[i].slot == slot) {
			volatile uint32_t *sc = at((sim.cmds[i].p0 & ~0xFu) + 32);
			Rdev *d = rdev_at((uint8_t)(sc[1] >> 16), sc[0] & 0xFFFFF);

			for (int k = 0; k < nrdevs; k++)
				if (rdevs[k].bound && rdevs[k].handle == slot)
					rdevs[k].bound = false;         /* its slot was disabled */
			if (d && d->at_default)
				rdev_bind(d, slot);
			else if (!rdev_error[0])
				snprintf(rdev_error, sizeof rdev_error, "slot %u addressed for port %u route %05x: "
				    "no device reset there", (unsigned)slot, (unsigned)(sc[1] >> 16 & 0xFF),
				    (unsigned)(sc[0] & 0xFFFFF));
			sim.ncmds = 0;          /* the log's room for the next ones */
			return slot;
		}
	return slot;
}

/* EP0 of the device a slot was given to. */
static int xhci_ep0(uint32_t slot, const UsbSetup *s, uint8_t *data)
{
	Rdev *d = rdev_by_handle(slot);
	uint8_t setup[8];
	int n;

	if (!d) {
		if (!rdev_error[0])
			snprintf(rdev_error, sizeof rdev_error, "a request on slot %u, no device's", (unsigned)slot);
		return SIM_EP0_STALL;
	}
	usb_setup_bytes(s, setup);
	n = rdev_answer(d, setup, data);
	return n < 0 ? SIM_EP0_STALL : n;
}

/* A root port of the report: connected if it has a device; its reset makes that device the one at address 0. */
static bool root_connected(const UsbPortRef *at, bool *changed)
{
	*changed = false;
	return rdev_at(at->port, 0) != NULL;
}

static bool root_reset(const UsbPortRef *at)
{
	Rdev *d = rdev_at(at->port, 0);

	if (d)
		rdev_reset(d);
	return d != NULL;
}

static uint8_t root_reset_done(const UsbPortRef *at)
{
	Rdev *d = rdev_at(at->port, 0);

	return d ? d->fix->speed : 0;
}

static void root_done(const UsbPortRef *at, UsbDev *d, bool vacant)
{
	(void)at;
	(void)d;
	(void)vacant;
}

static const UsbPortOps root_ports = {
	.connected = root_connected, .reset = root_reset, .reset_done = root_reset_done, .done = root_done,
	.reset_ms = USB_ROOT_RESET_MS, .reset_poll_ms = 10,
};

static UsbHc *rhc_start(const ReportHc *c)
{
	UsbHc *hc;

	(void)c;
	sim.now_ms = 0;
	sim_reset();
	if (!xhci_claim(0, (uintptr_t)sim.regs, test_alloc) || !(hc = xhci_start(0)))
		return NULL;
	sim.ep0_device = xhci_ep0;
	driver_ops = hc->ops;
	ops = *hc->ops;
	ops.dev_add = slot_added;
	hc->ops = &ops;
	return hc;
}

/* The controller's own ports are empty; each report device on a root port is attached through root_ports. */
static bool rhc_attach(UsbHc *hc)
{
	if (!usbdev_add_hc(hc))
		return false;
	for (int i = 0; i < nrdevs; i++)
		if (rdevs[i].fix->route == 0) {
			UsbPortRef at = { .hc = hc, .port = rdevs[i].fix->port };

			if (!usbdev_attach_port(&at, &root_ports, 0))
				return false;
		}
	return true;
}

static bool rhc_send(const Rdev *d, uint8_t ep, const uint8_t *data, uint32_t len)
{
	return sim_intr(d->handle, 2u * (ep & 0x0F) + 1, CC_SUCCESS, data, len);
}

int main(int argc, char **argv)
{
	return rhc_main("test_reports_xhci", argc, argv);
}
