/*
 * uhcisim.h: a small simulated UHCI controller for tests/unit/test_uhci.c — its I/O registers
 * (two root ports) and a walk of the frame list's queues once a step, so drivers/usb/uhci*.c run
 * on the host against what QEMU cannot do: a reset that never ends, transfers that never
 * complete, interrupt transfers that fail. Devices answer every setup and OUT packet, IN packets
 * on EP0 from sim.ctrl_in (or from the test's device model, sim.ep0_device, by address),
 * interrupt IN packets with a report the test queued (for one address, or any), and a bulk
 * endpoint pair (sim.bulk_ep) from sim.bulk_in into sim.bulk_out, or stalled on request. The
 * devices check data toggles and misbehave as the test asks (simdev.h, by address).
 */
#ifndef TESTS_UNIT_UHCISIM_H
#define TESTS_UNIT_UHCISIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "simdev.h"
#include "uhcireg.h"

#define SIM_IO          0xC000          /* BAR4 */
#define SIM_PORTS       2
#define SIM_LOG         32

typedef struct Sim {
	uint16_t cmd, sts, intr, frnum;
	uint32_t flbase;
	uint16_t portsc[SIM_PORTS + 1];
	uint32_t now_ms;                /* the fake clock the waits advance */
	bool hcreset_hangs;             /* HCRESET never clears */
	bool transfers_hang;            /* every TD NAKs: nothing ever completes */
	bool intr_fails;                /* interrupt IN packets time out (CRC/timeout) */
	bool low_speed;                 /* the device on each port is low speed */
	uint32_t greset_on_ms, greset_off_ms, pr_on_ms[SIM_PORTS + 1], pr_off_ms[SIM_PORTS + 1];
	uint8_t setups[SIM_LOG][8];     /* setup packets, in order */
	uint32_t setup_tokens[SIM_LOG], setup_status[SIM_LOG];
	int nsetups;
	uint8_t ctrl_in[512];           /* what an IN data stage on EP0 brings */
	uint16_t ctrl_in_len;
	/* The devices behind EP0, if the test gives them: at each setup packet, by the token's address; returns the IN data's length. */
	int (*ep0_device)(uint8_t addr, const uint8_t *setup, uint8_t *data);
	uint8_t report[8];              /* an interrupt report waiting for the next IN */
	bool report_ready;
	uint8_t report_addr;            /* only the device at this address takes it (0: any) */
	uint32_t intr_tokens[SIM_LOG];  /* interrupt IN tokens that moved data, in order */
	int nintr;
	uint8_t bulk_ep;                /* the endpoint number of a bulk pair (IN and OUT), 0: none */
	bool bulk_stall;                /* its packets end stalled */
	uint8_t bulk_in[2048];          /* what its IN packets bring, in order */
	uint32_t bulk_in_len;
	uint8_t bulk_out[2048];         /* what its OUT packets brought, in order */
	uint32_t bulk_out_len;
	uint32_t bulk_tokens[SIM_LOG];  /* its tokens that moved data, in order */
	int nbulk;
	void (*on_frame)(void);         /* the test's own step, each frame (a hub's report, as a wait's poll takes it) */
} Sim;

static Sim sim;

static void sim_reset(void)
{
	uint32_t ms = sim.now_ms;

	memset(&sim, 0, sizeof sim);
	simdev_reset_all();
	sim.now_ms = ms;
	sim.sts = STS_HCH;
	for (int p = 1; p <= SIM_PORTS; p++)
		sim.portsc[p] = PORT_ALWAYS1;
}

/* A device on root port p (a connect change, as a plug-in makes). */
static void sim_plug(int p)
{
	sim.portsc[p] |= PORT_CCS | PORT_CSC | (sim.low_speed ? PORT_LSDA : 0);
}

uint32_t sim_in(uint16_t port, int bytes)
{
	uint16_t off = (uint16_t)(port - SIM_IO);

	(void)bytes;
	if (port < SIM_IO)
		return 0xFFFFFFFFu;
	switch (off) {
	case UHCI_USBCMD: return sim.cmd;
	case UHCI_USBSTS: return (uint32_t)(sim.sts | ((sim.cmd & CMD_RS) ? 0 : STS_HCH));
	case UHCI_USBINTR: return sim.intr;
	case UHCI_FRNUM: return sim.frnum;
	case UHCI_FLBASEADD: return sim.flbase;
	}
	if (off >= 0x10 && off < 0x10 + 2 * SIM_PORTS)
		return sim.portsc[(off - 0x10) / 2 + 1];
	return 0xFF7F;                  /* no port there: bit 7 clear (as QEMU reads it) */
}

static void sim_port_write(int p, uint16_t v)
{
	uint16_t old = sim.portsc[p];

	sim.portsc[p] &= (uint16_t)~(v & PORT_W1C);
	if ((v & PORT_PR) && !(old & PORT_PR)) {
		sim.pr_on_ms[p] = sim.now_ms;
		sim.portsc[p] = (uint16_t)((sim.portsc[p] | PORT_PR) & ~PORT_PE);
	} else if (!(v & PORT_PR) && (old & PORT_PR)) {
		sim.pr_off_ms[p] = sim.now_ms;
		sim.portsc[p] = (uint16_t)(sim.portsc[p] & ~PORT_PR) | ((old & PORT_CCS) ? PORT_CSC : 0);
	}
	if ((v & PORT_PE) && (sim.portsc[p] & PORT_CCS) && !(sim.portsc[p] & PORT_PR))
		sim.portsc[p] |= PORT_PE;
	else if (!(v & PORT_PE))
		sim.portsc[p] &= (uint16_t)~PORT_PE;
}

void sim_out(uint16_t port, uint32_t v, int bytes)
{
	uint16_t off = (uint16_t)(port - SIM_IO);

	(void)bytes;
	if (port < SIM_IO)
		return;                 /* io_wait's port 0x80 */
	switch (off) {
	case UHCI_USBCMD:
		if ((v & CMD_GRESET) && !(sim.cmd & CMD_GRESET))
			sim.greset_on_ms = sim.now_ms;
		if (!(v & CMD_GRESET) && (sim.cmd & CMD_GRESET))
			sim.greset_off_ms = sim.now_ms;
		sim.cmd = (uint16_t)v;
		if ((v & CMD_HCRESET) && !sim.hcreset_hangs)
			sim.cmd = 0;
		return;
	case UHCI_USBSTS: sim.sts &= (uint16_t)~v; return;
	case UHCI_USBINTR: sim.intr = (uint16_t)v; return;
	case UHCI_FRNUM: sim.frnum = (uint16_t)v; return;
	case UHCI_FLBASEADD: sim.flbase = v; return;
	}
	if (off >= 0x10 && off < 0x10 + 2 * SIM_PORTS)
		sim_port_write((off - 0x10) / 2 + 1, (uint16_t)v);
}

static void *sim_ptr(uint32_t link)
{
	return (void *)(uintptr_t)(link & ~0x0Fu);
}

enum { TD_DONE, TD_NAKED, TD_FAILED, TD_SHORT };

/* A packet to or from the bulk endpoint: IN brings what is left of sim.bulk_in (short at its end). */
static int sim_bulk_td(UhciTd *td, uint32_t tok, uint32_t max, uint8_t *buf, SimDev *d)
{
	uint32_t n = max, ep = tok >> 15 & 0x0F;
	bool in = (tok & 0xFF) == PID_IN, taken;

	if (sim.bulk_stall || simdev_stall(d, (uint8_t)ep, in)) {
		td->status = (td->status & ~TD_ACTIVE) | TD_STALLED;
		return TD_FAILED;
	}
	taken = simdev_toggle(d, (uint8_t)ep, in, tok >> 19);
	if (in) {
		n = sim.bulk_in_len < max ? sim.bulk_in_len : max;
		memcpy(buf, sim.bulk_in, n);
		memmove(sim.bulk_in, sim.bulk_in + n, sizeof sim.bulk_in - n);
		sim.bulk_in_len -= n;
		if (!taken)
			return TD_NAKED;        /* the host threw the data away and tries again; the device moved on */
	} else if (taken && sim.bulk_out_len + n <= sizeof sim.bulk_out) {
		memcpy(sim.bulk_out + sim.bulk_out_len, buf, n);
		sim.bulk_out_len += n;
	}
	if (sim.nbulk < SIM_LOG)
		sim.bulk_tokens[sim.nbulk++] = tok;
	td->status = (td->status & ~(TD_ACTIVE | TD_NAK | 0x7FFu)) | ((n - 1) & 0x7FF);
	return (n < max && (td->status & TD_SPD)) ? TD_SHORT : TD_DONE;
}

/* A SETUP packet: logged; the device's model (if any) answers it; the device's side sees it. */
static void sim_setup_td(UhciTd *td, uint32_t tok, uint8_t *buf, SimDev *d)
{
	uint8_t addr = tok >> 8 & 0x7F;

	if ((tok >> 19 & 1) != 0) {     /* SETUP is always DATA0 (USB 2.0 8.5.3): the device drops it */
		simdev_drops++;
		return;
	}
	if (sim.nsetups < SIM_LOG) {
		memcpy(sim.setups[sim.nsetups], buf, 8);
		sim.setup_tokens[sim.nsetups] = tok;
		sim.setup_status[sim.nsetups++] = td->status;
	}
	if ((buf[0] & 0x80) == 0)
		sim.ctrl_in_len = 0;
	if (sim.ep0_device) {
		int n_in = sim.ep0_device(addr, buf, sim.ctrl_in);

		sim.ctrl_in_len = (uint16_t)(n_in > 0 ? n_in : 0);
	}
	simdev_setup(d, buf);
	if (addr == 0 && buf[0] == 0x00 && buf[1] == 0x05)
		simdev_addressed(buf[2]);
}

/* One packet of a TD, as the device answers it (simdev.h: toggles, NAKs, stalls, babble, short packets). */
static int sim_td(UhciTd *td)
{
	uint32_t tok = td->token, pid = tok & 0xFF, ep = tok >> 15 & 0x0F, addr = tok >> 8 & 0x7F;
	bool mine = sim.report_ready && (!sim.report_addr || sim.report_addr == addr), in = pid == PID_IN;
	uint32_t max = ((tok >> 21) + 1) & 0x7FF, n = max;
	uint8_t *buf = (uint8_t *)(uintptr_t)td->buffer;
	SimDev *d = &simdev[addr];

	if (sim.transfers_hang || (pid != PID_SETUP && simdev_nak(d))) {
		td->status |= TD_NAK;
		return TD_NAKED;
	}
	if (ep && ep == sim.bulk_ep)
		return sim_bulk_td(td, tok, max, buf, d);
	if (in && ep && !mine && !sim.intr_fails) {
		td->status |= TD_NAK;
		return TD_NAKED;
	}
	if ((in && ep && sim.intr_fails) || (pid != PID_SETUP && simdev_stall(d, (uint8_t)ep, in))) {
		td->status = (td->status & ~TD_ACTIVE) | (sim.intr_fails && ep ? TD_CRC_TIMEOUT : TD_STALLED);
		return TD_FAILED;
	}
	if (in && ep && simdev_babble(d)) {     /* more than the TD's length came: babble, the TD halted */
		td->status = (td->status & ~TD_ACTIVE) | TD_BABBLE | TD_STALLED;
		return TD_FAILED;
	}
	if (pid == PID_SETUP) {
		sim_setup_td(td, tok, buf, d);
	} else if (!simdev_toggle(d, (uint8_t)ep, in, tok >> 19)) {
		if (in && ep)
			sim.report_ready = false;       /* sent, ACKed, thrown away by the host */
		if (in && !ep) {
			n = sim.ctrl_in_len < max ? sim.ctrl_in_len : max;
			memmove(sim.ctrl_in, sim.ctrl_in + n, sizeof sim.ctrl_in - n);
			sim.ctrl_in_len = (uint16_t)(sim.ctrl_in_len - n);
		}
		if (in)
			return TD_NAKED;                /* the TD stays active: the host tries again */
	} else if (in && ep) {
		n = max < 8 ? max : 8;
		memcpy(buf, sim.report, n);
		sim.report_ready = false;
		if (sim.nintr < SIM_LOG)
			sim.intr_tokens[sim.nintr++] = tok;
	} else if (in && max) {
		n = sim.ctrl_in_len < max ? sim.ctrl_in_len : max;
		n = d->ep0_short && n > d->ep0_short ? d->ep0_short : n;
		memcpy(buf, sim.ctrl_in, n);
		memmove(sim.ctrl_in, sim.ctrl_in + n, sizeof sim.ctrl_in - n);
		sim.ctrl_in_len = (uint16_t)(sim.ctrl_in_len - n);
	}
	td->status = (td->status & ~(TD_ACTIVE | TD_NAK | 0x7FFu)) | ((n - 1) & 0x7FF);
	return (n < max && (td->status & TD_SPD)) ? TD_SHORT : TD_DONE;
}

/* A QH's queue in one frame: depth-first TDs run on, breadth-first one per frame. */
static void sim_queue(UhciQh *q)
{
	for (int hops = 0; hops < CTRL_TDS + 2 && !(q->element & LINK_TERM); hops++) {
		UhciTd *td = sim_ptr(q->element);
		int r;

		if (!(td->status & TD_ACTIVE))
			return;
		r = sim_td(td);
		if (r != TD_DONE)
			return;         /* NAK, error, short packet: the element stays */
		q->element = td->link;
		if (!(td->link & LINK_VF))
			return;
	}
}

/* One frame: the frame list entry's chain of QHs, each queue in turn. */
static void sim_step(void)
{
	uint32_t link;

	if (sim.on_frame)
		sim.on_frame();
	if (!(sim.cmd & CMD_RS) || !sim.flbase)
		return;
	link = ((volatile uint32_t *)(uintptr_t)sim.flbase)[sim.frnum % FRAMES];
	sim.frnum = (uint16_t)((sim.frnum + 1) % FRAMES);
	for (int hops = 0; hops < 64 && !(link & LINK_TERM); hops++) {
		UhciQh *q = sim_ptr(link);

		if (!(link & LINK_QH))
			return;
		sim_queue(q);
		link = q->head;
	}
}

#endif
