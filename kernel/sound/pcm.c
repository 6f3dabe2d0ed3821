/* pcm.c: PCM output glue — PCI finds Intel HDA or AC'97, its BARs mapped, its memory from the page arena, the mixer fed every tick. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ac97.h"
#include "cpu.h"
#include "hda.h"
#include "io.h"
#include "kfmt.h"
#include "klog.h"
#include "pages.h"
#include "paging.h"
#include "pci.h"
#include "pcm.h"
#include "pcmmix.h"
#include "pit.h"
#include "speaker.h"

#define PCI_CLASS_MULTIMEDIA    0x04
#define PCI_SUBCLASS_HDA        0x03
#define PCI_SUBCLASS_AC97       0x01    /* multimedia audio: the ICH's AC'97 */
#define HDA_MMIO_SPAN   0x00004000u     /* registers mapped: 16 KiB covers every stream descriptor */
#define LEAD_TICKS      3               /* the ring is kept this many ticks ahead of the DMA position */

static Hda hda;
static Ac97 ac97;
static PciDev used_pci;                 /* the controller playing (the hardware report names it) */
static PcmDevice device;                /* the one playing (PCM_NONE until one starts) */
static uint32_t rate;
static PcmMix mix;
static volatile bool running;           /* set once the stream runs: the tick feeds it from then on */
static volatile bool stalled;           /* the tick stopped a stream whose position stood still */
static bool stall_logged;

/* Effect latency: the tick an effect was asked for, and the worst wait until its first sample was in the ring. */
static volatile uint32_t asked_tick;
static volatile bool asked;
static uint32_t latency_max, latency_sum, latencies;

static void *dma_pages(uint32_t bytes)
{
	return pages_alloc(bytes);
}

/* Controller p: in D0, BAR0 mapped (above 4 GiB through the PAE window), memory decoding and bus mastering on. */
static uintptr_t claim(const PciDev *p)
{
	uint64_t phys;
	uintptr_t bar;

	pci_power_d0(p);
	if (!pci_bar_mmio(p, 0, &phys)) {
		klog("hda: %02x:%02x.%x: BAR0 is not a memory BAR, not used\n", (unsigned)p->bus, (unsigned)p->dev,
		    (unsigned)p->fn);
		return 0;
	}
	bar = (uintptr_t)phys;
	if (phys >> 32) {
		bar = paging_map_high(phys, HDA_MMIO_SPAN);
		klog("hda: registers at 0x%x%08x, above 4 GiB: %s 0x%08x\n", (unsigned)(phys >> 32), (unsigned)phys,
		    bar ? "mapped at" : "cannot be mapped,", (unsigned)bar);
	}
	if (bar)
		pci_enable_mmio_master(p);
	return bar;
}

static uint32_t position(void)
{
	return device == PCM_AC97 ? ac97_position(&ac97) : hda_position(&hda);
}

/* The mixer over the device's ring, its lead written before the first tick's refill. */
static void mix_start(PcmDevice d, int16_t *ring, uint32_t frames, uint32_t hz)
{
	device = d;
	rate = hz;
	pcmmix_init(&mix, ring, frames, hz, LEAD_TICKS * hz / PIT_TICK_HZ + 1);
	pcmmix_start(&mix, position());
	pcmmix_refill(&mix, position());
	running = true;
}

/* The search for a PCM device, a step at a time: the kind being looked at, its controllers, the one starting. */
enum { FIND_HDA, FIND_AC97, FIND_NONE };
typedef struct PcmFind {
	int kind;                       /* FIND_HDA, then FIND_AC97 */
	bool scanned, begun;            /* the kind's PCI scan done; found[i]'s start begun */
	int n, i;
	PciDev found[PCI_MAX_FOUND];
} PcmFind;

static PcmFind find;                    /* private to pcm_init_step: where the search is */

/* found[i] of its kind taken (D0, BARs, decoding and bus mastering) and its start begun; false if not usable. */
static bool begin_device(const PciDev *p, int kind)
{
	uint16_t nam, nabm;
	uintptr_t base;

	if (kind == FIND_HDA) {
		if (!(base = claim(p)))
			return false;
		hda_begin(&hda, base, dma_pages);
		return true;
	}
	pci_power_d0(p);
	if (!pci_bar_io(p, 0, &nam) || !pci_bar_io(p, 1, &nabm)) {
		klog("ac97: %02x:%02x.%x: BAR0/BAR1 are not I/O BARs, not used\n", (unsigned)p->bus,
		    (unsigned)p->dev, (unsigned)p->fn);
		return false;
	}
	pci_enable_io_master(p);
	ac97_begin(&ac97, nam, nabm, dma_pages);
	return true;
}

/* The device plays: what it is (COM1's line), the mixer over its ring. */
static void started(const PciDev *p, int kind, char *what, size_t size)
{
	const HdaPath *out = &hda.codec.path[0];

	used_pci = *p;
	if (kind == FIND_HDA) {
		kfmt_snprintf(what, size, "Intel HDA %04x:%04x, codec %04x:%04x, output pin %u (%s) -> DAC %u, %u Hz",
		    (unsigned)p->vendor, (unsigned)p->device, (unsigned)hda.codec.vendor,
		    (unsigned)hda.codec.device, (unsigned)out->pin, hdacodec_device_name(out->device),
		    (unsigned)out->dac, (unsigned)HDA_RATE);
		mix_start(PCM_HDA, hda.ring, HDA_RING_FRAMES, HDA_RATE);
		return;
	}
	kfmt_snprintf(what, size, "AC'97 %04x:%04x, codec %04x:%04x, %u Hz", (unsigned)p->vendor,
	    (unsigned)p->device, (unsigned)ac97.vendor1, (unsigned)ac97.vendor2, (unsigned)ac97.rate);
	mix_start(PCM_AC97, ac97.ring, AC97_RING_FRAMES, ac97.rate);
}

/*
 * One step of the search: Intel HDA controllers (04/03) first, then AC'97
 * (04/01), each started a step at a time (hda_start_step,
 * ac97_start_step); the first that plays is the device. STEP_DONE (what
 * says which), STEP_FAILED if none plays, else STEP_MORE.
 */
StepResult pcm_init_step(bool try_hda, bool try_ac97, char *what, size_t size)
{
	PcmFind *f = &find;
	StepResult r;

	for (;;) {
		if ((f->kind == FIND_HDA && !try_hda) || (f->kind == FIND_AC97 && !try_ac97) || (f->scanned && f->i >= f->n)) {
			if (f->kind == FIND_NONE)
				return STEP_FAILED;
			*f = (PcmFind){ .kind = f->kind + 1 };
			continue;
		}
		if (f->kind == FIND_NONE)
			return STEP_FAILED;
		if (!f->scanned) {
			f->n = f->kind == FIND_HDA ? pci_scan(PCI_CLASS_MULTIMEDIA, PCI_SUBCLASS_HDA, 0x00, f->found, PCI_MAX_FOUND) :
			    pci_scan(PCI_CLASS_MULTIMEDIA, PCI_SUBCLASS_AC97, PCI_PROGIF_ANY, f->found, PCI_MAX_FOUND);
			f->scanned = true;
			if (f->n == 0)
				klog(f->kind == FIND_HDA ? "hda: no Intel HDA controller on PCI\n" : "ac97: no AC'97 controller on PCI\n");
			continue;
		}
		if (!f->begun && !(f->begun = begin_device(&f->found[f->i], f->kind))) {
			f->i++;
			continue;
		}
		break;
	}
	r = f->kind == FIND_HDA ? hda_start_step(&hda) : ac97_start_step(&ac97);
	if (r == STEP_MORE)
		return STEP_MORE;
	if (r == STEP_FAILED) {
		f->i++;                 /* the next controller, next step */
		f->begun = false;
		return STEP_MORE;
	}
	what[0] = '\0';
	started(&f->found[f->i], f->kind, what, size);
	f->kind = FIND_NONE;            /* asked again: nothing more to find */
	return STEP_DONE;
}

/* For the hardware report: the controller playing and its driver's state; NULL when it is not that kind. */
const Hda *pcm_hda(PciDev *at)
{
	*at = used_pci;
	return device == PCM_HDA ? &hda : NULL;
}

const Ac97 *pcm_ac97(PciDev *at)
{
	*at = used_pci;
	return device == PCM_AC97 ? &ac97 : NULL;
}

PcmDevice pcm_device(void)
{
	return device;
}

const char *pcm_device_name(bool full)
{
	return device == PCM_AC97 ? "AC'97" : device == PCM_HDA ? (full ? "Intel HDA" : "HDA") : "none";
}

/* System info's shorter line: "HDA 8086:293e, codec 1af4:0022, pin 3 line-out". */
void pcm_fact(char *buf, size_t size)
{
	buf[0] = '\0';
	if (device == PCM_AC97)
		kfmt_snprintf(buf, size, "AC'97, codec %04x:%04x, %u kHz", (unsigned)ac97.vendor1, (unsigned)ac97.vendor2,
		    (unsigned)(rate / 1000));
	else if (device == PCM_HDA)
		kfmt_snprintf(buf, size, "HDA, codec %04x:%04x, pin %u %s%s, 48 kHz", (unsigned)hda.codec.vendor,
		    (unsigned)hda.codec.device, (unsigned)hda.codec.path[0].pin,
		    hdacodec_device_name(hda.codec.path[0].device), hda.codec.paths > 1 ? " +" : "");
}

uint32_t pcm_rate(void)
{
	return running ? rate : 0;
}

void pcm_set_music(PcmRender render, void *ctx)
{
	uint32_t f = cpu_save_flags_cli();

	pcmmix_set_music(&mix, render, ctx);
	cpu_restore_flags(f);
}

/*
 * The music's hand-over from the speaker (music.c): in the music slot's
 * call, the frames between the DMA position and the first sample asked
 * for, and how many frames the mix had written before it; in the tick, how
 * many the DMA engine has read (an underrun counts the skipped ones as read).
 */
uint32_t pcm_music_delay(void)
{
	return (mix.wr + mix.frames - mix.last_pos) % mix.frames;
}

uint64_t pcm_frames_written(void)
{
	return mix.written;
}

uint64_t pcm_frames_played(void)
{
	return mix.written - mix.ahead;
}

void pcm_effect_requested(void)
{
	asked_tick = pit_ticks();
	asked = true;
}

void pcm_tick(void)
{
	if (!running)
		return;
	if (device == PCM_AC97)
		ac97_advance(&ac97);    /* the last valid index kept just behind the DMA: it never halts */
	pcmmix_tone(&mix, spk_sounding());
	pcmmix_refill(&mix, position());
	if (asked && mix.tone_written) {
		uint32_t t = pit_ticks() - asked_tick;

		asked = false;
		latency_sum += t;
		latencies++;
		if (t > latency_max)
			latency_max = t;
	}
	if (pcmmix_stalled(&mix)) {     /* the stream is dead: stopped, the speaker goes on */
		if (device == PCM_AC97)
			ac97_stop(&ac97);
		else
			hda_stop(&hda);
		running = false;
		stalled = true;
	}
}

/* The log line the tick leaves to the main loop (a COM1 line from the IRQ could split another). */
void pcm_service(void)
{
	if (stalled && !stall_logged) {
		stall_logged = true;
		klog("%s: the stream's DMA position stopped at frame %u: PCM output stopped\n",
		    device == PCM_AC97 ? "ac97" : "hda", (unsigned)mix.last_pos);
	}
}

void pcm_bench_log(void)
{
	if (!mix.ring)
		return;
	klog("BENCH sound device=%s frames=%u underruns=%u lead_frames=%u effects=%u latency_ticks_max=%u "
	    "latency_ticks_avg_x100=%u\n", device == PCM_AC97 ? "ac97" : "hda", (unsigned)mix.written, (unsigned)mix.underruns, (unsigned)mix.lead,
	    (unsigned)latencies, (unsigned)latency_max, latencies ? (unsigned)(latency_sum * 100 / latencies) : 0u);
}
