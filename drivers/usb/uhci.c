/* uhci.c: UHCI controller bring-up (stop, global reset, HCRESET, frame list), root ports, devices, its UsbHcOps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "uhci.h"
#include "uhcireg.h"
#include "usbhc.h"
#include "wait.h"

#define HALT_MS         10              /* USBCMD.RS cleared: halted within a frame */
#define GRESET_MS       50              /* global reset held (UHCI 1.1: at least 10 ms; Linux 50) */
#define GRESET_AFTER_MS 10
#define HCRESET_MS      10              /* HCRESET clears itself (Linux waits 5 us) */
#define PORT_RESET_MS   50              /* PR held (USB 2.0 7.1.7.5 TDRSTR; Linux's uhci-hub) */
#define PORT_ENABLE_MS  10              /* PE comes up after PR is released */
#define SET_ADDRESS     0x05

static Uhci uhci_ctrl[UHCI_MAX_CTRL];
static const char *const speed_names[] = { "?", "full", "low" };

/* A 16-bit register to read (reg & mask) == want. */
typedef struct RegWait {
	Uhci *u;
	uint16_t off, mask, want;
} RegWait;

static bool reg_is(void *ctx)
{
	RegWait *w = ctx;

	return (ur16(w->u, w->off) & w->mask) == w->want;
}

/* Wait for a register; false (logged: "uhci0: timeout: <what>") after ms. */
static bool wait_reg(Uhci *u, uint16_t off, uint16_t mask, uint16_t want, uint32_t ms, const char *what)
{
	RegWait w = { .u = u, .off = off, .mask = mask, .want = want };

	if (wait_until(reg_is, &w, ms, 0))
		return true;
	drvlog("uhci%u: timeout: %s (%u ms)\n", (unsigned)u->hc.index, what, (unsigned)ms);
	return false;
}

/* Root ports: PORTSC's reserved bit 7 reads 1 on a port that is there (Linux's uhci_count_ports). */
static uint8_t count_ports(Uhci *u)
{
	uint8_t n = 0;

	while (n < MAX_PORTS) {
		uint16_t v = ur16(u, (uint16_t)UHCI_PORTSC(n + 1));

		if (!(v & PORT_ALWAYS1) || v == STS_GONE)
			break;
		n++;
	}
	return n;
}

/* Write PORTSC keeping its read/write bits, clearing only the change bits in `clear`, setting `set`. */
static void port_write(Uhci *u, uint8_t port, uint16_t set, uint16_t clear)
{
	uint16_t v = ur16(u, (uint16_t)UHCI_PORTSC(port));

	uw16(u, (uint16_t)UHCI_PORTSC(port), (uint16_t)((v & PORT_RW) | set | (clear & PORT_W1C)));
}

/* The bring-up's phases (uhci_start_step), in order. */
enum UhciPhase { PH_HALT, PH_GRESET, PH_GRESET_AFTER, PH_HCRESET, PH_RUN, PH_RUNNING, PH_GIVEN_UP };

/* A stepped register wait: STEP_FAILED logged ("uhci0: timeout: <what>"). */
static StepResult step_reg(Uhci *u, uint16_t off, uint16_t mask, uint16_t want, uint32_t ms, const char *what)
{
	StepResult r = wait_step(&u->wait, (ur16(u, off) & mask) == want, ms);

	if (r == STEP_FAILED)
		drvlog("uhci%u: timeout: %s (%u ms)\n", (unsigned)u->hc.index, what, (unsigned)ms);
	return r;
}

/* The frame list and its skeleton of queues to the controller, then run it (its interrupts off: we poll). */
static void run_controller(Uhci *u)
{
	uw16(u, UHCI_USBINTR, 0);
	uw16(u, UHCI_USBSTS, STS_ALL);
	uhci_skeleton(u->mem);
	outl((uint16_t)(u->io + UHCI_FLBASEADD), uhci_addr32(u->mem->frames));
	uw16(u, UHCI_FRNUM, 0);
	outb((uint16_t)(u->io + UHCI_SOFMOD), SOFMOD_DEFAULT);
	uw16(u, UHCI_USBCMD, CMD_RS | CMD_CF | CMD_MAXP);
}

/*
 * One step of the bring-up: stop it, GRESET held GRESET_MS (every device
 * sees a reset), then HCRESET (the controller's own registers), the root
 * ports counted, the frame list given, run. Each wait is started by one
 * call and looked at by the next: no call waits.
 */
static StepResult start_phase(Uhci *u)
{
	StepResult r = STEP_DONE;

	switch (u->phase) {
	case PH_HALT:
		if (!(ur16(u, UHCI_USBSTS) & STS_HCH)) {
			uw16(u, UHCI_USBCMD, 0);
			r = step_reg(u, UHCI_USBSTS, STS_HCH, STS_HCH, HALT_MS, "halt");
		}
		if (r == STEP_DONE)
			uw16(u, UHCI_USBCMD, CMD_GRESET);
		break;
	case PH_GRESET:
		if ((r = wait_step_pause(&u->wait, GRESET_MS)) == STEP_DONE)
			uw16(u, UHCI_USBCMD, 0);
		break;
	case PH_GRESET_AFTER:
		if ((r = wait_step_pause(&u->wait, GRESET_AFTER_MS)) == STEP_DONE)
			uw16(u, UHCI_USBCMD, CMD_HCRESET);
		break;
	case PH_HCRESET:
		if ((r = step_reg(u, UHCI_USBCMD, CMD_HCRESET, 0, HCRESET_MS, "HCRESET")) != STEP_DONE)
			break;
		if (!(u->ports = count_ports(u))) {
			drvlog("uhci%u: no root ports\n", (unsigned)u->hc.index);
			return STEP_FAILED;
		}
		run_controller(u);
		break;
	case PH_RUN:
		r = step_reg(u, UHCI_USBSTS, STS_HCH, 0, HALT_MS, "run");
		break;
	}
	if (r == STEP_DONE)
		u->phase++;
	return r;
}

static bool uhci_running(UsbHc *hc)
{
	return uhci_of(hc)->alive;
}

/* Main loop: a controller that halted, or reports a host system or process error, is given up. */
static bool uhci_check(UsbHc *hc)
{
	Uhci *u = uhci_of(hc);
	uint16_t sts = ur16(u, UHCI_USBSTS);

	if (!(sts & (STS_HCH | STS_HSE | STS_HCPE)))
		return u->alive;
	drvlog("uhci%u: controller stopped (USBSTS %04x), given up\n", (unsigned)hc->index, (unsigned)sts);
	u->alive = false;
	return false;
}

/* Root ports with a connect change since last asked (and every port once after start). */
static uint32_t uhci_port_changes(UsbHc *hc)
{
	Uhci *u = uhci_of(hc);
	uint32_t pending = u->port_change;

	u->port_change = 0;
	for (uint8_t p = 1; p <= u->ports; p++)
		if (ur16(u, (uint16_t)UHCI_PORTSC(p)) & PORT_CSC)
			pending |= 1u << p;
	return pending;
}

/* A port's state; its change bits cleared. */
static UsbPortState uhci_port_state(UsbHc *hc, uint8_t port)
{
	Uhci *u = uhci_of(hc);
	uint16_t v = ur16(u, (uint16_t)UHCI_PORTSC(port));

	port_write(u, port, 0, PORT_W1C);
	return (UsbPortState){ .connected = (v & PORT_CCS) != 0, .connect_changed = (v & PORT_CSC) != 0 };
}

/* Start a port's reset: PR held PORT_RESET_MS, ended by uhci_port_reset_done. */
static void uhci_port_reset(UsbHc *hc, uint8_t port)
{
	Uhci *u = uhci_of(hc);

	port_write(u, port, PORT_PR, 0);
	u->reset_due[port] = wait_deadline(PORT_RESET_MS);
}

/*
 * The reset ends after PORT_RESET_MS: PR released, the changes it made
 * cleared, PE set and waited for (Linux's uhci-hub does the same). The
 * port's speed; 0 (logged) if the port is not enabled.
 */
static uint8_t uhci_port_reset_done(UsbHc *hc, uint8_t port)
{
	Uhci *u = uhci_of(hc);
	uint16_t v;

	if (!wait_passed(u->reset_due[port]))
		return USB_RESET_PENDING;
	uw16(u, (uint16_t)UHCI_PORTSC(port), (uint16_t)(ur16(u, (uint16_t)UHCI_PORTSC(port)) & PORT_RW & ~PORT_PR));
	for (int i = 0; i < 10; i++)
		io_wait();                              /* ~10 us before PE (Linux: udelay(10)) */
	port_write(u, port, PORT_PE, PORT_W1C);
	if (!wait_reg(u, (uint16_t)UHCI_PORTSC(port), PORT_PE, PORT_PE, PORT_ENABLE_MS, "port enable") ||
	    !((v = ur16(u, (uint16_t)UHCI_PORTSC(port))) & PORT_CCS)) {
		drvlog("uhci%u: port %u: not enabled after reset (portsc %04x), skipped\n", (unsigned)hc->index,
		    (unsigned)port, (unsigned)ur16(u, (uint16_t)UHCI_PORTSC(port)));
		return 0;
	}
	port_write(u, port, 0, PORT_W1C);               /* the connect change the reset made */
	return (v & PORT_LSDA) ? USB_SPEED_LOW : USB_SPEED_FULL;
}

/*
 * A new device at address 0 (just reset): a free address, SET_ADDRESS to
 * it. The handle is the address. 0 (logged) if none is free or it did not
 * take it.
 */
static uint8_t uhci_dev_add(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where)
{
	Uhci *u = uhci_of(hc);
	char name[USB_PORT_NAME];
	uint8_t a = 1;
	UsbSetup set = { .type = 0, .request = SET_ADDRESS, .length = 0 };

	usb_port_name(where->port, where->route, name);
	while (a <= UHCI_MAX_DEVS && u->dev[a].used)
		a++;
	if (a > UHCI_MAX_DEVS || (where->speed != USB_SPEED_FULL && where->speed != USB_SPEED_LOW)) {
		drvlog("uhci%u: port %s: no address free (or speed %u), skipped\n", (unsigned)hc->index, name,
		    (unsigned)where->speed);
		return 0;
	}
	u->dev[0] = (UhciDev){ .used = true, .port = where->port, .speed = where->speed, .mps0 = 8 };
	u->dev[a] = u->dev[0];
	u->dev[a].owner = owner;
	drvlog("uhci%u: port %s: %s-speed device%s, address %u\n", (unsigned)hc->index, name,
	    speed_names[where->speed], where->route ? " behind hubs" : "", (unsigned)a);
	set.value = a;
	if (!uhci_control(hc, 0, &set, NULL, NULL)) {
		drvlog("uhci%u: port %s: SET_ADDRESS failed\n", (unsigned)hc->index, name);
		u->dev[a].used = false;
		return 0;
	}
	return a;
}

static void uhci_dev_remove(UsbHc *hc, uint8_t dev)
{
	Uhci *u = uhci_of(hc);

	uhci_intr_unlink(u, dev);
	u->dev[dev].used = false;
}

/* Full-speed EP0 packet size, once the descriptor has said it. */
static bool uhci_set_mps0(UsbHc *hc, uint8_t dev, uint16_t mps)
{
	uhci_of(hc)->dev[dev].mps0 = mps;
	return true;
}

/* NOTE: a hub needs nothing here: UHCI has no transaction translators; a low-speed device's TDs say LS. */
static void uhci_set_hub(UsbHc *hc, uint8_t dev, uint8_t ports, uint8_t think_time)
{
	(void)hc;
	(void)dev;
	(void)ports;
	(void)think_time;
}

static const UsbHcOps uhci_ops = {
	.kind = "UHCI",
	.name = "uhci",
	.poll = uhci_poll,
	.running = uhci_running,
	.check = uhci_check,
	.port_changes = uhci_port_changes,
	.port_state = uhci_port_state,
	.port_reset = uhci_port_reset,
	.port_reset_done = uhci_port_reset_done,
	.dev_add = uhci_dev_add,
	.dev_remove = uhci_dev_remove,
	.set_mps0 = uhci_set_mps0,
	.set_hub = uhci_set_hub,
	.control = uhci_control,
	.intr_in = uhci_intr_in,
	.bulk = uhci_bulk,
	.cancel = uhci_cancel,
};

/* Controller `index` at I/O port io: its memory, its ports counted, stopped. False (logged) if not used. */
bool uhci_claim(int index, uint16_t io, UhciAlloc alloc)
{
	Uhci *u = &uhci_ctrl[index];

	*u = (Uhci){ .io = io, .alloc = alloc };
	u->hc = (UsbHc){ .ops = &uhci_ops, .state = u, .index = (uint8_t)index };
	if (ur16(u, UHCI_USBSTS) == STS_GONE) {
		drvlog("uhci%u: registers at 0x%04x read nothing, not used\n", (unsigned)index, (unsigned)io);
		return false;
	}
	u->mem = alloc(sizeof(UhciMem));
	if (!u->mem) {
		drvlog("uhci%u: no memory for its frame list, not used\n", (unsigned)index);
		return false;
	}
	uw16(u, UHCI_USBCMD, 0);                /* stop it until it is ours */
	uw16(u, UHCI_USBINTR, 0);
	return true;
}

/*
 * One step of controller `index`'s start: STEP_MORE until it runs (*hc then
 * set, STEP_DONE) or is given up (STEP_FAILED, logged).
 */
StepResult uhci_start_step(int index, UsbHc **hc)
{
	Uhci *u = &uhci_ctrl[index];
	StepResult r;

	*hc = NULL;
	if (u->phase >= PH_RUNNING)
		return STEP_FAILED;             /* asked again after its end */
	r = start_phase(u);
	if (r == STEP_FAILED) {
		drvlog("uhci%u: controller given up\n", (unsigned)index);
		u->phase = PH_GIVEN_UP;
		return STEP_FAILED;
	}
	if (u->phase < PH_RUNNING)
		return STEP_MORE;
	u->alive = true;
	u->port_change = (2u << u->ports) - 2;  /* look at every port once */
	drvlog("uhci%u: running at 0x%04x: %u ports\n", (unsigned)index, (unsigned)u->io, (unsigned)u->ports);
	*hc = &u->hc;
	return STEP_DONE;
}

UsbHc *uhci_start(int index)
{
	UsbHc *hc = NULL;

	STEP_RUN(uhci_start_step(index, &hc));
	return hc;
}
