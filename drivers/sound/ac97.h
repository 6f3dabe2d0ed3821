/* ac97.h: Intel ICH-style AC'97 — cold reset, the codec's volumes and rate, PCM out through the bus master's descriptor list. */
#ifndef DRIVERS_AC97_H
#define DRIVERS_AC97_H

#include <stdbool.h>
#include <stdint.h>

#include "wait.h"

#define AC97_RATE               48000
#define AC97_BDL_ENTRIES        32
#define AC97_RING_FRAMES        16384   /* 64 KiB of 16-bit stereo, 341 ms */
#define AC97_ENTRY_FRAMES       (AC97_RING_FRAMES / AC97_BDL_ENTRIES)

typedef void *(*Ac97Alloc)(uint32_t bytes);     /* zeroed 4 KiB pages below 4 GiB, NULL if none */

typedef struct Ac97Bd Ac97Bd;

typedef struct Ac97 {
	uint16_t nam, nabm;             /* BAR0 (mixer) and BAR1 (bus master) port bases */
	uint16_t vendor1, vendor2;      /* the codec's vendor id registers */
	bool vra;                       /* the codec has variable-rate audio */
	uint32_t rate;                  /* the PCM front DAC's rate */
	Ac97Bd *bdl;                    /* AC97_BDL_ENTRIES */
	int16_t *ring;                  /* AC97_RING_FRAMES stereo frames, played round and round */
	Ac97Alloc alloc;                /* its memory (ac97_begin) */
	uint8_t phase;                  /* ac97_start_step: where the bring-up is (ac97.c's Ac97Phase) */
	StepWait wait;                  /* the wait under way */
} Ac97;

/*
 * Controller at ports `nam`/`nabm` (I/O decoding and bus mastering on):
 * cold reset, the primary codec ready, its registers reset, master and PCM
 * out at 0 dB, 48 kHz (VRA, or the fixed rate), PCM out running over a
 * silent ring. False, logged, if any of it fails: the speaker goes on.
 * A step at a time (ac97_begin, then ac97_start_step until not STEP_MORE):
 * each wait started by one step and looked at by the next.
 */
void ac97_begin(Ac97 *a, uint16_t nam, uint16_t nabm, Ac97Alloc alloc);
StepResult ac97_start_step(Ac97 *a);    /* one step, never a wait: the main loop's bring-up */
bool ac97_start(Ac97 *a, uint16_t nam, uint16_t nabm, Ac97Alloc alloc);        /* the steps run to their end (unit tests) */
/* The tick: the last valid index moved to just behind the current one (the DMA never reaches it), status cleared. */
void ac97_advance(Ac97 *a);
uint32_t ac97_position(const Ac97 *a);  /* the frame the DMA reads now (CIV, PICB) */
void ac97_stop(Ac97 *a);

#endif
