/*
 * test_hda.c: the Intel HDA driver (drivers/sound/hda.c, hdacodec.c) on a simulated controller and
 * codecs — a laptop codec's widget graph walked from its speaker and headphone pins to their DACs
 * and set up; an HDMI-only codec skipped; a codec that never answers, RIRB that never answers, and a
 * stream whose DMA position never moves: each ends with a COM1 line within a bounded time, never a hang.
 * The bounded wait is faked: each ask steps the simulation and advances a millisecond clock.
 */
#include <stdarg.h>
#include <stdio.h>

#include "testmain.h"

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

static char logbuf[8192];

void drvlog(const char *fmt, ...)
{
	size_t n = strlen(logbuf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(logbuf + n, sizeof logbuf - n, fmt, ap);
	va_end(ap);
}

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

bool wait_until(WaitCond cond, void *ctx, uint32_t timeout_ms, uint32_t poll_ms)
{
	uint32_t start = sim.now_ms;

	for (;;) {
		sim_step();
		if (cond && cond(ctx))
			return true;
		if (sim.now_ms - start >= timeout_ms)
			return false;
		sim.now_ms += poll_ms ? poll_ms : 1;
	}
}

typedef struct RegWait {
	uintptr_t addr;
	uint32_t mask, want;
} RegWait;

static bool reg_is(void *ctx)
{
	RegWait *w = ctx;

	return (mmio_read32(w->addr) & w->mask) == w->want;
}

bool wait_mmio32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_ms)
{
	RegWait w = { .addr = addr, .mask = mask, .want = want };

	return wait_until(reg_is, &w, timeout_ms, 0);
}

void wait_ms(uint32_t ms)
{
	wait_until(NULL, NULL, ms, 0);
}

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

static bool direct_verb(void *ctx, uint32_t cmd, uint32_t *resp)
{
	(void)ctx;
	return codec_answer(cmd, resp);
}

/* --- the tests --- */

static void speaker_and_headphone_each_reach_a_dac_and_are_set_up(void **state)
{
	HdaCodecOut out;

	(void)state;
	reset_sim();
	laptop_codec();
	assert_true(hdacodec_setup(direct_verb, NULL, 0, 1, HDA_FMT_48K_16_STEREO, &out));
	assert_int_equal(out.vendor, 0x10EC);
	assert_int_equal(out.device, 0x0269);
	assert_int_equal(out.paths, 2);         /* not the mic, the S/PDIF out or the unconnected line-out */
	assert_int_equal(out.path[0].pin, 0x14);
	assert_int_equal(out.path[0].dac, 0x02);
	assert_int_equal(out.path[0].device, HDA_DEV_SPEAKER);
	assert_int_equal(out.path[1].pin, 0x15);
	assert_int_equal(out.path[1].dac, 0x02);        /* the first of its connections that reaches a DAC */
	assert_int_equal(out.path[1].device, HDA_DEV_HP_OUT);
	assert_int_equal(widget(0x14)->pin_ctl, HDA_PIN_CTL_OUT);
	assert_int_equal(widget(0x14)->eapd, HDA_EAPD_ON);
	assert_int_equal(widget(0x15)->pin_ctl, HDA_PIN_CTL_OUT | HDA_PIN_CTL_HP);
	assert_int_equal(widget(0x15)->eapd, 0);        /* no EAPD on that pin */
	assert_int_equal(widget(0x15)->select, 0 + 1);  /* connection 0: mixer 0x0C */
	assert_int_equal(widget(0x14)->amp_out, HDA_AMP_OUT | HDA_AMP_LEFT | HDA_AMP_RIGHT | 0x4A);     /* 0 dB, unmuted */
	assert_int_equal(widget(0x0C)->amp_in[0], HDA_AMP_IN | HDA_AMP_LEFT | HDA_AMP_RIGHT | 0x4A);
	assert_int_equal(widget(0x0C)->select, 0);      /* a mixer sums: nothing to select */
	assert_int_equal(widget(0x02)->amp_out, HDA_AMP_OUT | HDA_AMP_LEFT | HDA_AMP_RIGHT | 0x4A);
	assert_int_equal(widget(0x02)->power, 0 + 1);   /* D0 */
	assert_int_equal(widget(0x02)->format, HDA_FMT_48K_16_STEREO);
	assert_int_equal(widget(0x02)->stream, 0x10);   /* stream 1, channel 0 */
	assert_int_equal(widget(0x17)->pin_ctl, 0);
	assert_int_equal(widget(0x1E)->pin_ctl, 0);
	assert_non_null(strstr(logbuf, "hda: codec 0 output pin 20 (speaker) -> DAC 2, 3 nodes\n"));
}

static void a_headphone_through_a_second_mixer_gets_its_own_gain_and_selection(void **state)
{
	HdaCodecOut out;

	(void)state;
	reset_sim();
	laptop_codec();
	widget(0x15)->conn[0] = 0x0D;           /* the jack on mixer 0x0D: 0x0B (a loop to the mic), then DAC 0x03 */
	widget(0x15)->conn[1] = 0x0C;
	assert_true(hdacodec_setup(direct_verb, NULL, 2, 1, HDA_FMT_48K_16_STEREO, &out));
	assert_int_equal(out.cad, 2);
	assert_int_equal(out.path[1].dac, 0x03);
	assert_int_equal(widget(0x15)->select, 0 + 1);
	assert_int_equal(widget(0x0D)->amp_in[1], HDA_AMP_IN | HDA_AMP_LEFT | HDA_AMP_RIGHT | HDA_AMP_INDEX(1) | 0x10);
	assert_int_equal(widget(0x03)->stream, 0x10);
}

static void an_hdmi_only_codec_is_skipped_with_a_line(void **state)
{
	HdaCodecOut out;

	(void)state;
	reset_sim();
	hdmi_codec();
	assert_false(hdacodec_setup(direct_verb, NULL, 1, 1, HDA_FMT_48K_16_STEREO, &out));
	assert_int_equal(out.paths, 0);
	assert_int_equal(widget(0x03)->pin_ctl, 0);
	assert_string_equal(logbuf, "hda: codec 1 (8086:2882) has no analog output (HDMI/DP only?): not used\n");
}

static void the_controller_plays_through_corb_and_rirb(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	assert_true(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_false(h.immediate);
	assert_int_equal(sim.immediate_cmds, 0);
	assert_true(sim.ring_cmds > 20);
	assert_int_equal(h.codec_mask, 1);
	assert_int_equal(h.codecs, 1);
	assert_int_equal(h.codec.paths, 2);
	assert_int_equal(h.sd, (uintptr_t)sim.regs + SD_OUT);
	assert_int_equal(rd(SD_OUT + HDA_SD_CBL, 4), HDA_RING_BYTES);
	assert_int_equal(rd(SD_OUT + HDA_SD_LVI, 2), 1);
	assert_int_equal(rd(SD_OUT + HDA_SD_FMT, 2), HDA_FMT_48K_16_STEREO);
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4), HDA_SD_CTL_TAG(1) | HDA_SD_CTL_RUN);
	{
		HdaBdlEntry *bdl = (HdaBdlEntry *)(uintptr_t)rd(SD_OUT + HDA_SD_BDPL, 4);

		assert_int_equal(bdl[0].addr_lo, (uint32_t)(uintptr_t)h.ring);
		assert_int_equal(bdl[1].addr_lo, (uint32_t)(uintptr_t)h.ring + HDA_RING_BYTES / 2);
		assert_int_equal(bdl[0].length + bdl[1].length, HDA_RING_BYTES);
	}
	assert_int_not_equal(hda_position(&h), 0);
	hda_stop(&h);
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4) & HDA_SD_CTL_RUN, 0);
}

static void a_rirb_that_never_answers_falls_back_to_immediate_commands(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	sim.rings_dead = true;
	assert_true(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_true(h.immediate);
	assert_true(sim.immediate_cmds > 20);
	assert_int_equal(h.codec.paths, 2);
	assert_non_null(strstr(logbuf, "hda: no response through the RIRB, one through the Immediate Command registers"));
}

static void a_codec_that_never_answers_ends_in_bounded_time_with_a_line(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	codec.mute = true;
	assert_false(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_non_null(strstr(logbuf, "hda: codec 0 does not answer (node 0 verb f0000): not used\n"));
	assert_non_null(strstr(logbuf, "hda: no codec with an analog output: not used\n"));
	assert_true(sim.now_ms < 200);          /* one command's timeouts (RIRB, then immediate), not one per widget */
}

static void a_stream_whose_position_never_moves_is_not_used(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	sim.stream_stuck = true;
	assert_false(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_non_null(strstr(logbuf, "hda: output stream runs but its DMA position stays at 0 after 300 ms: not used\n"));
	assert_int_equal(rd(SD_OUT + HDA_SD_CTL, 4) & HDA_SD_CTL_RUN, 0);       /* stopped again */
	assert_true(sim.now_ms < 1000);
}

static void no_codec_on_the_link_is_a_line(void **state)
{
	Hda h;

	(void)state;
	reset_sim();
	laptop_codec();
	wr(HDA_GCAP, 0x0400, 2);                /* no output stream */
	assert_false(hda_start(&h, (uintptr_t)sim.regs, alloc));
	assert_string_equal(logbuf, "hda: no output stream (GCAP 0400): not used\n");
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(speaker_and_headphone_each_reach_a_dac_and_are_set_up),
	cmocka_unit_test(a_headphone_through_a_second_mixer_gets_its_own_gain_and_selection),
	cmocka_unit_test(an_hdmi_only_codec_is_skipped_with_a_line),
	cmocka_unit_test(the_controller_plays_through_corb_and_rirb),
	cmocka_unit_test(a_rirb_that_never_answers_falls_back_to_immediate_commands),
	cmocka_unit_test(a_codec_that_never_answers_ends_in_bounded_time_with_a_line),
	cmocka_unit_test(a_stream_whose_position_never_moves_is_not_used),
	cmocka_unit_test(no_codec_on_the_link_is_a_line),
};

int main(int argc, char **argv)
{
	if (testmain_filter("hda", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("hda", tests, NULL, NULL);
}
