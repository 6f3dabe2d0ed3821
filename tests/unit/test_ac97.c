/*
 * test_ac97.c: the AC'97 driver (drivers/sound/ac97.c) on a simulated ICH controller and codec —
 * its port I/O through tests/unit/simuhci/io.h (sim_in / sim_out), the bounded waits stepping the
 * simulation a millisecond at a time (simplatform.h). The cold reset through GLOB_CNT and the
 * primary codec's ready bit, the codec's volumes and 48 kHz rate (variable-rate or fixed), the
 * 32-entry buffer descriptor list (address, length in samples, IOC/BUP), LVI kept behind CIV so
 * the DMA never halts, the position from CIV/PICB; and what QEMU cannot do: a codec that never
 * gets ready and a stream that never moves end with a COM1 line in bounded time.
 */
#include "testmain.h"

#include "ac97.h"
#include "ac97reg.h"

#define SIM_NAM         0xD000
#define SIM_NABM        0xD100
#define SIM_READY_MS    5               /* the codec is ready this long after the reset is released */
#define SAMPLES_PER_MS  96              /* 48 kHz stereo */
#define ENTRY_SAMPLES   (AC97_ENTRY_FRAMES * 2)

typedef struct Sim {
	uint32_t now_ms, dma_ms;        /* the fake clock; how far the DMA has played */
	uint16_t nam[64];               /* the codec's registers */
	uint32_t bdbar, glob_cnt, glob_sta;
	uint8_t civ, lvi, cr;
	uint16_t sr, picb;
	bool never_ready;               /* the codec never sets the primary codec ready bit */
	bool no_vra;                    /* a fixed-rate codec */
	bool frozen;                    /* the DMA engine runs but never moves */
	int32_t ready_at;               /* when GS_PCR comes; -1: not coming */
	uint32_t glob_cnt_writes[8];
	int nglob;
	int codec_resets;
	uint32_t samples_played;
} Sim;

static Sim sim;

static void codec_defaults(void)
{
	memset(sim.nam, 0, sizeof sim.nam);
	sim.nam[AC97_NAM_MASTER / 2] = 0x8000;
	sim.nam[AC97_NAM_PCM_OUT / 2] = 0x8808;
	sim.nam[AC97_NAM_POWERDOWN / 2] = 0x000F;
	sim.nam[AC97_NAM_EXT_ID / 2] = sim.no_vra ? 0 : AC97_EXT_VRA;
	sim.nam[AC97_NAM_FRONT_RATE / 2] = 48000;
	sim.nam[AC97_NAM_VENDOR1 / 2] = 0x8384;
	sim.nam[AC97_NAM_VENDOR2 / 2] = 0x7600;
}

/* The DMA engine up to now: 96 samples a millisecond through the list, halting at LVI. */
static void sim_step(void)
{
	const Ac97Bd *bdl = (const Ac97Bd *)(uintptr_t)sim.bdbar;

	if (sim.ready_at >= 0 && sim.now_ms >= (uint32_t)sim.ready_at)
		sim.glob_sta |= AC97_GS_PCR;
	for (; sim.dma_ms < sim.now_ms; sim.dma_ms++) {
		uint32_t left = SAMPLES_PER_MS;

		while (left && (sim.cr & AC97_CR_RPBM) && !(sim.sr & AC97_SR_DCH) && !sim.frozen) {
			uint32_t n = sim.picb < left ? sim.picb : left;

			sim.picb = (uint16_t)(sim.picb - n);
			sim.samples_played += n;
			left -= n;
			if (sim.picb)
				continue;
			sim.sr |= AC97_SR_BCIS;
			if (sim.civ == sim.lvi) {               /* the last valid buffer done: halted */
				sim.sr |= AC97_SR_DCH | AC97_SR_CELV | AC97_SR_LVBCI;
				break;
			}
			sim.civ = (uint8_t)((sim.civ + 1) % AC97_BD_MAX);
			sim.picb = bdl[sim.civ].samples;
		}
	}
}

static void sim_reset(void)
{
	bool never = sim.never_ready, no_vra = sim.no_vra, frozen = sim.frozen;

	memset(&sim, 0, sizeof sim);
	sim.never_ready = never;
	sim.no_vra = no_vra;
	sim.frozen = frozen;
	sim.ready_at = -1;
	sim.sr = AC97_SR_DCH;
	codec_defaults();
}

uint32_t sim_in(uint16_t port, int bytes)
{
	sim_step();
	if (port >= SIM_NAM && port < SIM_NAM + 0x80)
		return sim.nam[(port - SIM_NAM) / 2];
	switch (port - SIM_NABM) {
	case AC97_PO_BDBAR: return sim.bdbar;
	case AC97_PO_CIV: return bytes == 1 ? sim.civ : (uint32_t)(sim.civ | sim.lvi << 8);
	case AC97_PO_LVI: return sim.lvi;
	case AC97_PO_SR: return sim.sr;
	case AC97_PO_PICB: return sim.picb;
	case AC97_PO_PIV: return (sim.civ + 1u) % AC97_BD_MAX;
	case AC97_PO_CR: return sim.cr;
	case AC97_GLOB_CNT: return sim.glob_cnt;
	case AC97_GLOB_STA: return sim.glob_sta;
	}
	return 0xFFFFFFFFu;
}

void sim_out(uint16_t port, uint32_t v, int bytes)
{
	(void)bytes;
	sim_step();
	if (port >= SIM_NAM && port < SIM_NAM + 0x80) {
		uint16_t reg = (uint16_t)(port - SIM_NAM);

		if (reg == AC97_NAM_RESET) {
			sim.codec_resets++;
			codec_defaults();
		} else if (reg == AC97_NAM_FRONT_RATE && !(sim.nam[AC97_NAM_EXT_CTRL / 2] & AC97_EXT_VRA)) {
			/* fixed rate: the write is ignored */
		} else if (reg != AC97_NAM_VENDOR1 && reg != AC97_NAM_VENDOR2 && reg != AC97_NAM_EXT_ID) {
			sim.nam[reg / 2] = (uint16_t)v;
		}
		return;
	}
	switch (port - SIM_NABM) {
	case AC97_PO_BDBAR: sim.bdbar = v & ~7u; break;
	case AC97_PO_LVI:
		sim.lvi = (uint8_t)(v % AC97_BD_MAX);
		if ((sim.cr & AC97_CR_RPBM) && (sim.sr & AC97_SR_DCH) && sim.civ != sim.lvi) {
			sim.sr &= (uint16_t)~(AC97_SR_DCH | AC97_SR_CELV);     /* resumes, as the ICH does */
			sim.civ = (uint8_t)((sim.civ + 1) % AC97_BD_MAX);
			sim.picb = ((const Ac97Bd *)(uintptr_t)sim.bdbar)[sim.civ].samples;
		}
		break;
	case AC97_PO_SR: sim.sr &= (uint16_t)~(v & AC97_SR_CLEAR); break;
	case AC97_PO_CR:
		if (v & AC97_CR_RR) {                   /* the box's registers reset; RR reads 0 at once */
			sim.bdbar = 0;
			sim.civ = sim.lvi = 0;
			sim.picb = 0;
			sim.sr = AC97_SR_DCH;
			sim.cr = 0;
		} else if ((v & AC97_CR_RPBM) && !(sim.cr & AC97_CR_RPBM)) {
			sim.cr = (uint8_t)v;
			sim.sr &= (uint16_t)~AC97_SR_DCH;
			sim.civ = 0;
			sim.picb = ((const Ac97Bd *)(uintptr_t)sim.bdbar)[0].samples;
		} else {
			sim.cr = (uint8_t)v;
			if (!(v & AC97_CR_RPBM))
				sim.sr |= AC97_SR_DCH;
		}
		break;
	case AC97_GLOB_CNT:
		if (sim.nglob < 8)
			sim.glob_cnt_writes[sim.nglob++] = v;
		if (!(v & AC97_GC_COLD)) {              /* reset asserted: the codec not ready */
			sim.glob_sta &= ~AC97_GS_PCR;
			sim.ready_at = -1;
		} else if (!(sim.glob_cnt & AC97_GC_COLD) && !sim.never_ready) {
			sim.ready_at = (int32_t)(sim.now_ms + SIM_READY_MS);
		}
		sim.glob_cnt = v;
		break;
	}
}

#include "simplatform.h"    /* drvlog into logbuf, the waits stepping the simulation */

#define TESTRAM_BYTES   (128 * 1024)
#include "testram.h"          /* test_alloc: the kernel's page allocator */

static Ac97 a;

static void fresh(bool never_ready, bool no_vra, bool frozen)
{
	sim.never_ready = never_ready;
	sim.no_vra = no_vra;
	sim.frozen = frozen;
	sim_reset();
	logbuf[0] = '\0';
	testram_reset();
}

/* Cold reset asserted, then released; the codec ready; its registers reset, 0 dB, 48 kHz through VRA. */
static void cold_reset_and_the_codec_set_up(void **state)
{
	(void)state;
	fresh(false, false, false);
	assert_true(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	assert_int_equal(sim.nglob, 2);
	assert_int_equal(sim.glob_cnt_writes[0] & AC97_GC_COLD, 0);
	assert_int_equal(sim.glob_cnt_writes[1], AC97_GC_COLD);
	assert_true(sim.glob_sta & AC97_GS_PCR);
	assert_int_equal(sim.codec_resets, 1);
	assert_int_equal(sim.nam[AC97_NAM_MASTER / 2], 0x0000);
	assert_int_equal(sim.nam[AC97_NAM_PCM_OUT / 2], 0x0808);
	assert_true(sim.nam[AC97_NAM_EXT_CTRL / 2] & AC97_EXT_VRA);
	assert_int_equal(sim.nam[AC97_NAM_FRONT_RATE / 2], 48000);
	assert_true(a.vra);
	assert_int_equal(a.rate, 48000);
	assert_int_equal(a.vendor1, 0x8384);
	assert_int_equal(a.vendor2, 0x7600);
	assert_non_null(strstr(logbuf, "ac97: codec 8384:7600 ready, variable rate, 48000 Hz\n"));
	assert_true(sim.cr & AC97_CR_RPBM);
}

/* A codec without variable-rate audio: its fixed 48 kHz, the rate register left alone. */
static void a_fixed_rate_codec_plays_at_48k(void **state)
{
	(void)state;
	fresh(false, true, false);
	assert_true(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	assert_false(a.vra);
	assert_int_equal(a.rate, 48000);
	assert_int_equal(sim.nam[AC97_NAM_EXT_CTRL / 2], 0);
	assert_non_null(strstr(logbuf, "ac97: codec 8384:7600 ready, fixed rate, 48000 Hz\n"));
}

/* 32 entries over the ring in order: each its slice's physical address, 1024 samples, IOC and BUP; all valid. */
static void the_buffer_descriptor_list(void **state)
{
	const Ac97Bd *bdl;

	(void)state;
	fresh(false, false, false);
	assert_true(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	bdl = (const Ac97Bd *)(uintptr_t)sim.bdbar;
	assert_ptr_equal(bdl, a.bdl);
	assert_int_equal(sizeof(Ac97Bd), 8);
	for (int i = 0; i < AC97_BDL_ENTRIES; i++) {
		assert_row(bdl[i].addr == (uint32_t)(uintptr_t)a.ring + (uint32_t)i * ENTRY_SAMPLES * 2,
		    "entry %d at %08x", i, (unsigned)bdl[i].addr);
		assert_row(bdl[i].samples == ENTRY_SAMPLES, "entry %d: %u samples", i, (unsigned)bdl[i].samples);
		assert_row(bdl[i].flags == (AC97_BD_IOC | AC97_BD_BUP), "entry %d: flags %04x", i,
		    (unsigned)bdl[i].flags);
	}
	assert_int_equal(AC97_BDL_ENTRIES * ENTRY_SAMPLES * 2, AC97_RING_FRAMES * 4);
	assert_int_equal(sim.lvi, AC97_BDL_ENTRIES - 1);
}

/* The position: CIV's buffer plus the samples of it played (PICB counts those left), in frames. */
static void position_from_civ_and_picb(void **state)
{
	(void)state;
	fresh(false, false, false);
	assert_true(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	sim.frozen = true;
	sim.civ = 5;
	sim.picb = ENTRY_SAMPLES - 200;
	assert_int_equal(ac97_position(&a), 5 * AC97_ENTRY_FRAMES + 100);
	sim.civ = 31;
	sim.picb = 2;
	assert_int_equal(ac97_position(&a), AC97_RING_FRAMES - 1);
	sim.picb = 0;                           /* between buffers: the next one's start, wrapped */
	assert_int_equal(ac97_position(&a), 0);
}

/* Advanced every tick (7 ms), LVI stays just behind CIV: 3 s of DMA never halts, the position goes round. */
static void lvi_advanced_every_tick_never_halts(void **state)
{
	uint32_t last = 0, moved = 0;

	(void)state;
	fresh(false, false, false);
	assert_true(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	sim.samples_played = 0;
	last = ac97_position(&a);       /* the start's wait for movement played a little already */
	for (int tick = 0; tick < 420; tick++) {
		uint32_t pos;

		sim.now_ms += 7;
		ac97_advance(&a);
		assert_row(sim.lvi == (sim.civ + AC97_BDL_ENTRIES - 1) % AC97_BDL_ENTRIES, "tick %d: LVI %u CIV %u",
		    tick, (unsigned)sim.lvi, (unsigned)sim.civ);
		assert_row(!(sim.sr & AC97_SR_DCH), "tick %d: the DMA halted", tick);
		assert_row(!(sim.sr & (AC97_SR_BCIS | AC97_SR_LVBCI)), "tick %d: status %04x not cleared", tick,
		    (unsigned)sim.sr);
		pos = ac97_position(&a);
		moved += (pos + AC97_RING_FRAMES - last) % AC97_RING_FRAMES;
		last = pos;
	}
	assert_int_equal(sim.samples_played, 420 * 7 * SAMPLES_PER_MS);
	assert_int_equal(moved, 420 * 7 * SAMPLES_PER_MS / 2);  /* every frame played, counted once */
}

/* Without the tick's advance the simulated DMA halts at LVI (what ac97_advance keeps from happening). */
static void without_advancing_the_dma_halts_at_lvi(void **state)
{
	(void)state;
	fresh(false, false, false);
	assert_true(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	sim.now_ms += 400;                      /* 32 buffers of 10.7 ms: past the list */
	sim_step();
	assert_true(sim.sr & AC97_SR_DCH);
	assert_int_equal(sim.civ, AC97_BDL_ENTRIES - 1);
	ac97_advance(&a);                       /* LVI moved: it resumes */
	assert_false(sim.sr & AC97_SR_DCH);
}

/* A codec that never gets ready: false within the bound, a COM1 line, no stream started. */
static void a_codec_never_ready_is_a_bounded_timeout(void **state)
{
	uint32_t start;

	(void)state;
	fresh(true, false, false);
	start = sim.now_ms;
	assert_false(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	assert_true(sim.now_ms - start <= 700);
	assert_non_null(strstr(logbuf, "ac97: the primary codec is not ready 600 ms after the cold reset "
	    "(GLOB_STA 00000000): not used\n"));
	assert_int_equal(sim.cr, 0);
	assert_int_equal(sim.codec_resets, 0);
}

/* A stream that runs but never moves: false after 300 ms, a COM1 line, the engine stopped. */
static void a_stream_that_never_moves_is_stopped(void **state)
{
	uint32_t start;

	(void)state;
	fresh(false, false, true);
	start = sim.now_ms;
	assert_false(ac97_start(&a, SIM_NAM, SIM_NABM, test_alloc));
	assert_true(sim.now_ms - start <= 400);
	assert_non_null(strstr(logbuf, "ac97: PCM out runs but its DMA position stays at 0 after 300 ms: not used\n"));
	assert_false(sim.cr & AC97_CR_RPBM);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(cold_reset_and_the_codec_set_up),
	cmocka_unit_test(a_fixed_rate_codec_plays_at_48k),
	cmocka_unit_test(the_buffer_descriptor_list),
	cmocka_unit_test(position_from_civ_and_picb),
	cmocka_unit_test(lvi_advanced_every_tick_never_halts),
	cmocka_unit_test(without_advancing_the_dma_halts_at_lvi),
	cmocka_unit_test(a_codec_never_ready_is_a_bounded_timeout),
	cmocka_unit_test(a_stream_that_never_moves_is_stopped),
};

int main(int argc, char **argv)
{
	if (testmain_filter("ac97", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
