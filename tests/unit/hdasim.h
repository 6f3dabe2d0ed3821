/*
 * hdasim.h (test_hda.c only): a simulated Intel HDA controller — a register file with CORB/RIRB,
 * the Immediate Command registers and one output stream — and a codec as a table of widgets that
 * answers verbs and remembers what the driver set; plus the platform the driver links against
 * (drvlog, the bounded wait on a millisecond clock that steps the simulation, DMA pages).
 */
#ifndef TESTS_HDASIM_H
#define TESTS_HDASIM_H

#include <stdarg.h>
#include <stdio.h>

#include "hda.h"
#include "hdareg.h"
#include "io.h"
#include "wait.h"

/* --- a codec: its widgets, and what the driver set on them --- */

typedef struct SimWidget {
	uint8_t nid;
	uint32_t caps, pincaps, config, out_amp, in_amp;
	uint8_t conn[8];
	int nconn;
	/* set by the driver */
	int pin_ctl, eapd, power, select, format, stream;
	uint32_t amp_out, amp_in[8];
} SimWidget;

typedef struct SimCodec {
	uint32_t vendor;
	bool mute;                      /* never answers */
	uint8_t afg_first, afg_count;
	SimWidget w[16];
	int nw;
} SimCodec;

#define WCAP(type, extra) (((uint32_t)(type) << 20) | (extra))
#define AMP_CAPS        0x00034A4Au     /* step 3, 0x4A steps, 0 dB at 0x4A */

static SimCodec codec;

static SimWidget *widget(uint8_t nid)
{
	for (int i = 0; i < codec.nw; i++)
		if (codec.w[i].nid == nid)
			return &codec.w[i];
	return NULL;
}

/* The codec's answer to one command; false: no answer. */
static bool codec_answer(uint32_t cmd, uint32_t *resp)
{
	uint8_t nid = (uint8_t)(cmd >> 20);
	uint32_t top = (cmd >> 16) & 0xF, verb = (cmd >> 8) & 0xFFF, pl = cmd & 0xFF;
	SimWidget *w = widget(nid);

	if (codec.mute)
		return false;
	*resp = 0;
	if (top == HDA_SET_FORMAT && w) {
		w->format = (int)(cmd & 0xFFFF);
	} else if (top == HDA_SET_AMP && w) {
		if (cmd & HDA_AMP_OUT)
			w->amp_out = cmd & 0xFFFF;
		if (cmd & HDA_AMP_IN)
			w->amp_in[(cmd >> 8) & 7] = cmd & 0xFFFF;
	} else if (verb == HDA_GET_PARAM) {
		if (nid == 0)
			*resp = pl == HDA_PAR_VENDOR ? codec.vendor : pl == HDA_PAR_NODES ? 0x00010001u : 0;
		else if (nid == 1)
			*resp = pl == HDA_PAR_FG_TYPE ? HDA_FG_AUDIO : pl == HDA_PAR_NODES ?
			    ((uint32_t)codec.afg_first << 16 | codec.afg_count) :
			    pl == HDA_PAR_OUT_AMP_CAPS || pl == HDA_PAR_IN_AMP_CAPS ? AMP_CAPS : 0;
		else if (w)
			*resp = pl == HDA_PAR_WIDGET_CAPS ? w->caps : pl == HDA_PAR_PIN_CAPS ? w->pincaps :
			    pl == HDA_PAR_CONN_LEN ? (uint32_t)w->nconn : pl == HDA_PAR_OUT_AMP_CAPS ? w->out_amp :
			    pl == HDA_PAR_IN_AMP_CAPS ? w->in_amp : 0;
	} else if (verb == HDA_GET_CONN_LIST && w) {
		for (int k = 0; k < 4 && (int)pl + k < w->nconn; k++)
			*resp |= (uint32_t)w->conn[pl + k] << (8 * k);
	} else if (verb == HDA_GET_CONFIG && w) {
		*resp = w->config;
	} else if (w || nid == 1) {
		SimWidget dummy;

		if (!w)
			w = &dummy;
		if (verb == HDA_SET_PIN_CTL)
			w->pin_ctl = (int)pl;
		else if (verb == HDA_SET_EAPD)
			w->eapd = (int)pl;
		else if (verb == HDA_SET_POWER_STATE)
			w->power = (int)pl + 1;         /* 1: D0 set */
		else if (verb == HDA_SET_CONN_SELECT)
			w->select = (int)pl + 1;
		else if (verb == HDA_SET_STREAM)
			w->stream = (int)pl;
	}
	return true;
}

static void add(SimWidget w)
{
	w.select = 0;
	codec.w[codec.nw++] = w;
}

#define PIN_CFG(port, dev)  (((uint32_t)(port) << 30) | ((uint32_t)(dev) << 20))

/*
 * A laptop's codec (a Realtek-like graph): DACs 0x02, 0x03; mixers 0x0C (DAC 0x02) and 0x0D
 * (DAC 0x03); speaker pin 0x14 (fixed, EAPD) on 0x0C; headphone jack 0x15 choosing 0x0C or 0x0D;
 * a mic pin, an S/PDIF out (digital) and an unconnected line-out.
 */
static void laptop_codec(void)
{
	codec = (SimCodec){ .vendor = 0x10EC0269, .afg_first = 0x02, .afg_count = 0x1E };
	add((SimWidget){ .nid = 0x02, .caps = WCAP(HDA_WT_DAC, HDA_WCAP_OUT_AMP | HDA_WCAP_POWER) });
	add((SimWidget){ .nid = 0x03, .caps = WCAP(HDA_WT_DAC, HDA_WCAP_OUT_AMP) });
	add((SimWidget){ .nid = 0x06, .caps = WCAP(HDA_WT_DAC, HDA_WCAP_DIGITAL) });
	add((SimWidget){ .nid = 0x0C, .caps = WCAP(HDA_WT_MIXER, HDA_WCAP_IN_AMP | HDA_WCAP_CONN_LIST),
	    .conn = { 0x02, 0x0B }, .nconn = 2 });
	add((SimWidget){ .nid = 0x0D, .caps = WCAP(HDA_WT_MIXER, HDA_WCAP_IN_AMP | HDA_WCAP_CONN_LIST |
	    HDA_WCAP_AMP_OVERRIDE), .in_amp = 0x00001F10u, .conn = { 0x0B, 0x03 }, .nconn = 2 });
	add((SimWidget){ .nid = 0x0B, .caps = WCAP(HDA_WT_MIXER, HDA_WCAP_CONN_LIST), .conn = { 0x18 }, .nconn = 1 });
	add((SimWidget){ .nid = 0x14, .caps = WCAP(HDA_WT_PIN, HDA_WCAP_OUT_AMP | HDA_WCAP_CONN_LIST),
	    .pincaps = HDA_PINCAP_OUT | HDA_PINCAP_EAPD, .config = PIN_CFG(2, HDA_DEV_SPEAKER),
	    .conn = { 0x0C }, .nconn = 1 });
	add((SimWidget){ .nid = 0x15, .caps = WCAP(HDA_WT_PIN, HDA_WCAP_OUT_AMP | HDA_WCAP_CONN_LIST),
	    .pincaps = HDA_PINCAP_OUT | HDA_PINCAP_HP_DRIVE, .config = PIN_CFG(0, HDA_DEV_HP_OUT),
	    .conn = { 0x0C, 0x0D }, .nconn = 2 });
	add((SimWidget){ .nid = 0x17, .caps = WCAP(HDA_WT_PIN, HDA_WCAP_CONN_LIST), .pincaps = HDA_PINCAP_OUT,
	    .config = PIN_CFG(HDA_CFG_PORT_NONE, HDA_DEV_LINE_OUT), .conn = { 0x0C }, .nconn = 1 });
	add((SimWidget){ .nid = 0x18, .caps = WCAP(HDA_WT_PIN, 0), .pincaps = 0x20, .config = PIN_CFG(0, 0xA) });
	add((SimWidget){ .nid = 0x1E, .caps = WCAP(HDA_WT_PIN, HDA_WCAP_DIGITAL | HDA_WCAP_CONN_LIST),
	    .pincaps = HDA_PINCAP_OUT, .config = PIN_CFG(0, 0x4), .conn = { 0x06 }, .nconn = 1 });
}

/* An HDMI codec: a digital converter and an HDMI pin, nothing analog. */
static void hdmi_codec(void)
{
	codec = (SimCodec){ .vendor = 0x80862882, .afg_first = 0x02, .afg_count = 0x02 };
	add((SimWidget){ .nid = 0x02, .caps = WCAP(HDA_WT_DAC, HDA_WCAP_DIGITAL) });
	add((SimWidget){ .nid = 0x03, .caps = WCAP(HDA_WT_PIN, HDA_WCAP_DIGITAL | HDA_WCAP_CONN_LIST),
	    .pincaps = HDA_PINCAP_OUT | HDA_PINCAP_HDMI | HDA_PINCAP_DP, .config = PIN_CFG(0, 0x5),
	    .conn = { 0x02 }, .nconn = 1 });
}

/* --- the controller: a register file, its CORB/RIRB and immediate commands, one output stream --- */

#define SD_OUT  (HDA_SD_BASE + 4 * HDA_SD_SIZE)         /* GCAP below: 4 input streams first */

static struct {
	uint8_t regs[0x200];
	uint32_t now_ms;
	bool rings_dead;                /* the CORB is never read */
	bool stream_stuck;              /* LPIB never moves */
	int ring_cmds, immediate_cmds;
} sim;

static uint32_t rd(unsigned off, int bytes)
{
	uint32_t v = 0;

	memcpy(&v, sim.regs + off, (size_t)bytes);
	return v;
}

static void wr(unsigned off, uint32_t v, int bytes)
{
	memcpy(sim.regs + off, &v, (size_t)bytes);
}

static unsigned offset(uintptr_t addr)
{
	assert_true(addr >= (uintptr_t)sim.regs && addr < (uintptr_t)sim.regs + sizeof sim.regs);
	return (unsigned)(addr - (uintptr_t)sim.regs);
}

/* The CORB's new commands, answered into the RIRB. */
static void run_corb(void)
{
	uint32_t *corb = (uint32_t *)(uintptr_t)rd(HDA_CORBLBASE, 4), *rirb = (uint32_t *)(uintptr_t)rd(HDA_RIRBLBASE, 4);

	if (sim.rings_dead || !(rd(HDA_CORBCTL, 1) & HDA_CORBCTL_RUN) || !(rd(HDA_RIRBCTL, 1) & HDA_RIRBCTL_RUN))
		return;
	while ((rd(HDA_CORBRP, 2) & 0xFF) != (rd(HDA_CORBWP, 2) & 0xFF)) {
		uint32_t rp = (rd(HDA_CORBRP, 2) + 1) & 0xFF, resp, wp;

		wr(HDA_CORBRP, rp, 2);
		sim.ring_cmds++;
		if (!codec_answer(corb[rp], &resp))
			continue;
		wp = (rd(HDA_RIRBWP, 2) + 1) & 0xFF;
		rirb[2 * wp] = resp;
		rirb[2 * wp + 1] = 0;
		wr(HDA_RIRBWP, wp, 2);
	}
}

static void sim_write(unsigned off, uint32_t v, int bytes)
{
	if (off == HDA_GCTL) {
		wr(off, v, bytes);
		if (v & HDA_GCTL_CRST)
			wr(HDA_STATESTS, 0x0001, 2);    /* codec 0 asks for attention */
	} else if (off == HDA_STATESTS || off == HDA_RIRBSTS) {
		wr(off, rd(off, bytes) & ~v, bytes);    /* RW1C */
	} else if (off == HDA_CORBRP) {
		wr(off, v & HDA_CORBRP_RST ? 0 : v, bytes);
	} else if (off == HDA_RIRBWP) {
		wr(off, v & HDA_RIRBWP_RST ? 0 : rd(off, 2), bytes);
	} else if (off == HDA_CORBWP) {
		wr(off, v, bytes);
		run_corb();
	} else if (off == HDA_ICIS) {
		uint32_t resp;

		if (v & HDA_ICIS_IRV)
			wr(off, rd(off, 2) & ~HDA_ICIS_IRV, 2);
		if (v & HDA_ICIS_ICB) {
			sim.immediate_cmds++;
			if (codec_answer(rd(HDA_ICOI, 4), &resp)) {
				wr(HDA_ICII, resp, 4);
				wr(off, rd(off, 2) | HDA_ICIS_IRV, 2);
			}
		}
	} else if (off == SD_OUT + HDA_SD_CTL && bytes == 4) {
		wr(off, v & 0x00FFFFFF, 3);
		if (v & HDA_SD_CTL_SRST)
			wr(SD_OUT + HDA_SD_LPIB, 0, 4);
	} else {
		wr(off, v, bytes);
	}
}

uint32_t sim_mmio_read32(uintptr_t addr) { return rd(offset(addr), 4); }
uint16_t sim_mmio_read16(uintptr_t addr) { return (uint16_t)rd(offset(addr), 2); }
uint8_t sim_mmio_read8(uintptr_t addr) { return (uint8_t)rd(offset(addr), 1); }
void sim_mmio_write32(uintptr_t addr, uint32_t v) { sim_write(offset(addr), v, 4); }
void sim_mmio_write16(uintptr_t addr, uint16_t v) { sim_write(offset(addr), v, 2); }
void sim_mmio_write8(uintptr_t addr, uint8_t v) { sim_write(offset(addr), v, 1); }

/* A millisecond: a running stream reads 48 frames (192 bytes). */
static void sim_step(void)
{
	uint32_t ctl = rd(SD_OUT + HDA_SD_CTL, 4);

	if ((ctl & HDA_SD_CTL_RUN) && !sim.stream_stuck)
		wr(SD_OUT + HDA_SD_LPIB, (rd(SD_OUT + HDA_SD_LPIB, 4) + 192) % HDA_RING_BYTES, 4);
}

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

/* Zeroed pages from a pool below 4 GiB (the test is linked without PIE). */
static uint8_t pool[32 * 4096] __attribute__((aligned(4096)));
static size_t pool_used;

static void *alloc(uint32_t bytes)
{
	void *p;

	bytes = (bytes + 4095) & ~4095u;
	if (pool_used + bytes > sizeof pool)
		return NULL;
	p = pool + pool_used;
	pool_used += bytes;
	memset(p, 0, bytes);
	return p;
}

static void reset_sim(void)
{
	memset(&sim, 0, sizeof sim);
	wr(HDA_GCAP, 0x4401, 2);                /* 4 output, 4 input streams, 64-bit */
	wr(HDA_VMAJ, 1, 1);
	wr(HDA_CORBSIZE, 0x42, 1);
	wr(HDA_RIRBSIZE, 0x42, 1);
	pool_used = 0;
	logbuf[0] = '\0';
}

#endif
