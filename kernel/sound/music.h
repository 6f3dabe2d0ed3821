/* music.h: the kernel's music glue — the tune the session names, played on the AdLib (or the speaker, then the synthesizer) from the timer tick. */
#ifndef KERNEL_MUSIC_H
#define KERNEL_MUSIC_H

#include <stdbool.h>
#include <stdint.h>

#include "sound.h"
#include "tunes.h"

void music_init(bool card, bool speaker);       /* after adlib_detect; without a card, the speaker (unless sound=off) */
void music_use_synth(uint32_t rate_hz, uint32_t crc_seconds);  /* no AdLib, a PCM device: the synthesizer plays into its mix */
void music_service(void);               /* main loop: the musiccrc= line once its CRC is done */
bool music_on_synth(void);
bool music_on_speaker(void);            /* the lead voice on the PC speaker (no AdLib; until the PCM device takes over) */
void music_select(MusicId id);          /* main loop: logs a change, the IRQ switches songs */
void music_tick(void);                  /* from IRQ0, 140 times a second */

/* The session's sound effects: on the speaker and the PCM mix; COM1's `sfx start` lines off the frame. */
void music_effect(SoundId id);
void music_log_effects(void);

#endif
