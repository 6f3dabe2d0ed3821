/* ohcibulk.c: OHCI bulk transfers — one data TD at a time on the control ED (its endpoint set to the bulk one), toggles kept per endpoint. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "ohcireg.h"
#include "usbhc.h"
#include "wait.h"

#define TD_TOGGLE(info) (((info) >> 24) & 1u)   /* after the TD: the toggle of its next packet */

typedef struct BulkWait {
	Ohci *o;
	OhciDev *d;
	OhciEd *ed;
	uint32_t tail;
	bool gone;
} BulkWait;

/*
 * The TD is done or the ED halted; or the device's grace (ohci_cancel) ran
 * out. The controller is polled first: a hub's report of the device's
 * port comes in here (the timer IRQ keeps off while a transfer is under way).
 * A connect change on its root port is the root hub's report (as on EHCI):
 * a device pulled from it may leave the TD pending (QEMU's does) rather
 * than fail it, and nothing else reads the port before the transfer ends.
 */
static bool bulk_ended(void *ctx)
{
	BulkWait *w = ctx;
	uint32_t head;

	ohci_poll(&w->o->hc);
	head = w->ed->head;
	if ((head & ED_HALTED) || (head & ~0x0Fu) == w->tail)
		return true;
	w->gone = usb_grace_gone(&w->d->grace, (or32(w->o, HC_RH_PORT(w->d->port)) & PORT_CSC) != 0);
	return w->gone;
}

/*
 * One chunk (at most CTRL_BUF bytes) as one TD: the controller splits it
 * into packets and moves the toggle (the TD carries it: we keep it per
 * endpoint between transfers). The wire sees the bulk endpoint's IN or OUT
 * tokens; the control list serves them (transfers are one at a time).
 */
static UsbXfer bulk_chunk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, uint8_t *buf, uint32_t len, uint32_t *moved,
                          uint32_t ms)
{
	Ohci *o = ohci_of(hc);
	OhciMem *m = o->mem;
	OhciDev *d = &o->dev[dev];
	bool in = (ep->address & USB_REQ_IN) != 0;
	uint8_t num = ep->address & 0x0F;
	uint16_t *toggles = &d->bulk_toggle[in];
	OhciTd *td = &m->ctrl_td[0], *tail = &m->ctrl_td[CTRL_TDS - 1];
	BulkWait w = { .o = o, .d = d, .ed = &m->ctrl, .tail = ohci_addr32(tail) };
	UsbXfer r = USB_XFER_OK;
	uint32_t cc;

	if (!in)
		for (uint32_t i = 0; i < len; i++)
			m->ctrl_buf[i] = buf[i];
	td->info = ohci_td_info(in ? TD_DP_IN : TD_DP_OUT, (*toggles >> num) & 1, in);
	td->cbp = len ? ohci_addr32(m->ctrl_buf) : 0;
	td->be = len ? ohci_addr32(m->ctrl_buf) + len - 1u : 0;
	td->next = ohci_addr32(tail);
	tail->info = 0;
	tail->cbp = tail->be = 0;
	tail->next = ohci_addr32(tail);
	m->ctrl.info = ohci_ed_info(dev, num, ED_DIR_TD, false, ep->max_packet, false);
	m->ctrl.tail = ohci_addr32(tail);
	cpu_wmb();
	m->ctrl.head = ohci_addr32(td);
	ow32(o, HC_COMMAND_STATUS, CS_CLF);
	if (!wait_until(bulk_ended, &w, ms, 0)) {
		drvlog("ohci%u: timeout: bulk transfer (address %u, endpoint %02x, %u ms)\n", (unsigned)o->hc.index,
		    (unsigned)dev, (unsigned)ep->address, (unsigned)ms);
		r = USB_XFER_TIMEOUT;
	} else {
		usb_grace_settle(&d->grace, w.gone);
		if (w.gone) {
			drvlog("ohci%u: address %u: bulk transfer given up %u ms after its hub reported the port: the "
			    "device is gone\n", (unsigned)o->hc.index, (unsigned)dev, (unsigned)USB_GONE_GRACE_MS);
			r = USB_XFER_ERROR;
		}
	}
	cc = TD_CC(td->info);
	if (r == USB_XFER_OK && (m->ctrl.head & ED_HALTED)) {
		drvlog("ohci%u: address %u: bulk endpoint %02x: condition code %u%s\n", (unsigned)o->hc.index,
		    (unsigned)dev, (unsigned)ep->address, (unsigned)cc, cc == CC_STALL ? " (stall)" : "");
		r = cc == CC_STALL ? USB_XFER_STALL : USB_XFER_ERROR;
	}
	m->ctrl.info |= ED_SKIP;                /* idle: skipped, emptied */
	m->ctrl.head = ohci_addr32(tail);
	*moved = td->cbp ? td->cbp - ohci_addr32(m->ctrl_buf) : len;
	if (r == USB_XFER_STALL)
		*toggles &= (uint16_t)~(1u << num);     /* CLEAR_FEATURE(HALT) sets the device back to DATA0 */
	else if (r == USB_XFER_OK)
		*toggles = (uint16_t)((*toggles & ~(1u << num)) | TD_TOGGLE(td->info) << num);
	if (r != USB_XFER_OK) {
		*moved = 0;
		wait_ms(1);                     /* the controller is past the old TDs before they are reused */
	} else if (in) {
		for (uint32_t i = 0; i < *moved; i++)
			buf[i] = m->ctrl_buf[i];
	}
	return r;
}

/* A bulk transfer in chunks of CTRL_BUF bytes until len or a short packet; full speed only. */
UsbXfer ohci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms)
{
	Ohci *o = ohci_of(hc);

	if (got)
		*got = 0;
	if (!o->alive || dev == 0 || dev > OHCI_MAX_DEVS || !o->dev[dev].used || o->dev[dev].speed == USB_SPEED_LOW || ep->max_packet == 0 ||
	    ep->max_packet > 64 || o->dev[dev].grace.gone)
		return USB_XFER_ERROR;
	return usb_bulk_chunks(bulk_chunk, hc, dev, ep, buf, len, CTRL_BUF, got, timeout_ms);
}

/* Its hub reported its port during a bulk transfer (the wait's poll): that transfer has USB_GONE_GRACE_MS more. */
void ohci_cancel(UsbHc *hc, uint8_t dev)
{
	Ohci *o = ohci_of(hc);

	if (dev == 0 || dev > OHCI_MAX_DEVS || !o->dev[dev].used)
		return;
	usb_grace_begin(&o->dev[dev].grace);
}
