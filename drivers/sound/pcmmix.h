/* pcmmix.h: the PCM mixer — effects as square waves plus a music source, into a DMA ring refilled every tick (no port I/O). */
#ifndef DRIVERS_PCMMIX_H
#define DRIVERS_PCMMIX_H

#include <stdbool.h>
#include <stdint.h>

#define PCMMIX_PIT_HZ     1193182u      /* the PIT's clock: an effect's tone is PCMMIX_PIT_HZ / divisor */
#define PCMMIX_TONE_LEVEL 6000          /* the square wave's amplitude (of 32767) */
#define PCMMIX_CHUNK      256           /* frames rendered per call of the music source */
#define PCMMIX_STALL_REFILLS 28         /* this many refills (0.2 s of ticks) with no DMA progress: stalled */

/*
 * A music source: `frames` mono samples into `mono` (the OPL2 synthesizer's
 * oplsynth_render plugs in here). No source: silence.
 */
typedef void (*PcmRender)(void *ctx, int16_t *mono, int frames);

typedef struct PcmMix {
	int16_t *ring;                  /* stereo frames, left then right */
	uint32_t frames;                /* the ring's size in frames */
	uint32_t rate;                  /* frames a second */
	uint32_t lead;                  /* frames kept written ahead of the DMA position */
	uint32_t lead_base;             /* the lead asked for; each underrun adds half of it, up to half the ring */
	uint32_t wr;                    /* the next frame to write */
	uint32_t last_pos;              /* the DMA position at the last refill */
	uint32_t ahead;                 /* frames written and not yet played at the last refill */
	uint32_t underruns;             /* the DMA position passed what was written */
	uint32_t still;                 /* refills in a row the DMA position did not move */
	uint64_t written;               /* frames written in all */
	uint16_t divisor;               /* the effect's tone now, 0 = none */
	uint32_t phase;                 /* the square wave's phase, in PIT clocks x rate */
	bool tone_written;              /* the last refill wrote a sample of a tone */
	PcmRender music;
	void *music_ctx;
} PcmMix;

/*
 * A mixer over a ring of `frames` stereo frames at `rate`, keeping `lead`
 * frames ahead; silent. NOTE: an emulator's DMA position can jump by tens
 * of milliseconds when its host is busy (QEMU's HDA under load: 50-70 ms in
 * one tick), so each underrun lengthens the lead by half of `lead`, up to
 * half the ring: real hardware keeps the short lead, and its short latency.
 */
void pcmmix_init(PcmMix *m, int16_t *ring, uint32_t frames, uint32_t rate, uint32_t lead);
/* The stream runs from frame `pos`: the first refill writes from there. */
void pcmmix_start(PcmMix *m, uint32_t pos);
/* The music slot: render(ctx, mono, frames) each refill, or NULL for silence. */
void pcmmix_set_music(PcmMix *m, PcmRender render, void *ctx);
/* The effect's PIT divisor from this tick on (0: no tone), as the speaker plays it. */
void pcmmix_tone(PcmMix *m, uint16_t divisor);
/*
 * The tick's refill: `pos` is the frame the DMA engine reads now. Counts an
 * underrun if it passed what was written (then writes from it), then writes
 * up to `lead` frames ahead. Returns the frames written.
 */
uint32_t pcmmix_refill(PcmMix *m, uint32_t pos);
/* The DMA position has not moved for PCMMIX_STALL_REFILLS refills. */
bool pcmmix_stalled(const PcmMix *m);

#endif
