/* speaker.c: PIT channel 2 square wave gated onto the PC speaker through port 0x61. */
#include <stdbool.h>
#include <stdint.h>

#include "io.h"
#include "sfxseq.h"
#include "speaker.h"

#define PIT_CH2         0x0042
#define PIT_CMD         0x0043
#define PIT_CMD_CH2_SQUARE 0xB6         /* channel 2, lobyte/hibyte, mode 3, binary */
#define PPI_PORT_B      0x0061
#define PPI_SPK_GATE    0x01            /* PIT channel 2 gate */
#define PPI_SPK_DATA    0x02            /* speaker data enable */

static SfxSeq seq;
static uint16_t current;                /* divisor the PIT plays now, 0 = off */
static uint16_t sounding;               /* the effect's divisor this tick (the PCM mixer's tone too) */
static uint16_t music;                  /* the song's lead note (kernel/sound/music.c), under any effect */
static bool muted;                      /* sound=off: the sequence steps, the speaker stays silent */

void spk_init(void)
{
	sfxseq_reset(&seq);
	spk_tone(0);
}

void spk_tone(uint16_t divisor)
{
	if (divisor == current)
		return;
	current = divisor;
	if (divisor == 0) {
		outb(PPI_PORT_B, inb(PPI_PORT_B) & ~(PPI_SPK_GATE | PPI_SPK_DATA));
		return;
	}
	outb(PIT_CMD, PIT_CMD_CH2_SQUARE);
	outb(PIT_CH2, divisor & 0xFF);
	outb(PIT_CH2, divisor >> 8);
	outb(PPI_PORT_B, inb(PPI_PORT_B) | PPI_SPK_GATE | PPI_SPK_DATA);
}

bool spk_play(const uint16_t *divisors, uint16_t length, uint8_t priority)
{
	uint32_t f = cpu_save_flags_cli();
	bool started = sfxseq_start(&seq, divisors, length, priority);

	cpu_restore_flags(f);
	return started;
}

/* What the PIT plays: the effect if one sounds, else the music's note; nothing when muted. */
static void sound_now(void)
{
	spk_tone(muted ? 0 : sounding ? sounding : music);
}

void spk_tick(void)
{
	sounding = sfxseq_tick(&seq);
	sound_now();
}

void spk_music(uint16_t divisor)
{
	music = divisor;
	sound_now();
}

uint16_t spk_sounding(void)
{
	return sounding;
}

void spk_mute(bool mute)
{
	uint32_t f = cpu_save_flags_cli();

	muted = mute;
	sound_now();
	cpu_restore_flags(f);
}
