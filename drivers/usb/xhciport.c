/* xhciport.c: xHCI root ports, device slots (Enable Slot, Address Device), control and interrupt-IN transfers. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "usbhc.h"
#include "wait.h"
#include "xhcireg.h"

#define POWER_MS        20              /* port power good (the hub's bPwrOn2PwrGood, generously) */
#define CONTROL_MS      5000            /* a control transfer (Linux's USB_CTRL_GET_TIMEOUT) */
#define EP0_CERR        3               /* retries of a failing transaction */
#define USB3_MAJOR      3               /* supported protocol: USB 3 ports train by themselves */

static const char *const speed_names[] = { "?", "full", "low", "high", "super", "super+" };

static uint32_t portsc(Xhci *x, uint32_t port)
{
	return xr32(x->op, OP_PORTSC(port));
}

/* Write PORTSC without disturbing it: keep the RW bits, set `set`, clear no change bit by accident. */
static void port_write(Xhci *x, uint32_t port, uint32_t set)
{
	xw32(x->op, OP_PORTSC(port), (portsc(x, port) & PORT_KEEP) | set);
}

/* Context piece i of an input (i = 0 control, 1 slot, 2.. endpoints) or device context. */
static volatile uint32_t *ctx(Xhci *x, uint8_t *base, uint32_t i)
{
	return (volatile uint32_t *)(base + i * x->ctx_size);
}

static void zero(uint8_t *p, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		((volatile uint8_t *)p)[i] = 0;
}

static uint16_t default_mps0(uint8_t speed)
{
	return speed == USB_SPEED_SUPER ? 512 : speed == USB_SPEED_HIGH ? 64 : 8;
}

/*
 * After reset: power every port, and every port is news for the device
 * layer once the power has settled (the caller's pause: the ms returned).
 */
uint32_t xhci_ports_power(Xhci *x)
{
	bool powered = false;

	for (uint32_t p = 1; p <= x->ports; p++)
		if (!(portsc(x, p) & PORT_PP)) {
			port_write(x, p, PORT_PP);
			powered = true;
		}
	x->port_change = (2u << x->ports) - 2;          /* look at every port once */
	return powered ? POWER_MS : 0;
}

/* Ports that had a status change event since last asked; taken with the timer IRQ held off. */
uint32_t xhci_port_changes(UsbHc *hc)
{
	Xhci *x = xhci_of(hc);
	uint32_t f = cpu_save_flags_cli(), pending = x->port_change;

	x->port_change = 0;
	cpu_restore_flags(f);
	return pending & ((2u << x->ports) - 2);
}

/* A port's state; its change bits are cleared (written back as ones). */
UsbPortState xhci_port_state(UsbHc *hc, uint8_t port)
{
	Xhci *x = xhci_of(hc);
	uint32_t v = portsc(x, port);

	port_write(x, port, v & PORT_CHANGES);
	return (UsbPortState){ .connected = (v & PORT_CCS) != 0, .connect_changed = (v & PORT_CSC) != 0 };
}

/*
 * A device appeared on a root port: start its reset (USB 2; USB 3 ports
 * train by themselves). The device layer asks xhci_port_reset_done on its
 * own schedule (the main loop is not held up) and times it out.
 */
void xhci_port_reset(UsbHc *hc, uint8_t port)
{
	Xhci *x = xhci_of(hc);

	if (x->port_major[port] != USB3_MAJOR)
		port_write(x, port, PORT_PR);
}

/*
 * The reset started by xhci_port_reset: USB_RESET_PENDING until PRC, then
 * the port's speed; 0 (logged) if it is not enabled after it. The reset
 * recovery time is the device layer's.
 */
uint8_t xhci_port_reset_done(UsbHc *hc, uint8_t port)
{
	Xhci *x = xhci_of(hc);
	uint32_t v = portsc(x, port);

	if (x->port_major[port] != USB3_MAJOR) {
		if (!(v & PORT_PRC))
			return USB_RESET_PENDING;
		port_write(x, port, PORT_PRC);
		v = portsc(x, port);
	}
	if (!(v & PORT_CCS) || !(v & PORT_PED)) {
		drvlog("xhci%u: port %u: not enabled after reset (portsc %08x), skipped\n",
		    (unsigned)hc->index, (unsigned)port, (unsigned)v);
		return 0;
	}
	return (uint8_t)PORT_SPEED(v);
}

/* Wait for the control transfer ending at s->ep0_wait; true if it completed without error. */
static bool ep0_wait(Xhci *x, XhciSlot *s, const char *what)
{
	if (!xhci_wait_event(x, &s->ep0_done, CONTROL_MS, what))
		return false;
	return s->ep0_cc == CC_SUCCESS || s->ep0_cc == CC_SHORT_PACKET;
}

/* A halted (stalled) EP0: Reset Endpoint, then point its dequeue at our enqueue. */
static void ep0_recover(Xhci *x, uint8_t slot)
{
	XhciSlot *s = &x->slot[slot];

	if (xhci_command(x, 0, TRB_TYPE(TRB_RESET_EP) | TRB_SLOT(slot) | TRB_EP(DCI_EP0), "Reset Endpoint"))
		xhci_command(x, addr32(&s->ep0.trb[s->ep0.enq]) | s->ep0.cycle,
		    TRB_TYPE(TRB_SET_TR_DEQUEUE) | TRB_SLOT(slot) | TRB_EP(DCI_EP0), "Set TR Dequeue");
}

/*
 * A control transfer on EP0: setup, optional data stage, status. IN data
 * lands in the slot's buffer and is copied to buf; *got says how much came.
 */
bool xhci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got)
{
	Xhci *x = xhci_of(hc);
	XhciSlot *s = &x->slot[dev];
	SlotMem *m = &x->mem->slot[dev - 1];
	uint16_t len = setup->length;
	bool in = (setup->type & USB_REQ_IN) != 0, ok;
	uint32_t trt = len ? (in ? TRT_IN : TRT_OUT) : TRT_NONE;
	volatile Trb *status;

	if (!x->alive || len > CTRL_BUF || s->grace.gone)
		return false;
	if (!in)
		for (uint16_t i = 0; i < len; i++)
			m->ctrl_buf[i] = ((const uint8_t *)buf)[i];
	s->ep0_done = false;
	s->ep0_residual = 0;
	xhci_ring_push(&s->ep0, (uint32_t)setup->type | (uint32_t)setup->request << 8 | (uint32_t)setup->value << 16,
	    (uint32_t)setup->index | (uint32_t)len << 16, TRB_SETUP_LEN, TRB_TYPE(TRB_SETUP) | TRB_IDT | TRB_TRT(trt));
	if (len)
		xhci_ring_push(&s->ep0, addr32(m->ctrl_buf), 0, len,
		    TRB_TYPE(TRB_DATA) | TRB_ISP | (in ? TRB_DIR_IN : 0));
	status = &s->ep0.trb[s->ep0.enq];
	s->ep0_wait = addr32(status);
	xhci_ring_push(&s->ep0, 0, 0, 0, TRB_TYPE(TRB_STATUS) | TRB_IOC | ((len && in) ? 0 : TRB_DIR_IN));
	xhci_doorbell(x, dev, DCI_EP0);
	ok = ep0_wait(x, s, "control transfer") && !s->grace.gone;
	if (s->grace.gone)
		return false;           /* its hub said it went (xhci_cancel): its slot goes with it */
	if (!ok && x->alive && s->ep0_done) {
		drvlog("xhci%u: port %u: request %02x failed (completion code %u)\n", (unsigned)hc->index,
		    (unsigned)s->port, (unsigned)setup->request, (unsigned)s->ep0_cc);
		ep0_recover(x, dev);
	}
	if (!ok)
		return false;
	if (got)
		*got = (uint16_t)(len - (s->ep0_residual < len ? s->ep0_residual : len));
	if (in)
		for (uint16_t i = 0; i < len; i++)
			((uint8_t *)buf)[i] = m->ctrl_buf[i];
	if (usb_is_clear_halt(setup))
		xhci_bulk_halt_cleared(x, dev, (uint8_t)setup->index);
	if (usb_resets_toggles(setup))          /* the device's endpoints at DATA0: the controller's too */
		xhci_bulk_toggles_reset(x, dev);
	return true;
}

/* Full-speed devices tell their EP0 packet size only in the device descriptor: Evaluate Context. */
bool xhci_set_mps0(UsbHc *hc, uint8_t dev, uint16_t mps)
{
	Xhci *x = xhci_of(hc);
	SlotMem *m = &x->mem->slot[dev - 1];
	volatile uint32_t *ep0;

	zero(m->in_ctx, sizeof m->in_ctx);
	ctx(x, m->in_ctx, 0)[1] = ICC_ADD(DCI_EP0);
	ep0 = ctx(x, m->in_ctx, DCI_EP0 + 1);
	for (int i = 0; i < 5; i++)
		ep0[i] = ctx(x, m->out_ctx, DCI_EP0)[i];
	ep0[1] = (ep0[1] & ~EP_MPS_MASK) | EP_MPS(mps);
	return xhci_command(x, addr32(m->in_ctx), TRB_TYPE(TRB_EVALUATE_CTX) | TRB_SLOT(dev), "Evaluate Context");
}

/* Endpoint interval (xHCI 6.2.3.6): 2^n x 125 us from bInterval. */
static uint32_t interval_exp(uint8_t speed, uint8_t interval)
{
	uint32_t n = 0, frames = interval ? interval : 1;

	if (speed == USB_SPEED_HIGH || speed == USB_SPEED_SUPER)
		return interval >= 1 && interval <= 16 ? interval - 1u : 3u;
	while ((2u << n) <= frames * 8)
		n++;
	return n < 3 ? 3 : n > 10 ? 10 : n;
}

/*
 * Configure Endpoint for an interrupt IN endpoint (a keyboard's reports, a
 * hub's status changes), then queue INTR_INFLIGHT buffers on its ring: the
 * controller can take that many reports between two of our polls.
 */
bool xhci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep)
{
	Xhci *x = xhci_of(hc);
	XhciSlot *s = &x->slot[dev];
	SlotMem *m = &x->mem->slot[dev - 1];
	uint32_t dci = DCI(ep->address | USB_REQ_IN);
	uint16_t mps = ep->max_packet > INTR_BUF ? INTR_BUF : ep->max_packet;   /* a boot report is 8 bytes */
	volatile uint32_t *slot_ctx, *ep_ctx;

	zero(m->in_ctx, sizeof m->in_ctx);
	ctx(x, m->in_ctx, 0)[1] = ICC_ADD(0) | ICC_ADD(dci);   /* add: slot and the endpoint */
	slot_ctx = ctx(x, m->in_ctx, 1);
	for (int i = 0; i < 4; i++)
		slot_ctx[i] = ctx(x, m->out_ctx, 0)[i];
	slot_ctx[0] = (slot_ctx[0] & ~SLOT_ENTRIES_MASK) | SLOT_ENTRIES(dci);
	slot_ctx[3] = 0;
	if (s->hub_ports) {                             /* a hub: Hub flag, its ports, TT think time */
		slot_ctx[0] |= SLOT_HUB;
		slot_ctx[1] = (slot_ctx[1] & ~SLOT_PORTS_MASK) | SLOT_PORTS(s->hub_ports);
		slot_ctx[2] = (slot_ctx[2] & ~SLOT_TTT_MASK) | SLOT_TTT(s->hub_ttt);
	}
	ep_ctx = ctx(x, m->in_ctx, dci + 1);
	ep_ctx[0] = EP_INTERVAL(interval_exp(s->speed, ep->interval));
	ep_ctx[1] = EP_CERR(EP0_CERR) | EP_TYPE(EP_TYPE_INTR_IN) | EP_MPS(mps);
	ep_ctx[2] = addr32(m->intr) | EP_DCS;
	ep_ctx[3] = 0;
	ep_ctx[4] = EP_AVG_TRB(8) | EP_MAX_ESIT(mps);
	if (!xhci_command(x, addr32(m->in_ctx), TRB_TYPE(TRB_CONFIGURE_EP) | TRB_SLOT(dev), "Configure Endpoint"))
		return false;
	s->intr_dci = (uint8_t)dci;
	s->intr_len = mps;
	s->intr_dead = false;
	s->intr_halted = 0;
	s->intr_recovered = 0;
	xhci_intr_fill(x, dev);
	xhci_doorbell(x, dev, dci);
	return true;
}

/* The slot context of a hub says so (Configure Endpoint applies it): ports and TT think time. */
void xhci_set_hub(UsbHc *hc, uint8_t dev, uint8_t ports, uint8_t think_time)
{
	XhciSlot *s = &xhci_of(hc)->slot[dev];

	s->hub_ports = ports;
	s->hub_ttt = think_time;
}

/* The device left: no more reports, Disable Slot (if the controller still answers). */
void xhci_dev_remove(UsbHc *hc, uint8_t dev)
{
	Xhci *x = xhci_of(hc);

	x->slot[dev].used = false;
	x->slot[dev].intr_dci = 0;
	if (x->alive)
		xhci_command(x, 0, TRB_TYPE(TRB_DISABLE_SLOT) | TRB_SLOT(dev), "Disable Slot");
	x->mem->dcbaa[dev] = 0;
}

/*
 * Enable Slot and Address Device for a device on a root port or behind hubs
 * (its route string says which hub ports lead to it). A full- or low-speed
 * device behind a high-speed hub talks through that hub's transaction
 * translator. EP0 starts at the speed's default packet size. Its slot id,
 * or 0 (logged) if the controller refused.
 */
uint8_t xhci_dev_add(UsbHc *hc, UsbDev *owner, const UsbDevAddr *where)
{
	Xhci *x = xhci_of(hc);
	uint32_t slot, port = where->port, speed = where->speed;
	char name[USB_PORT_NAME];
	XhciSlot *s;
	SlotMem *m;
	volatile uint32_t *sc, *ep0;

	usb_port_name(where->port, where->route, name);
	if (!xhci_command(x, 0, TRB_TYPE(TRB_ENABLE_SLOT), "Enable Slot"))
		return 0;
	slot = x->cmd_slot;
	if (slot == 0 || slot > x->slots) {
		drvlog("xhci%u: port %s: slot %u out of range\n", (unsigned)hc->index, name, (unsigned)slot);
		return 0;
	}
	s = &x->slot[slot];
	m = &x->mem->slot[slot - 1];
	*s = (XhciSlot){ .used = true, .owner = owner, .port = (uint8_t)port, .speed = (uint8_t)speed };
	xhci_ring_init(&s->ep0, m->ep0, EP0_TRBS);
	zero(m->in_ctx, sizeof m->in_ctx);
	zero(m->out_ctx, sizeof m->out_ctx);
	ctx(x, m->in_ctx, 0)[1] = ICC_ADD(0) | ICC_ADD(DCI_EP0);        /* add: slot, EP0 */
	sc = ctx(x, m->in_ctx, 1);
	sc[0] = SLOT_ROUTE(where->route & SLOT_ROUTE_MASK) | SLOT_SPEED(speed) | SLOT_ENTRIES(DCI_EP0);
	sc[1] = SLOT_ROOT_PORT(port);
	if (where->tt_hub)
		sc[2] = SLOT_TT_HUB(where->tt_hub) | SLOT_TT_PORT(where->tt_port);
	ep0 = ctx(x, m->in_ctx, DCI_EP0 + 1);
	ep0[1] = EP_CERR(EP0_CERR) | EP_TYPE(EP_TYPE_CONTROL) | EP_MPS(default_mps0((uint8_t)speed));
	ep0[2] = addr32(m->ep0) | EP_DCS;
	ep0[3] = 0;
	ep0[4] = EP_AVG_TRB(8);
	x->mem->dcbaa[slot] = addr32(m->out_ctx);
	drvlog("xhci%u: port %s: %s-speed device%s, slot %u\n", (unsigned)hc->index, name,
	    speed_names[speed < 6 ? speed : 0], where->route ? " behind hubs" : "", (unsigned)slot);
	if (!xhci_command(x, addr32(m->in_ctx), TRB_TYPE(TRB_ADDRESS_DEVICE) | TRB_SLOT(slot), "Address Device")) {
		xhci_dev_remove(hc, (uint8_t)slot);
		return 0;
	}
	return (uint8_t)slot;
}
