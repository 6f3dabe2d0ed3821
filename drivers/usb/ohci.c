/* ohci.c: OHCI controller bring-up (ownership from SMM or the BIOS, reset, frame interval, HCCA), root ports, devices, its UsbHcOps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "ohci.h"
#include "ohcireg.h"
#include "usbhc.h"
#include "wait.h"

#define OWNERSHIP_MS    500             /* SMM lets go after OwnershipChangeRequest (Linux waits 500) */
#define BUS_RESET_MS    50              /* the bus held in reset before HCR (TDRSTR, as Linux) */
#define HCR_MS          10              /* HCR clears within 10 us */
#define POWER_MIN_MS    20              /* power good, at least (POTPGT may say more) */
#define SET_ADDRESS     0x05

static Ohci ohci_ctrl[OHCI_MAX_CTRL];

/* The claim's phases (ohci_claim_step), in order. */
enum OhciClaim { CL_NONE, CL_OWNER, CL_SMM, CL_CLAIMED };
static const char *const speed_names[] = { "?", "full", "low" };

/* Wait for a register to read (reg & mask) == want; false (logged: "ohci0: timeout: <what>") after ms. */
static bool wait_reg(Ohci *o, uint32_t off, uint32_t mask, uint32_t want, uint32_t ms, const char *what)
{
	if (wait_mmio32(o->mmio + off, mask, want, ms))
		return true;
	drvlog("ohci%u: timeout: %s (%u ms)\n", (unsigned)o->hc.index, what, (unsigned)ms);
	return false;
}

/*
 * Ownership (OHCI 5.1.1.3.3 - 5.1.1.3.5): SMM's driver (InterruptRouting
 * set) is asked with OwnershipChangeRequest (true: ohci_claim_step waits
 * for it); a BIOS driver (HCFS not USBRESET) is stopped with a bus reset
 * (USBRESET, as Linux's PCI hand-off does for every OHCI), which resets the
 * root hub: a port the BIOS switched off (SeaBIOS powers a port down for a
 * device it has no driver for, QEMU's OHCI then shows no device there until
 * the root hub is reset) has its device back; an idle controller's bus sits
 * in reset the same while (ohci_start_step's first pause). Used either way
 * (logged).
 */
static bool ownership_begin(Ohci *o)
{
	uint32_t ctl = or32(o, HC_CONTROL);

	if (ctl & CTL_IR) {
		ow32(o, HC_COMMAND_STATUS, CS_OCR);
		return true;
	}
	if ((ctl & CTL_HCFS_MASK) != CTL_HCFS_RESET) {
		ow32(o, HC_CONTROL, (ctl & ~CTL_HCFS_MASK) | CTL_HCFS_RESET);
		o->settle_ms = BUS_RESET_MS;
		drvlog("ohci%u: taken from the BIOS driver (state %u), bus reset\n", (unsigned)o->hc.index,
		    (unsigned)((ctl & CTL_HCFS_MASK) >> 6));
	} else {
		o->settle_ms = BUS_RESET_MS;
	}
	return false;
}

/*
 * Reset (HCR), then within 2 ms (the controller is in USBSUSPEND) the
 * HCCA, the lists, the frame interval (FI kept if the BIOS set one, else
 * 11999, with FSMPS and the periodic start from it) and operational
 * asked for (one step: nothing here waits but HCR's 10 us).
 */
static bool start_controller(Ohci *o)
{
	uint32_t fi = or32(o, HC_FM_INTERVAL) & 0x3FFF;

	if (fi < 11000 || fi > 13000)
		fi = FI_DEFAULT;
	ow32(o, HC_INT_DISABLE, INT_ALL);
	ow32(o, HC_COMMAND_STATUS, CS_HCR);
	if (!wait_reg(o, HC_COMMAND_STATUS, CS_HCR, 0, HCR_MS, "HCR"))
		return false;
	ow32(o, HC_HCCA, ohci_addr32(&o->mem->hcca));
	ow32(o, HC_CONTROL_HEAD, ohci_addr32(&o->mem->ctrl));
	ow32(o, HC_BULK_HEAD, 0);
	ow32(o, HC_INT_STATUS, INT_ALL);
	ow32(o, HC_FM_INTERVAL, ((or32(o, HC_FM_INTERVAL) & FM_FIT) ^ FM_FIT) | FSMPS(fi) | fi);
	ow32(o, HC_PERIODIC_START, PERIODIC_START(fi));
	ow32(o, HC_LS_THRESHOLD, LS_THRESHOLD);
	ow32(o, HC_CONTROL, CTL_CBSR_4_1 | CTL_PLE | CTL_CLE | CTL_HCFS_OPER);
	return true;
}

/* Root port power (OHCI 7.4.1): none to switch (NPS), ganged (global), or per port; power good after o->power_ms. */
static void power_ports(Ohci *o)
{
	uint32_t a = or32(o, HC_RH_DESC_A), ms = 2 * RHA_POTPGT(a);

	o->power_ms = 0;
	if (!(a & RHA_NPS)) {
		ow32(o, HC_RH_STATUS, RHS_LPSC);
		if (a & RHA_PSM)
			for (uint8_t p = 1; p <= o->ports; p++)
				ow32(o, HC_RH_PORT(p), PORT_PPS);
		o->power_ms = ms > POWER_MIN_MS ? ms : POWER_MIN_MS;
	}
	drvlog("ohci%u: %u ports, power %s\n", (unsigned)o->hc.index, (unsigned)o->ports,
	    (a & RHA_NPS) ? "always on" : (a & RHA_PSM) ? "per port" : "ganged");
}

static bool ohci_running(UsbHc *hc)
{
	return ohci_of(hc)->alive;
}

/* Main loop: a controller that left the operational state or had an unrecoverable error is given up. */
static bool ohci_check(UsbHc *hc)
{
	Ohci *o = ohci_of(hc);
	uint32_t ctl = or32(o, HC_CONTROL), sts = or32(o, HC_INT_STATUS);

	if ((ctl & CTL_HCFS_MASK) == CTL_HCFS_OPER && !(sts & INT_UE) && ctl != 0xFFFFFFFFu)
		return o->alive;
	drvlog("ohci%u: controller stopped (HcControl %08x, HcInterruptStatus %08x), given up\n",
	    (unsigned)hc->index, (unsigned)ctl, (unsigned)sts);
	o->alive = false;
	return false;
}

static uint32_t ohci_port_changes(UsbHc *hc)
{
	Ohci *o = ohci_of(hc);
	uint32_t pending = o->port_change;

	o->port_change = 0;
	for (uint8_t p = 1; p <= o->ports; p++)
		if (or32(o, HC_RH_PORT(p)) & PORT_CSC)
			pending |= 1u << p;
	return pending;
}

/* A port's state; its change bits cleared (only they are written: a 1 in bit 0 would disable it). */
static UsbPortState ohci_port_state(UsbHc *hc, uint8_t port)
{
	Ohci *o = ohci_of(hc);
	uint32_t v = or32(o, HC_RH_PORT(port));

	ow32(o, HC_RH_PORT(port), v & PORT_CHANGES);
	return (UsbPortState){ .connected = (v & PORT_CCS) != 0, .connect_changed = (v & PORT_CSC) != 0 };
}

/* SetPortReset: the controller times the reset itself (10 ms) and says PRSC. */
static void ohci_port_reset(UsbHc *hc, uint8_t port)
{
	ow32(ohci_of(hc), HC_RH_PORT(port), PORT_PRS);
}

/* USB_RESET_PENDING until PRSC; then the speed, or 0 (logged) if the port is not enabled. */
static uint8_t ohci_port_reset_done(UsbHc *hc, uint8_t port)
{
	Ohci *o = ohci_of(hc);
	uint32_t v = or32(o, HC_RH_PORT(port));

	if (!(v & PORT_PRSC))
		return USB_RESET_PENDING;
	ow32(o, HC_RH_PORT(port), PORT_PRSC | PORT_PESC);
	if (!(v & PORT_CCS) || !(v & PORT_PES)) {
		drvlog("ohci%u: port %u: not enabled after reset (status %08x), skipped\n", (unsigned)hc->index,
		    (unsigned)port, (unsigned)v);
		return 0;
	}
	return (v & PORT_LSDA) ? USB_SPEED_LOW : USB_SPEED_FULL;
}

/* A new device at address 0: a free address, SET_ADDRESS to it; the handle is the address. 0 (logged) if not. */
static uint8_t ohci_dev_add(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where)
{
	Ohci *o = ohci_of(hc);
	char name[USB_PORT_NAME];
	uint8_t a = 1;
	UsbSetup set = { .type = 0, .request = SET_ADDRESS, .length = 0 };

	usb_port_name(where->port, where->route, name);
	while (a <= OHCI_MAX_DEVS && o->dev[a].used)
		a++;
	if (a > OHCI_MAX_DEVS || (where->speed != USB_SPEED_FULL && where->speed != USB_SPEED_LOW)) {
		drvlog("ohci%u: port %s: no address free (or speed %u), skipped\n", (unsigned)hc->index, name,
		    (unsigned)where->speed);
		return 0;
	}
	o->dev[0] = (OhciDev){ .used = true, .port = where->port, .speed = where->speed, .mps0 = 8 };
	o->dev[a] = o->dev[0];
	o->dev[a].owner = owner;
	drvlog("ohci%u: port %s: %s-speed device%s, address %u\n", (unsigned)hc->index, name,
	    speed_names[where->speed], where->route ? " behind hubs" : "", (unsigned)a);
	set.value = a;
	if (!ohci_control(hc, 0, &set, NULL, NULL)) {
		drvlog("ohci%u: port %s: SET_ADDRESS failed\n", (unsigned)hc->index, name);
		o->dev[a].used = false;
		return 0;
	}
	return a;
}

static void ohci_dev_remove(UsbHc *hc, uint8_t dev)
{
	Ohci *o = ohci_of(hc);

	ohci_intr_unlink(o, dev);
	o->dev[dev].used = false;
}

static bool ohci_set_mps0(UsbHc *hc, uint8_t dev, uint16_t mps)
{
	ohci_of(hc)->dev[dev].mps0 = mps;
	return true;
}

/* NOTE: nothing to do for a hub: OHCI is full/low speed only, a low-speed device's ED says so. */
static void ohci_set_hub(UsbHc *hc, uint8_t dev, uint8_t ports, uint8_t think_time)
{
	(void)hc;
	(void)dev;
	(void)ports;
	(void)think_time;
}

static const UsbHcOps ohci_ops = {
	.kind = "OHCI",
	.name = "ohci",
	.poll = ohci_poll,
	.running = ohci_running,
	.check = ohci_check,
	.port_changes = ohci_port_changes,
	.port_state = ohci_port_state,
	.port_reset = ohci_port_reset,
	.port_reset_done = ohci_port_reset_done,
	.dev_add = ohci_dev_add,
	.dev_remove = ohci_dev_remove,
	.set_mps0 = ohci_set_mps0,
	.set_hub = ohci_set_hub,
	.control = ohci_control,
	.intr_in = ohci_intr_in,
	.bulk = ohci_bulk,
	.cancel = ohci_cancel,
};

/* Controller `index` at mmio: its memory (ohci_claim_step then takes it). False (logged) if not used. */
bool ohci_claim_begin(int index, uintptr_t mmio, OhciAlloc alloc)
{
	Ohci *o = &ohci_ctrl[index];
	uint32_t rev;

	*o = (Ohci){ .mmio = mmio, .alloc = alloc };
	o->hc = (UsbHc){ .ops = &ohci_ops, .state = o, .index = (uint8_t)index };
	rev = or32(o, HC_REVISION);
	drvlog("ohci%u: at 0x%08x, revision %x.%x\n", (unsigned)index, (unsigned)mmio, (unsigned)(rev >> 4 & 0x0F),
	    (unsigned)(rev & 0x0F));
	if (rev == 0xFFFFFFFFu) {
		drvlog("ohci%u: registers read nothing, not used\n", (unsigned)index);
		return false;
	}
	o->mem = alloc(sizeof(OhciMem));
	if (!o->mem) {
		drvlog("ohci%u: no memory for its HCCA, not used\n", (unsigned)index);
		return false;
	}
	o->claim = CL_OWNER;
	return true;
}

/*
 * One step of the claim: ownership asked for; if SMM has it, STEP_MORE
 * until it lets go, at most OWNERSHIP_MS (then taken anyway). STEP_DONE:
 * taken, the controller is used either way.
 */
StepResult ohci_claim_step(int index)
{
	Ohci *o = &ohci_ctrl[index];
	StepResult r;

	if (o->claim == CL_OWNER) {
		if (!ownership_begin(o)) {
			o->claim = CL_CLAIMED;
			return STEP_DONE;
		}
		o->claim = CL_SMM;
	}
	if (o->claim != CL_SMM)
		return STEP_FAILED;     /* never begun, or asked again after its end */
	r = wait_step(&o->wait, !(or32(o, HC_CONTROL) & CTL_IR), OWNERSHIP_MS);
	if (r == STEP_MORE)
		return r;
	if (r == STEP_FAILED) {
		drvlog("ohci%u: timeout: SMM ownership change (%u ms)\n", (unsigned)index, (unsigned)OWNERSHIP_MS);
		drvlog("ohci%u: taking the controller from SMM anyway\n", (unsigned)index);
	} else {
		drvlog("ohci%u: taken from SMM\n", (unsigned)index);
	}
	o->claim = CL_CLAIMED;
	return STEP_DONE;
}

bool ohci_claim(int index, uintptr_t mmio, OhciAlloc alloc)
{
	return ohci_claim_begin(index, mmio, alloc) && STEP_RUN(ohci_claim_step(index)) == STEP_DONE;
}

/* The bring-up's phases (ohci_start_step), in order. */
enum OhciPhase { PH_SETTLE, PH_RESET, PH_OPERATIONAL, PH_POWER, PH_RUNNING, PH_GIVEN_UP };

/*
 * One step of the bring-up: the ownership's resume or bus reset time, HCR
 * and the schedules, operational, the ports powered and their power good.
 * Each wait is started by one call and looked at by the next.
 */
static StepResult start_phase(Ohci *o)
{
	StepResult r = STEP_DONE;

	switch (o->phase) {
	case PH_SETTLE:
		if (o->settle_ms)
			r = wait_step_pause(&o->wait, o->settle_ms);
		break;
	case PH_RESET:
		o->ports = (uint8_t)RHA_NDP(or32(o, HC_RH_DESC_A));
		if (o->ports > MAX_PORTS)
			o->ports = MAX_PORTS;
		ohci_schedule(o);
		if (o->ports == 0) {
			drvlog("ohci%u: no root ports\n", (unsigned)o->hc.index);
			return STEP_FAILED;
		}
		if (!start_controller(o))
			return STEP_FAILED;
		break;
	case PH_OPERATIONAL:
		r = wait_step(&o->wait, (or32(o, HC_CONTROL) & CTL_HCFS_MASK) == CTL_HCFS_OPER, HCR_MS);
		if (r == STEP_FAILED)
			drvlog("ohci%u: timeout: operational (%u ms)\n", (unsigned)o->hc.index, (unsigned)HCR_MS);
		if (r == STEP_DONE) {
			o->alive = true;
			power_ports(o);
		}
		break;
	case PH_POWER:
		if (o->power_ms)
			r = wait_step_pause(&o->wait, o->power_ms);
		break;
	}
	if (r == STEP_DONE)
		o->phase++;
	return r;
}

/* One step of controller `index`'s start: STEP_MORE until it runs (*hc set, STEP_DONE) or is given up (logged). */
StepResult ohci_start_step(int index, UsbHc **hc)
{
	Ohci *o = &ohci_ctrl[index];
	StepResult r;

	*hc = NULL;
	if (o->claim != CL_CLAIMED || o->phase >= PH_RUNNING)
		return STEP_FAILED;             /* never claimed, or asked again after its end */
	r = start_phase(o);
	if (r == STEP_FAILED) {
		drvlog("ohci%u: controller given up\n", (unsigned)index);
		o->alive = false;
		o->phase = PH_GIVEN_UP;
		return STEP_FAILED;
	}
	if (o->phase < PH_RUNNING)
		return STEP_MORE;
	o->port_change = (2u << o->ports) - 2;  /* look at every port once */
	drvlog("ohci%u: running\n", (unsigned)index);
	*hc = &o->hc;
	return STEP_DONE;
}

UsbHc *ohci_start(int index)
{
	UsbHc *hc = NULL;

	STEP_RUN(ohci_start_step(index, &hc));
	return hc;
}
