/*
 * xhcisim.h: a small simulated xHCI controller for tests/unit/test_xhci.c — a register file and
 * rings in host memory, stepped by the fake bounded wait, so drivers/usb/xhci*.c run on the host
 * against what QEMU 7.2 cannot do: interrupt endpoints that fail, commands that never complete.
 * It does what the driver asks of a controller and no more: commands, the event ring, EP0
 * control transfers (answered with success, or by the test's device model: IN data, a short
 * packet, a stall), interrupt-IN transfers the test injects, and bulk transfers answered as the
 * test says (data, a stall, nothing). The controller keeps each endpoint's data toggle (DATA0
 * when added or reset) and the device behind it checks them (simdev.h, by slot).
 */
#ifndef TESTS_UNIT_XHCISIM_H
#define TESTS_UNIT_XHCISIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "simdev.h"
#include "xhcireg.h"

#define SIM_OP          0x20            /* CAPLENGTH */
#define SIM_LEGSUP      0x500           /* USB legacy support, where a hand-off test puts it */
#define SIM_RT          0x600
#define SIM_DB          0x800
#define SIM_REG_BYTES   0x1000
#define SIM_DB_IDLE     0xFFFFFFFFu     /* a doorbell nobody rang since the controller looked */
#define SIM_SLOTS       8
#define SIM_LOG         64
#define EP_STATE_RUNNING 1              /* endpoint states (6.2.3) */
#define EP_STATE_HALTED 2
#define EP_STATE_STOPPED 3
#define CC_CONTEXT_STATE 19

typedef struct SimEp {
	uint8_t state;
	uint8_t toggle;                 /* the controller's data toggle for the endpoint (xHCI keeps it) */
	uint16_t mps;
	uint32_t deq, cycle;            /* the controller's dequeue pointer and cycle state */
} SimEp;

typedef struct SimCmd {                 /* a command as the controller saw it */
	uint32_t type, slot, ep, p0;
} SimCmd;

typedef struct Sim {
	uint32_t regs[SIM_REG_BYTES / 4];
	uint32_t last_crcr, cmd_deq, cmd_cycle;
	bool crr, ring_known;
	uint32_t hang_type;             /* a command of this type is never completed (0: none) */
	bool hung, ignore_abort, abort_seen;
	uint32_t hung_ptr;
	uint32_t ev_base, ev_size, ev_enq, ev_cycle;
	bool slot_used[SIM_SLOTS + 1];
	SimEp ep[SIM_SLOTS + 1][32];
	SimCmd cmds[SIM_LOG];
	int ncmds;
	UsbSetup setups[SIM_LOG];       /* EP0 setup packets, in order */
	int nsetups;
	uint32_t now_ms;                /* the fake clock the waits advance */
	uint32_t cnr_until_ms;          /* USBSTS.CNR reads set until then (power-on, after HCRST) */
	uint32_t cnr_after_reset_ms;    /* how long CNR stays set after an HCRST */
	int writes_while_cnr;           /* operational registers written while CNR was set */
	bool hcrst_seen;
	uint32_t hcrst_ms;              /* when the driver wrote HCRST */
	int accesses_after_hcrst;       /* register accesses sooner than HCRST_PAUSE (1 ms) after it */
	uint32_t bios_until_ms;         /* USBLEGSUP at SIM_LEGSUP (if the test puts one): the BIOS lets go then */
	/* bulk endpoints the simulated device answers (drivers/usb/xhcibulk.c) */
	uint32_t bulk_dcis[SIM_SLOTS + 1];      /* bit dci: a bulk endpoint of that slot */
	uint32_t bulk_cc;               /* how the next TRBs end: CC_SUCCESS, CC_STALL, 0: never */
	uint32_t bulk_in_len;           /* IN: bytes the device has left to send (a short packet when they end) */
	uint8_t bulk_out[4096];         /* OUT: what the device got last */
	uint32_t bulk_out_len;
	/*
	 * The device behind EP0, if the test gives one: called at each setup packet with the slot,
	 * it returns the IN data's length (written to ep0_data) or SIM_EP0_STALL. NULL: success, no data.
	 */
	int (*ep0_device)(uint32_t slot, const UsbSetup *setup, uint8_t *data);
	uint8_t ep0_data[1024];
	int ep0_len;                    /* the current request's answer: bytes, or SIM_EP0_STALL */
} Sim;

#define SIM_EP0_STALL   (-1)

static Sim sim __attribute__((aligned(4096)));

static uint32_t *sim_reg(uint32_t off)
{
	return &sim.regs[off / 4];
}

static volatile uint32_t *at(uint32_t addr)
{
	return (volatile uint32_t *)(uintptr_t)addr;
}

static void sim_reset(void)
{
	uint32_t ms = sim.now_ms, cnr = sim.cnr_after_reset_ms;

	memset(&sim, 0, sizeof sim);
	simdev_reset_all();
	sim.now_ms = ms;
	sim.cnr_after_reset_ms = cnr;
	*sim_reg(CAP_LENGTH) = SIM_OP | 0x0100u << 16;
	*sim_reg(CAP_HCSPARAMS1) = SIM_SLOTS | 1u << 24;        /* 8 slots, 1 port */
	*sim_reg(CAP_DBOFF) = SIM_DB;
	*sim_reg(CAP_RTSOFF) = SIM_RT;
	*sim_reg(SIM_OP + OP_USBSTS) = STS_HCH;
	*sim_reg(SIM_OP + OP_PAGESIZE) = PAGESIZE_4K;
	*sim_reg(SIM_OP + OP_PORTSC(1)) = PORT_PP;
	for (int i = 0; i <= SIM_SLOTS; i++)
		*sim_reg(SIM_DB + 4 * i) = SIM_DB_IDLE;
}

static void sim_event(uint32_t p0, uint32_t status, uint32_t control)
{
	volatile uint32_t *t = at(sim.ev_base + 16 * sim.ev_enq);

	t[0] = p0;
	t[1] = 0;
	t[2] = status;
	t[3] = (control & ~TRB_CYCLE) | sim.ev_cycle;
	if (++sim.ev_enq == sim.ev_size) {
		sim.ev_enq = 0;
		sim.ev_cycle ^= 1;
	}
}

static void sim_cmd_done(uint32_t ptr, uint32_t cc, uint32_t slot)
{
	sim_event(ptr, cc << 24, TRB_TYPE(TRB_EV_COMMAND) | TRB_SLOT(slot));
}

/* An endpoint context of an input context (32-byte contexts: control, slot, then dci 1..). */
static volatile uint32_t *sim_in_ep(uint32_t in_ctx, uint32_t dci)
{
	return at(in_ctx + 32 * (dci + 1));
}

/* An endpoint added (Address Device, Configure Endpoint): running, its ring from the context, DATA0. */
static void sim_ep_start(uint32_t slot, uint32_t dci, const volatile uint32_t *ep_ctx)
{
	sim.ep[slot][dci] = (SimEp){ .state = EP_STATE_RUNNING, .deq = ep_ctx[2] & ~0xFu, .cycle = ep_ctx[2] & 1,
		.mps = (uint16_t)(ep_ctx[1] >> 16) };
}

static uint32_t sim_execute(const volatile uint32_t *trb)
{
	uint32_t type = TRB_GET_TYPE(trb[3]), slot = TRB_GET_SLOT(trb[3]), ep = TRB_GET_EP(trb[3]);
	uint32_t in = trb[0] & ~0xFu;

	if (sim.ncmds < SIM_LOG)
		sim.cmds[sim.ncmds++] = (SimCmd){ .type = type, .slot = slot, .ep = ep, .p0 = trb[0] };
	switch (type) {
	case TRB_ENABLE_SLOT:
		for (slot = 1; slot <= SIM_SLOTS && sim.slot_used[slot]; slot++)
			;
		sim.slot_used[slot] = true;
		sim_cmd_done((uint32_t)(uintptr_t)trb, CC_SUCCESS, slot);
		return 0;
	case TRB_ADDRESS_DEVICE:
		sim_ep_start(slot, DCI_EP0, sim_in_ep(in, DCI_EP0));
		break;
	case TRB_CONFIGURE_EP:
		for (uint32_t dci = 2; dci < 32; dci++)
			if (at(in)[1] & ICC_ADD(dci))
				sim_ep_start(slot, dci, sim_in_ep(in, dci));
		break;
	case TRB_RESET_EP:
		if (sim.ep[slot][ep].state != EP_STATE_HALTED)
			return CC_CONTEXT_STATE;
		sim.ep[slot][ep].state = EP_STATE_STOPPED;
		sim.ep[slot][ep].toggle = 0;    /* Reset Endpoint: the data toggle cleared (xHCI 4.6.8) */
		break;
	case TRB_SET_TR_DEQUEUE:
		if (sim.ep[slot][ep].state != EP_STATE_STOPPED)
			return CC_CONTEXT_STATE;
		sim.ep[slot][ep].deq = trb[0] & ~0xFu;
		sim.ep[slot][ep].cycle = trb[0] & 1;
		break;
	case 15:                        /* Stop Endpoint */
		if (sim.ep[slot][ep].state != EP_STATE_RUNNING)
			return CC_CONTEXT_STATE;
		sim.ep[slot][ep].state = EP_STATE_STOPPED;
		break;
	case TRB_DISABLE_SLOT:
		sim.slot_used[slot] = false;
		memset(sim.ep[slot], 0, sizeof sim.ep[slot]);
		break;
	default:
		break;
	}
	return CC_SUCCESS;
}

/* The command ring: every command whose cycle bit is the controller's, unless one hangs. */
static void sim_commands(void)
{
	while (sim.ring_known && !sim.hung) {
		volatile uint32_t *trb = at(sim.cmd_deq);
		uint32_t cc;

		if ((trb[3] & TRB_CYCLE) != sim.cmd_cycle)
			return;
		sim.crr = true;
		if (TRB_GET_TYPE(trb[3]) == TRB_LINK) {
			if (trb[3] & TRB_TC)
				sim.cmd_cycle ^= 1;
			sim.cmd_deq = trb[0];
			continue;
		}
		if (TRB_GET_TYPE(trb[3]) == sim.hang_type) {
			sim.hung = true;
			sim.hung_ptr = sim.cmd_deq;
			return;
		}
		cc = sim_execute(trb);
		if (TRB_GET_TYPE(trb[3]) != TRB_ENABLE_SLOT)
			sim_cmd_done(sim.cmd_deq, cc, TRB_GET_SLOT(trb[3]));
		sim.cmd_deq += 16;
	}
}

/* CRCR as the driver wrote it: a new ring (while stopped), or an abort (xHCI 4.6.1.2). */
static void sim_crcr(void)
{
	uint32_t v = *sim_reg(SIM_OP + OP_CRCR);

	if (v != sim.last_crcr) {
		if ((v & CRCR_CA) && sim.crr) {
			sim.abort_seen = true;
			if (!sim.ignore_abort) {
				if (sim.hung)
					sim_cmd_done(sim.hung_ptr, CC_CMD_ABORTED, 0);
				sim_cmd_done(sim.cmd_deq, CC_CMD_RING_STOPPED, 0);
				sim.hung = false;
				sim.crr = false;
				sim.ring_known = false;
			}
		} else if (!sim.crr && !(v & CRCR_CA)) {
			sim.cmd_deq = v & ~0x3Fu;
			sim.cmd_cycle = v & CRCR_RCS;
			sim.ring_known = true;
		}
	}
	*sim_reg(SIM_OP + OP_CRCR) = sim.crr ? CRCR_CRR : 0;
	sim.last_crcr = *sim_reg(SIM_OP + OP_CRCR);
}

/* The next TRB of an endpoint's ring the controller may take (links followed); NULL if none. */
static volatile uint32_t *sim_next_trb(SimEp *e)
{
	for (int hops = 0; hops < 2; hops++) {
		volatile uint32_t *trb = at(e->deq);

		if ((trb[3] & TRB_CYCLE) != e->cycle)
			return NULL;
		if (TRB_GET_TYPE(trb[3]) != TRB_LINK)
			return trb;
		if (trb[3] & TRB_TC)
			e->cycle ^= 1;
		e->deq = trb[0];
	}
	return NULL;
}

/*
 * EP0: setup, data, status. Without a device model every control transfer
 * succeeds (IN data stays as it is); with one, IN data is its answer (a
 * short packet when it has less than asked) and a stall ends the transfer
 * at its status stage, the endpoint halted.
 */
static void sim_ep0(uint32_t slot)
{
	SimEp *e = &sim.ep[slot][DCI_EP0];
	volatile uint32_t *trb;

	while (e->state == EP_STATE_RUNNING && (trb = sim_next_trb(e)) != NULL) {
		uint32_t type = TRB_GET_TYPE(trb[3]);

		if (type != TRB_SETUP && simdev_nak(&simdev[slot]))
			break;                  /* the device NAKed: the controller tries again later */
		if (type == TRB_SETUP) {
			UsbSetup st = { .type = (uint8_t)trb[0], .request = (uint8_t)(trb[0] >> 8),
			    .value = (uint16_t)(trb[0] >> 16), .index = (uint16_t)trb[1], .length = (uint16_t)(trb[1] >> 16) };

			uint8_t bytes[8];

			if (sim.nsetups < SIM_LOG)
				sim.setups[sim.nsetups++] = st;
			usb_setup_bytes(&st, bytes);
			simdev_setup(&simdev[slot], bytes);
			sim.ep0_len = sim.ep0_device ? sim.ep0_device(slot, &st, sim.ep0_data) : 0;
			if (simdev_stall(&simdev[slot], 0, false))
				sim.ep0_len = SIM_EP0_STALL;    /* the device stalls this request once */
			else if (simdev[slot].ep0_short && sim.ep0_len > simdev[slot].ep0_short)
				sim.ep0_len = simdev[slot].ep0_short;   /* a short packet ends its data stage */
		} else if (type == TRB_DATA && (trb[3] & TRB_DIR_IN) && sim.ep0_device && sim.ep0_len >= 0) {
			uint32_t asked = trb[2] & 0x1FFFF, n = (uint32_t)sim.ep0_len < asked ? (uint32_t)sim.ep0_len : asked;

			memcpy((void *)(uintptr_t)trb[0], sim.ep0_data, n);
			if (n < asked)
				sim_event(e->deq, CC_SHORT_PACKET << 24 | (asked - n),
				    TRB_TYPE(TRB_EV_TRANSFER) | TRB_SLOT(slot) | TRB_EP(DCI_EP0));
		} else if (type == TRB_STATUS && sim.ep0_len == SIM_EP0_STALL) {
			sim_event(e->deq, CC_STALL << 24, TRB_TYPE(TRB_EV_TRANSFER) | TRB_SLOT(slot) | TRB_EP(DCI_EP0));
			e->state = EP_STATE_HALTED;
			sim.ep0_len = 0;
			break;
		}
		if (trb[3] & TRB_IOC)
			sim_event(e->deq, CC_SUCCESS << 24, TRB_TYPE(TRB_EV_TRANSFER) | TRB_SLOT(slot) | TRB_EP(DCI_EP0));
		e->deq += 16;
	}
}

/*
 * The packets of n bytes on a bulk endpoint, each sent with the toggle the controller keeps and
 * checked by the device (simdev.h): an IN one it had wrong is asked for again, an OUT one is
 * dropped by the device; simdev_drops counts them.
 */
static void sim_bulk_toggles(uint32_t slot, uint32_t dci, SimEp *e, uint32_t n)
{
	uint32_t mps = e->mps ? e->mps : 512, packets = n ? (n + mps - 1) / mps : 1;

	for (uint32_t k = 0, tries = 0; k < packets && tries < 2 * packets + 2; tries++) {
		if (!simdev_toggle(&simdev[slot], (uint8_t)(dci / 2), dci & 1, e->toggle) && (dci & 1))
			continue;
		e->toggle ^= 1;
		k++;
	}
}

/* Bulk TRBs queued on the device's bulk endpoints: answered as sim.bulk_cc says (IN data: byte i = i ^ 0x5A). */
static void sim_bulk(uint32_t slot)
{
	for (uint32_t dci = 2; dci < 32 && sim.bulk_cc; dci++) {
		SimEp *e = &sim.ep[slot][dci];
		volatile uint32_t *trb;

		if (!(sim.bulk_dcis[slot] & (1u << dci)))
			continue;
		while (e->state == EP_STATE_RUNNING && (trb = sim_next_trb(e)) != NULL) {
			uint32_t asked = trb[2] & 0x1FFFF, n = asked;
			uint8_t *buf = (uint8_t *)(uintptr_t)trb[0];

			if (sim.bulk_cc == CC_SUCCESS && (dci & 1)) {
				n = sim.bulk_in_len < asked ? sim.bulk_in_len : asked;
				sim.bulk_in_len -= n;
				for (uint32_t i = 0; i < n; i++)
					buf[i] = (uint8_t)(i ^ 0x5A);
			} else if (sim.bulk_cc == CC_SUCCESS) {
				memcpy(sim.bulk_out, buf, asked < sizeof sim.bulk_out ? asked : sizeof sim.bulk_out);
				sim.bulk_out_len = asked;
			}
			if (sim.bulk_cc == CC_SUCCESS)
				sim_bulk_toggles(slot, dci, e, n);
			sim_event(e->deq, ((n < asked ? CC_SHORT_PACKET : sim.bulk_cc) << 24) | (asked - n),
			    TRB_TYPE(TRB_EV_TRANSFER) | TRB_SLOT(slot) | TRB_EP(dci));
			if (sim.bulk_cc == CC_STALL) {
				e->state = EP_STATE_HALTED;
				break;
			}
			e->deq += 16;
		}
	}
}

/* Doorbells rung since the last step: a stopped endpoint runs again (a halted one does not). */
static void sim_doorbells(void)
{
	for (uint32_t slot = 1; slot <= SIM_SLOTS; slot++) {
		uint32_t v = *sim_reg(SIM_DB + 4 * slot);

		if (v == SIM_DB_IDLE)
			continue;
		if (v < 32 && sim.ep[slot][v].state == EP_STATE_STOPPED)
			sim.ep[slot][v].state = EP_STATE_RUNNING;
		*sim_reg(SIM_DB + 4 * slot) = SIM_DB_IDLE;
	}
}

#include "xhcisimio.h"        /* the driver's register accesses: CNR, the pause after HCRST */

/* One look at everything the driver may have written. */
static void sim_step(void)
{
	uint32_t cmd = *sim_reg(SIM_OP + OP_USBCMD);

	if ((*sim_reg(SIM_LEGSUP) & LEGACY_OS_OWNED) && sim.now_ms >= sim.bios_until_ms)
		*sim_reg(SIM_LEGSUP) &= ~LEGACY_BIOS_OWNED;     /* asked, and its time has come */

	if (cmd & CMD_HCRST) {
		int cnr_writes = sim.writes_while_cnr, early = sim.accesses_after_hcrst;
		uint32_t at_ms = sim.hcrst_ms;
		bool seen = sim.hcrst_seen;

		sim_reset();                    /* the counts outlive the reset: the test reads them */
		sim.writes_while_cnr = cnr_writes;
		sim.accesses_after_hcrst = early;
		sim.hcrst_ms = at_ms;
		sim.hcrst_seen = seen;
		sim.cnr_until_ms = sim.now_ms + sim.cnr_after_reset_ms;
		return;
	}
	if ((cmd & CMD_RUN) && (*sim_reg(SIM_OP + OP_USBSTS) & STS_HCH)) {
		volatile uint32_t *erst = at(*sim_reg(SIM_RT + RT_ERSTBA));

		sim.ev_base = erst[0];
		sim.ev_size = erst[2];
		sim.ev_enq = 0;
		sim.ev_cycle = 1;
		*sim_reg(SIM_OP + OP_USBSTS) &= ~STS_HCH;
	}
	sim_crcr();
	sim_doorbells();
	sim_commands();
	for (uint32_t slot = 1; slot <= SIM_SLOTS; slot++) {
		sim_ep0(slot);
		sim_bulk(slot);
	}
}

/*
 * The device sends (or fails) one interrupt-IN transfer on slot/dci: the next
 * TRB on the ring is completed with cc; data lands in its buffer. A halting
 * code halts the endpoint (its dequeue stays on that TD). False if the
 * endpoint is not running or has no TRB queued.
 */
static bool sim_intr(uint32_t slot, uint32_t dci, uint32_t cc, const uint8_t *data, uint32_t len)
{
	SimEp *e = &sim.ep[slot][dci];
	volatile uint32_t *trb;
	uint32_t ptr;

	sim_step();
	if (e->state != EP_STATE_RUNNING || !(trb = sim_next_trb(e)))
		return false;
	ptr = e->deq;
	if (cc == CC_SUCCESS)
		memcpy((void *)(uintptr_t)trb[0], data, len);
	sim_event(ptr, (cc << 24) | ((trb[2] & 0x1FFFF) - (cc == CC_SUCCESS ? len : 0)),
	    TRB_TYPE(TRB_EV_TRANSFER) | TRB_SLOT(slot) | TRB_EP(dci));
	if (cc == CC_BABBLE || cc == CC_TRANSACTION || cc == CC_STALL || cc == CC_SPLIT_TRANSACTION)
		e->state = EP_STATE_HALTED;
	else
		e->deq += 16;
	return true;
}

/* TRBs queued on an endpoint's ring ahead of the controller (links not counted). */
static inline int sim_queued(uint32_t slot, uint32_t dci)
{
	SimEp e = sim.ep[slot][dci];
	int n = 0;

	while (n < 64 && sim_next_trb(&e)) {
		n++;
		e.deq += 16;
	}
	return n;
}

#endif
