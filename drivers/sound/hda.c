/* hda.c: Intel HDA controller — reset, codec commands (CORB/RIRB polled, Immediate Command as fallback), output stream 1. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drvlog.h"
#include "hda.h"
#include "hdareg.h"
#include "io.h"
#include "wait.h"

#define RESET_MS        100             /* CRST to read back, each way */
#define CODEC_WAKE_MS   25              /* codecs ask for attention within 521 us of the reset; slack */
#define VERB_MS         20              /* a codec's response */
#define RING_MS         10              /* a CORB/RIRB engine's run bit to read back */
#define STREAM_RESET_MS 50
#define STREAM_MOVE_MS  300             /* a running stream's position must move by then */
#define BDL_ENTRIES     2               /* the ring in two halves (the least a list may have) */

/* The largest ring the size register offers: its entries, with the size code written. */
static uint16_t ring_size(uintptr_t reg)
{
	uint8_t cap = mmio_read8(reg);

	if (cap & HDA_RINGCAP_256) {
		mmio_write8(reg, (uint8_t)((cap & ~3u) | HDA_RINGSIZE_256));
		return 256;
	}
	if (cap & HDA_RINGCAP_16) {
		mmio_write8(reg, (uint8_t)((cap & ~3u) | HDA_RINGSIZE_16));
		return 16;
	}
	mmio_write8(reg, (uint8_t)(cap & ~3u));
	return 2;
}

/* Controller reset: CRST low, then high, each bounded; then which codecs answered it. */
static bool reset(Hda *h)
{
	uintptr_t b = h->base;

	mmio_write8(b + HDA_CORBCTL, 0);
	mmio_write8(b + HDA_RIRBCTL, 0);
	mmio_write32(b + HDA_GCTL, mmio_read32(b + HDA_GCTL) & ~HDA_GCTL_CRST);
	if (!wait_mmio32(b + HDA_GCTL, HDA_GCTL_CRST, 0, RESET_MS)) {
		drvlog("hda: the controller does not enter reset (GCTL %08x): not used\n",
		    (unsigned)mmio_read32(b + HDA_GCTL));
		return false;
	}
	wait_ms(1);
	mmio_write32(b + HDA_GCTL, mmio_read32(b + HDA_GCTL) | HDA_GCTL_CRST);
	if (!wait_mmio32(b + HDA_GCTL, HDA_GCTL_CRST, HDA_GCTL_CRST, RESET_MS)) {
		drvlog("hda: the controller does not leave reset (GCTL %08x): not used\n",
		    (unsigned)mmio_read32(b + HDA_GCTL));
		return false;
	}
	wait_mmio16(b + HDA_STATESTS, 0x7FFF, 0x7FFF, 1);       /* at least 1 ms: codecs ask within 521 us */
	if (!(mmio_read16(b + HDA_STATESTS) & 0x7FFF))
		wait_until(NULL, NULL, CODEC_WAKE_MS, 0);
	h->codec_mask = mmio_read16(b + HDA_STATESTS) & 0x7FFF;
	mmio_write16(b + HDA_STATESTS, h->codec_mask);
	mmio_write32(b + HDA_INTCTL, 0);
	return true;
}

/* CORB and RIRB: their memory, pointers reset, both engines running. False: use Immediate Commands. */
static bool rings_start(Hda *h, HdaAlloc alloc)
{
	uintptr_t b = h->base;
	uint32_t corb = (uint32_t)(uintptr_t)alloc(4096), rirb = (uint32_t)(uintptr_t)alloc(4096);

	if (!corb || !rirb)
		return false;
	h->corb = (volatile uint32_t *)(uintptr_t)corb;
	h->rirb = (volatile uint32_t *)(uintptr_t)rirb;
	h->corb_entries = ring_size(b + HDA_CORBSIZE);
	h->rirb_entries = ring_size(b + HDA_RIRBSIZE);
	mmio_write32(b + HDA_CORBLBASE, corb);
	mmio_write32(b + HDA_CORBUBASE, 0);
	mmio_write32(b + HDA_RIRBLBASE, rirb);
	mmio_write32(b + HDA_RIRBUBASE, 0);
	mmio_write16(b + HDA_CORBRP, HDA_CORBRP_RST);
	wait_mmio16(b + HDA_CORBRP, HDA_CORBRP_RST, HDA_CORBRP_RST, 1);   /* some never show it: go on */
	mmio_write16(b + HDA_CORBRP, 0);
	if (!wait_mmio16(b + HDA_CORBRP, 0xFFFF, 0, RING_MS))
		return false;
	mmio_write16(b + HDA_CORBWP, 0);
	mmio_write16(b + HDA_RIRBWP, HDA_RIRBWP_RST);
	mmio_write16(b + HDA_RINTCNT, 0xFF);
	h->rirb_rp = 0;
	mmio_write8(b + HDA_CORBCTL, HDA_CORBCTL_RUN);
	mmio_write8(b + HDA_RIRBCTL, HDA_RIRBCTL_RUN | HDA_RIRBCTL_RINTCTL);
	return wait_mmio8(b + HDA_CORBCTL, HDA_CORBCTL_RUN, HDA_CORBCTL_RUN, RING_MS) &&
	    wait_mmio8(b + HDA_RIRBCTL, HDA_RIRBCTL_RUN, HDA_RIRBCTL_RUN, RING_MS);
}

static bool rirb_moved(void *ctx)
{
	const Hda *h = ctx;

	return (mmio_read16(h->base + HDA_RIRBWP) & 0xFF) % h->rirb_entries != h->rirb_rp;
}

/* A command through the CORB, its response from the RIRB (unsolicited responses skipped). */
static bool ring_verb(Hda *h, uint32_t cmd, uint32_t *resp)
{
	uint16_t wp = (uint16_t)(((mmio_read16(h->base + HDA_CORBWP) & 0xFF) + 1) % h->corb_entries);

	h->corb[wp] = cmd;
	cpu_wmb();
	mmio_write16(h->base + HDA_CORBWP, wp);
	for (;;) {
		if (!wait_until(rirb_moved, h, VERB_MS, 0))
			return false;
		h->rirb_rp = (uint16_t)((h->rirb_rp + 1) % h->rirb_entries);
		mmio_write8(h->base + HDA_RIRBSTS, 0xFF);
		if (!(h->rirb[2 * h->rirb_rp + 1] & HDA_RIRB_EX_UNSOL)) {
			*resp = h->rirb[2 * h->rirb_rp];
			return true;
		}
	}
}

/* A command through the Immediate Command registers. */
static bool immediate_verb(Hda *h, uint32_t cmd, uint32_t *resp)
{
	uintptr_t b = h->base;

	if (!wait_mmio16(b + HDA_ICIS, HDA_ICIS_ICB, 0, VERB_MS))
		return false;
	mmio_write16(b + HDA_ICIS, HDA_ICIS_IRV);               /* clear the last response */
	mmio_write32(b + HDA_ICOI, cmd);
	mmio_write16(b + HDA_ICIS, HDA_ICIS_ICB);
	if (!wait_mmio16(b + HDA_ICIS, HDA_ICIS_IRV, HDA_ICIS_IRV, VERB_MS))
		return false;
	*resp = mmio_read32(b + HDA_ICII);
	mmio_write16(b + HDA_ICIS, HDA_ICIS_IRV);
	return true;
}

/*
 * One command. Through the CORB/RIRB while they work; a command they lose
 * is tried once more through the Immediate Command registers, and if that
 * answers, those carry every command from then on.
 */
bool hda_verb(void *hda, uint32_t cmd, uint32_t *resp)
{
	Hda *h = hda;

	if (h->immediate)
		return immediate_verb(h, cmd, resp);
	if (ring_verb(h, cmd, resp))
		return true;
	mmio_write8(h->base + HDA_CORBCTL, 0);
	mmio_write8(h->base + HDA_RIRBCTL, 0);
	if (!immediate_verb(h, cmd, resp)) {
		mmio_write8(h->base + HDA_CORBCTL, HDA_CORBCTL_RUN);    /* neither answered: the codec, not the rings */
		mmio_write8(h->base + HDA_RIRBCTL, HDA_RIRBCTL_RUN | HDA_RIRBCTL_RINTCTL);
		return false;
	}
	drvlog("hda: no response through the RIRB, one through the Immediate Command registers: using those\n");
	h->immediate = true;
	return true;
}

static bool stream_moved(void *ctx)
{
	const Hda *h = ctx;

	return mmio_read32(h->sd + HDA_SD_LPIB) != 0;
}

/* Output stream 1: reset, its ring in a two-entry buffer descriptor list, the format, run; its position must move. */
static bool stream_start(Hda *h, HdaAlloc alloc)
{
	HdaBdlEntry *bdl = alloc(4096);
	uintptr_t sd = h->sd;

	h->ring = alloc(HDA_RING_BYTES);
	if (!bdl || !h->ring) {
		drvlog("hda: no memory for the stream: not used\n");
		return false;
	}
	for (int i = 0; i < BDL_ENTRIES; i++)
		bdl[i] = (HdaBdlEntry){ .addr_lo = (uint32_t)(uintptr_t)h->ring + (uint32_t)i * HDA_RING_BYTES / BDL_ENTRIES,
		    .length = HDA_RING_BYTES / BDL_ENTRIES };
	mmio_write32(sd + HDA_SD_CTL, HDA_SD_CTL_SRST);
	wait_mmio32(sd + HDA_SD_CTL, HDA_SD_CTL_SRST, HDA_SD_CTL_SRST, STREAM_RESET_MS);
	mmio_write32(sd + HDA_SD_CTL, 0);
	if (!wait_mmio32(sd + HDA_SD_CTL, HDA_SD_CTL_SRST, 0, STREAM_RESET_MS)) {
		drvlog("hda: output stream does not leave reset: not used\n");
		return false;
	}
	mmio_write32(sd + HDA_SD_BDPL, (uint32_t)(uintptr_t)bdl);
	mmio_write32(sd + HDA_SD_BDPU, 0);
	mmio_write32(sd + HDA_SD_CBL, HDA_RING_BYTES);
	mmio_write16(sd + HDA_SD_LVI, BDL_ENTRIES - 1);
	mmio_write16(sd + HDA_SD_FMT, HDA_FMT_48K_16_STEREO);
	cpu_wmb();
	mmio_write32(sd + HDA_SD_CTL, HDA_SD_CTL_TAG(HDA_STREAM_TAG) | HDA_SD_CTL_RUN);
	if (!wait_until(stream_moved, h, STREAM_MOVE_MS, 0)) {
		drvlog("hda: output stream runs but its DMA position stays at 0 after %u ms: not used\n",
		    STREAM_MOVE_MS);
		hda_stop(h);
		return false;
	}
	return true;
}

bool hda_start(Hda *h, uintptr_t base, HdaAlloc alloc)
{
	*h = (Hda){ .base = base };
	h->gcap = mmio_read16(base + HDA_GCAP);
	if (HDA_GCAP_OSS(h->gcap) == 0) {
		drvlog("hda: no output stream (GCAP %04x): not used\n", (unsigned)h->gcap);
		return false;
	}
	h->sd = base + HDA_SD_BASE + HDA_SD_SIZE * HDA_GCAP_ISS(h->gcap);
	if (!reset(h))
		return false;
	drvlog("hda: HDA %u.%u, %u output stream%s, codecs %04x\n", (unsigned)mmio_read8(base + HDA_VMAJ),
	    (unsigned)mmio_read8(base + HDA_VMIN), (unsigned)HDA_GCAP_OSS(h->gcap),
	    HDA_GCAP_OSS(h->gcap) == 1 ? "" : "s", (unsigned)h->codec_mask);
	if (!h->codec_mask) {
		drvlog("hda: no codec answered the reset (STATESTS 0): not used\n");
		return false;
	}
	if (!rings_start(h, alloc)) {
		drvlog("hda: CORB/RIRB do not start: Immediate Command registers instead\n");
		h->immediate = true;
	}
	for (uint8_t cad = 0; cad < 15; cad++) {
		HdaCodecOut c;

		if ((h->codec_mask >> cad & 1) &&
		    hdacodec_setup(hda_verb, h, cad, HDA_STREAM_TAG, HDA_FMT_48K_16_STEREO, &c) && h->codecs++ == 0)
			h->codec = c;
	}
	if (!h->codecs) {
		drvlog("hda: no codec with an analog output: not used\n");
		return false;
	}
	return stream_start(h, alloc);
}

uint32_t hda_position(const Hda *h)
{
	return (mmio_read32(h->sd + HDA_SD_LPIB) % HDA_RING_BYTES) / 4;
}

void hda_stop(Hda *h)
{
	mmio_write32(h->sd + HDA_SD_CTL, mmio_read32(h->sd + HDA_SD_CTL) & ~HDA_SD_CTL_RUN);
}
