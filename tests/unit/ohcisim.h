/*
 * ohcisim.h: a small simulated OHCI controller for tests/unit/test_ohci.c — its register file
 * (two root ports, power switched per port) and a walk of the control list and the HCCA's
 * interrupt tree once a frame, so drivers/usb/ohci*.c run on the host against what QEMU cannot
 * do: SMM that never lets go, a reset that never ends, transfers that never complete,
 * interrupt transfers that fail; and a bulk endpoint pair (sim.bulk_ep) from sim.bulk_in into
 * sim.bulk_out, or stalled on request; its device checks the bulk data toggles and can halt
 * (simdev.h). Register accesses come through tests/unit/simio/io.h.
 */
#ifndef TESTS_UNIT_OHCISIM_H
#define TESTS_UNIT_OHCISIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ohcireg.h"
#include "simdev.h"

#define SIM_PORTS       2
#define SIM_LOG         32
#define SIM_RESET_MS    10              /* the controller's own port reset time */
#define SIM_RHA         (SIM_PORTS | RHA_PSM | 10u << 24)       /* per-port power, 20 ms to power good */

typedef struct Sim {
	uint32_t regs[0x100 / 4];
	uint32_t now_ms;
	bool smm_owned, smm_ignores;    /* IR set at start; OCR never answered */
	uint32_t smm_lets_go_ms;        /* OCR answered then, not at once (0: at once) */
	bool hcr_hangs, transfers_hang, intr_fails, low_speed;
	bool ocr_seen, global_power;
	uint32_t port_power, prs_since[SIM_PORTS + 1];
	uint32_t bios_off;              /* bit p: the BIOS switched the port off; its device unseen until a root hub reset */
	void (*on_frame)(void);         /* the test's own step, each frame (a hub's report, as a wait's poll takes it) */
	uint8_t setups[SIM_LOG][8];
	uint32_t setup_ed[SIM_LOG];
	int nsetups;
	uint8_t report[8];
	bool report_ready;
	uint16_t frame;
	uint8_t bulk_ep;                /* the endpoint number of a bulk pair (IN and OUT), 0: none */
	bool bulk_stall;                /* its TDs end stalled */
	uint8_t bulk_in[2048];          /* what its IN packets bring, in order */
	uint32_t bulk_in_len;
	uint8_t bulk_out[2048];         /* what its OUT packets brought, in order */
	uint32_t bulk_out_len;
	uint32_t bulk_packets[SIM_LOG]; /* each packet on the wire, as SIM_PACKET says */
	int nbulk;
} Sim;

/* A packet on the wire: direction (TD_DP_*), address, endpoint, toggle, the length it could carry. */
#define SIM_PACKET(dp, addr, ep, toggle, len) \
	((uint32_t)(dp) << 28 | (uint32_t)(addr) << 20 | (uint32_t)(ep) << 16 | (uint32_t)(toggle) << 12 | (uint32_t)(len))

static Sim sim;

static uint32_t *sim_reg(uint32_t off)
{
	return &sim.regs[off / 4];
}

static void sim_reset(void)
{
	uint32_t ms = sim.now_ms;

	memset(&sim, 0, sizeof sim);
	simdev_reset_all();
	sim.now_ms = ms;
	*sim_reg(HC_REVISION) = 0x10;
	*sim_reg(HC_FM_INTERVAL) = FI_DEFAULT;
	*sim_reg(HC_RH_DESC_A) = SIM_RHA;
}

static void sim_plug(int p)
{
	*sim_reg(HC_RH_PORT(p)) |= PORT_CCS | PORT_CSC | (sim.low_speed ? PORT_LSDA : 0);
}

uint32_t sim_mmio_read32(uintptr_t addr)
{
	return *sim_reg((uint32_t)(addr - (uintptr_t)sim.regs));
}

void sim_mmio_write32(uintptr_t addr, uint32_t v)
{
	uint32_t off = (uint32_t)(addr - (uintptr_t)sim.regs);

	if (off == HC_COMMAND_STATUS) {
		if (v & CS_OCR) {
			sim.ocr_seen = true;
			if (!sim.smm_ignores && !sim.smm_lets_go_ms)
				*sim_reg(HC_CONTROL) &= ~CTL_IR;
		}
		if ((v & CS_HCR) && sim.hcr_hangs)
			*sim_reg(off) |= CS_HCR;
		else if (v & CS_HCR) {
			*sim_reg(HC_CONTROL) = CTL_HCFS_MASK;        /* USBSUSPEND after a reset */
			*sim_reg(HC_FM_INTERVAL) = FI_DEFAULT;
		}
	} else if (off == HC_CONTROL) {
		*sim_reg(off) = v;
		for (int p = 1; p <= SIM_PORTS && (v & CTL_HCFS_MASK) == CTL_HCFS_RESET; p++)
			if (sim.bios_off & 1u << p)     /* USBRESET resets the root hub: the device is seen again */
				*sim_reg(HC_RH_PORT(p)) |= PORT_CCS | PORT_CSC;
		if ((v & CTL_HCFS_MASK) == CTL_HCFS_RESET)
			sim.bios_off = 0;
	} else if (off == HC_INT_STATUS) {
		*sim_reg(off) &= ~v;
	} else if (off == HC_RH_STATUS) {
		sim.global_power |= (v & RHS_LPSC) != 0;
	} else if (off >= HC_RH_PORT(1) && off <= HC_RH_PORT(SIM_PORTS)) {
		int p = (int)(off - HC_RH_PORT(1)) / 4 + 1;
		uint32_t *r = sim_reg(off);

		*r &= ~(v & PORT_CHANGES);
		if (v & PORT_PPS)
			sim.port_power |= 1u << p;
		if ((v & PORT_PRS) && (*r & PORT_CCS)) {
			*r |= PORT_PRS;
			sim.prs_since[p] = sim.now_ms;
		}
	} else if (off != HC_REVISION && off != HC_RH_DESC_A) {
		*sim_reg(off) = v;
	}
}

uint8_t sim_mmio_read8(uintptr_t addr)
{
	return (uint8_t)sim_mmio_read32(addr);
}

uint16_t sim_mmio_read16(uintptr_t addr)
{
	return (uint16_t)sim_mmio_read32(addr);
}

void sim_mmio_write8(uintptr_t addr, uint8_t v)
{
	sim_mmio_write32(addr, v);
}

static void *sim_ptr(uint32_t a)
{
	return (void *)(uintptr_t)(a & ~0x0Fu);
}

/* Retire the TD at an ED's head with a condition code; a failure halts the ED. */
static void sim_retire(OhciEd *ed, OhciTd *td, uint32_t cc, uint32_t cbp)
{
	td->info = (td->info & 0x0FFFFFFFu) | cc << 28;
	td->cbp = cbp;
	ed->head = (td->next & ~0x0Fu) | (ed->head & ED_CARRY) | (cc ? ED_HALTED : 0);
	*sim_reg(HC_INT_STATUS) |= INT_WDH;
}

/*
 * A TD to or from the bulk endpoint, all its packets at once: each of the ED's packet size or
 * what is left, the toggle from the TD (or the ED's carry) moving on with each; IN brings what is
 * left of sim.bulk_in, a short packet ending the TD with CBP where it stopped (an error unless
 * the TD allows rounding).
 */
static void sim_bulk_td(OhciEd *ed, OhciTd *td)
{
	uint32_t dp = td->info >> 19 & 3, mps = ed->info >> 16 & 0x7FF, cbp = td->cbp;
	uint32_t toggle = (td->info & 2u << 24) ? td->info >> 24 & 1 : ed->head >> 1 & 1;

	SimDev *d = &simdev[ed->info & 0x7F];
	uint8_t ep = ed->info >> 7 & 0x0F;

	if (sim.bulk_stall || simdev_stall(d, ep, dp == TD_DP_IN)) {
		sim_retire(ed, td, CC_STALL, cbp);
		return;
	}
	do {
		uint32_t room = cbp ? td->be - cbp + 1 : 0, n;
		bool taken = simdev_toggle(d, ep, dp == TD_DP_IN, toggle);

		room = room < mps ? room : mps;
		n = room;
		if (dp == TD_DP_IN) {
			n = sim.bulk_in_len < room ? sim.bulk_in_len : room;
			if (n && taken)
				memcpy((void *)(uintptr_t)cbp, sim.bulk_in, n);
			memmove(sim.bulk_in, sim.bulk_in + n, sizeof sim.bulk_in - n);
			sim.bulk_in_len -= n;
			if (!taken)
				continue;       /* thrown away by the controller: the same packet asked for again */
		} else if (!taken) {
			;                       /* ACKed and ignored by the device */
		} else if (sim.bulk_out_len + n <= sizeof sim.bulk_out) {
			if (n)
				memcpy(sim.bulk_out + sim.bulk_out_len, (void *)(uintptr_t)cbp, n);
			sim.bulk_out_len += n;
		}
		if (sim.nbulk < SIM_LOG)
			sim.bulk_packets[sim.nbulk++] = SIM_PACKET(dp, ed->info & 0x7F, ed->info >> 7 & 0x0F, toggle, room);
		toggle ^= 1;
		cbp = cbp && cbp + n <= td->be ? cbp + n : 0;
		if (n < room)
			break;
	} while (cbp);
	td->info = (td->info & ~(3u << 24)) | (2u | toggle) << 24;
	ed->head = (ed->head & ~ED_CARRY) | toggle << 1;
	sim_retire(ed, td, cbp && !(td->info & TD_ROUNDING) ? 9u : CC_NO_ERROR, cbp);        /* 9: DATAUNDERRUN */
}

/*
 * A TD's packets (of the ED's size, one at least) against the device's toggles (simdev.h): the
 * toggle from the TD (T=1x) or the ED's carry, moving on with each packet taken and left in the
 * ED's carry as the TD retires (OHCI 4.3.1.3.4). SETUP must be DATA0. An IN packet with the wrong
 * toggle is thrown away and asked for again; false when that was an interrupt report (lost).
 */
static bool sim_toggles(OhciEd *ed, OhciTd *td)
{
	SimDev *d = &simdev[ed->info & 0x7F];
	uint32_t dp = td->info >> 19 & 3, mps = ed->info >> 16 & 0x7FF, ep = ed->info >> 7 & 0x0F;
	uint32_t bytes = td->cbp ? td->be - td->cbp + 1 : 0, packets = bytes && mps ? (bytes + mps - 1) / mps : 1;
	uint32_t toggle = (td->info & 2u << 24) ? td->info >> 24 & 1 : ed->head >> 1 & 1;

	if (dp == TD_DP_SETUP && toggle != 0)
		simdev_drops++;
	for (uint32_t k = 0, tries = 0; dp != TD_DP_SETUP && k < packets && tries < 2 * packets + 2; tries++) {
		if (!simdev_toggle(d, (uint8_t)ep, dp == TD_DP_IN, toggle) && dp == TD_DP_IN) {
			if (ep)
				return false;
			continue;
		}
		toggle ^= 1;
		k++;
	}
	if (dp == TD_DP_SETUP)
		toggle = 1;
	td->info = (td->info & ~(3u << 24)) | (2u | toggle) << 24;
	ed->head = (ed->head & ~ED_CARRY) | toggle << 1;
	return true;
}

/* One TD of an ED, as the device answers it; false if it NAKed (the TD stays). */
static bool sim_td(OhciEd *ed)
{
	OhciTd *td = sim_ptr(ed->head);
	uint32_t dp = td->info >> 19 & 3, ep = ed->info >> 7 & 0x0F;
	uint8_t *buf = (uint8_t *)(uintptr_t)td->cbp;

	SimDev *d = &simdev[ed->info & 0x7F];

	if (sim.transfers_hang || (dp != TD_DP_SETUP && simdev_nak(d)))
		return false;
	if (!ep && dp != TD_DP_SETUP && simdev_stall(d, 0, dp == TD_DP_IN)) {
		sim_retire(ed, td, CC_STALL, td->cbp);
		return true;
	}
	if (ep && ep != sim.bulk_ep && sim.report_ready && simdev_babble(d)) {
		sim_retire(ed, td, 8, td->cbp);         /* DATAOVERRUN: more came than the TD holds (babble) */
		return true;
	}
	if (ep && ep == sim.bulk_ep) {
		sim_bulk_td(ed, td);
		return true;
	}
	if (ep && sim.intr_fails) {
		sim_retire(ed, td, 5, td->cbp);         /* device not responding */
		return true;
	}
	if (ep && !sim.report_ready)
		return false;
	if (!sim_toggles(ed, td)) {
		sim.report_ready = false;       /* sent, ACKed, thrown away by the controller */
		return false;
	}
	if (dp == TD_DP_SETUP) {
		simdev_setup(&simdev[ed->info & 0x7F], buf);
		if ((ed->info & 0x7F) == 0 && buf[0] == 0x00 && buf[1] == 0x05)
			simdev_addressed(buf[2]);
	}
	if (dp == TD_DP_SETUP && sim.nsetups < SIM_LOG) {
		memcpy(sim.setups[sim.nsetups], buf, 8);
		sim.setup_ed[sim.nsetups++] = ed->info;
	} else if (ep && buf) {
		memcpy(buf, sim.report, 8);
		sim.report_ready = false;
	}
	sim_retire(ed, td, CC_NO_ERROR, 0);
	return true;
}

static bool sim_ed_busy(const OhciEd *ed)
{
	return !(ed->info & ED_SKIP) && !(ed->head & ED_HALTED) && (ed->head & ~0x0Fu) != (ed->tail & ~0x0Fu);
}

/* One frame: port resets time out, the interrupt tree's slot, then the control list to its end. */
static void sim_step(void)
{
	OhciHcca *hcca = (OhciHcca *)(uintptr_t)*sim_reg(HC_HCCA);
	uint32_t ctl = *sim_reg(HC_CONTROL);

	if (sim.ocr_seen && sim.smm_lets_go_ms && sim.now_ms >= sim.smm_lets_go_ms)
		*sim_reg(HC_CONTROL) &= ~CTL_IR;        /* SMM's driver let go */
	if (sim.on_frame)
		sim.on_frame();
	for (int p = 1; p <= SIM_PORTS; p++) {
		uint32_t *r = sim_reg(HC_RH_PORT(p));

		if ((*r & PORT_PRS) && sim.now_ms - sim.prs_since[p] >= SIM_RESET_MS)
			*r = (*r & ~PORT_PRS) | PORT_PES | PORT_PRSC;
	}
	if ((ctl & CTL_HCFS_MASK) != CTL_HCFS_OPER || !hcca)
		return;
	if (ctl & CTL_PLE)
		for (uint32_t a = hcca->intr[sim.frame++ % HCCA_INTR]; a; a = ((OhciEd *)sim_ptr(a))->next)
			if (sim_ed_busy(sim_ptr(a)))
				sim_td(sim_ptr(a));
	if (ctl & CTL_CLE)
		for (uint32_t a = *sim_reg(HC_CONTROL_HEAD); a; a = ((OhciEd *)sim_ptr(a))->next)
			for (int n = 0; n < CTRL_TDS && sim_ed_busy(sim_ptr(a)); n++)
				if (!sim_td(sim_ptr(a)))
					break;
}

#endif
