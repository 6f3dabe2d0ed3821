/* speaker.h: PC speaker on PIT channel 2, playing sound effects tick by tick. */
#ifndef DRIVERS_SPEAKER_H
#define DRIVERS_SPEAKER_H

#include <stdbool.h>
#include <stdint.h>

void spk_init(void);
bool spk_play(const uint16_t *divisors, uint16_t length, uint8_t priority);
void spk_tick(void);                    /* from IRQ0, 140 times a second */
void spk_tone(uint16_t divisor);        /* 0 = off */
void spk_music(uint16_t divisor);       /* IRQ0: the music's note (0 = none); an effect sounds over it */

uint16_t spk_sounding(void);            /* the effect's divisor this tick, 0 = none (also when muted) */
void spk_mute(bool mute);               /* sound=off: effects step on, the speaker stays silent */

#endif
