/* xhciport.c: xHCI root ports and slots — reset, Enable Slot, Address Device, transfers, hot-plug. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "pit.h"
#include "usbkbd.h"
#include "xhcireg.h"

#define POWER_MS        20              /* port power good (the hub's bPwrOn2PwrGood, generously) */
#define PORT_RESET_MS   200
#define CONTROL_MS      500
#define EP0_CERR        3               /* retries of a failing transaction */
#define PORT_IGNORED    0xFF            /* port_slot: a device we do not use, until it leaves */

static const char *const speed_names[] = { "?", "full", "low", "high", "super", "super+" };

static uint32_t addr32(const volatile void *p)
{
	return (uint32_t)(uintptr_t)p;
}

static uint32_t portsc(Xhci *hc, uint32_t port)
{
	return xr32(hc->op, OP_PORTSC(port));
}

/* Write PORTSC without disturbing it: keep the RW bits, set `set`, clear no change bit by accident. */
static void port_write(Xhci *hc, uint32_t port, uint32_t set)
{
	xw32(hc->op, OP_PORTSC(port), (portsc(hc, port) & PORT_KEEP) | set);
}

static void pause_ms(uint32_t ms)
{
	uint32_t start = pit_ticks(), n = ms * PIT_TICK_HZ / 1000 + 1;

	while (pit_ticks() - start < n)
		cpu_pause();
}

/* Context piece i of an input (i = 0 control, 1 slot, 2.. endpoints) or device context. */
static volatile uint32_t *ctx(Xhci *hc, uint8_t *base, uint32_t i)
{
	return (volatile uint32_t *)(base + i * hc->ctx_size);
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

/* Wait for the control transfer ending at s->ep0_wait; true if it completed without error. */
static bool ep0_wait(Xhci *hc, XhciSlot *s, const char *what)
{
	if (!xhci_wait_ms(hc, &s->ep0_done, CONTROL_MS, what))
		return false;
	return s->ep0_cc == CC_SUCCESS || s->ep0_cc == CC_SHORT_PACKET;
}

/* A halted (stalled) EP0: Reset Endpoint, then point its dequeue at our enqueue. */
static void ep0_recover(Xhci *hc, XhciSlot *s)
{
	uint32_t slot = s->dev.slot;

	if (xhci_command(hc, 0, TRB_TYPE(TRB_RESET_EP) | TRB_SLOT(slot) | TRB_EP(1), "Reset Endpoint"))
		xhci_command(hc, addr32(&s->ep0.trb[s->ep0.enq]) | s->ep0.cycle,
		    TRB_TYPE(TRB_SET_TR_DEQUEUE) | TRB_SLOT(slot) | TRB_EP(1), "Set TR Dequeue");
}

/*
 * A control transfer on EP0: setup, optional data stage, status. IN data
 * lands in the slot's buffer and is copied to buf; *got says how much came.
 */
bool xhci_control(UsbDev *d, uint8_t type, uint8_t req, uint16_t value, uint16_t index,
                  void *buf, uint16_t len, uint16_t *got)
{
	Xhci *hc = &xhci_ctrl[d->hc];
	XhciSlot *s = &hc->slot[d->slot];
	SlotMem *m = &hc->mem->slot[d->slot - 1];
	bool in = (type & USB_REQ_IN) != 0, ok;
	uint32_t trt = len ? (in ? 3u : 2u) : 0u;
	volatile Trb *status;

	if (!hc->alive || len > CTRL_BUF)
		return false;
	if (!in)
		for (uint16_t i = 0; i < len; i++)
			m->ctrl_buf[i] = ((const uint8_t *)buf)[i];
	s->ep0_done = false;
	s->ep0_residual = 0;
	xhci_ring_push(&s->ep0, (uint32_t)type | (uint32_t)req << 8 | (uint32_t)value << 16,
	    (uint32_t)index | (uint32_t)len << 16, 8, TRB_TYPE(TRB_SETUP) | TRB_IDT | trt << 16);
	if (len)
		xhci_ring_push(&s->ep0, addr32(m->ctrl_buf), 0, len,
		    TRB_TYPE(TRB_DATA) | TRB_ISP | (in ? TRB_DIR_IN : 0));
	status = &s->ep0.trb[s->ep0.enq];
	s->ep0_wait = addr32(status);
	xhci_ring_push(&s->ep0, 0, 0, 0, TRB_TYPE(TRB_STATUS) | TRB_IOC | ((len && in) ? 0 : TRB_DIR_IN));
	cpu_wmb();
	xw32(hc->db, 4 * d->slot, 1);
	ok = ep0_wait(hc, s, "control transfer");
	if (!ok && hc->alive && s->ep0_done) {
		drvlog("xhci%u: port %u: request %02x failed (completion code %u)\n", (unsigned)d->hc,
		    (unsigned)d->port, (unsigned)req, (unsigned)s->ep0_cc);
		ep0_recover(hc, s);
	}
	if (!ok)
		return false;
	if (got)
		*got = (uint16_t)(len - (s->ep0_residual < len ? s->ep0_residual : len));
	if (in)
		for (uint16_t i = 0; i < len; i++)
			((uint8_t *)buf)[i] = m->ctrl_buf[i];
	return true;
}

/* Full-speed devices tell their EP0 packet size only in the device descriptor: Evaluate Context. */
bool xhci_set_mps0(UsbDev *d, uint16_t mps)
{
	Xhci *hc = &xhci_ctrl[d->hc];
	SlotMem *m = &hc->mem->slot[d->slot - 1];
	volatile uint32_t *ep0;

	zero(m->in_ctx, sizeof m->in_ctx);
	ctx(hc, m->in_ctx, 0)[1] = 1u << 1;              /* add: EP0 */
	ep0 = ctx(hc, m->in_ctx, 2);
	for (int i = 0; i < 5; i++)
		ep0[i] = ctx(hc, m->out_ctx, 1)[i];
	ep0[1] = (ep0[1] & 0x0000FFFFu) | (uint32_t)mps << 16;
	return xhci_command(hc, addr32(m->in_ctx), TRB_TYPE(TRB_EVALUATE_CTX) | TRB_SLOT(d->slot),
	    "Evaluate Context");
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
 * Configure Endpoint for the keyboard's interrupt IN endpoint, then queue
 * INTR_INFLIGHT report buffers on its ring: the controller can take that
 * many reports between two of our polls.
 */
bool xhci_intr_start(UsbDev *d, uint8_t ep, uint16_t mps, uint8_t interval)
{
	Xhci *hc = &xhci_ctrl[d->hc];
	XhciSlot *s = &hc->slot[d->slot];
	SlotMem *m = &hc->mem->slot[d->slot - 1];
	uint32_t dci = (ep & 0x0F) * 2u + 1u;
	volatile uint32_t *slot_ctx, *ep_ctx;

	if (mps > INTR_BUF)
		mps = INTR_BUF;                 /* a boot report is 8 bytes */
	xhci_ring_init(&s->intr, m->intr, INTR_TRBS);
	zero(m->in_ctx, sizeof m->in_ctx);
	ctx(hc, m->in_ctx, 0)[1] = 1u | 1u << dci;      /* add: slot and the endpoint */
	slot_ctx = ctx(hc, m->in_ctx, 1);
	for (int i = 0; i < 4; i++)
		slot_ctx[i] = ctx(hc, m->out_ctx, 0)[i];
	slot_ctx[0] = (slot_ctx[0] & 0x07FFFFFFu) | dci << 27;
	slot_ctx[3] = 0;
	if (s->hub_ports) {                             /* a hub: Hub flag, its ports, TT think time */
		slot_ctx[0] |= 1u << 26;
		slot_ctx[1] = (slot_ctx[1] & 0x00FFFFFFu) | (uint32_t)s->hub_ports << 24;
		slot_ctx[2] = (slot_ctx[2] & ~0x00030000u) | (uint32_t)(s->hub_ttt & 3) << 16;
	}
	ep_ctx = ctx(hc, m->in_ctx, dci + 1);
	ep_ctx[0] = interval_exp(d->speed, interval) << 16;
	ep_ctx[1] = EP0_CERR << 1 | EP_TYPE_INTR_IN << 3 | (uint32_t)mps << 16;
	ep_ctx[2] = addr32(m->intr) | 1;
	ep_ctx[3] = 0;
	ep_ctx[4] = 8 | (uint32_t)mps << 16;            /* average TRB length, max ESIT payload */
	if (!xhci_command(hc, addr32(m->in_ctx), TRB_TYPE(TRB_CONFIGURE_EP) | TRB_SLOT(d->slot),
	    "Configure Endpoint"))
		return false;
	s->intr_dci = (uint8_t)dci;
	s->intr_len = mps;
	s->intr_dead = false;
	for (int i = 0; i < INTR_INFLIGHT; i++)
		xhci_ring_push(&s->intr, addr32(m->intr_buf[s->intr.enq]), 0, mps,
		    TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
	cpu_wmb();
	xw32(hc->db, 4 * d->slot, dci);
	return true;
}

static void free_slot(Xhci *hc, uint32_t slot)
{
	hc->slot[slot].used = false;
	hc->slot[slot].intr_dci = 0;
	if (hc->alive)
		xhci_command(hc, 0, TRB_TYPE(TRB_DISABLE_SLOT) | TRB_SLOT(slot), "Disable Slot");
	hc->mem->dcbaa[slot] = 0;
}

/*
 * Enable Slot and Address Device for a device on root port `port`, behind
 * hub port `route` of `hub` if route is not 0 (one hub level: the route
 * string is that one port). A full- or low-speed device behind a high-speed
 * hub talks through the hub's transaction translator. EP0 starts at the
 * speed's default packet size. NULL (logged) if the controller refused.
 */
static XhciSlot *address(Xhci *hc, uint32_t port, uint32_t route, uint32_t speed, const XhciSlot *hub)
{
	uint32_t slot;
	XhciSlot *s;
	SlotMem *m;
	volatile uint32_t *sc, *ep0;

	if (!xhci_command(hc, 0, TRB_TYPE(TRB_ENABLE_SLOT), "Enable Slot"))
		return NULL;
	slot = hc->cmd_slot;
	if (slot == 0 || slot > hc->slots) {
		drvlog("xhci%u: port %u: slot %u out of range\n", (unsigned)xhci_index(hc), (unsigned)port,
		    (unsigned)slot);
		return NULL;
	}
	s = &hc->slot[slot];
	m = &hc->mem->slot[slot - 1];
	*s = (XhciSlot){ .used = true, .parent = hub ? hub->dev.slot : 0 };
	s->dev = (UsbDev){ .hc = (uint8_t)xhci_index(hc), .port = (uint8_t)port, .hub_port = (uint8_t)route,
	    .slot = (uint8_t)slot, .speed = (uint8_t)speed, .kbd = -1, .hub = -1 };
	xhci_ring_init(&s->ep0, m->ep0, EP0_TRBS);
	zero(m->in_ctx, sizeof m->in_ctx);
	zero(m->out_ctx, sizeof m->out_ctx);
	ctx(hc, m->in_ctx, 0)[1] = 3;                   /* add: slot, EP0 */
	sc = ctx(hc, m->in_ctx, 1);
	sc[0] = route | speed << 20 | 1u << 27;         /* route string, speed, one context entry */
	sc[1] = port << 16;                             /* root hub port */
	if (hub && hub->dev.speed == USB_SPEED_HIGH && (speed == USB_SPEED_FULL || speed == USB_SPEED_LOW))
		sc[2] = hub->dev.slot | route << 8;     /* transaction translator: hub slot and port */
	ep0 = ctx(hc, m->in_ctx, 2);
	ep0[1] = EP0_CERR << 1 | EP_TYPE_CONTROL << 3 | (uint32_t)default_mps0((uint8_t)speed) << 16;
	ep0[2] = addr32(m->ep0) | 1;
	ep0[3] = 0;
	ep0[4] = 8;
	hc->mem->dcbaa[slot] = addr32(m->out_ctx);
	if (route)
		drvlog("xhci%u: port %u.%u: %s-speed device behind the hub, slot %u\n", (unsigned)xhci_index(hc),
		    (unsigned)port, (unsigned)route, speed_names[speed < 6 ? speed : 0], (unsigned)slot);
	else
		drvlog("xhci%u: port %u: %s-speed device, slot %u\n", (unsigned)xhci_index(hc), (unsigned)port,
		    speed_names[speed < 6 ? speed : 0], (unsigned)slot);
	if (!xhci_command(hc, addr32(m->in_ctx), TRB_TYPE(TRB_ADDRESS_DEVICE) | TRB_SLOT(slot), "Address Device")) {
		free_slot(hc, slot);
		return NULL;
	}
	return s;
}

/* A device is gone: its keys come up (usbkbd), a hub's own devices go first. */
static void forget(Xhci *hc, uint32_t slot)
{
	for (uint32_t c = 1; c <= XHCI_MAX_SLOTS; c++)
		if (hc->slot[c].used && hc->slot[c].parent == slot)
			forget(hc, c);
	usbkbd_gone(&hc->slot[slot].dev);
	free_slot(hc, slot);
}

/*
 * A device appeared on a root port: reset the port (USB 2; USB 3 ports
 * train by themselves), read the speed, address it and hand it to usbkbd.
 * A device that is neither a keyboard nor a hub gets its slot back; the
 * port is left alone until it is unplugged.
 */
static void attach(Xhci *hc, uint32_t port)
{
	uint32_t v;
	XhciSlot *s;

	hc->port_slot[port] = PORT_IGNORED;            /* until it is unplugged, unless it works */
	if (hc->port_major[port] != 3) {
		port_write(hc, port, PORT_PR);
		for (uint32_t t = pit_ticks(); !(portsc(hc, port) & PORT_PRC);) {
			if (pit_ticks() - t > PORT_RESET_MS * PIT_TICK_HZ / 1000 + 2) {
				drvlog("xhci%u: timeout: port %u reset\n", (unsigned)xhci_index(hc), (unsigned)port);
				return;
			}
			cpu_pause();
		}
		port_write(hc, port, PORT_PRC);
		pause_ms(10);                   /* reset recovery (USB 2.0 7.1.7.5) */
	}
	v = portsc(hc, port);
	if (!(v & PORT_CCS) || !(v & PORT_PED)) {
		drvlog("xhci%u: port %u: not enabled after reset (portsc %08x), skipped\n",
		    (unsigned)xhci_index(hc), (unsigned)port, (unsigned)v);
		return;
	}
	s = address(hc, port, 0, PORT_SPEED(v), NULL);
	if (!s)
		return;
	hc->port_slot[port] = s->dev.slot;
	if (!usbkbd_probe(&s->dev)) {
		hc->port_slot[port] = PORT_IGNORED;
		forget(hc, s->dev.slot);
	}
}

/* The device on a port went away: its keys come up, its slot (and a hub's devices') freed. */
static void detach(Xhci *hc, uint32_t port)
{
	uint32_t slot = hc->port_slot[port];

	hc->port_slot[port] = 0;
	if (slot == PORT_IGNORED || !slot || !hc->slot[slot].used)
		return;
	drvlog("xhci%u: port %u: device removed\n", (unsigned)xhci_index(hc), (unsigned)port);
	forget(hc, slot);
}

/* A device on port hub_port of a hub (usbhub.c): addressed, not yet probed. */
UsbDev *xhci_child_attach(UsbDev *hub, uint8_t hub_port, uint8_t speed)
{
	Xhci *hc = &xhci_ctrl[hub->hc];
	XhciSlot *s = address(hc, hub->port, hub_port, speed, &hc->slot[hub->slot]);

	return s ? &s->dev : NULL;
}

/* The device on a hub's port left (or was not wanted): forget it. */
void xhci_child_detach(UsbDev *hub, uint8_t hub_port)
{
	Xhci *hc = &xhci_ctrl[hub->hc];

	for (uint32_t c = 1; c <= XHCI_MAX_SLOTS; c++)
		if (hc->slot[c].used && hc->slot[c].parent == hub->slot && hc->slot[c].dev.hub_port == hub_port)
			forget(hc, c);
}

/* The slot context of a hub says so (Configure Endpoint applies it): ports and TT think time. */
void xhci_hub_info(UsbDev *d, uint8_t ports, uint8_t think_time)
{
	XhciSlot *s = &xhci_ctrl[d->hc].slot[d->slot];

	s->hub_ports = ports;
	s->hub_ttt = think_time;
}

void xhci_pause_ms(uint32_t ms)
{
	pause_ms(ms);
}

void xhci_ports_forget(Xhci *hc)
{
	for (uint32_t p = 1; p <= hc->ports; p++)
		if (hc->port_slot[p])
			detach(hc, p);
}

/* After reset: power every port, let power settle, then attach what is connected. */
void xhci_ports_start(Xhci *hc)
{
	bool powered = false;

	for (uint32_t p = 1; p <= hc->ports; p++)
		if (!(portsc(hc, p) & PORT_PP)) {
			port_write(hc, p, PORT_PP);
			powered = true;
		}
	if (powered)
		pause_ms(POWER_MS);
	hc->port_change = (2u << hc->ports) - 2;        /* look at every port once */
	xhci_ports_service(hc);
}

/*
 * Ports with a status change: clear their change bits, then detach what
 * left (or was replaced: a connect change on a port with a device) and
 * attach what arrived. Returns true if any device came or went.
 */
bool xhci_ports_service(Xhci *hc)
{
	bool changed = false;
	uint32_t f = cpu_save_flags_cli(), pending = hc->port_change;

	hc->port_change = 0;
	cpu_restore_flags(f);
	for (uint32_t p = 1; p <= hc->ports && hc->alive; p++) {
		uint32_t v;

		if (!(pending & 1u << p))
			continue;
		v = portsc(hc, p);
		port_write(hc, p, v & PORT_CHANGES);
		if (hc->port_slot[p] && (!(v & PORT_CCS) || (v & PORT_CSC))) {
			detach(hc, p);
			changed = true;
		}
		if ((v & PORT_CCS) && !hc->port_slot[p]) {
			attach(hc, p);
			changed = true;
		}
	}
	return changed;
}
