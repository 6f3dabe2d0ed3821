/* uhcixfer.c: UHCI transfers — the frame list's skeleton of queues, control transfers on the control QH, interrupt-IN rings polled on the tick. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "uhcireg.h"
#include "usbhc.h"
#include "wait.h"

#define CONTROL_MS      1000            /* a control transfer (a device NAKing forever is given up) */
#define INTR_ERR_LIMIT  50              /* failed interrupt transfers in a row before it is given up */
#define SETUP_LEN       8

/*
 * The skeleton (as Linux's uhci-q.c draws it): skel[k] is visited in every
 * frame whose number is a multiple of 2^k, so an endpoint queued after it
 * is polled every 2^k ms; each skel[k] leads to skel[k - 1], skel[0] to the
 * control QH, which ends the frame.
 */
void uhci_skeleton(UhciMem *m)
{
	for (int k = 0; k < SKEL_INTR; k++) {
		m->skel[k].element = LINK_TERM;
		m->skel[k].head = k ? uhci_link_qh(uhci_addr32(&m->skel[k - 1])) : uhci_link_qh(uhci_addr32(&m->ctrl));
	}
	m->ctrl.head = LINK_TERM;
	m->ctrl.element = LINK_TERM;
	for (uint32_t f = 0; f < FRAMES; f++) {
		int k = 0;

		while (k < SKEL_INTR - 1 && !(f & (1u << k)))
			k++;
		m->frames[f] = uhci_link_qh(uhci_addr32(&m->skel[k]));
	}
}

/* A control transfer in flight: its TDs, whether it has ended, and how. */
typedef struct CtrlWait {
	UhciMem *m;
	int n;                          /* TDs: setup, data, status */
	bool in, failed, short_seen;
} CtrlWait;

/*
 * Ended: the status TD done, or any TD failed. A short IN data packet stops
 * the queue (SPD): the control QH is pointed at the status TD.
 */
static bool ctrl_ended(void *ctx)
{
	CtrlWait *w = ctx;
	UhciMem *m = w->m;

	for (int i = 0; i < w->n; i++) {
		uint32_t s = m->ctrl_td[i].status;

		if (s & TD_ACTIVE)
			return false;
		if (s & TD_ERRORS) {
			w->failed = true;
			return true;
		}
		if (w->in && i > 0 && i < w->n - 1 && TD_ACTLEN(s) < TD_ACTLEN(m->ctrl_td[i].token >> 21)) {
			if (!w->short_seen) {
				w->short_seen = true;
				m->ctrl.element = uhci_link_td(uhci_addr32(&m->ctrl_td[w->n - 1]), true);
			}
			i = w->n - 2;           /* on to the status TD */
		}
	}
	return true;
}

/* Fill one TD of the control chain; it links to the next (depth first), the last to nothing. */
static void ctrl_td(UhciMem *m, int i, bool last, uint32_t status, uint32_t token, const volatile void *buf)
{
	UhciTd *td = &m->ctrl_td[i];

	td->link = last ? LINK_TERM : uhci_link_td(uhci_addr32(&m->ctrl_td[i + 1]), true);
	td->token = token;
	td->buffer = buf ? uhci_addr32(buf) : 0;
	td->status = status;
}

/* The bytes the data stage moved: up to and including a short packet. */
static uint16_t ctrl_got(const CtrlWait *w)
{
	uint16_t got = 0;

	for (int i = 1; i < w->n - 1; i++) {
		uint32_t s = w->m->ctrl_td[i].status, n = TD_ACTLEN(s);

		if (s & TD_ACTIVE)
			break;
		got = (uint16_t)(got + n);
		if (n < TD_ACTLEN(w->m->ctrl_td[i].token >> 21))
			break;
	}
	return got;
}

/*
 * A control transfer to device `dev` (0: the device being addressed):
 * setup, data packets of EP0's size with toggles 1, 0, 1.., status with
 * toggle 1, on the control QH, waited for at most CONTROL_MS. False
 * (logged) on an error or a timeout; the queue is emptied either way.
 */
bool uhci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got)
{
	Uhci *u = uhci_of(hc);
	UhciMem *m = u->mem;
	UhciDev *d = &u->dev[dev];
	uint16_t len = setup->length, mps = d->mps0 ? d->mps0 : 8, off = 0;
	bool in = (setup->type & USB_REQ_IN) != 0, ls = d->speed == USB_SPEED_LOW;
	uint8_t *sp = m->ctrl_setup, toggle = 1;
	CtrlWait w = { .m = m, .n = 0, .in = in };

	if (!u->alive || len > CTRL_BUF || mps < 8 || d->grace.gone)
		return false;
	usb_setup_bytes(setup, sp);
	if (!in)
		for (uint16_t i = 0; i < len; i++)
			m->ctrl_buf[i] = ((const uint8_t *)buf)[i];
	ctrl_td(m, w.n++, false, uhci_td_status(ls, false), uhci_token(PID_SETUP, dev, 0, 0, SETUP_LEN), sp);
	while (off < len && w.n < CTRL_TDS - 1) {
		uint16_t chunk = (uint16_t)(len - off < mps ? len - off : mps);

		ctrl_td(m, w.n++, false, uhci_td_status(ls, in), uhci_token(in ? PID_IN : PID_OUT, dev, 0, toggle, chunk),
		    &m->ctrl_buf[off]);
		toggle ^= 1;
		off = (uint16_t)(off + chunk);
	}
	ctrl_td(m, w.n++, true, uhci_td_status(ls, false), uhci_token(in && len ? PID_OUT : PID_IN, dev, 0, 1, 0), NULL);
	cpu_wmb();
	m->ctrl.element = uhci_link_td(uhci_addr32(&m->ctrl_td[0]), true);
	if (!wait_until(ctrl_ended, &w, CONTROL_MS, 0)) {
		drvlog("uhci%u: timeout: control transfer (request %02x, address %u, %u ms)\n", (unsigned)hc->index,
		    (unsigned)setup->request, (unsigned)dev, (unsigned)CONTROL_MS);
		w.failed = true;
	} else if (w.failed) {
		for (int i = 0; i < w.n; i++)
			if (m->ctrl_td[i].status & TD_ERRORS)
				drvlog("uhci%u: address %u: request %02x failed (TD %d status %08x)\n", (unsigned)hc->index,
				    (unsigned)dev, (unsigned)setup->request, i, (unsigned)m->ctrl_td[i].status);
	}
	m->ctrl.element = LINK_TERM;
	if (w.failed) {
		wait_ms(1);                     /* the controller is past the old TDs before they are reused */
		return false;
	}
	if (got)
		*got = ctrl_got(&w);
	if (in)
		for (uint16_t i = 0; i < len; i++)
			((uint8_t *)buf)[i] = m->ctrl_buf[i];
	usb_toggles_after(d->bulk_toggle, setup);       /* CLEAR_FEATURE(HALT), SET_CONFIGURATION, SET_INTERFACE */
	return true;
}

/*
 * An interrupt IN endpoint: its QH after the skeleton QH of its interval,
 * a ring of INTR_TDS TDs (an even number, so each keeps its data toggle),
 * all active; uhci_poll takes what they bring and hands them back.
 */
bool uhci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep)
{
	Uhci *u = uhci_of(hc);
	UhciDev *d = &u->dev[dev];
	UhciDevMem *dm = &u->mem->dev[dev - 1];
	UhciQh *skel;
	uint8_t len = (uint8_t)(ep->max_packet > INTR_BUF ? INTR_BUF : ep->max_packet);

	if (!u->alive || !d->used || len == 0)
		return false;
	uhci_intr_unlink(u, dev);
	d->intr_skel = usb_skel_for(ep->interval, SKEL_INTR);  /* every 1, 2, 4 .. 128 ms */
	skel = &u->mem->skel[d->intr_skel];
	for (int i = 0; i < INTR_TDS; i++) {
		UhciTd *td = &dm->td[i];

		td->link = uhci_link_td(uhci_addr32(&dm->td[(i + 1) % INTR_TDS]), false);
		td->buffer = uhci_addr32(dm->buf[i]);
		td->token = uhci_token(PID_IN, dev, ep->address & 0x0F, (uint8_t)(i & 1), len);
		td->status = uhci_td_status(d->speed == USB_SPEED_LOW, false);
	}
	dm->qh.element = uhci_link_td(uhci_addr32(&dm->td[0]), false);
	dm->qh.head = skel->head;
	cpu_wmb();
	skel->head = uhci_link_qh(uhci_addr32(&dm->qh));
	d->intr_ep = ep->address;
	d->intr_len = len;
	d->intr_next = 0;
	d->intr_errors = 0;
	d->intr_dead = false;
	return true;
}

/* Take a device's interrupt QH out of its skeleton chain (its memory stays: the controller may be on it). */
void uhci_intr_unlink(Uhci *u, uint8_t dev)
{
	UhciDev *d = &u->dev[dev];
	UhciDevMem *dm = &u->mem->dev[dev - 1];
	uint32_t me = uhci_link_qh(uhci_addr32(&dm->qh));

	if (!d->intr_ep)
		return;
	d->intr_ep = 0;
	if (u->mem->skel[d->intr_skel].head == me)
		u->mem->skel[d->intr_skel].head = dm->qh.head;
	for (int i = 0; i < UHCI_MAX_DEVS; i++)
		if (u->mem->dev[i].qh.head == me)
			u->mem->dev[i].qh.head = dm->qh.head;
	dm->qh.element = LINK_TERM;
}

/*
 * One device's ring: each TD done, in order, is a report (if it brought
 * data) and is handed back. A failed one is retried where it stands;
 * INTR_ERR_LIMIT failures in a row and the endpoint is given up (logged).
 */
static void poll_dev(Uhci *u, uint8_t dev)
{
	UhciDev *d = &u->dev[dev];
	UhciDevMem *dm = &u->mem->dev[dev - 1];
	uint32_t fresh = uhci_td_status(d->speed == USB_SPEED_LOW, false);

	for (int n = 0; n < INTR_TDS; n++) {
		UhciTd *td = &dm->td[d->intr_next];
		uint32_t s = td->status;

		if (s & TD_ACTIVE)
			return;
		if (s & TD_ERRORS) {
			if (d->intr_errors++ == 0)
				drvlog("uhci%u: port %u, address %u: interrupt transfer failed (status %08x), retried\n",
				    (unsigned)u->hc.index, (unsigned)d->port, (unsigned)dev, (unsigned)s);
			if (d->intr_errors >= INTR_ERR_LIMIT) {
				drvlog("uhci%u: port %u, address %u: interrupt endpoint given up after %u failures\n",
				    (unsigned)u->hc.index, (unsigned)d->port, (unsigned)dev, (unsigned)d->intr_errors);
				d->intr_dead = true;
				return;
			}
			dm->qh.element = uhci_link_td(uhci_addr32(td), false);
			td->status = fresh;
			return;
		}
		d->intr_errors = 0;
		if (TD_ACTLEN(s) && u->hc.events && u->hc.events->report)
			u->hc.events->report(d->owner, dm->buf[d->intr_next], TD_ACTLEN(s));
		td->status = fresh;
		d->intr_next = (uint8_t)((d->intr_next + 1) % INTR_TDS);
	}
}

/* Timer IRQ: every device's interrupt ring. */
void uhci_poll(UsbHc *hc)
{
	Uhci *u = uhci_of(hc);

	if (!u->alive)
		return;
	for (uint8_t dev = 1; dev <= UHCI_MAX_DEVS; dev++)
		if (u->dev[dev].used && u->dev[dev].intr_ep && !u->dev[dev].intr_dead)
			poll_dev(u, dev);
}
