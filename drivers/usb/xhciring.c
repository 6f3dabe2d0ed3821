/* xhciring.c: xHCI rings — producer rings, the event ring, commands (aborted on a timeout), interrupt-IN recovery. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "usbhc.h"
#include "wait.h"
#include "xhcireg.h"

#define COMMAND_MS      5000            /* as Linux (XHCI_CMD_DEFAULT_TIMEOUT) */
#define ABORT_MS        5000            /* Command Ring Running clears after an abort */
#define INTR_RECOVER_MAX 8              /* recoveries in a row without a report: the endpoint is given up */
#define USB_FEATURE_ENDPOINT_HALT 0     /* CLEAR_FEATURE(ENDPOINT_HALT), USB 2.0 9.4.1 */
#define USB_REQ_CLEAR_FEATURE   0x01
#define USB_RECIP_ENDPOINT      0x02

typedef struct EventWait {
	Xhci *x;
	volatile bool *flag;
} EventWait;

/* Take the events written so far; has the one waited for come? */
static bool event_came(void *ctx)
{
	EventWait *w = ctx;

	xhci_poll(&w->x->hc);
	return *w->flag;
}

/*
 * Wait until *flag is set by an event, polling the event ring meanwhile (so
 * other devices' reports keep flowing); at most ms. A timeout logs what was
 * waited for. Interrupts on or off (the waits count the PIT either way).
 */
bool xhci_wait_event(Xhci *x, volatile bool *flag, uint32_t ms, const char *what)
{
	EventWait w = { .x = x, .flag = flag };

	if (wait_until(event_came, &w, ms, 0))
		return true;
	drvlog("xhci%u: timeout: %s (%u ms)\n", (unsigned)x->hc.index, what, (unsigned)ms);
	return false;
}

void xhci_ring_init(Ring *r, volatile Trb *trb, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		trb[i] = (Trb){ { 0, 0, 0, 0 } };
	r->trb = trb;
	r->n = n;
	r->enq = 0;
	r->cycle = 1;
}

/*
 * Put a TRB on a producer ring: its cycle bit last, so the controller never
 * sees half of it. At the last slot the link TRB takes the current cycle and
 * the producer's cycle flips.
 */
volatile Trb *xhci_ring_push(Ring *r, uint32_t p0, uint32_t p1, uint32_t status, uint32_t control)
{
	volatile Trb *t = &r->trb[r->enq];

	t->d[0] = p0;
	t->d[1] = p1;
	t->d[2] = status;
	cpu_wmb();
	t->d[3] = (control & ~TRB_CYCLE) | r->cycle;
	if (++r->enq == r->n - 1) {
		volatile Trb *link = &r->trb[r->n - 1];

		link->d[0] = addr32(r->trb);
		link->d[1] = 0;
		link->d[2] = 0;
		cpu_wmb();
		link->d[3] = TRB_TYPE(TRB_LINK) | TRB_TC | r->cycle;
		r->enq = 0;
		r->cycle ^= 1;
	}
	return t;
}

void xhci_doorbell(Xhci *x, uint32_t slot, uint32_t target)
{
	cpu_wmb();
	xw32(x->db, 4 * slot, target);
}

/* A fresh command ring handed to the controller (at start, and after an abort stopped it). */
void xhci_cmd_ring_start(Xhci *x)
{
	xhci_ring_init(&x->cmd, x->mem->cmd, CMD_TRBS);
	xw32(x->op, OP_CRCR, addr32(x->mem->cmd) | CRCR_RCS);
	xw32(x->op, OP_CRCR + 4, 0);
}

/* One report buffer more on a slot's interrupt ring (the controller fills it when data comes). */
static void intr_queue(XhciSlot *s, SlotMem *m)
{
	xhci_ring_push(&s->intr, addr32(m->intr_buf[s->intr.enq]), 0, s->intr_len,
	    TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
}

/* An emptied interrupt ring with INTR_INFLIGHT buffers on it; the caller rings the doorbell. */
void xhci_intr_fill(Xhci *x, uint8_t slot)
{
	XhciSlot *s = &x->slot[slot];
	SlotMem *m = &x->mem->slot[slot - 1];

	xhci_ring_init(&s->intr, m->intr, INTR_TRBS);
	for (int i = 0; i < INTR_INFLIGHT; i++)
		intr_queue(s, m);
}

/* Completion codes that halt an endpoint (xHCI 4.10.2): it needs Reset Endpoint before it runs again. */
static bool cc_halts(uint32_t cc)
{
	return cc == CC_BABBLE || cc == CC_TRANSACTION || cc == CC_STALL || cc == CC_SPLIT_TRANSACTION;
}

/*
 * A transfer event on an interrupt endpoint: a report for the device layer
 * and its buffer requeued; a missed service interval (the TD ended, the
 * endpoint runs on) requeued without a report; a halting error marked for
 * the main line to recover (xhci_intr_recover), which needs commands.
 */
static void intr_event(Xhci *x, uint32_t slot_id, uint32_t cc, uint32_t residual, uint32_t ptr)
{
	XhciSlot *s = &x->slot[slot_id];
	SlotMem *m = &x->mem->slot[slot_id - 1];

	if (s->intr_dead || s->intr_halted)
		return;
	if (cc_halts(cc)) {
		s->intr_halted = (uint8_t)cc;
		return;
	}
	if (cc == CC_SUCCESS || cc == CC_SHORT_PACKET) {
		if (ptr >= addr32(s->intr.trb) && ptr < addr32(s->intr.trb + INTR_TRBS - 1)) {
			uint32_t i = (ptr - addr32(s->intr.trb)) / sizeof(Trb);
			uint32_t got = residual < s->intr_len ? s->intr_len - residual : 0;

			s->intr_recovered = 0;
			x->hc.events->report(s->owner, m->intr_buf[i], got);
		}
	} else if (cc != CC_MISSED_SERVICE) {
		return;                         /* stopped (our own command) or unknown: nothing to requeue */
	}
	intr_queue(s, m);
	xhci_doorbell(x, slot_id, s->intr_dci);
}

/* A transfer event: an interrupt endpoint's, or the end of a control transfer. */
static void transfer_event(Xhci *x, const volatile Trb *ev)
{
	uint32_t slot_id = TRB_GET_SLOT(ev->d[3]), dci = TRB_GET_EP(ev->d[3]);
	uint32_t cc = TRB_GET_CC(ev->d[2]), residual = TRB_GET_LEN(ev->d[2]), ptr = ev->d[0];
	XhciSlot *s;

	if (slot_id == 0 || slot_id > XHCI_MAX_SLOTS || !x->slot[slot_id].used)
		return;
	s = &x->slot[slot_id];
	if (dci == DCI_EP0) {
		if (cc == CC_SHORT_PACKET && ptr != s->ep0_wait)
			s->ep0_residual = residual;
		if (ptr == s->ep0_wait || (cc != CC_SUCCESS && cc != CC_SHORT_PACKET)) {
			s->ep0_cc = (uint8_t)cc;
			s->ep0_done = true;
		}
		return;
	}
	if (dci == s->intr_dci)
		intr_event(x, slot_id, cc, residual, ptr);
	else
		xhci_bulk_event(s, dci, cc, residual, ptr);
}

/*
 * Take every event the controller has written (cycle bit = ours), then
 * move the dequeue pointer. Runs from the timer IRQ (unless the main line
 * owns the controller) and inside the main line's waits. Never waits.
 */
void xhci_poll(UsbHc *hc)
{
	Xhci *x = xhci_of(hc);
	volatile Trb *ring = x->mem->event;
	int taken = 0;

	if (!x->alive)
		return;
	while ((ring[x->ev_deq].d[3] & TRB_CYCLE) == x->ev_cycle && taken < EVENT_TRBS) {
		volatile Trb *ev = &ring[x->ev_deq];

		switch (TRB_GET_TYPE(ev->d[3])) {
		case TRB_EV_COMMAND:
			if (TRB_GET_CC(ev->d[2]) == CC_CMD_RING_STOPPED)
				break;          /* after an abort: not the end of a command */
			x->cmd_cc = (uint8_t)TRB_GET_CC(ev->d[2]);
			x->cmd_slot = (uint8_t)TRB_GET_SLOT(ev->d[3]);
			x->cmd_done = true;
			break;
		case TRB_EV_TRANSFER:
			transfer_event(x, ev);
			break;
		case TRB_EV_PORT:
			if (TRB_GET_PORT(ev->d[0]) <= MAX_PORTS)
				x->port_change |= 1u << TRB_GET_PORT(ev->d[0]);
			break;
		default:
			break;
		}
		taken++;
		if (++x->ev_deq == EVENT_TRBS) {
			x->ev_deq = 0;
			x->ev_cycle ^= 1;
		}
	}
	if (taken) {
		xw32(x->rt, RT_ERDP, addr32(&ring[x->ev_deq]) | ERDP_EHB);
		xw32(x->rt, RT_ERDP + 4, 0);
	}
}

/* The command ring stopped after an abort: Command Ring Running reads 0 (events taken meanwhile). */
static bool ring_stopped(void *ctx)
{
	Xhci *x = ctx;

	xhci_poll(&x->hc);
	return !(xr32(x->op, OP_CRCR) & CRCR_CRR);
}

/*
 * A command that never completed: abort it (xHCI 4.6.1.2: CRCR.CA, the whole
 * 64 bits written, the low half pointing at our next TRB as Linux does),
 * wait for the ring to stop, take its events (Command Aborted, Command Ring
 * Stopped), and hand the controller a fresh command ring. The controller
 * lives on; only if the ring never stops is it given up.
 */
static bool abort_command(Xhci *x, const char *what)
{
	xw32(x->op, OP_CRCR, addr32(&x->cmd.trb[x->cmd.enq]) | x->cmd.cycle | CRCR_CA);
	xw32(x->op, OP_CRCR + 4, 0);
	if (!wait_until(ring_stopped, x, ABORT_MS, 0)) {
		drvlog("xhci%u: timeout: command ring abort (%u ms), controller given up\n",
		    (unsigned)x->hc.index, ABORT_MS);
		x->alive = false;
		return false;
	}
	xhci_poll(&x->hc);
	xhci_cmd_ring_start(x);
	drvlog("xhci%u: %s aborted, command ring restarted\n", (unsigned)x->hc.index, what);
	return true;
}

/*
 * One command on the command ring, waited for (COMMAND_MS). A timeout
 * aborts that command (the controller lives on) and the caller sees it fail.
 */
bool xhci_command(Xhci *x, uint32_t p0, uint32_t control, const char *what)
{
	x->cmd_done = false;
	xhci_ring_push(&x->cmd, p0, 0, 0, control);
	xhci_doorbell(x, 0, 0);
	if (!xhci_wait_event(x, &x->cmd_done, COMMAND_MS, what)) {
		abort_command(x, what);
		x->cmd_done = false;
		return false;
	}
	if (x->cmd_cc != CC_SUCCESS) {
		drvlog("xhci%u: %s failed (completion code %u)\n", (unsigned)x->hc.index, what,
		    (unsigned)x->cmd_cc);
		return false;
	}
	return true;
}

/*
 * Main line: an interrupt endpoint that halted (transaction error, babble,
 * stall) runs again: Reset Endpoint, CLEAR_FEATURE(ENDPOINT_HALT) to the
 * device after a stall (its side of the halt), Set TR Dequeue Pointer to an
 * emptied ring, its buffers requeued, the doorbell. As Linux's xHCI driver
 * and usbhid do. INTR_RECOVER_MAX halts without a report between: given up.
 */
static void intr_recover(Xhci *x, uint8_t slot)
{
	XhciSlot *s = &x->slot[slot];
	uint8_t cc = s->intr_halted, dci = s->intr_dci;
	bool ok;

	if (++s->intr_recovered > INTR_RECOVER_MAX) {
		drvlog("xhci%u: slot %u: interrupt endpoint halted %u times in a row, given up\n",
		    (unsigned)x->hc.index, (unsigned)slot, INTR_RECOVER_MAX);
		s->intr_dead = true;
		return;
	}
	ok = xhci_command(x, 0, TRB_TYPE(TRB_RESET_EP) | TRB_SLOT(slot) | TRB_EP(dci), "Reset Endpoint");
	if (ok && cc == CC_STALL) {
		UsbSetup clear = { .type = USB_RECIP_ENDPOINT, .request = USB_REQ_CLEAR_FEATURE,
		    .value = USB_FEATURE_ENDPOINT_HALT, .index = (uint16_t)((dci / 2) | USB_REQ_IN) };

		xhci_control(&x->hc, slot, &clear, NULL, NULL);
	}
	if (ok) {
		xhci_intr_fill(x, slot);
		ok = xhci_command(x, addr32(s->intr.trb) | EP_DCS,
		    TRB_TYPE(TRB_SET_TR_DEQUEUE) | TRB_SLOT(slot) | TRB_EP(dci), "Set TR Dequeue Pointer");
	}
	if (!ok) {
		drvlog("xhci%u: slot %u: interrupt endpoint not recovered, given up\n", (unsigned)x->hc.index,
		    (unsigned)slot);
		s->intr_dead = true;
		return;
	}
	s->intr_halted = 0;
	xhci_doorbell(x, slot, dci);
	drvlog("xhci%u: slot %u: interrupt endpoint recovered (completion code %u)\n", (unsigned)x->hc.index,
	    (unsigned)slot, (unsigned)cc);
}

/* Main line: recover every halted interrupt endpoint of the controller. */
void xhci_intr_recover(Xhci *x)
{
	for (uint8_t slot = 1; slot <= XHCI_MAX_SLOTS && x->alive; slot++)
		if (x->slot[slot].used && x->slot[slot].intr_halted && !x->slot[slot].intr_dead)
			intr_recover(x, slot);
}
