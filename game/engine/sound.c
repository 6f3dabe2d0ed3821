/* sound.c: the sound-effect table — PIT channel 2 divisors, one per 140 Hz tick. */
#include <stdint.h>

#include "sound.h"

#define HZ(f) ((uint16_t)((1193182u + (f) / 2) / (f)))  /* PIT divisor for f Hz */

/* Two 6-tick tones, 1000 Hz then 1500 Hz: a rising "step" blip. */
static const uint16_t snd_move[] = {
	HZ(1000), HZ(1000), HZ(1000), HZ(1000), HZ(1000), HZ(1000),
	HZ(1500), HZ(1500), HZ(1500), HZ(1500), HZ(1500), HZ(1500),
};

/* A low falling buzz: the sprite cannot go further. */
static const uint16_t snd_bump[] = {
	HZ(220), HZ(220), HZ(200), HZ(180), HZ(160), HZ(140), 0, HZ(120), HZ(120),
};

/* A quick rising sweep. */
static const uint16_t snd_jump[] = {
	HZ(400), HZ(500), HZ(600), HZ(700), HZ(800), HZ(900), HZ(1000), HZ(1100),
};

/* A short thud. */
static const uint16_t snd_land[] = { HZ(150), HZ(120), HZ(100) };

static const uint16_t snd_hurt[] = {
	HZ(900), HZ(300), HZ(800), HZ(250), HZ(700), HZ(200), HZ(600), HZ(150),
};
static const uint16_t snd_shard_bounce[] = { HZ(2000), HZ(1600), HZ(1200) };
static const uint16_t snd_pounce[] = { HZ(300), HZ(450), HZ(600), HZ(800), HZ(600) };
static const uint16_t snd_pickup[] = { HZ(1200), HZ(1600), HZ(2000), HZ(2400), HZ(2800), HZ(3200) };
static const uint16_t snd_switch[] = { HZ(500), 0, HZ(500), 0, HZ(1000), HZ(1000) };
static const uint16_t snd_switch_move[] = { HZ(350), HZ(300), 0, HZ(250) };

static const uint16_t snd_death[] = {
	HZ(800), HZ(760), HZ(720), HZ(680), HZ(640), HZ(600), HZ(560), HZ(520), HZ(480), HZ(440),
	HZ(400), HZ(360), HZ(320), HZ(280), HZ(240), HZ(200), HZ(160), HZ(120), 0, HZ(100),
};

/* A short high zap. */
static const uint16_t snd_shoot[] = { HZ(2400), HZ(2000), HZ(1700) };

/* Noise-like rumble: alternating low divisors, slowly falling. */
static const uint16_t snd_explosion[] = {
	HZ(90), HZ(140), HZ(80), HZ(130), HZ(75), HZ(120), HZ(70), HZ(110), HZ(65), HZ(100),
	HZ(60), HZ(90), 0, HZ(55), HZ(80), 0, HZ(50), HZ(70),
};
static const uint16_t snd_kick[] = { HZ(250), HZ(180) };
static const uint16_t snd_enemy_hit[] = { HZ(700), HZ(500), HZ(350), HZ(250) };

/* Level finished: a rising arpeggio, each note held. */
static const uint16_t snd_exit[] = {
	HZ(523), HZ(523), HZ(523), HZ(659), HZ(659), HZ(659), HZ(784), HZ(784), HZ(784),
	HZ(1047), HZ(1047), HZ(1047), HZ(1047), HZ(1047), HZ(1047),
};
static const uint16_t snd_menu[] = { HZ(1800), HZ(1800) };

#define LEN(a) ((uint16_t)(sizeof(a) / sizeof((a)[0])))

const SoundDef snd_defs[SND_COUNT] = {
	[SND_NONE] = { .priority = 0, .length = 0, .divisors = 0 },
	[SND_MOVE] = { .priority = 10, .length = LEN(snd_move), .divisors = snd_move },
	[SND_BUMP] = { .priority = 20, .length = LEN(snd_bump), .divisors = snd_bump },
	[SND_JUMP] = { .priority = 10, .length = LEN(snd_jump), .divisors = snd_jump },
	[SND_LAND] = { .priority = 5, .length = LEN(snd_land), .divisors = snd_land },
	[SND_HURT] = { .priority = 40, .length = LEN(snd_hurt), .divisors = snd_hurt },
	[SND_SHARD_BOUNCE] = { .priority = 8, .length = LEN(snd_shard_bounce), .divisors = snd_shard_bounce },
	[SND_POUNCE] = { .priority = 30, .length = LEN(snd_pounce), .divisors = snd_pounce },
	[SND_PICKUP] = { .priority = 25, .length = LEN(snd_pickup), .divisors = snd_pickup },
	[SND_SWITCH] = { .priority = 35, .length = LEN(snd_switch), .divisors = snd_switch },
	[SND_DEATH] = { .priority = 50, .length = LEN(snd_death), .divisors = snd_death },
	[SND_SHOOT] = { .priority = 12, .length = LEN(snd_shoot), .divisors = snd_shoot },
	[SND_EXPLOSION] = { .priority = 45, .length = LEN(snd_explosion), .divisors = snd_explosion },
	[SND_KICK] = { .priority = 15, .length = LEN(snd_kick), .divisors = snd_kick },
	[SND_ENEMY_HIT] = { .priority = 32, .length = LEN(snd_enemy_hit), .divisors = snd_enemy_hit },
	[SND_EXIT] = { .priority = 60, .length = LEN(snd_exit), .divisors = snd_exit },
	[SND_MENU] = { .priority = 10, .length = LEN(snd_menu), .divisors = snd_menu },
	[SND_SWITCH_MOVE] = { .priority = 34, .length = LEN(snd_switch_move), .divisors = snd_switch_move },
};
