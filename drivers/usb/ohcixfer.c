/* ohcixfer.c: OHCI transfers — the HCCA's interrupt tree of skeleton EDs, control transfers on the control ED, interrupt-IN rings polled on the tick. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "ohcireg.h"
#include "usbhc.h"
#include "wait.h"

#define CONTROL_MS      1000            /* a control transfer (a device NAKing forever is given up) */
#define INTR_ERR_LIMIT  50              /* failed interrupt transfers in a row before it is given up */
#define SETUP_LEN       8

/*
 * The periodic schedule: skeleton EDs (skipped, never holding TDs) for
 * every 1, 2, 4 .. 32 ms; HCCA slot i points at the one for the largest
 * power of two dividing i, each leads to the next shorter, so an endpoint
 * after skel[k] is served every 2^k ms. The control ED, idle, heads the
 * control list.
 */
void ohci_schedule(Ohci *o)
{
	OhciMem *m = o->mem;

	for (int k = 0; k < SKEL_INTR; k++) {
		m->skel[k].info = ED_SKIP;
		m->skel[k].head = m->skel[k].tail = 0;
		m->skel[k].next = k ? ohci_addr32(&m->skel[k - 1]) : 0;
	}
	for (uint32_t i = 0; i < HCCA_INTR; i++) {
		int k = 0;

		while (k < SKEL_INTR - 1 && !(i & (1u << k)))
			k++;
		m->hcca.intr[i] = ohci_addr32(&m->skel[k]);
	}
	m->ctrl.info = ohci_ed_info(0, 0, ED_DIR_TD, false, 8, true);
	m->ctrl.head = m->ctrl.tail = ohci_addr32(&m->ctrl_td[CTRL_TDS - 1]);
	m->ctrl.next = 0;
}

/* A general TD: info, the buffer's first and last byte (none for a zero-length packet), the next TD. */
static void fill_td(OhciTd *td, uint32_t info, const volatile void *buf, uint16_t len, const OhciTd *next)
{
	td->info = info;
	td->cbp = len ? ohci_addr32(buf) : 0;
	td->be = len ? ohci_addr32(buf) + len - 1u : 0;
	td->next = ohci_addr32(next);
}

/* A control transfer in flight: ended when the ED's head reaches the tail, or the ED halted. */
typedef struct CtrlWait {
	OhciEd *ed;
	uint32_t tail;
} CtrlWait;

static bool ctrl_ended(void *ctx)
{
	CtrlWait *w = ctx;
	uint32_t head = w->ed->head;

	return (head & ED_HALTED) || (head & ~0x0Fu) == w->tail;
}

/*
 * A control transfer to device `dev` (0: the one being addressed): setup
 * (DATA0), one data TD (the controller splits it into packets of EP0's
 * size; a short IN packet is no error), status (DATA1), then the idle tail
 * TD. False (logged) on a halt or a timeout; the ED is emptied either way.
 */
bool ohci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got)
{
	Ohci *o = ohci_of(hc);
	OhciMem *m = o->mem;
	OhciDev *d = &o->dev[dev];
	uint16_t len = setup->length;
	bool in = (setup->type & USB_REQ_IN) != 0;
	OhciTd *td = m->ctrl_td, *data = len ? &td[1] : NULL, *status = len ? &td[2] : &td[1];
	OhciTd *tail = &td[CTRL_TDS - 1];
	CtrlWait w = { .ed = &m->ctrl, .tail = ohci_addr32(tail) };
	uint8_t *sp = m->ctrl_setup;
	bool ok;

	if (!o->alive || len > CTRL_BUF || d->grace.gone)
		return false;
	usb_setup_bytes(setup, sp);
	if (!in)
		for (uint16_t i = 0; i < len; i++)
			m->ctrl_buf[i] = ((const uint8_t *)buf)[i];
	fill_td(&td[0], ohci_td_info(TD_DP_SETUP, 0, false), sp, SETUP_LEN, data ? data : status);
	if (data)
		fill_td(data, ohci_td_info(in ? TD_DP_IN : TD_DP_OUT, 1, in), m->ctrl_buf, len, status);
	fill_td(status, ohci_td_info(in && len ? TD_DP_OUT : TD_DP_IN, 1, false), NULL, 0, tail);
	fill_td(tail, 0, NULL, 0, tail);
	m->ctrl.info = ohci_ed_info(dev, 0, ED_DIR_TD, d->speed == USB_SPEED_LOW, d->mps0 ? d->mps0 : 8, false);
	m->ctrl.tail = ohci_addr32(tail);
	cpu_wmb();
	m->ctrl.head = ohci_addr32(&td[0]);
	ow32(o, HC_COMMAND_STATUS, CS_CLF);
	ok = wait_until(ctrl_ended, &w, CONTROL_MS, 0);
	if (!ok)
		drvlog("ohci%u: timeout: control transfer (request %02x, address %u, %u ms)\n", (unsigned)hc->index,
		    (unsigned)setup->request, (unsigned)dev, (unsigned)CONTROL_MS);
	else if (m->ctrl.head & ED_HALTED) {
		for (int i = 0; i < CTRL_TDS - 1; i++)
			if (TD_CC(td[i].info) != CC_NO_ERROR && TD_CC(td[i].info) < CC_NOT_ACCESSED - 1)
				drvlog("ohci%u: address %u: request %02x failed (TD %d condition code %u)\n",
				    (unsigned)hc->index, (unsigned)dev, (unsigned)setup->request, i,
				    (unsigned)TD_CC(td[i].info));
		ok = false;
	}
	m->ctrl.info |= ED_SKIP;                /* idle: skipped, emptied */
	m->ctrl.head = ohci_addr32(tail);
	if (!ok) {
		wait_ms(1);                     /* the controller is past the old TDs before they are reused */
		return false;
	}
	if (got)
		*got = data ? (uint16_t)(data->cbp ? data->cbp - ohci_addr32(m->ctrl_buf) : len) : 0;
	if (in)
		for (uint16_t i = 0; i < len; i++)
			((uint8_t *)buf)[i] = m->ctrl_buf[i];
	usb_toggles_after(d->bulk_toggle, setup);       /* CLEAR_FEATURE(HALT), SET_CONFIGURATION, SET_INTERFACE */
	return true;
}

/* Ring TD i queued: an IN of the endpoint's size into its buffer, the toggle from the ED, followed by TD i+1. */
static void queue_td(OhciDevMem *dm, int i, uint8_t len)
{
	fill_td(&dm->td[i], ohci_td_info(TD_DP_IN, TD_TOGGLE_CARRY, true), dm->buf[i], len,
	    &dm->td[(i + 1) % INTR_TDS]);
}

/*
 * An interrupt IN endpoint: its ED after the skeleton ED of its interval,
 * INTR_TDS - 1 TDs queued and the last the idle tail. ohci_poll takes each
 * one the controller has retired and queues it again as the new tail.
 */
bool ohci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep)
{
	Ohci *o = ohci_of(hc);
	OhciDev *d = &o->dev[dev];
	OhciDevMem *dm = &o->mem->dev[dev - 1];
	OhciEd *skel;
	uint8_t len = (uint8_t)(ep->max_packet > INTR_BUF ? INTR_BUF : ep->max_packet);

	if (!o->alive || !d->used || len == 0)
		return false;
	ohci_intr_unlink(o, dev);
	d->intr_skel = usb_skel_for(ep->interval, SKEL_INTR);  /* every 1, 2, 4 .. 32 ms */
	skel = &o->mem->skel[d->intr_skel];
	for (int i = 0; i < INTR_TDS - 1; i++)
		queue_td(dm, i, len);
	fill_td(&dm->td[INTR_TDS - 1], 0, NULL, 0, &dm->td[0]);
	dm->ed.info = ohci_ed_info(dev, ep->address & 0x0F, ED_DIR_IN, d->speed == USB_SPEED_LOW, len, false);
	dm->ed.tail = ohci_addr32(&dm->td[INTR_TDS - 1]);
	dm->ed.head = ohci_addr32(&dm->td[0]);          /* DATA0, not halted */
	dm->ed.next = skel->next;
	cpu_wmb();
	skel->next = ohci_addr32(&dm->ed);
	d->intr_ep = ep->address;
	d->intr_len = len;
	d->intr_next = 0;
	d->intr_errors = 0;
	d->intr_dead = false;
	return true;
}

/* Take a device's ED out of the periodic tree (skipped first; its memory stays: the controller may be on it). */
void ohci_intr_unlink(Ohci *o, uint8_t dev)
{
	OhciDev *d = &o->dev[dev];
	OhciDevMem *dm = &o->mem->dev[dev - 1];
	uint32_t me = ohci_addr32(&dm->ed);

	if (!d->intr_ep)
		return;
	d->intr_ep = 0;
	dm->ed.info |= ED_SKIP;
	if (o->mem->skel[d->intr_skel].next == me)
		o->mem->skel[d->intr_skel].next = dm->ed.next;
	for (int i = 0; i < OHCI_MAX_DEVS; i++)
		if (o->mem->dev[i].ed.next == me)
			o->mem->dev[i].ed.next = dm->ed.next;
}

/*
 * One device's ring: every TD the controller retired (the ED's head has
 * moved past it), oldest first, is a report (a good condition code and
 * data) and is queued again as the new tail. A failed one halted the ED:
 * the halt is cleared; INTR_ERR_LIMIT failures in a row and the endpoint
 * is given up (logged).
 */
static void poll_dev(Ohci *o, uint8_t dev)
{
	OhciDev *d = &o->dev[dev];
	OhciDevMem *dm = &o->mem->dev[dev - 1];

	for (int n = 0; n < INTR_TDS - 1; n++) {
		OhciTd *td = &dm->td[d->intr_next];
		uint32_t head = dm->ed.head, cc = TD_CC(td->info);
		int tail = (d->intr_next + INTR_TDS - 1) % INTR_TDS;

		if ((head & ~0x0Fu) == ohci_addr32(td) || cc == CC_NOT_ACCESSED)
			return;                 /* not retired yet */
		if (cc != CC_NO_ERROR && cc != CC_DATA_UNDERRUN) {
			if (d->intr_errors++ == 0)
				drvlog("ohci%u: port %u, address %u: interrupt transfer failed (condition code %u), retried\n",
				    (unsigned)o->hc.index, (unsigned)d->port, (unsigned)dev, (unsigned)cc);
			if (d->intr_errors >= INTR_ERR_LIMIT) {
				drvlog("ohci%u: port %u, address %u: interrupt endpoint given up after %u failures\n",
				    (unsigned)o->hc.index, (unsigned)d->port, (unsigned)dev, (unsigned)d->intr_errors);
				d->intr_dead = true;
				return;
			}
		} else {
			uint32_t got = td->cbp ? td->cbp - ohci_addr32(dm->buf[d->intr_next]) : d->intr_len;

			d->intr_errors = 0;
			if (got && o->hc.events && o->hc.events->report)
				o->hc.events->report(d->owner, dm->buf[d->intr_next], got);
		}
		queue_td(dm, tail, d->intr_len);        /* the old tail holds the next transfer */
		fill_td(td, 0, NULL, 0, td);            /* this one is the new idle tail */
		cpu_wmb();
		dm->ed.tail = ohci_addr32(td);
		if (dm->ed.head & ED_HALTED)
			dm->ed.head &= ~ED_HALTED;      /* the failed TD is retired: go on */
		d->intr_next = (uint8_t)((d->intr_next + 1) % INTR_TDS);
	}
}

/*
 * Timer IRQ: the done queue's flag is taken (WritebackDoneHead cleared, so
 * the controller may write the next), then every device's ring is walked.
 * NOTE: the TDs are found by the ED's head, not by following the HCCA's
 * done list: the control TDs are reused on the main line while that list
 * may still run through them.
 */
void ohci_poll(UsbHc *hc)
{
	Ohci *o = ohci_of(hc);

	if (!o->alive)
		return;
	if (or32(o, HC_INT_STATUS) & INT_WDH)
		ow32(o, HC_INT_STATUS, INT_WDH);
	for (uint8_t dev = 1; dev <= OHCI_MAX_DEVS; dev++)
		if (o->dev[dev].used && o->dev[dev].intr_ep && !o->dev[dev].intr_dead)
			poll_dev(o, dev);
}
