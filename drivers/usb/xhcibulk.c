/* xhcibulk.c: xHCI bulk endpoints — Configure Endpoint at first use, transfers waited for by polling, a halt's reset. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "usbhc.h"
#include "xhcireg.h"

#define TRB_STOP_EP             15      /* Stop Endpoint command (xHCI 6.4.3.8) */
#define BULK_CERR               3       /* retries of a failing transaction */
#define BULK_AVG_TRB            3072    /* average TRB length of a bulk endpoint (xHCI 4.14.1.1, as Linux) */

/* Context piece i of an input (0 control, 1 slot, 2.. endpoints) or device context. */
static volatile uint32_t *ctx(Xhci *x, uint8_t *base, uint32_t i)
{
	return (volatile uint32_t *)(base + i * x->ctx_size);
}

/* Where the controller is: the event of a bulk chunk (xhci_poll, from the event ring). */
void xhci_bulk_event(XhciSlot *s, uint32_t dci, uint32_t cc, uint32_t residual, uint32_t ptr)
{
	for (int i = 0; i < 2; i++) {
		XhciBulk *b = &s->bulk[i];

		if (b->dci && b->dci == dci && ptr == b->wait && !b->done) {
			b->cc = (uint8_t)cc;
			b->residual = residual;
			b->done = true;
		}
	}
}

/*
 * A bulk endpoint's first use: Configure Endpoint adds it (the slot context
 * keeps what the controller has, its entries at least up to this one). With
 * `again` it is dropped and added in one command: a fresh ring and sequence
 * number, DATA0 as the device after CLEAR_FEATURE(ENDPOINT_HALT).
 */
static bool bulk_configure(Xhci *x, uint8_t dev, const UsbEndpoint *ep, XhciBulk *b, volatile Trb *ring, bool again)
{
	SlotMem *m = &x->mem->slot[dev - 1];
	uint32_t dci = DCI(ep->address), entries;
	bool in = (ep->address & USB_REQ_IN) != 0;
	volatile uint32_t *slot_ctx, *ep_ctx;

	for (uint32_t i = 0; i < sizeof m->in_ctx; i++)
		((volatile uint8_t *)m->in_ctx)[i] = 0;
	ctx(x, m->in_ctx, 0)[0] = again ? ICC_ADD(dci) : 0;      /* drop flags: the same bit positions */
	ctx(x, m->in_ctx, 0)[1] = ICC_ADD(0) | ICC_ADD(dci);
	slot_ctx = ctx(x, m->in_ctx, 1);
	for (int i = 0; i < 3; i++)
		slot_ctx[i] = ctx(x, m->out_ctx, 0)[i];
	entries = (slot_ctx[0] & SLOT_ENTRIES_MASK) >> 27;
	if (entries < dci)
		slot_ctx[0] = (slot_ctx[0] & ~SLOT_ENTRIES_MASK) | SLOT_ENTRIES(dci);
	ep_ctx = ctx(x, m->in_ctx, dci + 1);
	ep_ctx[1] = EP_CERR(BULK_CERR) | EP_TYPE(in ? EP_TYPE_BULK_IN : EP_TYPE_BULK_OUT) | EP_MPS(ep->max_packet);
	ep_ctx[2] = addr32(ring) | EP_DCS;
	ep_ctx[4] = EP_AVG_TRB(BULK_AVG_TRB);
	xhci_ring_init(&b->ring, ring, BULK_TRBS);
	if (!xhci_command(x, addr32(m->in_ctx), TRB_TYPE(TRB_CONFIGURE_EP) | TRB_SLOT(dev), "Configure Endpoint (bulk)"))
		return false;
	b->dci = (uint8_t)dci;
	b->mps = ep->max_packet;
	return true;
}

/* The device's halt on a bulk endpoint was cleared (xhci_control saw it): ours starts over too. */
void xhci_bulk_halt_cleared(Xhci *x, uint8_t dev, uint8_t address)
{
	XhciSlot *s = &x->slot[dev];
	XhciBulk *b = &s->bulk[(address & USB_REQ_IN) != 0];
	UsbEndpoint ep = { .address = address, .max_packet = b->mps };

	if (b->dci && b->dci == DCI(address) && x->alive)
		bulk_configure(x, dev, &ep, b, x->mem->slot[dev - 1].bulk[(address & USB_REQ_IN) != 0], true);
}

/*
 * SET_CONFIGURATION or SET_INTERFACE went through (xhci_control saw it): the device's bulk
 * endpoints are at DATA0, so each one we use is dropped and added again (xHCI 4.6.6), as after
 * a cleared halt; none configured yet (the usual order), nothing to do.
 */
void xhci_bulk_toggles_reset(Xhci *x, uint8_t dev)
{
	for (int in = 0; in < 2; in++) {
		uint8_t dci = x->slot[dev].bulk[in].dci;

		if (dci)
			xhci_bulk_halt_cleared(x, dev, (uint8_t)(dci / 2 | (in ? USB_REQ_IN : 0)));
	}
}

/* The endpoint's ring from our enqueue on, after a halt (Reset Endpoint) or a stop (Stop Endpoint). */
static bool bulk_restart(Xhci *x, uint8_t dev, XhciBulk *b, uint32_t command, const char *what)
{
	return xhci_command(x, 0, TRB_TYPE(command) | TRB_SLOT(dev) | TRB_EP(b->dci), what) &&
	    xhci_command(x, addr32(&b->ring.trb[b->ring.enq]) | b->ring.cycle,
	        TRB_TYPE(TRB_SET_TR_DEQUEUE) | TRB_SLOT(dev) | TRB_EP(b->dci), "Set TR Dequeue");
}

typedef struct BulkWait {
	Xhci *x;
	XhciSlot *s;
	XhciBulk *b;
} BulkWait;

/* Take the events written so far: has the transfer ended, or its device's grace (xhci_cancel) run out? */
static bool bulk_ended(void *ctx)
{
	BulkWait *w = ctx;

	xhci_poll(&w->x->hc);
	return w->b->done || usb_grace_over(&w->s->grace);
}

/* One chunk (at most BULK_BUF bytes): a Normal TRB, the doorbell, its event waited for. */
static UsbXfer bulk_chunk(Xhci *x, uint8_t dev, XhciBulk *b, uint32_t len, uint32_t *done_len, uint32_t ms)
{
	XhciSlot *s = &x->slot[dev];
	volatile Trb *t;

	b->done = false;
	b->residual = 0;
	t = xhci_ring_push(&b->ring, addr32(x->mem->slot[dev - 1].bulk_buf), 0, len,
	    TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
	b->wait = addr32(t);
	xhci_doorbell(x, dev, b->dci);
	if (!wait_until(bulk_ended, &(BulkWait){ .x = x, .s = s, .b = b }, ms, 0)) {
		drvlog("xhci%u: timeout: bulk transfer (%u ms)\n", (unsigned)x->hc.index, (unsigned)ms);
		if (x->alive)
			bulk_restart(x, dev, b, TRB_STOP_EP, "Stop Endpoint");
		return USB_XFER_TIMEOUT;
	}
	usb_grace_settle(&s->grace, !b->done);
	if (!b->done) {
		drvlog("xhci%u: port %u: bulk transfer given up %u ms after its hub reported the port: the device is gone\n",
		    (unsigned)x->hc.index, (unsigned)s->port, (unsigned)USB_GONE_GRACE_MS);
		return USB_XFER_ERROR;  /* its slot goes with it (dev_remove): nothing to restart */
	}
	if (b->cc == CC_SUCCESS || b->cc == CC_SHORT_PACKET) {
		*done_len = len - (b->residual < len ? b->residual : len);
		return USB_XFER_OK;
	}
	drvlog("xhci%u: port %u: bulk endpoint %u: completion code %u%s\n", (unsigned)x->hc.index, (unsigned)s->port,
	    (unsigned)b->dci, (unsigned)b->cc, b->cc == CC_STALL ? " (stall)" : "");
	if (!bulk_restart(x, dev, b, TRB_RESET_EP, "Reset Endpoint"))
		return USB_XFER_ERROR;
	return b->cc == CC_STALL ? USB_XFER_STALL : USB_XFER_ERROR;
}

/* One chunk (at most BULK_BUF bytes) through the slot's buffer: usb_bulk_chunks' piece. */
static UsbXfer bulk_piece(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, uint8_t *buf, uint32_t len, uint32_t *moved,
                          uint32_t ms)
{
	Xhci *x = xhci_of(hc);
	bool in = (ep->address & USB_REQ_IN) != 0;
	uint8_t *bounce = x->mem->slot[dev - 1].bulk_buf;
	UsbXfer r;

	if (!in)
		for (uint32_t i = 0; i < len; i++)
			bounce[i] = buf[i];
	r = bulk_chunk(x, dev, &x->slot[dev].bulk[in], len, moved, ms);
	if (r == USB_XFER_OK && in)
		for (uint32_t i = 0; i < *moved; i++)
			buf[i] = bounce[i];
	return r;
}

/*
 * A bulk transfer, waited for: chunks of BULK_BUF bytes through the slot's
 * buffer until len or a short one. A halted endpoint (stall, transaction
 * error) is reset on the controller's side before this returns; a timeout
 * stops the endpoint. Works with interrupts off (the waits poll).
 */
UsbXfer xhci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms)
{
	Xhci *x = xhci_of(hc);
	bool in = (ep->address & USB_REQ_IN) != 0;
	XhciBulk *b;

	if (got)
		*got = 0;
	if (!x->alive || dev == 0 || dev > XHCI_MAX_SLOTS || !x->slot[dev].used || x->slot[dev].grace.gone)
		return USB_XFER_ERROR;
	b = &x->slot[dev].bulk[in];
	if (b->dci != DCI(ep->address) && !bulk_configure(x, dev, ep, b, x->mem->slot[dev - 1].bulk[in], false))
		return USB_XFER_ERROR;
	return usb_bulk_chunks(bulk_piece, hc, dev, ep, buf, len, BULK_BUF, got, timeout_ms);
}

/* Its hub reported its port during a bulk transfer (the wait's poll): that transfer has USB_GONE_GRACE_MS more. */
void xhci_cancel(UsbHc *hc, uint8_t dev)
{
	Xhci *x = xhci_of(hc);

	if (dev == 0 || dev > XHCI_MAX_SLOTS || !x->slot[dev].used)
		return;
	usb_grace_begin(&x->slot[dev].grace);
}
