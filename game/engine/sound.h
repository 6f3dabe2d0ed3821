/* sound.h: sound-effect ids and their PIT-divisor sequences (data, played by the kernel). */
#ifndef GAME_SOUND_H
#define GAME_SOUND_H

#include <stdint.h>

typedef enum SoundId {
	SND_NONE,
	SND_MOVE,       /* title screen: sprite stepped one tile */
	SND_BUMP,       /* title screen: sprite hit the edge; head hits a ceiling */
	SND_JUMP,
	SND_LAND,
	SND_HURT,
	SND_SHARD_BOUNCE,               /* seed 001: a shard hits the ground the first time */
	SND_POUNCE,
	SND_PICKUP,
	SND_SWITCH,
	SND_DEATH,
	SND_SHOOT,
	SND_EXPLOSION,
	SND_KICK,
	SND_ENEMY_HIT,                  /* a creature is hit and starts dying */
	SND_EXIT,                       /* level finished */
	SND_MENU,                       /* menu cursor moved */
	SND_SWITCH_MOVE,                /* a foot switch's knob sinks a tile (SND_SWITCH: it is on) */
	SND_COUNT
} SoundId;

/*
 * A sound effect: one PIT channel 2 divisor per 140 Hz tick (0 = rest),
 * and a priority — a higher one interrupts a playing lower one.
 */
typedef struct SoundDef {
	uint8_t priority;
	uint16_t length;
	const uint16_t *divisors;
} SoundDef;

extern const SoundDef snd_defs[SND_COUNT];

#endif
