/* ac97.c: Intel ICH-style AC'97 — cold reset, codec ready, volumes, rate, PCM out on a 32-entry buffer descriptor list. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ac97.h"
#include "ac97reg.h"
#include "drvlog.h"
#include "io.h"
#include "wait.h"

#define COLD_RESET_MS   1               /* the reset held (the codec needs 1 us) */
#define CODEC_READY_MS  600             /* primary codec ready after the reset is released */
#define DAC_READY_MS    100             /* the codec's DAC after its register reset */
#define BOX_RESET_MS    50              /* the PCM out box's register reset clears itself */
#define STREAM_MOVE_MS  300             /* a running stream's position must move by then */
#define ENTRY_SAMPLES   (AC97_ENTRY_FRAMES * 2)

static uint32_t port_in(uint16_t port, int bytes)
{
	return bytes == 1 ? inb(port) : bytes == 2 ? inw(port) : inl(port);
}

/* The bring-up's phases (ac97_start_step), in order. */
enum Ac97Phase { PH_COLD, PH_HOLD, PH_CODEC_READY, PH_DAC_READY, PH_BOX_RESET, PH_STREAM_MOVE, PH_PLAYING, PH_GIVEN_UP };

/* A stepped port wait: STEP_DONE once (port & mask) == want, STEP_FAILED after ms (the caller logs). */
static StepResult step_port(Ac97 *a, uint16_t port, int bytes, uint32_t mask, uint32_t want, uint32_t ms)
{
	return wait_step(&a->wait, (port_in(port, bytes) & mask) == want, ms);
}

/* The codec, its registers reset and its DAC ready (or not): master and PCM out at 0 dB, 48 kHz through VRA if it has it. */
static void codec_setup(Ac97 *a)
{
	uint16_t nam = a->nam;

	a->vendor1 = inw(nam + AC97_NAM_VENDOR1);
	a->vendor2 = inw(nam + AC97_NAM_VENDOR2);
	outw(nam + AC97_NAM_MASTER, AC97_VOL_0DB);
	outw(nam + AC97_NAM_PCM_OUT, AC97_PCM_0DB);
	a->vra = (inw(nam + AC97_NAM_EXT_ID) & AC97_EXT_VRA) != 0;
	a->rate = AC97_RATE;
	if (a->vra) {
		uint16_t got;

		outw(nam + AC97_NAM_EXT_CTRL, (uint16_t)(inw(nam + AC97_NAM_EXT_CTRL) | AC97_EXT_VRA));
		outw(nam + AC97_NAM_FRONT_RATE, AC97_RATE);
		got = inw(nam + AC97_NAM_FRONT_RATE);
		if (got && got != AC97_RATE) {
			drvlog("ac97: the codec takes %u Hz, not %u: playing at %u Hz\n", (unsigned)got, AC97_RATE,
			    (unsigned)got);
			a->rate = got;
		}
	}
}

static bool stream_moved(const Ac97 *a)
{
	return inb((uint16_t)(a->nabm + AC97_PO_CIV)) != 0 || ac97_position(a) != 0;
}

/* PCM out: the list of 32 buffers over the ring, every one valid, the box reset asked for. */
static bool stream_prepare(Ac97 *a)
{
	a->bdl = a->alloc(4096);
	a->ring = a->alloc(AC97_RING_FRAMES * 4);
	if (!a->bdl || !a->ring) {
		drvlog("ac97: no memory for the stream: not used\n");
		return false;
	}
	for (int i = 0; i < AC97_BDL_ENTRIES; i++)
		a->bdl[i] = (Ac97Bd){ .addr = (uint32_t)(uintptr_t)(a->ring + i * ENTRY_SAMPLES),
		    .samples = ENTRY_SAMPLES, .flags = AC97_BD_IOC | AC97_BD_BUP };
	outb((uint16_t)(a->nabm + AC97_PO_CR), 0);
	outb((uint16_t)(a->nabm + AC97_PO_CR), AC97_CR_RR);
	return true;
}

/* The box out of reset: the list given, run. */
static void stream_run(Ac97 *a)
{
	uint16_t b = a->nabm;

	outl((uint16_t)(b + AC97_PO_BDBAR), (uint32_t)(uintptr_t)a->bdl);
	outb((uint16_t)(b + AC97_PO_LVI), AC97_BDL_ENTRIES - 1);
	outw((uint16_t)(b + AC97_PO_SR), AC97_SR_CLEAR);
	cpu_wmb();
	outb((uint16_t)(b + AC97_PO_CR), AC97_CR_RPBM);
}

/*
 * One phase's step: cold reset through GLOB_CNT (held COLD_RESET_MS), the
 * primary codec's ready bit, its registers reset and its DAC ready, PCM
 * out's box reset, run; its position must move. Each wait is started by
 * one step and looked at by the next.
 */
static StepResult phase_step(Ac97 *a)
{
	uint16_t nabm = a->nabm;
	StepResult r = STEP_DONE;

	switch (a->phase) {
	case PH_COLD:
		outl((uint16_t)(nabm + AC97_GLOB_CNT), 0);     /* reset asserted, interrupts off */
		break;
	case PH_HOLD:
		if ((r = wait_step_pause(&a->wait, COLD_RESET_MS)) == STEP_DONE)
			outl((uint16_t)(nabm + AC97_GLOB_CNT), AC97_GC_COLD);
		break;
	case PH_CODEC_READY:
		r = step_port(a, (uint16_t)(nabm + AC97_GLOB_STA), 4, AC97_GS_PCR, AC97_GS_PCR, CODEC_READY_MS);
		if (r == STEP_FAILED)
			drvlog("ac97: the primary codec is not ready %u ms after the cold reset (GLOB_STA %08x): not used\n",
			    CODEC_READY_MS, (unsigned)inl((uint16_t)(nabm + AC97_GLOB_STA)));
		if (r == STEP_DONE)
			outw(a->nam + AC97_NAM_RESET, 0);
		break;
	case PH_DAC_READY:
		r = step_port(a, a->nam + AC97_NAM_POWERDOWN, 2, AC97_PD_DAC_READY, AC97_PD_DAC_READY, DAC_READY_MS);
		if (r == STEP_MORE)
			break;
		if (r == STEP_FAILED)
			drvlog("ac97: the codec's DAC is not ready after %u ms (powerdown %04x): going on\n", DAC_READY_MS,
			    (unsigned)inw(a->nam + AC97_NAM_POWERDOWN));
		codec_setup(a);
		drvlog("ac97: codec %04x:%04x ready, %s, %u Hz\n", (unsigned)a->vendor1, (unsigned)a->vendor2,
		    a->vra ? "variable rate" : "fixed rate", (unsigned)a->rate);
		r = stream_prepare(a) ? STEP_DONE : STEP_FAILED;
		break;
	case PH_BOX_RESET:
		if ((r = step_port(a, (uint16_t)(nabm + AC97_PO_CR), 1, AC97_CR_RR, 0, BOX_RESET_MS)) == STEP_FAILED)
			drvlog("ac97: the PCM out box does not leave reset: not used\n");
		if (r == STEP_DONE)
			stream_run(a);
		break;
	case PH_STREAM_MOVE:
		if ((r = wait_step(&a->wait, stream_moved(a), STREAM_MOVE_MS)) == STEP_FAILED) {
			drvlog("ac97: PCM out runs but its DMA position stays at 0 after %u ms: not used\n", STREAM_MOVE_MS);
			ac97_stop(a);
		}
		break;
	}
	return r;
}

void ac97_begin(Ac97 *a, uint16_t nam, uint16_t nabm, Ac97Alloc alloc)
{
	*a = (Ac97){ .nam = nam, .nabm = nabm, .alloc = alloc };
}

/* One step of the start: STEP_MORE until PCM out plays (STEP_DONE) or the controller is not used (STEP_FAILED, logged). */
StepResult ac97_start_step(Ac97 *a)
{
	StepResult r;

	if (a->phase >= PH_PLAYING)
		return a->phase == PH_PLAYING ? STEP_DONE : STEP_FAILED;
	r = phase_step(a);
	if (r == STEP_FAILED) {
		a->phase = PH_GIVEN_UP;
		return STEP_FAILED;
	}
	if (r == STEP_DONE)
		a->phase++;
	return a->phase == PH_PLAYING ? STEP_DONE : STEP_MORE;
}

bool ac97_start(Ac97 *a, uint16_t nam, uint16_t nabm, Ac97Alloc alloc)
{
	ac97_begin(a, nam, nabm, alloc);
	return STEP_RUN(ac97_start_step(a)) == STEP_DONE;
}

void ac97_advance(Ac97 *a)
{
	uint8_t civ = inb((uint16_t)(a->nabm + AC97_PO_CIV));

	outb((uint16_t)(a->nabm + AC97_PO_LVI), (uint8_t)((civ + AC97_BDL_ENTRIES - 1) % AC97_BDL_ENTRIES));
	outw((uint16_t)(a->nabm + AC97_PO_SR), AC97_SR_CLEAR);
}

/* CIV and PICB read together: CIV again after PICB, until it has not moved in between. */
uint32_t ac97_position(const Ac97 *a)
{
	uint16_t b = a->nabm;
	uint8_t civ, again = inb((uint16_t)(b + AC97_PO_CIV));
	uint16_t picb;
	int tries = 0;

	do {
		civ = again;
		picb = inw((uint16_t)(b + AC97_PO_PICB));
		again = inb((uint16_t)(b + AC97_PO_CIV));
	} while (again != civ && ++tries < 4);
	if (picb > ENTRY_SAMPLES)
		picb = ENTRY_SAMPLES;
	return ((uint32_t)(civ % AC97_BDL_ENTRIES) * AC97_ENTRY_FRAMES + (ENTRY_SAMPLES - picb) / 2) %
	    AC97_RING_FRAMES;
}

void ac97_stop(Ac97 *a)
{
	outb((uint16_t)(a->nabm + AC97_PO_CR), 0);
}
