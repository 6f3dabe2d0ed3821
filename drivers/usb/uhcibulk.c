/* uhcibulk.c: UHCI bulk transfers — packets of the endpoint's size on the control QH, toggles kept per endpoint, waited for by polling. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "uhcireg.h"
#include "usbhc.h"
#include "wait.h"

#define TD_OTHER_ERRORS (TD_DBUF | TD_BABBLE | TD_CRC_TIMEOUT | TD_BITSTUFF)    /* with STALLED: not a stall */

typedef struct BulkWait {
	Uhci *u;
	UhciDev *d;
	UhciMem *m;
	int n;
	bool ended_short, gone;
} BulkWait;

/* Every TD done, one failed, or a short IN packet (SPD stopped the queue there). */
static bool tds_ended(BulkWait *w)
{
	for (int i = 0; i < w->n; i++) {
		uint32_t s = w->m->ctrl_td[i].status;

		if (s & TD_ACTIVE)
			return false;
		if (s & TD_ERRORS)
			return true;
		if (TD_ACTLEN(s) < TD_ACTLEN(w->m->ctrl_td[i].token >> 21)) {
			w->ended_short = true;
			return true;
		}
	}
	return true;
}

/*
 * The TDs ended, or the device's grace (uhci_cancel) ran out. The
 * controller is polled first: a hub's report of the device's port comes
 * in here (the timer IRQ keeps off while a transfer is under way). A
 * connect change on its root port is the root hub's report (as on EHCI):
 * a device pulled from it may leave the TDs active (QEMU's does) rather
 * than fail them, and nothing else reads the port before the transfer ends.
 */
static bool bulk_ended(void *ctx)
{
	BulkWait *w = ctx;

	uhci_poll(&w->u->hc);
	if (tds_ended(w))
		return true;
	w->gone = usb_grace_gone(&w->d->grace, (ur16(w->u, (uint16_t)UHCI_PORTSC(w->d->port)) & PORT_CSC) != 0);
	return w->gone;
}

/*
 * One chunk of at most CTRL_BUF bytes: a TD a packet, toggles from the
 * endpoint's, on the control QH (transfers on a controller are one at a
 * time: the device layer holds it). The toggle moves on for every packet
 * that went; a stall sets it back to DATA0 (CLEAR_FEATURE(HALT) does so on
 * the device).
 */
static UsbXfer bulk_chunk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, uint8_t *buf, uint32_t len, uint32_t *moved,
                          uint32_t ms)
{
	Uhci *u = uhci_of(hc);
	UhciMem *m = u->mem;
	UhciDev *d = &u->dev[dev];
	bool in = (ep->address & USB_REQ_IN) != 0;
	uint8_t num = ep->address & 0x0F;
	uint16_t mps = ep->max_packet, *toggles = &d->bulk_toggle[in];
	uint8_t toggle = (*toggles >> num) & 1;
	BulkWait w = { .u = u, .d = d, .m = m };
	UsbXfer r = USB_XFER_OK;

	if (!in)
		for (uint32_t i = 0; i < len; i++)
			m->ctrl_buf[i] = buf[i];
	for (uint32_t off = 0; off < len || (len == 0 && w.n == 0); w.n++) {
		uint16_t n = (uint16_t)(len - off < mps ? len - off : mps);
		UhciTd *td = &m->ctrl_td[w.n];

		td->link = LINK_TERM;
		if (w.n)
			m->ctrl_td[w.n - 1].link = uhci_link_td(uhci_addr32(td), true);
		td->token = uhci_token(in ? PID_IN : PID_OUT, dev, num, toggle, n);
		td->buffer = uhci_addr32(&m->ctrl_buf[off]);
		td->status = uhci_td_status(false, in);
		toggle ^= 1;
		off += n;
		if (len == 0)
			break;
	}
	if (len == 0)
		w.n = 1;
	cpu_wmb();
	m->ctrl.element = uhci_link_td(uhci_addr32(&m->ctrl_td[0]), true);
	if (!wait_until(bulk_ended, &w, ms, 0)) {
		drvlog("uhci%u: timeout: bulk transfer (address %u, endpoint %02x, %u ms)\n", (unsigned)u->hc.index,
		    (unsigned)dev, (unsigned)ep->address, (unsigned)ms);
		r = USB_XFER_TIMEOUT;
	} else {
		usb_grace_settle(&d->grace, w.gone);
		if (w.gone) {
			drvlog("uhci%u: address %u: bulk transfer given up %u ms after its hub reported the port: the "
			    "device is gone\n", (unsigned)u->hc.index, (unsigned)dev, (unsigned)USB_GONE_GRACE_MS);
			r = USB_XFER_ERROR;
		}
	}
	m->ctrl.element = LINK_TERM;
	*moved = 0;
	toggle = (*toggles >> num) & 1;
	for (int i = 0; i < w.n; i++) {
		uint32_t s = m->ctrl_td[i].status;

		if (s & TD_ACTIVE)
			break;
		if (s & TD_ERRORS) {
			bool stall = (s & TD_STALLED) && !(s & TD_OTHER_ERRORS);

			drvlog("uhci%u: address %u: bulk endpoint %02x: TD status %08x%s\n", (unsigned)u->hc.index,
			    (unsigned)dev, (unsigned)ep->address, (unsigned)s, stall ? " (stall)" : "");
			r = stall ? USB_XFER_STALL : USB_XFER_ERROR;
			if (stall)
				toggle = 0;
			break;
		}
		*moved += TD_ACTLEN(s) == TD_ACTLEN(TOKEN_LEN_NULL) ? 0 : TD_ACTLEN(s);
		toggle ^= 1;
		if (TD_ACTLEN(s) < TD_ACTLEN(m->ctrl_td[i].token >> 21))
			break;
	}
	*toggles = (uint16_t)((*toggles & ~(1u << num)) | (uint32_t)toggle << num);
	if (r != USB_XFER_OK)
		wait_ms(1);                     /* the controller is past the old TDs before they are reused */
	else if (in)
		for (uint32_t i = 0; i < *moved; i++)
			buf[i] = m->ctrl_buf[i];
	return r;
}

/* A bulk transfer in chunks of CTRL_BUF bytes until len or a short packet; full speed only (low speed has no bulk). */
UsbXfer uhci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms)
{
	Uhci *u = uhci_of(hc);

	if (got)
		*got = 0;
	if (!u->alive || dev == 0 || dev > UHCI_MAX_DEVS || !u->dev[dev].used || u->dev[dev].speed == USB_SPEED_LOW ||
	    ep->max_packet == 0 || ep->max_packet > 64 || u->dev[dev].grace.gone)
		return USB_XFER_ERROR;
	return usb_bulk_chunks(bulk_chunk, hc, dev, ep, buf, len, CTRL_BUF, got, timeout_ms);
}

/* Its hub reported its port during a bulk transfer (the wait's poll): that transfer has USB_GONE_GRACE_MS more. */
void uhci_cancel(UsbHc *hc, uint8_t dev)
{
	Uhci *u = uhci_of(hc);

	if (dev == 0 || dev > UHCI_MAX_DEVS || !u->dev[dev].used)
		return;
	usb_grace_begin(&u->dev[dev].grace);
}
