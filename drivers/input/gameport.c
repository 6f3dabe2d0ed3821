/* gameport.c: the PC game port at 0x201 — found or not, axes timed with interrupts off and bounded, buttons, centred. */
#include <stdbool.h>
#include <stdint.h>

#include "gameport.h"
#include "io.h"
#include "pad.h"
#include "pit.h"

#define CLOCKS_PER_MS   (PIT_BASE_HZ / 1000)
#define LIMIT_CLOCKS    (GAMEPORT_LIMIT_US * CLOCKS_PER_MS / 1000)
#define MIN_CENTRE      (GAMEPORT_MIN_CENTRE_US * CLOCKS_PER_MS / 1000)

static const uint8_t axis_bit[GAMEPORT_AXES] = {
	GAMEPORT_AXIS_AX, GAMEPORT_AXIS_AY, GAMEPORT_AXIS_BX, GAMEPORT_AXIS_BY,
};
static const PadAxis axis_of[GAMEPORT_AXES] = { PAD_AXIS_X, PAD_AXIS_Y, PAD_AXIS_RX, PAD_AXIS_RY };

/*
 * Start the one-shots and time the axes in `want` on PIT channel 0's
 * counter (mode 3: it counts down by 2 each input clock and reloads at the
 * divisor, so the time is half the counted steps). Interrupts are off so
 * no IRQ stretches a reading; two bounds end it whatever the hardware
 * does: the PIT time (LIMIT_CLOCKS) and the number of reads. An axis still
 * high then reads LIMIT_CLOCKS. Returns the axes that dropped.
 */
static uint8_t time_axes(GamePort *gp, uint8_t want)
{
	uint32_t flags = cpu_save_flags_cli();
	uint32_t div = pit_channel0_divisor(), steps = 0, reads = 0;
	uint16_t last = pit_channel0_count();
	uint8_t high = want, dropped = 0;

	outb(GAMEPORT_PORT, 0xFF);              /* any value fires the one-shots */
	while (high && reads < GAMEPORT_MAX_READS && steps / 2 < LIMIT_CLOCKS) {
		uint8_t v = inb(GAMEPORT_PORT);
		uint16_t c = pit_channel0_count();

		reads++;
		steps += c <= last ? (uint32_t)(last - c) : last + div - c;     /* c > last: reloaded */
		last = c;
		for (int i = 0; i < GAMEPORT_AXES; i++) {
			if ((high & axis_bit[i]) && !(v & axis_bit[i])) {
				gp->clocks[i] = (uint16_t)(steps / 2);
				high &= (uint8_t)~axis_bit[i];
				dropped |= axis_bit[i];
			}
		}
	}
	for (int i = 0; i < GAMEPORT_AXES; i++)
		if (high & axis_bit[i])
			gp->clocks[i] = LIMIT_CLOCKS;
	gp->reads = reads;
	cpu_restore_flags(flags);
	return dropped;
}

bool gameport_detect(GamePort *gp)
{
	*gp = (GamePort){ .present = false };
	gp->axes = time_axes(gp, GAMEPORT_AXIS_BITS);
	for (int i = 0; i < GAMEPORT_AXES; i++) {
		if ((gp->axes & axis_bit[i]) && gp->clocks[i] < MIN_CENTRE)
			gp->axes &= (uint8_t)~axis_bit[i];      /* dropped at once: a shorted line, no stick */
		gp->centre[i] = gp->clocks[i];
	}
	gp->present = gp->axes != 0;
	return gp->present;
}

int16_t gameport_scale(uint16_t clocks, uint16_t centre)
{
	int32_t v;

	if (centre == 0)
		return 0;
	v = ((int32_t)clocks - centre) * PAD_AXIS_MAX / centre;
	if (v > PAD_AXIS_MAX)
		v = PAD_AXIS_MAX;
	if (v < PAD_AXIS_MIN)
		v = PAD_AXIS_MIN;
	return (int16_t)v;
}

void gameport_read(GamePort *gp, bool timed, PadState *out)
{
	uint32_t reports = out->reports;      /* the caller's count, carried on */
	uint8_t v;

	if (!gp->present) {
		*out = (PadState){ .present = false, .hat = PAD_HAT_NONE };
		return;
	}
	if (timed)
		time_axes(gp, gp->axes);
	v = inb(GAMEPORT_PORT);
	*out = (PadState){
		.present = true, .kind = PAD_KIND_GAMEPORT, .buttons_used = 4, .hat = PAD_HAT_NONE,
		.buttons = (uint32_t)(~v >> 4) & 0x0F, .reports = reports + 1,
	};
	for (int i = 0; i < GAMEPORT_AXES; i++) {
		if (!(gp->axes & axis_bit[i]))
			continue;
		out->axes_used |= (uint8_t)(1u << axis_of[i]);
		out->axis[axis_of[i]] = gameport_scale(gp->clocks[i], gp->centre[i]);
	}
	{
		static const char name[] = "game port 201h";

		for (unsigned i = 0; i < sizeof name; i++)
			out->name[i] = name[i];
	}
}
