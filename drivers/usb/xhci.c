/* xhci.c: xHCI controller bring-up (hand-off, reset, rings), the event ring, commands, its UsbHcOps. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "latebss.h"
#include "usbhc.h"
#include "wait.h"
#include "xhci.h"
#include "xhcireg.h"

#define XCAP_LIMIT      64              /* extended capabilities walked at most */
#define HANDOFF_MS      1000            /* BIOS gives the controller up */
#define HALT_MS         100             /* spec: 16 ms */
#define RESET_MS        1000
#define COMMAND_MS      500

static Xhci xhci_ctrl[XHCI_MAX_CTRL];
static LATE_BSS XhciMem xhci_mem[XHCI_MAX_CTRL];

static void xhci_poll(UsbHc *hc);

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
 * waited for. Interrupts must be on.
 */
bool xhci_wait_event(Xhci *x, volatile bool *flag, uint32_t ms, const char *what)
{
	EventWait w = { .x = x, .flag = flag };

	if (wait_until(event_came, &w, ms, 0))
		return true;
	drvlog("xhci%u: timeout: %s (%u ms)\n", (unsigned)x->hc.index, what, (unsigned)ms);
	return false;
}

/* Wait for a register to read (reg & mask) == want; false (logged) after ms. */
static bool wait_reg(Xhci *x, uintptr_t base, uint32_t off, uint32_t mask, uint32_t want, uint32_t ms,
                     const char *what)
{
	if (wait_mmio32(base + off, mask, want, ms))
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

/* A transfer event: a report for the device layer (its buffer requeued), or the end of a control transfer. */
static void transfer_event(Xhci *x, const volatile Trb *ev)
{
	uint32_t slot_id = TRB_GET_SLOT(ev->d[3]), dci = TRB_GET_EP(ev->d[3]);
	uint32_t cc = TRB_GET_CC(ev->d[2]), residual = TRB_GET_LEN(ev->d[2]), ptr = ev->d[0];
	XhciSlot *s;
	SlotMem *m;

	if (slot_id == 0 || slot_id > XHCI_MAX_SLOTS || !x->slot[slot_id].used)
		return;
	s = &x->slot[slot_id];
	m = &x->mem->slot[slot_id - 1];
	if (dci == DCI_EP0) {
		if (cc == CC_SHORT_PACKET && ptr != s->ep0_wait)
			s->ep0_residual = residual;
		if (ptr == s->ep0_wait || (cc != CC_SUCCESS && cc != CC_SHORT_PACKET)) {
			s->ep0_cc = (uint8_t)cc;
			s->ep0_done = true;
		}
		return;
	}
	if (dci != s->intr_dci || s->intr_dead)
		return;
	if (cc != CC_SUCCESS && cc != CC_SHORT_PACKET) {
		drvlog("xhci%u: slot %u: interrupt endpoint stopped (completion code %u)\n",
		    (unsigned)x->hc.index, (unsigned)slot_id, (unsigned)cc);
		s->intr_dead = true;
		return;
	}
	if (ptr >= addr32(s->intr.trb) && ptr < addr32(s->intr.trb + INTR_TRBS - 1)) {
		uint32_t i = (ptr - addr32(s->intr.trb)) / sizeof(Trb);
		uint32_t got = residual < s->intr_len ? s->intr_len - residual : 0;

		x->hc.events->report(s->owner, m->intr_buf[i], got);
	}
	xhci_ring_push(&s->intr, addr32(m->intr_buf[s->intr.enq]), 0, s->intr_len,
	    TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
	xhci_doorbell(x, slot_id, s->intr_dci);
}

/*
 * Take every event the controller has written (cycle bit = ours), then
 * move the dequeue pointer. Runs from the timer IRQ (unless the main line
 * owns the controller) and inside the main line's waits. Never waits.
 */
static void xhci_poll(UsbHc *hc)
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

/*
 * One command on the command ring, waited for. A timeout means the
 * controller no longer answers: it is given up (the caller stops too).
 */
bool xhci_command(Xhci *x, uint32_t p0, uint32_t control, const char *what)
{
	x->cmd_done = false;
	xhci_ring_push(&x->cmd, p0, 0, 0, control);
	xhci_doorbell(x, 0, 0);
	if (!xhci_wait_event(x, &x->cmd_done, COMMAND_MS, what)) {
		drvlog("xhci%u: controller given up\n", (unsigned)x->hc.index);
		x->alive = false;
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
 * USB legacy support: set OS-owned, wait for the BIOS to let go of its
 * semaphore (or take the controller anyway), SMIs off and their status
 * cleared. Each semaphore is written as its own byte (xHCI 7.1.1).
 */
static void take_from_bios(Xhci *x, uintptr_t legsup)
{
	uint32_t v = mmio_read32(legsup);

	mmio_write8(legsup + LEGACY_OS_SEM, LEGACY_SEM_SET);
	if ((v & LEGACY_BIOS_OWNED) &&
	    !wait_reg(x, legsup, 0, LEGACY_BIOS_OWNED, 0, HANDOFF_MS, "BIOS hand-off")) {
		drvlog("xhci%u: taking the controller from the BIOS anyway\n", (unsigned)x->hc.index);
		mmio_write8(legsup + LEGACY_BIOS_SEM, 0);
	}
	mmio_write32(legsup + LEGACY_CTLSTS,
	    (mmio_read32(legsup + LEGACY_CTLSTS) & ~LEGACY_SMI_ENABLES) | LEGACY_SMI_STATUS);
	drvlog("xhci%u: legacy support: BIOS %s, now %s\n", (unsigned)x->hc.index,
	    (v & LEGACY_BIOS_OWNED) ? "owned it" : "did not own it",
	    (mmio_read32(legsup) & LEGACY_OS_OWNED) ? "OS-owned" : "not OS-owned (the semaphore did not stick)");
}

/*
 * The extended capabilities: take the controller from the BIOS (USB legacy
 * support) and note which root ports are USB 2 and which USB 3 (supported
 * protocol).
 */
static void walk_xcaps(Xhci *x, uint32_t hcc)
{
	uintptr_t p = x->cap + (HCC_XECP(hcc) << 2);

	if (HCC_XECP(hcc) == 0)
		return;
	for (int n = 0; n < XCAP_LIMIT; n++) {
		uint32_t v = mmio_read32(p), next = XCAP_NEXT(v);

		if (XCAP_ID(v) == XCAP_LEGACY) {
			take_from_bios(x, p);
		} else if (XCAP_ID(v) == XCAP_PROTOCOL) {
			uint32_t ports = mmio_read32(p + PROTO_PORTS);
			uint32_t first = PROTO_FIRST_PORT(ports), count = PROTO_PORT_COUNT(ports);

			for (uint32_t i = first; i < first + count && i <= MAX_PORTS; i++)
				x->port_major[i] = (uint8_t)PROTO_MAJOR(v);
			drvlog("xhci%u: USB %u.%u on ports %u-%u\n", (unsigned)x->hc.index, (unsigned)PROTO_MAJOR(v),
			    (unsigned)PROTO_MINOR(v) >> 4, (unsigned)first, (unsigned)(first + count - 1));
		}
		if (next == 0)
			break;
		p += next << 2;
	}
}

/* Halt, reset, and hand the controller our DCBAA, command ring and event ring; then run it. */
static bool start_controller(Xhci *x, uint32_t hcs2)
{
	XhciMem *m = x->mem;
	uint32_t scratch = HCS2_SCRATCH(hcs2);

	if (!(xr32(x->op, OP_USBSTS) & STS_HCH)) {
		xw32(x->op, OP_USBCMD, xr32(x->op, OP_USBCMD) & ~CMD_RUN);
		if (!wait_reg(x, x->op, OP_USBSTS, STS_HCH, STS_HCH, HALT_MS, "halt"))
			return false;
	}
	xw32(x->op, OP_USBCMD, CMD_HCRST);
	if (!wait_reg(x, x->op, OP_USBCMD, CMD_HCRST, 0, RESET_MS, "reset") ||
	    !wait_reg(x, x->op, OP_USBSTS, STS_CNR, 0, RESET_MS, "controller ready after reset"))
		return false;
	if (!(xr32(x->op, OP_PAGESIZE) & PAGESIZE_4K)) {
		drvlog("xhci%u: no 4 KiB page size, not used\n", (unsigned)x->hc.index);
		return false;
	}
	if (scratch > MAX_SCRATCH) {
		drvlog("xhci%u: wants %u scratchpad pages, we have %u: not used\n", (unsigned)x->hc.index,
		    (unsigned)scratch, MAX_SCRATCH);
		return false;
	}
	for (uint32_t i = 0; i < 256; i++)
		m->dcbaa[i] = 0;
	for (uint32_t i = 0; i < scratch; i++)
		m->scratch_ptrs[i] = addr32(m->scratch[i]);
	if (scratch)
		m->dcbaa[0] = addr32(m->scratch_ptrs);
	xw32(x->op, OP_CONFIG, x->slots);
	xw32(x->op, OP_DNCTRL, 0);
	xw32(x->op, OP_DCBAAP, addr32(m->dcbaa));
	xw32(x->op, OP_DCBAAP + 4, 0);
	xhci_ring_init(&x->cmd, m->cmd, CMD_TRBS);
	xw32(x->op, OP_CRCR, addr32(m->cmd) | CRCR_RCS);
	xw32(x->op, OP_CRCR + 4, 0);
	for (uint32_t i = 0; i < EVENT_TRBS; i++)
		m->event[i] = (Trb){ { 0, 0, 0, 0 } };
	m->erst[0] = addr32(m->event);
	m->erst[1] = 0;
	m->erst[2] = EVENT_TRBS;
	m->erst[3] = 0;
	x->ev_deq = 0;
	x->ev_cycle = 1;
	xw32(x->rt, RT_ERSTSZ, 1);
	xw32(x->rt, RT_ERDP, addr32(m->event));
	xw32(x->rt, RT_ERDP + 4, 0);
	xw32(x->rt, RT_ERSTBA, addr32(m->erst));
	xw32(x->rt, RT_ERSTBA + 4, 0);
	xw32(x->rt, RT_IMOD, 0);
	xw32(x->rt, RT_IMAN, IMAN_IP);          /* clear a pending flag; interrupts stay off: we poll */
	xw32(x->op, OP_USBCMD, CMD_RUN);
	if (!wait_reg(x, x->op, OP_USBSTS, STS_HCH, 0, HALT_MS, "run"))
		return false;
	drvlog("xhci%u: running: %u ports, %u slots, %u-byte contexts, %u scratchpad pages\n",
	    (unsigned)x->hc.index, (unsigned)x->ports, (unsigned)x->slots, (unsigned)x->ctx_size,
	    (unsigned)scratch);
	return true;
}

static bool xhci_running(UsbHc *hc)
{
	return xhci_of(hc)->alive;
}

/*
 * A controller that halted by itself or reports a host system error is
 * given up: the device layer forgets its devices (their keys come up),
 * nothing more is asked of it.
 */
static bool xhci_check(UsbHc *hc)
{
	Xhci *x = xhci_of(hc);
	uint32_t sts = xr32(x->op, OP_USBSTS);

	if (!(sts & (STS_HCH | STS_HSE)) && sts != REG_GONE)
		return true;
	drvlog("xhci%u: controller stopped (USBSTS %08x), given up\n", (unsigned)hc->index, (unsigned)sts);
	x->alive = false;
	return false;
}

/* NOTE: bulk is NULL: bulk endpoints (Configure Endpoint with bulk contexts) come with mass storage. */
static const UsbHcOps xhci_ops = {
	.kind = "xHCI",
	.name = "xhci",
	.poll = xhci_poll,
	.running = xhci_running,
	.check = xhci_check,
	.port_changes = xhci_port_changes,
	.port_state = xhci_port_state,
	.port_reset = xhci_port_reset,
	.dev_add = xhci_dev_add,
	.dev_remove = xhci_dev_remove,
	.set_mps0 = xhci_set_mps0,
	.set_hub = xhci_set_hub,
	.control = xhci_control,
	.intr_in = xhci_intr_in,
	.bulk = NULL,
};

UsbHc *xhci_init(int index, uint32_t mmio)
{
	Xhci *x = &xhci_ctrl[index];
	uint32_t hcs1, hcs2, hcc;

	*x = (Xhci){ .alive = false };
	x->hc = (UsbHc){ .ops = &xhci_ops, .state = x, .index = (uint8_t)index };
	x->mem = &xhci_mem[index];
	x->cap = mmio;
	x->op = mmio + mmio_read8(mmio + CAP_LENGTH);
	hcs1 = xr32(x->cap, CAP_HCSPARAMS1);
	hcs2 = xr32(x->cap, CAP_HCSPARAMS2);
	hcc = xr32(x->cap, CAP_HCCPARAMS1);
	x->rt = mmio + (xr32(x->cap, CAP_RTSOFF) & RTSOFF_MASK);
	x->db = mmio + (xr32(x->cap, CAP_DBOFF) & DBOFF_MASK);
	x->ports = HCS1_MAX_PORTS(hcs1);
	if (x->ports > MAX_PORTS)
		x->ports = MAX_PORTS;
	x->slots = HCS1_MAX_SLOTS(hcs1);
	if (x->slots > XHCI_MAX_SLOTS)
		x->slots = XHCI_MAX_SLOTS;
	x->ctx_size = (hcc & HCC_CSZ) ? 64 : 32;
	drvlog("xhci%u: at 0x%08x, version %x\n", (unsigned)index, (unsigned)mmio,
	    (unsigned)CAP_VERSION(xr32(x->cap, CAP_LENGTH)));
	if (hcs1 == REG_GONE || x->slots == 0 || x->ports == 0) {
		drvlog("xhci%u: registers read nonsense, not used\n", (unsigned)index);
		return NULL;
	}
	walk_xcaps(x, hcc);
	if (!start_controller(x, hcs2)) {
		drvlog("xhci%u: controller given up\n", (unsigned)index);
		return NULL;
	}
	x->alive = true;
	xhci_ports_power(x);
	return &x->hc;
}
