/* pads.c: the pads' glue — the game port and USB pads read each loop pass, mapped to pad keys for the ticks, named on COM1 and in System info. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gameport.h"
#include "keys.h"
#include "kfmt.h"
#include "klog.h"
#include "pad.h"
#include "padmap.h"
#include "pads.h"
#include "sysinfo.h"
#include "usbpad.h"

#define SLOT_GAMEPORT   USBPAD_MAX              /* the game port's slot, after the USB pads' */
#define SLOTS           (USBPAD_MAX + 1)
#define GAMEPORT_TIME_EVERY 4                   /* time its axes every 4th pass (35 Hz, about 1 ms each with IRQs off) */

static const char *const kind_names[] = {
	[PAD_KIND_NONE] = "?", [PAD_KIND_HID] = "HID", [PAD_KIND_XBOX360] = "Xbox 360", [PAD_KIND_GAMEPORT] = "game port",
};
static const char *const axis_names[PAD_AXES] = {
	[PAD_AXIS_X] = "X", [PAD_AXIS_Y] = "Y", [PAD_AXIS_RX] = "Rx", [PAD_AXIS_RY] = "Ry",
	[PAD_AXIS_Z] = "Z", [PAD_AXIS_RZ] = "Rz",
};

/* The pads as the loop knows them: each slot's last state and mapping, the presses not yet given to a tick. */
static struct {
	GamePort port;
	PadState state[SLOTS];
	PadMap map[SLOTS];
	uint32_t held;                  /* pad keys down at the last pass, every pad together */
	uint32_t pending;               /* pressed since the last pad_fill */
	uint32_t passes;
	SysInfo *si;
	int si_base;                    /* the System info lines before the pads' */
	int refused;                    /* refused controllers already in System info */
} P;

/* "045e:028e on xHCI port 2: Xbox 360, axes X Y Rx Ry Z Rz, 16 buttons, hat" */
static void describe(const PadState *p, char *buf, size_t size)
{
	int n = kfmt_snprintf(buf, size, "%s: %s, axes", p->name, kind_names[p->kind < 4 ? p->kind : 0]);

	for (int a = 0; a < PAD_AXES && n < (int)size; a++)
		if (p->axes_used & (1u << a))
			n += kfmt_snprintf(buf + n, size - (size_t)n, " %s", axis_names[a]);
	if (!p->axes_used && n < (int)size)
		n += kfmt_snprintf(buf + n, size - (size_t)n, " none");
	if (n < (int)size)
		n += kfmt_snprintf(buf + n, size - (size_t)n, ", %u buttons%s", (unsigned)p->buttons_used,
		    p->has_hat ? ", hat" : "");
}

/* Did the pad in this slot change (came, went, or another one)? */
static bool other_pad(const PadState *was, const PadState *now)
{
	if (was->present != now->present)
		return true;
	if (!now->present)
		return false;
	if (was->kind != now->kind || was->vendor != now->vendor || was->product != now->product)
		return true;
	for (int i = 0; i < PAD_NAME_LEN && (was->name[i] || now->name[i]); i++)
		if (was->name[i] != now->name[i])
			return true;
	return false;
}

/* System info: a line per pad ("Pad 1"...), a line per controller refused, each said on COM1 too; the pads' lines first redone. */
static void facts(void)
{
	char label[SYSINFO_LABEL_SIZE], value[SYSINFO_VALUE_SIZE];
	int n = 0;

	if (!P.si)
		return;
	sysinfo_cut(P.si, P.si_base);
	for (int s = 0; s < SLOTS; s++) {
		if (!P.state[s].present)
			continue;
		kfmt_snprintf(label, sizeof label, "Pad %d", ++n);
		describe(&P.state[s], value, sizeof value);
		sysinfo_add(P.si, label, value);
		klog("sysinfo: %s: %s\n", label, value);
	}
	for (int i = 0; usbpad_refused(i, value, sizeof value); i++) {
		sysinfo_add(P.si, "No pad", value);
		klog("sysinfo: No pad: %s\n", value);
	}
}

void pad_init(SysInfo *si)
{
	P.si = si;
	P.si_base = si ? si->count : 0;
	for (int s = 0; s < SLOTS; s++) {
		P.state[s] = (PadState){ .present = false, .hat = PAD_HAT_NONE };
		padmap_reset(&P.map[s]);
	}
	if (gameport_detect(&P.port))
		klog("pad: game port at 201h: axes %02x (centre %u %u %u %u PIT clocks, %u reads)\n",
		    (unsigned)P.port.axes, (unsigned)P.port.centre[0], (unsigned)P.port.centre[1],
		    (unsigned)P.port.centre[2], (unsigned)P.port.centre[3], (unsigned)P.port.reads);
	else
		klog("pad: no game port (no axis at 201h dropped within %u us, %u reads)\n",
		    (unsigned)GAMEPORT_LIMIT_US, (unsigned)P.port.reads);
	pad_poll();
	if (usbpad_count() == 0 && !P.port.present)
		klog("pad: none (no USB pad, no game port)\n");
}

/* One slot's state now: a USB pad's copy, or the game port read. */
static void read_slot(int s, PadState *now)
{
	if (s == SLOT_GAMEPORT) {
		*now = P.state[s];
		gameport_read(&P.port, P.passes % GAMEPORT_TIME_EVERY == 0, now);
		return;
	}
	if (!usbpad_get(s, now))
		*now = (PadState){ .present = false, .hat = PAD_HAT_NONE };
}

void pad_poll(void)
{
	uint32_t held = 0;
	bool changed = false;

	for (int s = 0; s < SLOTS; s++) {
		PadState now;
		PadKeys k;

		read_slot(s, &now);
		if (other_pad(&P.state[s], &now)) {
			char line[96];

			padmap_reset(&P.map[s]);        /* another pad: nothing of the last one held */
			if (now.present) {
				describe(&now, line, sizeof line);
				klog("pad: %s\n", line);
			} else {
				klog("pad: gone: %s\n", P.state[s].name);
			}
			changed = true;
		}
		P.state[s] = now;
		k = padmap_update(&P.map[s], &now);
		held |= k.down;
		P.pending |= k.pressed;
	}
	P.held = held;
	P.passes++;
	{
		char refused[USBPAD_REFUSED_LEN];
		int n = 0;

		while (usbpad_refused(n, refused, sizeof refused))
			n++;
		changed |= n != P.refused;
		P.refused = n;
	}
	if (changed)
		facts();
}

void pad_fill(KeyboardTick *k)
{
	PadKeys keys = { .down = P.held, .pressed = P.pending };

	padmap_to_tick(&keys, k);
	P.pending = 0;
}
