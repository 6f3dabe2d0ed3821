/* ehci.c: EHCI controller bring-up (BIOS hand-off, reset, schedules, CONFIGFLAG), root ports and the companion hand-off, devices, its UsbHcOps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "ehci.h"
#include "ehcireg.h"
#include "io.h"
#include "pci.h"
#include "usbhc.h"
#include "wait.h"

#define XCAP_LIMIT      8               /* extended capabilities walked at most */
#define XCAP_LEGACY     0x01            /* USBLEGSUP (EHCI 5.1) */
#define LEGSUP_BIOS     0x00010000u     /* HC BIOS Owned Semaphore */
#define LEGSUP_OS       0x01000000u     /* HC OS Owned Semaphore */
#define LEGCTLSTS_OFF   0xE0000000u     /* USBLEGCTLSTS: every SMI enable off, the three RWC status bits cleared */

#define HANDOFF_MS      1000            /* the BIOS lets go (Linux waits 1 s) */
#define HALT_MS         20              /* 16 microframes at most, with slack */
#define RESET_MS        250             /* HCRESET clears (Linux: 250 ms) */
#define CONFIGFLAG_MS   5               /* the ports routed to the EHCI (Linux: 5 ms) */
#define POWER_MS        20              /* port power good (USB 2.0 11.23.2.1, 2 ms units; 20 as the others) */
#define PORT_RESET_MS   50              /* USB 2.0 7.1.7.5: TDRSTR at a root port */
#define PORT_RESET_END_MS 2             /* EHCI 2.3.9: PR reads 0 within 2 ms of being written 0 */
#define SET_ADDRESS     0x05

static Ehci ehci_ctrl[EHCI_MAX_CTRL];

/* The claim's phases (ehci_claim_step), in order. */
enum EhciClaim { CL_NONE, CL_BIOS, CL_HALT, CL_RESET, CL_CLAIMED, CL_GIVEN_UP };
static const char *const speed_names[] = { "?", "full", "low", "high" };

/* Wait for an operational register to read (reg & mask) == want; false (logged: "ehci0: timeout: <what>"). */
static bool wait_reg(Ehci *e, uint32_t off, uint32_t mask, uint32_t want, uint32_t ms, const char *what)
{
	if (wait_mmio32(e->op + off, mask, want, ms))
		return true;
	drvlog("ehci%u: timeout: %s (%u ms)\n", (unsigned)e->hc.index, what, (unsigned)ms);
	return false;
}

/* USB legacy support: where USBLEGSUP is, whether the BIOS owns it; the OS semaphore set (the hand-off asked for). */
static void bios_begin(Ehci *e, uint8_t eecp)
{
	for (int n = 0; n < XCAP_LIMIT && eecp >= 0x40; n++) {
		uint32_t v = pci_read32(&e->pci, eecp);

		if ((v & 0xFF) == XCAP_LEGACY) {
			e->legsup = eecp;
			e->bios_owned = (v & LEGSUP_BIOS) != 0;
			pci_write32(&e->pci, eecp, v | LEGSUP_OS);
			return;
		}
		eecp = (uint8_t)((v >> 8) & 0xFF);
	}
}

/* The hand-off's end: the BIOS let go, or after HANDOFF_MS (`forced`) its semaphore is cleared; SMIs off. */
static void bios_end(Ehci *e, bool forced)
{
	unsigned index = e->hc.index;

	if (forced) {
		drvlog("ehci%u: timeout: BIOS hand-off (%u ms), taken anyway\n", index, (unsigned)HANDOFF_MS);
		pci_write32(&e->pci, e->legsup, (pci_read32(&e->pci, e->legsup) & ~LEGSUP_BIOS) | LEGSUP_OS);
	}
	pci_write32(&e->pci, (uint8_t)(e->legsup + 4), LEGCTLSTS_OFF);
	drvlog("ehci%u: legacy support: BIOS %s\n", index, e->bios_owned ? "owned it, let go" : "did not own it");
}

/* Given up: stopped, and its ports given back to the companions (if it still answers). */
static void give_up(Ehci *e, const char *why)
{
	e->alive = false;
	ew32(e, OP_USBCMD, er32(e, OP_USBCMD) & ~CMD_RUN);
	ew32(e, OP_CONFIGFLAG, 0);
	drvlog("ehci%u: controller given up (%s)%s\n", (unsigned)e->hc.index, why,
	    e->companions ? ", its ports back to the companion controllers" : "");
}

static bool ehci_running(UsbHc *hc)
{
	return ehci_of(hc)->alive;
}

/* Main loop: a controller that halted, reports a host system error or reads all ones is given up. */
static bool ehci_check(UsbHc *hc)
{
	Ehci *e = ehci_of(hc);
	uint32_t sts = er32(e, OP_USBSTS);

	if (!e->alive)
		return false;
	if (!(sts & (STS_HCHALTED | STS_HSE)) && sts != 0xFFFFFFFFu)
		return true;
	drvlog("ehci%u: controller stopped (USBSTS %08x)\n", (unsigned)hc->index, (unsigned)sts);
	give_up(e, "stopped");
	return false;
}

/* A PORTSC write: the change bits not written back (they would be cleared), `clear` of them cleared, `set` set. */
static void port_write(Ehci *e, uint8_t port, uint32_t set, uint32_t unset, uint32_t clear)
{
	uint32_t v = er32(e, OP_PORTSC(port));

	ew32(e, OP_PORTSC(port), ((v & ~PORT_RWC & ~unset) | set | (clear & PORT_RWC)));
}

static uint32_t ehci_port_changes(UsbHc *hc)
{
	Ehci *e = ehci_of(hc);
	uint32_t pending = e->port_change;

	e->port_change = 0;
	for (uint8_t p = 1; p <= e->ports; p++)
		if (er32(e, OP_PORTSC(p)) & PORT_CSC)
			pending |= 1u << p;
	return pending;
}

/* A port's state, its change bits cleared; a port a companion owns is empty here. */
static UsbPortState ehci_port_state(UsbHc *hc, uint8_t port)
{
	Ehci *e = ehci_of(hc);
	uint32_t v = er32(e, OP_PORTSC(port));

	port_write(e, port, 0, 0, v & PORT_RWC);
	return (UsbPortState){ .connected = (v & PORT_CCS) && !(v & PORT_OWNER),
	    .connect_changed = (v & PORT_CSC) != 0 };
}

/* To the companion controller: the port disappears here and connects there (EHCI 4.2.2). */
static void release_port(Ehci *e, uint8_t port, const char *speed)
{
	port_write(e, port, PORT_OWNER, 0, 0);
	e->released |= 1u << port;
	drvlog("ehci%u: port %u: %s-speed device, handed to the companion controller\n", (unsigned)e->hc.index,
	    (unsigned)port, speed);
}

/*
 * EHCI 4.2.2: a low-speed device (line status K before the reset) goes to
 * the companion at once; else PR set (PED cleared) for PORT_RESET_MS.
 */
static void ehci_port_reset(UsbHc *hc, uint8_t port)
{
	Ehci *e = ehci_of(hc);
	uint32_t v = er32(e, OP_PORTSC(port));

	e->released &= ~(1u << port);
	if ((v & PORT_LS_MASK) == PORT_LS_K && e->companions) {
		release_port(e, port, "low");
		return;
	}
	port_write(e, port, PORT_PR, PORT_PED, 0);
	e->reset_due[port] = wait_deadline(PORT_RESET_MS);
}

/*
 * The reset ends after PORT_RESET_MS: PR written 0, waited for; an enabled
 * port has a high-speed device. Not enabled but connected: a full-speed
 * device, handed to the companion if there is one. 0 (logged) then.
 */
static uint8_t ehci_port_reset_done(UsbHc *hc, uint8_t port)
{
	Ehci *e = ehci_of(hc);
	uint32_t v;

	if (e->released & (1u << port))
		return 0;
	if (!wait_passed(e->reset_due[port]))
		return USB_RESET_PENDING;
	port_write(e, port, 0, PORT_PR, 0);
	if (!wait_reg(e, OP_PORTSC(port), PORT_PR, 0, PORT_RESET_END_MS, "port reset end"))
		return 0;
	v = er32(e, OP_PORTSC(port));
	port_write(e, port, 0, 0, v & PORT_RWC);        /* the changes the reset made */
	if (v & PORT_PED)
		return USB_SPEED_HIGH;
	if (!(v & PORT_CCS))
		return 0;
	if (e->companions) {
		release_port(e, port, "full");
		return 0;
	}
	drvlog("ehci%u: port %u: not enabled after reset (portsc %08x): a full-speed device and no companion "
	    "controller, skipped\n", (unsigned)hc->index, (unsigned)port, (unsigned)v);
	return 0;
}

/* A new device at address 0: a free address, SET_ADDRESS to it; the handle is the address. 0 (logged) if not. */
static uint8_t ehci_dev_add(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where)
{
	Ehci *e = ehci_of(hc);
	char name[USB_PORT_NAME];
	uint8_t a = 1;
	UsbSetup set = { .type = 0, .request = SET_ADDRESS, .length = 0 };

	usb_port_name(where->port, where->route, name);
	while (a <= EHCI_MAX_DEVS && e->dev[a].used)
		a++;
	if (a > EHCI_MAX_DEVS || where->speed < USB_SPEED_FULL || where->speed > USB_SPEED_HIGH) {
		drvlog("ehci%u: port %s: no address free (or speed %u), skipped\n", (unsigned)hc->index, name,
		    (unsigned)where->speed);
		return 0;
	}
	e->dev[0] = (EhciDev){ .used = true, .port = where->port, .speed = where->speed, .tt_hub = where->tt_hub,
	    .tt_port = where->tt_port, .mps0 = where->speed == USB_SPEED_HIGH ? 64 : 8 };
	e->dev[a] = e->dev[0];
	e->dev[a].owner = owner;
	if (where->tt_hub)
		drvlog("ehci%u: port %s: %s-speed device, address %u, split transactions through hub %u port %u\n",
		    (unsigned)hc->index, name, speed_names[where->speed], (unsigned)a, (unsigned)where->tt_hub,
		    (unsigned)where->tt_port);
	else
		drvlog("ehci%u: port %s: %s-speed device%s, address %u\n", (unsigned)hc->index, name,
		    speed_names[where->speed], where->route ? " behind hubs" : "", (unsigned)a);
	set.value = a;
	if (!ehci_control(hc, 0, &set, NULL, NULL)) {
		drvlog("ehci%u: port %s: SET_ADDRESS failed\n", (unsigned)hc->index, name);
		e->dev[a].used = false;
		return 0;
	}
	return a;
}

static void ehci_dev_remove(UsbHc *hc, uint8_t dev)
{
	Ehci *e = ehci_of(hc);

	ehci_intr_unlink(e, dev);
	e->dev[dev].used = false;
}

static bool ehci_set_mps0(UsbHc *hc, uint8_t dev, uint16_t mps)
{
	ehci_of(hc)->dev[dev].mps0 = mps;
	return true;
}

/* NOTE: nothing to do: a device behind a high-speed hub carries its hub address and port (dev_add). */
static void ehci_set_hub(UsbHc *hc, uint8_t dev, uint8_t ports, uint8_t think_time)
{
	(void)hc;
	(void)dev;
	(void)ports;
	(void)think_time;
}

static const UsbHcOps ehci_ops = {
	.kind = "EHCI",
	.name = "ehci",
	.poll = ehci_poll,
	.running = ehci_running,
	.check = ehci_check,
	.port_changes = ehci_port_changes,
	.port_state = ehci_port_state,
	.port_reset = ehci_port_reset,
	.port_reset_done = ehci_port_reset_done,
	.dev_add = ehci_dev_add,
	.dev_remove = ehci_dev_remove,
	.set_mps0 = ehci_set_mps0,
	.set_hub = ehci_set_hub,
	.control = ehci_control,
	.intr_in = ehci_intr_in,
	.bulk = ehci_bulk,
	.cancel = ehci_cancel,
};

/* Controller `index`: its registers read, the BIOS asked for it (ehci_claim_step takes it). False (logged) if not used. */
bool ehci_claim_begin(int index, const PciDev *p, uintptr_t mmio, EhciAlloc alloc)
{
	Ehci *e = &ehci_ctrl[index];
	uint32_t hcs, hcc;

	*e = (Ehci){ .mmio = mmio, .alloc = alloc, .pci = *p };
	e->hc = (UsbHc){ .ops = &ehci_ops, .state = e, .index = (uint8_t)index };
	hcs = mmio_read32(mmio + CAP_HCSPARAMS);
	hcc = mmio_read32(mmio + CAP_HCCPARAMS);
	if (hcs == 0xFFFFFFFFu) {
		drvlog("ehci%d: registers read nothing, not used\n", index);
		e->claim = CL_GIVEN_UP;
		return false;
	}
	e->op = mmio + mmio_read8(mmio + CAP_LENGTH);
	e->ports = (uint8_t)HCS_N_PORTS(hcs);
	e->companions = (uint8_t)HCS_N_CC(hcs);
	e->bits64 = (hcc & HCC_64BIT) != 0;
	drvlog("ehci%d: at 0x%08x, %u ports, %u companion controllers%s\n", index, (unsigned)mmio,
	    (unsigned)e->ports, (unsigned)e->companions, e->bits64 ? ", 64-bit" : "");
	bios_begin(e, (uint8_t)HCC_EECP(hcc));
	e->claim = CL_BIOS;
	return true;
}

/* A wait of the claim that ran out: logged, the ports left with the companions, given up. */
static StepResult claim_timeout(Ehci *e, const char *what, uint32_t ms)
{
	drvlog("ehci%u: timeout: %s (%u ms)\n", (unsigned)e->hc.index, what, (unsigned)ms);
	ew32(e, OP_CONFIGFLAG, 0);              /* whatever state it is in: the ports to the companions */
	e->claim = CL_GIVEN_UP;
	return STEP_FAILED;
}

/*
 * One step of the claim: the BIOS's hand-off (HANDOFF_MS at most, then
 * taken anyway), halt (HALT_MS), HCRESET (RESET_MS: CONFIGFLAG cleared,
 * every port to the companions), its memory. Each wait is started by one
 * call and looked at by the next. STEP_FAILED (logged) if not used.
 */
StepResult ehci_claim_step(int index)
{
	Ehci *e = &ehci_ctrl[index];
	StepResult r;

	switch (e->claim) {
	case CL_BIOS:
		r = e->legsup && e->bios_owned
		    ? wait_step(&e->wait, !(pci_read32(&e->pci, e->legsup) & LEGSUP_BIOS), HANDOFF_MS) : STEP_DONE;
		if (r == STEP_MORE)
			return r;
		if (e->legsup)
			bios_end(e, r == STEP_FAILED);
		ew32(e, OP_USBCMD, er32(e, OP_USBCMD) & ~CMD_RUN);
		e->claim = CL_HALT;
		/* fall through */
	case CL_HALT:
		r = wait_step(&e->wait, (er32(e, OP_USBSTS) & STS_HCHALTED) != 0, HALT_MS);
		if (r != STEP_DONE)
			return r == STEP_MORE ? r : claim_timeout(e, "halt", HALT_MS);
		ew32(e, OP_USBCMD, CMD_HCRESET);
		e->claim = CL_RESET;
		/* fall through */
	case CL_RESET:
		r = wait_step(&e->wait, !(er32(e, OP_USBCMD) & CMD_HCRESET), RESET_MS);
		if (r != STEP_DONE)
			return r == STEP_MORE ? r : claim_timeout(e, "HCRESET", RESET_MS);
		ew32(e, OP_CONFIGFLAG, 0);      /* reset clears it; said again */
		e->mem = e->alloc(sizeof(EhciMem));
		if (!e->mem) {
			drvlog("ehci%u: no memory for its schedules, not used\n", (unsigned)index);
			e->claim = CL_GIVEN_UP;
			return STEP_FAILED;
		}
		e->claim = CL_CLAIMED;
		return STEP_DONE;
	default:
		return STEP_FAILED;     /* never begun, or asked again after its end */
	}
}

bool ehci_claim(int index, const PciDev *p, uintptr_t mmio, EhciAlloc alloc)
{
	return ehci_claim_begin(index, p, mmio, alloc) && STEP_RUN(ehci_claim_step(index)) == STEP_DONE;
}

/* The bring-up's phases (ehci_start_step), in order. */
enum EhciPhase { PH_SCHEDULE, PH_RUN, PH_CONFIGFLAG, PH_POWER, PH_RUNNING, PH_GIVEN_UP };

/*
 * One step of the bring-up: the schedules, run, CONFIGFLAG (CONFIGFLAG_MS
 * for the ports to come over), port power (POWER_MS). Each wait is started
 * by one call and looked at by the next.
 */
static StepResult start_phase(Ehci *e)
{
	StepResult r = STEP_DONE;

	switch (e->phase) {
	case PH_SCHEDULE:
		if (e->ports == 0 || e->ports > USB_MAX_ROOT_PORTS) {
			drvlog("ehci%u: %u root ports, not used\n", (unsigned)e->hc.index, (unsigned)e->ports);
			return STEP_FAILED;
		}
		ehci_schedule(e);
		if (e->bits64)
			ew32(e, OP_CTRLDSSEGMENT, 0);
		ew32(e, OP_USBINTR, 0);                 /* polled on the tick */
		ew32(e, OP_USBSTS, STS_INT_ALL);
		ew32(e, OP_PERIODICLISTBASE, ehci_addr32(e->mem->frame));
		ew32(e, OP_ASYNCLISTADDR, ehci_addr32(&e->mem->head));
		ew32(e, OP_FRINDEX, 0);
		ew32(e, OP_USBCMD, CMD_ITC_8 | CMD_PSE | CMD_ASE | CMD_RUN);
		break;
	case PH_RUN:
		r = wait_step(&e->wait, !(er32(e, OP_USBSTS) & STS_HCHALTED), HALT_MS);
		if (r == STEP_FAILED) {
			drvlog("ehci%u: timeout: run (%u ms)\n", (unsigned)e->hc.index, (unsigned)HALT_MS);
			give_up(e, "did not run");
			return STEP_FAILED;
		}
		if (r == STEP_DONE) {
			e->alive = true;
			ew32(e, OP_CONFIGFLAG, 1);
		}
		break;
	case PH_CONFIGFLAG:
		if ((r = wait_step_pause(&e->wait, CONFIGFLAG_MS)) == STEP_DONE &&
		    (mmio_read32(e->mmio + CAP_HCSPARAMS) & HCS_PPC))
			for (uint8_t p = 1; p <= e->ports; p++)
				port_write(e, p, PORT_PP, 0, 0);
		break;
	case PH_POWER:
		if (mmio_read32(e->mmio + CAP_HCSPARAMS) & HCS_PPC)
			r = wait_step_pause(&e->wait, POWER_MS);
		break;
	}
	if (r == STEP_DONE)
		e->phase++;
	return r;
}

/* One step of controller `index`'s start: STEP_MORE until it runs (*hc set, STEP_DONE) or is given up (logged). */
StepResult ehci_start_step(int index, UsbHc **hc)
{
	Ehci *e = &ehci_ctrl[index];
	StepResult r;

	*hc = NULL;
	if (e->claim != CL_CLAIMED || e->phase >= PH_RUNNING)
		return STEP_FAILED;             /* never claimed, or asked again after its end */
	r = start_phase(e);
	if (r == STEP_FAILED)
		e->phase = PH_GIVEN_UP;
	if (r != STEP_DONE || e->phase < PH_RUNNING)
		return r == STEP_FAILED ? STEP_FAILED : STEP_MORE;
	e->port_change = (uint32_t)((2ull << e->ports) - 2);   /* look at every port once */
	drvlog("ehci%d: running, every root port routed to it\n", index);
	*hc = &e->hc;
	return STEP_DONE;
}

UsbHc *ehci_start(int index)
{
	UsbHc *hc = NULL;

	STEP_RUN(ehci_start_step(index, &hc));
	return hc;
}
