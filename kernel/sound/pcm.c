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

static bool hda_init(char *what, size_t size)
{
	PciDev found[PCI_MAX_FOUND];
	int n = pci_scan(PCI_CLASS_MULTIMEDIA, PCI_SUBCLASS_HDA, 0x00, found, PCI_MAX_FOUND);

	for (int i = 0; i < n; i++) {
		uintptr_t base = claim(&found[i]);
		const HdaPath *out;

		if (!base || !hda_start(&hda, base, dma_pages))
			continue;
		out = &hda.codec.path[0];
		kfmt_snprintf(what, size, "Intel HDA %04x:%04x, codec %04x:%04x, output pin %u (%s) -> DAC %u, %u Hz",
		    (unsigned)found[i].vendor, (unsigned)found[i].device, (unsigned)hda.codec.vendor,
		    (unsigned)hda.codec.device, (unsigned)out->pin, hdacodec_device_name(out->device),
		    (unsigned)out->dac, (unsigned)HDA_RATE);
		mix_start(PCM_HDA, hda.ring, HDA_RING_FRAMES, HDA_RATE);
		used_pci = found[i];
		return true;
	}
	if (n == 0)
		klog("hda: no Intel HDA controller on PCI\n");
	return false;
}

/* AC'97 controllers (04/01): in D0, BAR0 (mixer) and BAR1 (bus master) I/O ports, I/O decoding and bus mastering on. */
static bool ac97_init(char *what, size_t size)
{
	PciDev found[PCI_MAX_FOUND];
	int n = pci_scan(PCI_CLASS_MULTIMEDIA, PCI_SUBCLASS_AC97, PCI_PROGIF_ANY, found, PCI_MAX_FOUND);

	for (int i = 0; i < n; i++) {
		uint16_t nam, nabm;

		pci_power_d0(&found[i]);
		if (!pci_bar_io(&found[i], 0, &nam) || !pci_bar_io(&found[i], 1, &nabm)) {
			klog("ac97: %02x:%02x.%x: BAR0/BAR1 are not I/O BARs, not used\n", (unsigned)found[i].bus,
			    (unsigned)found[i].dev, (unsigned)found[i].fn);
			continue;
		}
		pci_enable_io_master(&found[i]);
		if (!ac97_start(&ac97, nam, nabm, dma_pages))
			continue;
		kfmt_snprintf(what, size, "AC'97 %04x:%04x, codec %04x:%04x, %u Hz", (unsigned)found[i].vendor,
		    (unsigned)found[i].device, (unsigned)ac97.vendor1, (unsigned)ac97.vendor2, (unsigned)ac97.rate);
		mix_start(PCM_AC97, ac97.ring, AC97_RING_FRAMES, ac97.rate);
		used_pci = found[i];
		return true;
	}
	if (n == 0)
		klog("ac97: no AC'97 controller on PCI\n");
	return false;
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

bool pcm_init(bool try_hda, bool try_ac97, char *what, size_t size)
{
	what[0] = '\0';
	return (try_hda && hda_init(what, size)) || (try_ac97 && ac97_init(what, size));
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
