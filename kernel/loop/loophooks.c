/* loophooks.c: the main loop's test hooks, out of its way — bench lines, the ticks=N freeze, clocklog, crashtest=lockup. */
#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"
#include "display.h"
#include "io.h"
#include "klog.h"
#include "loophooks.h"
#include "pcm.h"
#include "pit.h"
#include "watchdog.h"

#define PRESENT_RUNS    8               /* bench: whole frames presented at the freeze */

/* bench: what a world frame costs — TSC (instructions under QEMU -icount) and VRAM writes. */
static struct {
	uint32_t frames, draws;
	uint64_t tsc_logic, tsc_draw, tsc_draw_max;
	uint32_t vram, vram_max;
} bench;

uint64_t loophook_stamp(void)
{
	uint64_t tsc = 0;

	cpu_timestamp(&tsc);
	return tsc;
}

/*
 * bench: one line per drawn world frame (make bench turns them into the
 * per-demo table of docs/bench.md), then the totals at the freeze.
 */
void loophook_bench_draw(uint32_t world_frames, uint64_t tsc_logic, uint32_t tick, void (*draw)(void))
{
	uint32_t v0 = display_bytes_written();
	uint64_t t1 = loophook_stamp(), d;
	uint32_t v;

	draw();
	d = loophook_stamp() - t1;
	v = display_bytes_written() - v0;
	bench.frames += world_frames;
	bench.draws++;
	bench.tsc_logic += tsc_logic;
	bench.tsc_draw += d;
	if (d > bench.tsc_draw_max)
		bench.tsc_draw_max = d;
	bench.vram += v;
	if (v > bench.vram_max)
		bench.vram_max = v;
	klog("BENCH tick=%u logic=%u draw=%u vram=%u\n", (unsigned)tick, (unsigned)tsc_logic,
	    (unsigned)d, (unsigned)v);
}

/*
 * bench on the framebuffer: the TSC to present one whole frame (every pixel
 * of the scaled picture written; instructions under QEMU -icount), the
 * least and the mean of PRESENT_RUNS, and the bytes each wrote. The screen
 * shows the same picture before and after (docs/uefi.md has the figures).
 */
static void bench_present(void)
{
	uint64_t best = ~(uint64_t)0, sum = 0;
	uint32_t v0 = display_bytes_written();

	if (!display_is_framebuffer() || !cpu_has(CPU_F_TSC))
		return;
	for (int i = 0; i < PRESENT_RUNS; i++) {
		uint64_t t = loophook_stamp();

		display_present_whole();
		t = loophook_stamp() - t;
		sum += t;
		if (t < best)
			best = t;
	}
	klog("BENCH present_full tsc_min=%u tsc_mean=%u bytes=%u runs=%d\n", (unsigned)best,
	    (unsigned)(sum / PRESENT_RUNS), (unsigned)((display_bytes_written() - v0) / PRESENT_RUNS), PRESENT_RUNS);
}

/* ticks=N reached: report the CRC of what is on screen, then stay frozen. */
void loophook_freeze(uint32_t done, bool bench_on)
{
	if (bench_on)
		bench_present();
	if (bench.frames && !cpu_has(CPU_F_TSC))
		klog("BENCH unavailable: no TSC on this CPU\n");
	else if (bench.frames && bench.draws)
		klog("BENCH frames=%u draws=%u logic_tsc_per_frame=%u draw_tsc_per_draw=%u "
		    "draw_tsc_max=%u vram_bytes_per_draw=%u vram_bytes_max=%u\n",
		    (unsigned)bench.frames, (unsigned)bench.draws,
		    (unsigned)(bench.tsc_logic / bench.frames), (unsigned)(bench.tsc_draw / bench.draws),
		    (unsigned)bench.tsc_draw_max, (unsigned)(bench.vram / bench.draws),
		    (unsigned)bench.vram_max);
	pcm_bench_log();                /* the PCM device's underruns and effect latency, if it played */
	watchdog_stop();
	klog("watchdog: worst gap %u ticks (lockup at %u)\n", (unsigned)watchdog_worst_gap(),
	    (unsigned)(PIT_TICK_HZ * WATCHDOG_LIMIT_S));
	klog("READY tick=%u crc=%08X\n", (unsigned)done, (unsigned)display_crc());
	for (;;)
		cpu_sti_hlt();                  /* IRQs still finish any sound */
}

/*
 * clocklog: every PIT_TICK_HZ ticks, the tick count and the TSC (under QEMU
 * -icount, QEMU's virtual clock in ns): the timer tests measure the tick rate
 * against QEMU's clock with it. Called right after a tick woke the loop.
 */
void loophook_clock_log(void)
{
	static uint32_t last;
	uint32_t t = pit_ticks();
	uint64_t tsc = loophook_stamp();

	if (t / PIT_TICK_HZ == last / PIT_TICK_HZ)
		return;
	last = t;
	klog("clock: tick=%u tsc=%u%09u\n", (unsigned)t, (unsigned)(tsc / 1000000000u),
	    (unsigned)(tsc % 1000000000u));
}

/* crashtest=lockup: the main loop hangs with interrupts on; the watchdog must notice. */
void loophook_hang(void)
{
	klog("crashtest: the main loop hangs with interrupts on\n");
	for (;;)
		__asm__ volatile("sti; 1: jmp 1b");
}
