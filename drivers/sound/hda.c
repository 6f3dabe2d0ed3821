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

/* The bring-up's phases (hda_start_step), in order. */
enum HdaPhase {
	PH_BEGIN, PH_ENTER_RESET, PH_RESET_HOLD, PH_LEAVE_RESET, PH_CODEC_WAKE, PH_CODEC_LATE,
	PH_RING_RESET, PH_RING_RP0, PH_RING_RUN, PH_CODECS, PH_STREAM_RESET, PH_STREAM_OUT, PH_STREAM_MOVE,
	PH_PLAYING, PH_GIVEN_UP
};

/* A stepped register wait: STEP_DONE once (reg & mask) == want, STEP_FAILED after ms (the caller logs). */
static StepResult step_mmio(Hda *h, uintptr_t reg, int bytes, uint32_t mask, uint32_t want, uint32_t ms)
{
	uint32_t v = bytes == 1 ? mmio_read8(reg) : bytes == 2 ? mmio_read16(reg) : mmio_read32(reg);

	return wait_step(&h->wait, (v & mask) == want, ms);
}

/* Controller reset: CRST low, held, then high, each bounded; then which codecs answered it. */
static StepResult reset_phase(Hda *h)
{
	uintptr_t b = h->base;
	StepResult r = STEP_DONE;

	switch (h->phase) {
	case PH_ENTER_RESET:
		if ((r = step_mmio(h, b + HDA_GCTL, 4, HDA_GCTL_CRST, 0, RESET_MS)) == STEP_FAILED)
			drvlog("hda: the controller does not enter reset (GCTL %08x): not used\n",
			    (unsigned)mmio_read32(b + HDA_GCTL));
		break;
	case PH_RESET_HOLD:
		if ((r = wait_step_pause(&h->wait, 1)) == STEP_DONE)
			mmio_write32(b + HDA_GCTL, mmio_read32(b + HDA_GCTL) | HDA_GCTL_CRST);
		break;
	case PH_LEAVE_RESET:
		if ((r = step_mmio(h, b + HDA_GCTL, 4, HDA_GCTL_CRST, HDA_GCTL_CRST, RESET_MS)) == STEP_FAILED)
			drvlog("hda: the controller does not leave reset (GCTL %08x): not used\n",
			    (unsigned)mmio_read32(b + HDA_GCTL));
		break;
	case PH_CODEC_WAKE:                     /* at least 1 ms: codecs ask within 521 us */
		if (step_mmio(h, b + HDA_STATESTS, 2, 0x7FFF, 0x7FFF, 1) == STEP_MORE)
			return STEP_MORE;
		break;
	case PH_CODEC_LATE:                     /* none yet: CODEC_WAKE_MS more */
		if ((mmio_read16(b + HDA_STATESTS) & 0x7FFF) || (r = wait_step_pause(&h->wait, CODEC_WAKE_MS)) == STEP_DONE) {
			h->codec_mask = mmio_read16(b + HDA_STATESTS) & 0x7FFF;
			mmio_write16(b + HDA_STATESTS, h->codec_mask);
			mmio_write32(b + HDA_INTCTL, 0);
		}
		break;
	}
	return r;
}

/* CORB and RIRB: their memory, pointers reset, both engines running. STEP_FAILED: use Immediate Commands. */
static StepResult rings_phase(Hda *h)
{
	uintptr_t b = h->base;
	uint32_t corb, rirb;
	StepResult r = STEP_DONE;

	switch (h->phase) {
	case PH_RING_RESET:
		if (!h->corb) {
			corb = (uint32_t)(uintptr_t)h->alloc(4096);
			rirb = (uint32_t)(uintptr_t)h->alloc(4096);
			if (!corb || !rirb)
				return STEP_FAILED;
			h->corb = (volatile uint32_t *)(uintptr_t)corb;
			h->rirb = (volatile uint32_t *)(uintptr_t)rirb;
			h->corb_entries = ring_size(b + HDA_CORBSIZE);
			h->rirb_entries = ring_size(b + HDA_RIRBSIZE);
			mmio_write32(b + HDA_CORBLBASE, corb);
			mmio_write32(b + HDA_CORBUBASE, 0);
			mmio_write32(b + HDA_RIRBLBASE, rirb);
			mmio_write32(b + HDA_RIRBUBASE, 0);
			mmio_write16(b + HDA_CORBRP, HDA_CORBRP_RST);
		}
		if (step_mmio(h, b + HDA_CORBRP, 2, HDA_CORBRP_RST, HDA_CORBRP_RST, 1) == STEP_MORE)
			return STEP_MORE;       /* some never show it: go on after 1 ms */
		mmio_write16(b + HDA_CORBRP, 0);
		break;
	case PH_RING_RP0:
		if ((r = step_mmio(h, b + HDA_CORBRP, 2, 0xFFFF, 0, RING_MS)) != STEP_DONE)
			break;
		mmio_write16(b + HDA_CORBWP, 0);
		mmio_write16(b + HDA_RIRBWP, HDA_RIRBWP_RST);
		mmio_write16(b + HDA_RINTCNT, 0xFF);
		h->rirb_rp = 0;
		mmio_write8(b + HDA_CORBCTL, HDA_CORBCTL_RUN);
		mmio_write8(b + HDA_RIRBCTL, HDA_RIRBCTL_RUN | HDA_RIRBCTL_RINTCTL);
		break;
	case PH_RING_RUN:
		r = wait_step(&h->wait, (mmio_read8(b + HDA_CORBCTL) & HDA_CORBCTL_RUN) &&
		    (mmio_read8(b + HDA_RIRBCTL) & HDA_RIRBCTL_RUN), RING_MS);
		break;
	}
	return r;
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

/* Output stream 1: reset, its ring in a two-entry buffer descriptor list, the format, run; its position must move. */
static StepResult stream_phase(Hda *h)
{
	uintptr_t sd = h->sd;
	HdaBdlEntry *bdl;
	StepResult r = STEP_DONE;

	switch (h->phase) {
	case PH_STREAM_RESET:
		if (!h->ring) {
			mmio_write32(sd + HDA_SD_CTL, HDA_SD_CTL_SRST);
			h->ring = h->alloc(HDA_RING_BYTES);
			if (!h->ring) {
				drvlog("hda: no memory for the stream: not used\n");
				return STEP_FAILED;
			}
		}
		if (step_mmio(h, sd + HDA_SD_CTL, 4, HDA_SD_CTL_SRST, HDA_SD_CTL_SRST, STREAM_RESET_MS) == STEP_MORE)
			return STEP_MORE;       /* seen or not: out of reset next */
		mmio_write32(sd + HDA_SD_CTL, 0);
		break;
	case PH_STREAM_OUT:
		if ((r = step_mmio(h, sd + HDA_SD_CTL, 4, HDA_SD_CTL_SRST, 0, STREAM_RESET_MS)) == STEP_FAILED)
			drvlog("hda: output stream does not leave reset: not used\n");
		if (r != STEP_DONE)
			break;
		bdl = h->alloc(4096);
		if (!bdl) {
			drvlog("hda: no memory for the stream: not used\n");
			return STEP_FAILED;
		}
		for (int i = 0; i < BDL_ENTRIES; i++)
			bdl[i] = (HdaBdlEntry){ .addr_lo = (uint32_t)(uintptr_t)h->ring +
			    (uint32_t)i * HDA_RING_BYTES / BDL_ENTRIES, .length = HDA_RING_BYTES / BDL_ENTRIES };
		mmio_write32(sd + HDA_SD_BDPL, (uint32_t)(uintptr_t)bdl);
		mmio_write32(sd + HDA_SD_BDPU, 0);
		mmio_write32(sd + HDA_SD_CBL, HDA_RING_BYTES);
		mmio_write16(sd + HDA_SD_LVI, BDL_ENTRIES - 1);
		mmio_write16(sd + HDA_SD_FMT, HDA_FMT_48K_16_STEREO);
		cpu_wmb();
		mmio_write32(sd + HDA_SD_CTL, HDA_SD_CTL_TAG(HDA_STREAM_TAG) | HDA_SD_CTL_RUN);
		break;
	case PH_STREAM_MOVE:
		if ((r = wait_step(&h->wait, mmio_read32(sd + HDA_SD_LPIB) != 0, STREAM_MOVE_MS)) == STEP_FAILED) {
			drvlog("hda: output stream runs but its DMA position stays at 0 after %u ms: not used\n",
			    STREAM_MOVE_MS);
			hda_stop(h);
		}
		break;
	}
	return r;
}

/* The controller found and its first register read: reset asked for. */
static bool begin(Hda *h)
{
	uintptr_t b = h->base;

	h->gcap = mmio_read16(b + HDA_GCAP);
	if (HDA_GCAP_OSS(h->gcap) == 0) {
		drvlog("hda: no output stream (GCAP %04x): not used\n", (unsigned)h->gcap);
		return false;
	}
	h->sd = b + HDA_SD_BASE + HDA_SD_SIZE * HDA_GCAP_ISS(h->gcap);
	mmio_write8(b + HDA_CORBCTL, 0);
	mmio_write8(b + HDA_RIRBCTL, 0);
	mmio_write32(b + HDA_GCTL, mmio_read32(b + HDA_GCTL) & ~HDA_GCTL_CRST);
	return true;
}

/* The next codec the reset found, set up (one a step); false once every codec was tried. */
static bool next_codec(Hda *h)
{
	HdaCodecOut c;

	while (h->cad < 15 && !(h->codec_mask >> h->cad & 1))
		h->cad++;
	if (h->cad >= 15)
		return false;
	if (hdacodec_setup(hda_verb, h, h->cad, HDA_STREAM_TAG, HDA_FMT_48K_16_STEREO, &c) && h->codecs++ == 0)
		h->codec = c;
	h->cad++;
	return true;
}

/* One phase's step; STEP_DONE moves to the next phase. */
static StepResult phase_step(Hda *h)
{
	switch (h->phase) {
	case PH_BEGIN:
		return begin(h) ? STEP_DONE : STEP_FAILED;
	case PH_ENTER_RESET: case PH_RESET_HOLD: case PH_LEAVE_RESET: case PH_CODEC_WAKE:
		return reset_phase(h);
	case PH_CODEC_LATE:
		if (reset_phase(h) == STEP_MORE)
			return STEP_MORE;
		drvlog("hda: HDA %u.%u, %u output stream%s, codecs %04x\n", (unsigned)mmio_read8(h->base + HDA_VMAJ),
		    (unsigned)mmio_read8(h->base + HDA_VMIN), (unsigned)HDA_GCAP_OSS(h->gcap),
		    HDA_GCAP_OSS(h->gcap) == 1 ? "" : "s", (unsigned)h->codec_mask);
		if (!h->codec_mask) {
			drvlog("hda: no codec answered the reset (STATESTS 0): not used\n");
			return STEP_FAILED;
		}
		return STEP_DONE;
	case PH_RING_RESET: case PH_RING_RP0: case PH_RING_RUN: {
		StepResult r = rings_phase(h);

		if (r == STEP_FAILED) {
			drvlog("hda: CORB/RIRB do not start: Immediate Command registers instead\n");
			h->immediate = true;
			h->phase = PH_CODECS - 1;       /* on to the codecs */
			return STEP_DONE;
		}
		return r;
	}
	case PH_CODECS:
		if (next_codec(h))
			return STEP_MORE;
		if (!h->codecs) {
			drvlog("hda: no codec with an analog output: not used\n");
			return STEP_FAILED;
		}
		return STEP_DONE;
	default:
		return stream_phase(h);
	}
}

/*
 * One step of the start: a register write and a look, one codec's walk, or
 * a look at a wait started by an earlier step (the reset held 1 ms, the
 * codecs' wake, the stream's position). STEP_MORE until the stream plays
 * (STEP_DONE) or the controller is not used (STEP_FAILED, logged).
 */
StepResult hda_start_step(Hda *h)
{
	StepResult r;

	if (h->phase >= PH_PLAYING)
		return h->phase == PH_PLAYING ? STEP_DONE : STEP_FAILED;
	r = phase_step(h);
	if (r == STEP_FAILED) {
		h->phase = PH_GIVEN_UP;
		return STEP_FAILED;
	}
	if (r == STEP_DONE)
		h->phase++;
	return h->phase == PH_PLAYING ? STEP_DONE : STEP_MORE;
}

void hda_begin(Hda *h, uintptr_t base, HdaAlloc alloc)
{
	*h = (Hda){ .base = base, .alloc = alloc };
}

bool hda_start(Hda *h, uintptr_t base, HdaAlloc alloc)
{
	hda_begin(h, base, alloc);
	return STEP_RUN(hda_start_step(h)) == STEP_DONE;
}

uint32_t hda_position(const Hda *h)
{
	return (mmio_read32(h->sd + HDA_SD_LPIB) % HDA_RING_BYTES) / 4;
}

void hda_stop(Hda *h)
{
	mmio_write32(h->sd + HDA_SD_CTL, mmio_read32(h->sd + HDA_SD_CTL) & ~HDA_SD_CTL_RUN);
}
