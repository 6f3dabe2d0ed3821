/* ehcixfer.c: EHCI transfers — control and bulk on the asynchronous ring, interrupt-IN QHs on the periodic schedule, polled on the tick. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "ehcireg.h"
#include "io.h"
#include "usbhc.h"
#include "wait.h"

#define CONTROL_MS      1000            /* a control transfer (a device NAKing forever is given up) */
#define BULK_MS         2000            /* one bulk qTD (16 KiB at most) */
/*
 * The async-advance doorbell answers within a few microframes on a real
 * controller; QEMU's answers from its frame timer, which a loaded host can
 * hold back past 10 ms (then the QH was reused while the controller still
 * held it, and the next bulk OUT never ran: stick_created_once under load).
 * 100 ms is far past any controller and still bounded.
 */
#define IAA_MS          100
#define SPINS_PER_MS    4000            /* polled waits with interrupts off: each spin reads a register */
#define INTR_ERR_LIMIT  50              /* failed interrupt transfers in a row before it is given up */
#define SETUP_LEN       8

/* The asynchronous ring: its head alone (H set, halted, pointing at itself); and the frame list. */
void ehci_schedule(Ehci *e)
{
	EhciMem *m = e->mem;

	m->head.chars = ehci_qh_chars(0, 0, USB_SPEED_HIGH, 64, false, true) | QH_HEAD;
	m->head.caps = ehci_qh_caps(USB_SPEED_HIGH, 0, 0, false);
	m->head.next = m->head.alt = LINK_T;
	m->head.token = QTD_HALTED;
	m->head.link = ehci_addr32(&m->head) | LINK_QH;
	ehci_frame_list(m);
}

/*
 * A bounded wait that also works with interrupts off (the bulk path): the
 * PIT deadline when the tick runs, else a count of spins, each of which
 * reads USBSTS (an uncached register read, well over a quarter microsecond).
 */
static bool spin_until(Ehci *e, bool (*done)(void *), void *ctx, uint32_t ms)
{
	uint32_t deadline = wait_deadline(ms);

	for (uint32_t n = 0; n < ms * SPINS_PER_MS; n++) {
		if (done(ctx))
			return true;
		if (wait_passed(deadline))
			break;
		(void)er32(e, OP_USBSTS);
		cpu_pause();
	}
	return done(ctx);
}

static bool qtd_retired(void *ctx)
{
	return !(((EhciQtd *)ctx)->token & QTD_ACTIVE);
}

/* A control transfer is over when its status stage retired or a stage before it halted the QH. */
static bool ctrl_ended(void *ctx)
{
	EhciMem *m = ctx;

	return qtd_retired(&m->ctrl_td[m->setup[6] | m->setup[7] ? 2 : 1]) || (m->xfer.token & QTD_HALTED);
}

/* The transfer QH into the ring (after the head), for one transfer. */
static void xfer_link(Ehci *e, uint32_t chars, uint32_t caps, const EhciQtd *first)
{
	EhciMem *m = e->mem;

	m->xfer.chars = chars;
	m->xfer.caps = caps;
	m->xfer.current = 0;
	m->xfer.alt = LINK_T;
	m->xfer.token = 0;                      /* not active, not halted: it fetches `first` */
	for (int i = 0; i < 5; i++)
		m->xfer.buf[i] = m->xfer.buf_hi[i] = 0;
	m->xfer.next = ehci_addr32(first);
	m->xfer.link = ehci_addr32(&m->head) | LINK_QH;
	cpu_wmb();
	m->head.link = ehci_addr32(&m->xfer) | LINK_QH;
}

static bool iaa_seen(void *ctx)
{
	return (er32(ctx, OP_USBSTS) & STS_IAA) != 0;
}

/* Out of the ring again; the doorbell rung and waited for, so the controller holds no pointer to it (EHCI 4.8.2). */
static void xfer_unlink(Ehci *e)
{
	e->mem->head.link = ehci_addr32(&e->mem->head) | LINK_QH;
	cpu_wmb();
	ew32(e, OP_USBSTS, STS_IAA);
	ew32(e, OP_USBCMD, er32(e, OP_USBCMD) | CMD_IAAD);
	if (!spin_until(e, iaa_seen, e, IAA_MS))
		drvlog("ehci%u: timeout: async advance doorbell (%u ms)\n", (unsigned)e->hc.index, (unsigned)IAA_MS);
	ew32(e, OP_USBSTS, STS_IAA);
}

/*
 * A transfer stopped before the controller finished it (a timeout, a gone
 * device): out of the ring with the doorbell first (EHCI 4.8.2: until the
 * doorbell is answered the controller may still write the overlay back to
 * the qTD), then the qTD and the overlay halted and the QH's queue ended,
 * so a controller whose doorbell came late (QEMU's, on a loaded host)
 * finds nothing active there to run.
 */
static void xfer_stop(Ehci *e, EhciQtd *td)
{
	xfer_unlink(e);
	td->token = (td->token & ~QTD_ACTIVE) | QTD_HALTED;
	e->mem->xfer.token = (e->mem->xfer.token & ~QTD_ACTIVE) | QTD_HALTED;
	e->mem->xfer.next = LINK_T;
	cpu_wmb();
}

static uint32_t dev_caps(const EhciDev *d, bool periodic)
{
	return ehci_qh_caps(d->speed, d->tt_hub, d->tt_port, periodic);
}

/* USB 2.0 9.4.5, 9.4.9, 9.4.10: SET_CONFIGURATION, SET_INTERFACE and CLEAR_FEATURE(ENDPOINT_HALT) put bulk endpoints back to DATA0. */
static void reset_toggles(EhciDev *d, const UsbSetup *setup)
{
	uint16_t bit = (uint16_t)(1u << (setup->index & 0x0F));

	if (usb_resets_toggles(setup))
		d->toggle_in = d->toggle_out = 0;
	else if (setup->type == 0x02 && setup->request == 0x01 && setup->value == 0) {
		if (setup->index & USB_REQ_IN)
			d->toggle_in &= (uint16_t)~bit;
		else
			d->toggle_out &= (uint16_t)~bit;
	}
}

/*
 * A control transfer to device `dev` (0: the one being addressed): setup
 * (DATA0), one data qTD (the controller splits it into packets of EP0's
 * size; a short IN packet ends it through the alternate pointer, none: it
 * ends the qTD), status (DATA1). False (logged) on a halt or a timeout.
 */
bool ehci_control(UsbHc *hc, uint8_t dev, const UsbSetup *setup, void *buf, uint16_t *got)
{
	Ehci *e = ehci_of(hc);
	EhciMem *m = e->mem;
	EhciDev *d = &e->dev[dev];
	uint16_t len = setup->length;
	bool in = (setup->type & USB_REQ_IN) != 0, ok;
	EhciQtd *td = m->ctrl_td, *data = len ? &td[1] : NULL, *status = len ? &td[2] : &td[1];
	uint8_t *sp = m->setup;

	if (!e->alive || len > CTRL_BUF || d->grace.gone)
		return false;
	usb_setup_bytes(setup, sp);
	if (!in)
		for (uint16_t i = 0; i < len; i++)
			m->ctrl_buf[i] = ((const uint8_t *)buf)[i];
	ehci_qtd_fill(&td[0], QTD_PID_SETUP, sp, SETUP_LEN, false, data ? data : status);
	if (data) {
		ehci_qtd_fill(data, in ? QTD_PID_IN : QTD_PID_OUT, m->ctrl_buf, len, true, status);
		data->alt = ehci_addr32(status);        /* a short IN packet: on to the status stage */
	}
	ehci_qtd_fill(status, in && len ? QTD_PID_OUT : QTD_PID_IN, NULL, 0, true, NULL);
	status->token |= QTD_IOC;
	xfer_link(e, ehci_qh_chars(dev, 0, d->speed, d->mps0 ? d->mps0 : 8, true, true), dev_caps(d, false), td);
	ok = spin_until(e, ctrl_ended, m, CONTROL_MS) && !(m->xfer.token & QTD_HALTED);
	if (!ok) {
		if (!qtd_retired(status) && !(m->xfer.token & QTD_HALTED))
			drvlog("ehci%u: timeout: control transfer (request %02x, address %u, %u ms)\n",
			    (unsigned)hc->index, (unsigned)setup->request, (unsigned)dev, (unsigned)CONTROL_MS);
		else
			drvlog("ehci%u: address %u: request %02x failed (qTD token %08x)\n", (unsigned)hc->index,
			    (unsigned)dev, (unsigned)setup->request, (unsigned)m->xfer.token);
	}
	xfer_unlink(e);
	if (!ok)
		return false;
	reset_toggles(d, setup);
	if (got)
		*got = data ? (uint16_t)(len - QTD_BYTES(data->token)) : 0;
	if (in)
		for (uint16_t i = 0; i < len; i++)
			((uint8_t *)buf)[i] = m->ctrl_buf[i];
	return true;
}

/* A bulk transfer's wait: its qTD, its device, and whether the device's grace ran out. */
typedef struct BulkWait {
	Ehci *e;
	uint8_t dev;
	bool gone;
} BulkWait;

/*
 * The qTD retired, or the device's grace (ehci_cancel) ran out. The
 * controller is polled first: a hub's report of the device's port comes in
 * here through the hub's interrupt QH (the timer IRQ keeps off while a
 * transfer is under way). A connect change on the device's root port is
 * the root hub's report: nothing else looks at the port before the
 * transfer ends (the main loop does, after it), and a device pulled from
 * it may leave the qTD active (QEMU's does) rather than fail it.
 */
static bool bulk_ended(void *ctx)
{
	BulkWait *w = ctx;
	EhciDev *d = &w->e->dev[w->dev];

	ehci_poll(&w->e->hc);
	if (qtd_retired(&w->e->mem->bulk_td))
		return true;
	w->gone = usb_grace_gone(&d->grace, (er32(w->e, OP_PORTSC(d->port)) & PORT_CSC) != 0);
	return w->gone;
}

/*
 * One bulk transfer, waited for by polling (interrupts may be off): in
 * pieces of one qTD through the bounce buffer, the endpoint's toggle kept
 * here (the transfer QH is shared); a short IN piece ends it. A halt with
 * no error bit beside it is a STALL: the toggle goes back to DATA0, as the
 * device's does when the class clears the halt. timeout_ms bounds each piece.
 * A report of the device's port during it (ehci_cancel, bulk_ended) leaves
 * it USB_GONE_GRACE_MS to end: then the device is gone, and this and every
 * later transfer to it are USB_XFER_ERROR at once (until dev_add again).
 */
UsbXfer ehci_bulk(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep, void *buf, uint32_t len, uint32_t *got,
                  uint32_t timeout_ms)
{
	Ehci *e = ehci_of(hc);
	EhciMem *m = e->mem;
	EhciDev *d = &e->dev[dev];
	bool in = (ep->address & USB_REQ_IN) != 0;
	uint8_t num = ep->address & 0x0F;
	uint16_t *toggles = in ? &d->toggle_in : &d->toggle_out;
	uint16_t mps = ep->max_packet ? ep->max_packet : 512;
	uint32_t done = 0;

	if (got)
		*got = 0;
	if (!e->alive || dev == 0 || dev > EHCI_MAX_DEVS || !d->used || d->grace.gone)
		return USB_XFER_ERROR;
	if (timeout_ms == 0)
		timeout_ms = BULK_MS;
	do {
		uint32_t n = len - done > BULK_BUF ? BULK_BUF : len - done, moved, packets;
		BulkWait w = { .e = e, .dev = dev };
		bool ok;

		if (!in)
			for (uint32_t i = 0; i < n; i++)
				m->bulk_buf[i] = ((const uint8_t *)buf)[done + i];
		ehci_qtd_fill(&m->bulk_td, in ? QTD_PID_IN : QTD_PID_OUT, m->bulk_buf, n, (*toggles >> num) & 1, NULL);
		xfer_link(e, ehci_qh_chars(dev, num, d->speed, mps, true, true) & ~QH_CONTROL_EP, dev_caps(d, false),
		    &m->bulk_td);
		ok = spin_until(e, bulk_ended, &w, timeout_ms) && !w.gone && !(m->bulk_td.token & QTD_ERRORS);
		if (w.gone) {
			xfer_stop(e, &m->bulk_td);
			drvlog("ehci%u: address %u: bulk transfer given up %u ms after a report of its port: the "
			    "device is gone\n", (unsigned)hc->index, (unsigned)dev, (unsigned)USB_GONE_GRACE_MS);
			usb_grace_settle(&d->grace, true);
			return USB_XFER_ERROR;
		}
		if (qtd_retired(&m->bulk_td))
			usb_grace_settle(&d->grace, false);     /* it answered: a stale report */
		if (!ok)
			drvlog("ehci%u: address %u: bulk %s endpoint %u %s (qTD token %08x)\n", (unsigned)hc->index,
			    (unsigned)dev, in ? "IN" : "OUT", (unsigned)num,
			    qtd_retired(&m->bulk_td) ? "failed" : "timeout", (unsigned)m->bulk_td.token);
		if (!ok && !qtd_retired(&m->bulk_td)) {
			xfer_stop(e, &m->bulk_td);
			return USB_XFER_TIMEOUT;
		}
		xfer_unlink(e);
		if (!ok && (m->bulk_td.token & QTD_ERRORS) == QTD_HALTED) {
			*toggles &= (uint16_t)~(1u << num);
			return USB_XFER_STALL;
		}
		if (!ok)
			return USB_XFER_ERROR;
		moved = n - QTD_BYTES(m->bulk_td.token);
		packets = moved ? (moved + mps - 1) / mps : 1;
		if (packets & 1)
			*toggles ^= (uint16_t)(1u << num);
		if (in)
			for (uint32_t i = 0; i < moved; i++)
				((uint8_t *)buf)[done + i] = m->bulk_buf[i];
		done += moved;
		if (got)
			*got = done;
		if (moved < n)
			break;                          /* short packet: the device has no more */
	} while (done < len);
	return USB_XFER_OK;
}

/* A report of its port came during a bulk transfer (the wait's poll): that transfer has USB_GONE_GRACE_MS more. */
void ehci_cancel(UsbHc *hc, uint8_t dev)
{
	Ehci *e = ehci_of(hc);

	if (dev == 0 || dev > EHCI_MAX_DEVS || !e->dev[dev].used)
		return;
	usb_grace_begin(&e->dev[dev].grace);
}

/* Queue the device's one interrupt qTD again: IN of the endpoint's size, the toggle kept in its QH. */
static void intr_arm(EhciMem *m, uint8_t dev, uint8_t len)
{
	EhciQh *q = &m->intr[dev - 1];

	ehci_qtd_fill(&m->intr_td[dev - 1], QTD_PID_IN, m->intr_buf[dev - 1], len, false, NULL);
	cpu_wmb();
	q->next = ehci_addr32(&m->intr_td[dev - 1]);
	q->token &= QTD_TOGGLE;                 /* a halt cleared; the toggle the controller keeps */
}

/*
 * An interrupt IN endpoint: its QH (split fields for a full/low-speed
 * device behind a high-speed hub) after the skeleton QH of its period, one
 * qTD queued; ehci_poll takes it when retired and queues it again.
 */
bool ehci_intr_in(UsbHc *hc, uint8_t dev, const UsbEndpoint *ep)
{
	Ehci *e = ehci_of(hc);
	EhciDev *d = &e->dev[dev];
	EhciMem *m = e->mem;
	EhciQh *q = &m->intr[dev - 1], *skel;
	uint8_t len = (uint8_t)(ep->max_packet > INTR_BUF ? INTR_BUF : ep->max_packet);

	if (!e->alive || dev == 0 || !d->used || d->grace.gone || len == 0)
		return false;
	ehci_intr_unlink(e, dev);
	d->intr_skel = ehci_skel_for(ehci_intr_frames(d->speed, ep->interval));
	skel = &m->skel[d->intr_skel];
	q->chars = ehci_qh_chars(dev, ep->address & 0x0F, d->speed, len, false, false);
	q->caps = dev_caps(d, true);
	q->current = 0;
	q->alt = LINK_T;
	q->token = 0;                           /* DATA0 */
	for (int i = 0; i < 5; i++)
		q->buf[i] = q->buf_hi[i] = 0;
	intr_arm(m, dev, len);
	q->link = skel->link;
	cpu_wmb();
	skel->link = ehci_addr32(q) | LINK_QH;
	d->intr_ep = ep->address;
	d->intr_len = len;
	d->intr_errors = 0;
	d->intr_dead = false;
	return true;
}

/* Take a device's QH out of the periodic schedule; a frame waited so the controller has left it. */
void ehci_intr_unlink(Ehci *e, uint8_t dev)
{
	EhciDev *d = &e->dev[dev];
	EhciMem *m = e->mem;
	uint32_t me = ehci_addr32(&m->intr[dev - 1]) | LINK_QH;

	if (!d->intr_ep)
		return;
	d->intr_ep = 0;
	if (m->skel[d->intr_skel].link == me)
		m->skel[d->intr_skel].link = m->intr[dev - 1].link;
	for (int i = 0; i < EHCI_MAX_DEVS; i++)
		if (m->intr[i].link == me)
			m->intr[i].link = m->intr[dev - 1].link;
	wait_ms(2);
}

/*
 * One device: its qTD retired is a report (no error bits, some bytes) and
 * is queued again; a failed one (the QH halted) is queued again too, and
 * after INTR_ERR_LIMIT failures in a row the endpoint is given up (logged).
 */
static void poll_dev(Ehci *e, uint8_t dev)
{
	EhciDev *d = &e->dev[dev];
	EhciMem *m = e->mem;
	uint32_t t = m->intr_td[dev - 1].token;

	if (t & QTD_ACTIVE)
		return;
	if (t & QTD_ERRORS) {
		if (d->intr_errors++ == 0)
			drvlog("ehci%u: port %u, address %u: interrupt transfer failed (token %08x), retried\n",
			    (unsigned)e->hc.index, (unsigned)d->port, (unsigned)dev, (unsigned)t);
		if (d->intr_errors >= INTR_ERR_LIMIT) {
			drvlog("ehci%u: port %u, address %u: interrupt endpoint given up after %u failures\n",
			    (unsigned)e->hc.index, (unsigned)d->port, (unsigned)dev, (unsigned)d->intr_errors);
			d->intr_dead = true;
			return;
		}
	} else {
		uint32_t got = d->intr_len - QTD_BYTES(t);

		d->intr_errors = 0;
		if (got && e->hc.events && e->hc.events->report)
			e->hc.events->report(d->owner, m->intr_buf[dev - 1], got);
	}
	intr_arm(m, dev, d->intr_len);
}

/* Timer IRQ: the status bits taken (nothing is routed to an interrupt), then every device's qTD. */
void ehci_poll(UsbHc *hc)
{
	Ehci *e = ehci_of(hc);

	if (!e->alive)
		return;
	ew32(e, OP_USBSTS, er32(e, OP_USBSTS) & (STS_INT_ALL & ~STS_IAA));
	for (uint8_t dev = 1; dev <= EHCI_MAX_DEVS; dev++)
		if (e->dev[dev].used && e->dev[dev].intr_ep && !e->dev[dev].intr_dead)
			poll_dev(e, dev);
}
