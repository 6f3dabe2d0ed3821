/* xhci.c: xHCI controller bring-up (hand-off, reset, rings), the event ring, commands and bounded waits. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "latebss.h"
#include "pit.h"
#include "usbhub.h"
#include "usbkbd.h"
#include "xhcireg.h"

#define XCAP_LIMIT      64              /* extended capabilities walked at most */
#define HANDOFF_MS      1000            /* BIOS gives the controller up */
#define HALT_MS         100             /* spec: 16 ms */
#define RESET_MS        1000
#define COMMAND_MS      500

Xhci xhci_ctrl[XHCI_MAX_CTRL];
static LATE_BSS XhciMem xhci_mem[XHCI_MAX_CTRL];

static uint32_t addr32(const volatile void *p)
{
	return (uint32_t)(uintptr_t)p;
}

uint32_t xhci_index(const Xhci *hc)
{
	return (uint32_t)(hc - xhci_ctrl);
}

/*
 * Wait until *flag is set or cond() holds, polling events meanwhile; at most
 * ms milliseconds (counted in PIT ticks, rounded up, plus one). A timeout
 * logs what was waited for. Interrupts must be on.
 */
bool xhci_wait_ms(Xhci *hc, volatile bool *flag, uint32_t ms, const char *what)
{
	uint32_t start = pit_ticks(), limit = ms * PIT_TICK_HZ / 1000 + 2;

	while (!*flag) {
		xhci_poll(hc);
		if (*flag)
			break;
		if (pit_ticks() - start > limit) {
			drvlog("xhci%u: timeout: %s (%u ms)\n", (unsigned)xhci_index(hc), what, (unsigned)ms);
			return false;
		}
		cpu_pause();
	}
	return true;
}

/* Wait for a register to read (reg & mask) == want; false (logged) after ms. */
static bool wait_reg(Xhci *hc, uintptr_t base, uint32_t off, uint32_t mask, uint32_t want, uint32_t ms,
                     const char *what)
{
	uint32_t start = pit_ticks(), limit = ms * PIT_TICK_HZ / 1000 + 2;

	while ((xr32(base, off) & mask) != want) {
		if (pit_ticks() - start > limit) {
			drvlog("xhci%u: timeout: %s (%u ms)\n", (unsigned)xhci_index(hc), what, (unsigned)ms);
			return false;
		}
		cpu_pause();
	}
	return true;
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

static void doorbell(Xhci *hc, uint32_t slot, uint32_t target)
{
	cpu_wmb();
	xw32(hc->db, 4 * slot, target);
}

/* A transfer event: a keyboard report (requeue its buffer), or the end of a control transfer. */
static void transfer_event(Xhci *hc, const volatile Trb *ev)
{
	uint32_t slot_id = ev->d[3] >> 24, dci = (ev->d[3] >> 16) & 0x1F;
	uint32_t cc = ev->d[2] >> 24, residual = ev->d[2] & 0xFFFFFF, ptr = ev->d[0];
	XhciSlot *s;

	if (slot_id == 0 || slot_id > XHCI_MAX_SLOTS || !hc->slot[slot_id].used)
		return;
	s = &hc->slot[slot_id];
	if (dci == 1) {
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
		    (unsigned)xhci_index(hc), (unsigned)slot_id, (unsigned)cc);
		s->intr_dead = true;
		return;
	}
	if (ptr >= addr32(s->intr.trb) && ptr < addr32(s->intr.trb + INTR_TRBS - 1)) {
		uint32_t i = (ptr - addr32(s->intr.trb)) / sizeof(Trb);
		uint32_t got = residual < s->intr_len ? s->intr_len - residual : 0;
		SlotMem *m = &hc->mem->slot[slot_id - 1];

		usbkbd_report(&s->dev, m->intr_buf[i], got);
	}
	{
		SlotMem *m = &hc->mem->slot[slot_id - 1];
		uint32_t i = s->intr.enq;

		xhci_ring_push(&s->intr, addr32(m->intr_buf[i]), 0, s->intr_len,
		    TRB_TYPE(TRB_NORMAL) | TRB_IOC | TRB_ISP);
		doorbell(hc, slot_id, s->intr_dci);
	}
}

/*
 * Take every event the controller has written (cycle bit = ours), then
 * move the dequeue pointer. Runs from the timer IRQ (unless the main line
 * owns the controller) and inside the main line's waits. Never waits.
 */
void xhci_poll(Xhci *hc)
{
	volatile Trb *ring = hc->mem->event;
	int taken = 0;

	if (!hc->alive)
		return;
	while ((ring[hc->ev_deq].d[3] & TRB_CYCLE) == hc->ev_cycle && taken < EVENT_TRBS) {
		volatile Trb *ev = &ring[hc->ev_deq];

		switch (TRB_GET_TYPE(ev->d[3])) {
		case TRB_EV_COMMAND:
			hc->cmd_cc = (uint8_t)(ev->d[2] >> 24);
			hc->cmd_slot = (uint8_t)(ev->d[3] >> 24);
			hc->cmd_done = true;
			break;
		case TRB_EV_TRANSFER:
			transfer_event(hc, ev);
			break;
		case TRB_EV_PORT:
			if ((ev->d[0] >> 24) <= MAX_PORTS)
				hc->port_change |= 1u << (ev->d[0] >> 24);
			break;
		default:
			break;
		}
		taken++;
		if (++hc->ev_deq == EVENT_TRBS) {
			hc->ev_deq = 0;
			hc->ev_cycle ^= 1;
		}
	}
	if (taken) {
		xw32(hc->rt, RT_ERDP, addr32(&ring[hc->ev_deq]) | ERDP_EHB);
		xw32(hc->rt, RT_ERDP + 4, 0);
	}
}

/*
 * One command on the command ring, waited for. A timeout means the
 * controller no longer answers: it is given up (the caller stops too).
 */
bool xhci_command(Xhci *hc, uint32_t p0, uint32_t control, const char *what)
{
	hc->cmd_done = false;
	xhci_ring_push(&hc->cmd, p0, 0, 0, control);
	doorbell(hc, 0, 0);
	if (!xhci_wait_ms(hc, &hc->cmd_done, COMMAND_MS, what)) {
		drvlog("xhci%u: controller given up\n", (unsigned)xhci_index(hc));
		hc->alive = false;
		return false;
	}
	if (hc->cmd_cc != CC_SUCCESS) {
		drvlog("xhci%u: %s failed (completion code %u)\n", (unsigned)xhci_index(hc), what,
		    (unsigned)hc->cmd_cc);
		return false;
	}
	return true;
}

/*
 * The extended capabilities: take the controller from the BIOS (USB legacy
 * support: set OS-owned, wait for BIOS-owned to clear, SMIs off) and note
 * which root ports are USB 2 and which USB 3 (supported protocol).
 */
static void walk_xcaps(Xhci *hc, uint32_t hcc)
{
	uintptr_t p = hc->cap + ((hcc >> 16) << 2);

	if ((hcc >> 16) == 0)
		return;
	for (int n = 0; n < XCAP_LIMIT; n++) {
		uint32_t v = mmio_read32(p), next = (v >> 8) & 0xFF;

		if ((v & 0xFF) == XCAP_LEGACY) {
			if (v & LEGACY_BIOS_OWNED) {
				mmio_write8(p + 3, 1);
				if (!wait_reg(hc, p, 0, LEGACY_BIOS_OWNED, 0, HANDOFF_MS, "BIOS hand-off")) {
					drvlog("xhci%u: taking the controller from the BIOS anyway\n",
					    (unsigned)xhci_index(hc));
					mmio_write8(p + 2, 0);
				}
			} else {
				mmio_write8(p + 3, 1);
			}
			mmio_write32(p + 4, (mmio_read32(p + 4) & ~LEGACY_SMI_ENABLES) | LEGACY_SMI_STATUS);
			drvlog("xhci%u: legacy support: BIOS %s, now OS-owned\n", (unsigned)xhci_index(hc),
			    (v & LEGACY_BIOS_OWNED) ? "owned it" : "did not own it");
		} else if ((v & 0xFF) == XCAP_PROTOCOL) {
			uint32_t ports = mmio_read32(p + 8), first = ports & 0xFF, count = (ports >> 8) & 0xFF;

			for (uint32_t i = first; i < first + count && i <= MAX_PORTS; i++)
				hc->port_major[i] = (uint8_t)(v >> 24);
			drvlog("xhci%u: USB %u.%u on ports %u-%u\n", (unsigned)xhci_index(hc), (unsigned)(v >> 24),
			    (unsigned)((v >> 16) & 0xFF) >> 4, (unsigned)first, (unsigned)(first + count - 1));
		}
		if (next == 0)
			break;
		p += next << 2;
	}
}

/* Halt, reset, and hand the controller our DCBAA, command ring and event ring; then run it. */
static bool start_controller(Xhci *hc, uint32_t hcs2)
{
	XhciMem *m = hc->mem;
	uint32_t scratch = ((hcs2 >> 27) & 0x1F) | (((hcs2 >> 21) & 0x1F) << 5);

	if (!(xr32(hc->op, OP_USBSTS) & STS_HCH)) {
		xw32(hc->op, OP_USBCMD, xr32(hc->op, OP_USBCMD) & ~CMD_RUN);
		if (!wait_reg(hc, hc->op, OP_USBSTS, STS_HCH, STS_HCH, HALT_MS, "halt"))
			return false;
	}
	xw32(hc->op, OP_USBCMD, CMD_HCRST);
	if (!wait_reg(hc, hc->op, OP_USBCMD, CMD_HCRST, 0, RESET_MS, "reset") ||
	    !wait_reg(hc, hc->op, OP_USBSTS, STS_CNR, 0, RESET_MS, "controller ready after reset"))
		return false;
	if (!(xr32(hc->op, OP_PAGESIZE) & 1)) {
		drvlog("xhci%u: no 4 KiB page size, not used\n", (unsigned)xhci_index(hc));
		return false;
	}
	if (scratch > MAX_SCRATCH) {
		drvlog("xhci%u: wants %u scratchpad pages, we have %u: not used\n", (unsigned)xhci_index(hc),
		    (unsigned)scratch, MAX_SCRATCH);
		return false;
	}
	for (uint32_t i = 0; i < 256; i++)
		m->dcbaa[i] = 0;
	for (uint32_t i = 0; i < scratch; i++)
		m->scratch_ptrs[i] = addr32(m->scratch[i]);
	if (scratch)
		m->dcbaa[0] = addr32(m->scratch_ptrs);
	xw32(hc->op, OP_CONFIG, hc->slots);
	xw32(hc->op, OP_DNCTRL, 0);
	xw32(hc->op, OP_DCBAAP, addr32(m->dcbaa));
	xw32(hc->op, OP_DCBAAP + 4, 0);
	xhci_ring_init(&hc->cmd, m->cmd, CMD_TRBS);
	xw32(hc->op, OP_CRCR, addr32(m->cmd) | CRCR_RCS);
	xw32(hc->op, OP_CRCR + 4, 0);
	for (uint32_t i = 0; i < EVENT_TRBS; i++)
		m->event[i] = (Trb){ { 0, 0, 0, 0 } };
	m->erst[0] = addr32(m->event);
	m->erst[1] = 0;
	m->erst[2] = EVENT_TRBS;
	m->erst[3] = 0;
	hc->ev_deq = 0;
	hc->ev_cycle = 1;
	xw32(hc->rt, RT_ERSTSZ, 1);
	xw32(hc->rt, RT_ERDP, addr32(m->event));
	xw32(hc->rt, RT_ERDP + 4, 0);
	xw32(hc->rt, RT_ERSTBA, addr32(m->erst));
	xw32(hc->rt, RT_ERSTBA + 4, 0);
	xw32(hc->rt, RT_IMOD, 0);
	xw32(hc->rt, RT_IMAN, 1);               /* clear a pending flag; interrupts stay off: we poll */
	xw32(hc->op, OP_USBCMD, CMD_RUN);
	if (!wait_reg(hc, hc->op, OP_USBSTS, STS_HCH, 0, HALT_MS, "run"))
		return false;
	drvlog("xhci%u: running: %u ports, %u slots, %u-byte contexts, %u scratchpad pages\n",
	    (unsigned)xhci_index(hc), (unsigned)hc->ports, (unsigned)hc->slots, (unsigned)hc->ctx_size,
	    (unsigned)scratch);
	return true;
}

/*
 * Bring up the controller at physical address mmio (BAR0, identity-mapped:
 * paging is off). Then look at every root port. False if it is given up.
 */
bool xhci_init(int index, uint32_t mmio)
{
	Xhci *hc = &xhci_ctrl[index];
	uint32_t hcs1, hcs2, hcc;

	*hc = (Xhci){ .alive = false };
	hc->mem = &xhci_mem[index];
	hc->cap = mmio;
	hc->op = mmio + mmio_read8(mmio + CAP_LENGTH);
	hcs1 = xr32(hc->cap, CAP_HCSPARAMS1);
	hcs2 = xr32(hc->cap, CAP_HCSPARAMS2);
	hcc = xr32(hc->cap, CAP_HCCPARAMS1);
	hc->rt = mmio + (xr32(hc->cap, CAP_RTSOFF) & ~0x1Fu);
	hc->db = mmio + (xr32(hc->cap, CAP_DBOFF) & ~0x3u);
	hc->ports = hcs1 >> 24;
	if (hc->ports > MAX_PORTS)
		hc->ports = MAX_PORTS;
	hc->slots = hcs1 & 0xFF;
	if (hc->slots > XHCI_MAX_SLOTS)
		hc->slots = XHCI_MAX_SLOTS;
	hc->ctx_size = (hcc & HCC_CSZ) ? 64 : 32;
	drvlog("xhci%u: at 0x%08x, version %x\n", (unsigned)index, (unsigned)mmio,
	    (unsigned)(xr32(hc->cap, CAP_LENGTH) >> 16));
	if (hcs1 == 0xFFFFFFFFu || hc->slots == 0 || hc->ports == 0) {
		drvlog("xhci%u: registers read nonsense, not used\n", (unsigned)index);
		return false;
	}
	hc->busy = true;
	walk_xcaps(hc, hcc);
	if (!start_controller(hc, hcs2)) {
		drvlog("xhci%u: controller given up\n", (unsigned)index);
		hc->busy = false;
		return false;
	}
	hc->alive = true;
	xhci_ports_start(hc);
	hc->busy = false;
	return hc->alive;
}

/* Timer IRQ: events of every controller the main line is not using. */
void xhci_poll_all(void)
{
	for (int i = 0; i < XHCI_MAX_CTRL; i++)
		if (xhci_ctrl[i].alive && !xhci_ctrl[i].busy)
			xhci_poll(&xhci_ctrl[i]);
}

/*
 * A controller that halted by itself or reports a host system error is
 * given up: its keyboards' keys come up, nothing more is asked of it.
 */
static bool check_alive(Xhci *hc)
{
	uint32_t sts = xr32(hc->op, OP_USBSTS);

	if (!(sts & (STS_HCH | STS_HSE)) && sts != 0xFFFFFFFFu)
		return true;
	drvlog("xhci%u: controller stopped (USBSTS %08x), given up\n", (unsigned)xhci_index(hc), (unsigned)sts);
	hc->alive = false;
	xhci_ports_forget(hc);
	return false;
}

/* Main loop: attach and detach what the port change events announced. */
bool xhci_service_all(void)
{
	bool changed = false;

	for (int i = 0; i < XHCI_MAX_CTRL; i++) {
		Xhci *hc = &xhci_ctrl[i];

		if (!hc->alive)
			continue;
		if (!check_alive(hc)) {
			changed = true;
			continue;
		}
		hc->busy = true;
		if (hc->port_change)
			changed |= xhci_ports_service(hc);
		if (hc->alive)
			changed |= usbhub_service((uint8_t)i);
		hc->busy = false;
	}
	return changed;
}
