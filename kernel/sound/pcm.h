/* pcm.h: the PCM output — an Intel HDA or AC'97 controller found on PCI, fed by the mixer from the 140 Hz tick. */
#ifndef KERNEL_PCM_H
#define KERNEL_PCM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ac97.h"
#include "hda.h"
#include "pci.h"
#include "pcmmix.h"

typedef enum PcmDevice { PCM_NONE, PCM_HDA, PCM_AC97 } PcmDevice;

/*
 * The first Intel HDA controller (PCI 04/03) that starts if try_hda, else
 * the first AC'97 (04/01) if try_ac97, its stream fed by the mixer; `what`
 * gets the device's line for COM1 and System info ("" if none plays).
 * Interrupts on: its waits count ticks. False if none plays.
 */
bool pcm_init(bool try_hda, bool try_ac97, char *what, size_t size);
PcmDevice pcm_device(void);             /* the device playing */
const Hda *pcm_hda(PciDev *at);         /* the hardware report: the HDA playing and where, NULL if not HDA */
const Ac97 *pcm_ac97(PciDev *at);       /* the same for AC'97 */
const char *pcm_device_name(bool full); /* "Intel HDA" (full) or "HDA", "AC'97", "none" */
void pcm_fact(char *buf, size_t size);  /* System info's shorter line about the device */
void pcm_tick(void);                    /* IRQ0: the effect's tone into the mix, the ring refilled */
void pcm_service(void);                 /* main loop: log what the tick found (a stalled stream) */
uint32_t pcm_rate(void);                /* samples per second of the device playing, 0 if none */
void pcm_set_music(PcmRender render, void *ctx);        /* the music slot (the synthesizer); NULL: silence */
void pcm_effect_requested(void);        /* the main loop started an effect: latency measured from now */
void pcm_bench_log(void);               /* BENCH sound: underruns, effect latency in ticks */

#endif
