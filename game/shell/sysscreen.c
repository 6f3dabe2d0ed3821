/* sysscreen.c: the System info screen's body — the kernel's labelled facts, wrapped, a palette strip as a display check, the report item. */
#include <stdbool.h>
#include <stddef.h>

#include "frame.h"
#include "gfx.h"
#include "sysinfo.h"

#define LINES_Y         26
#define LINE_H          9
#define LABEL_X         4
#define VALUE_X         80
#define VALUE_CHARS     ((SCREEN_W - VALUE_X) / 8)      /* 30 on a line */
#define LINES_BOTTOM    148                             /* the strip starts below */
#define STRIP_Y         152
#define ITEM_Y          182                             /* the item, then the way back */
#define BACK_Y          191
#define SWATCH_W        18

/* Up to `max` characters of s, broken after the last space if the rest does not fit. */
static int fit(const char *s, int max)
{
	int n = 0, cut = 0;

	while (s[n] && n < max)
		n++;
	if (!s[n])
		return n;
	for (int k = n; k > 0 && !cut; k--)
		if (s[k - 1] == ' ')
			cut = k;
	return cut ? cut : n;
}

void sysscreen_draw(const SysInfo *si, const char *note, bool note_ok, Frame *f)
{
	static const char hex[] = "0123456789ABCDEF";
	int y = LINES_Y;

	if (!si || si->count == 0) {
		frame_text(f, LABEL_X, y, "The kernel reported nothing.", 7);
	} else {
		for (int i = 0; i < si->count && y < LINES_BOTTOM; i++) {
			const char *v = si->line[i].value;

			frame_text(f, LABEL_X, y, si->line[i].label, 11);
			do {
				char part[VALUE_CHARS + 1];
				int n = fit(v, VALUE_CHARS);

				for (int k = 0; k < n; k++)
					part[k] = v[k];
				part[n] = '\0';
				frame_text(f, VALUE_X, y, part, 15);
				v += n;
				while (*v == ' ')
					v++;
				y += LINE_H;
			} while (*v && y < LINES_BOTTOM);
		}
	}
	/* Every colour once, numbered: a missing or wrong one shows a display problem. */
	frame_fill(f, 6, STRIP_Y - 2, SWATCH_W * GFX_COLORS + 2, 16, 8);
	for (int i = 0; i < GFX_COLORS; i++) {
		char label[2] = { hex[i], '\0' };

		frame_fill(f, 8 + i * SWATCH_W, STRIP_Y, SWATCH_W - 2, 12, i);
		frame_text(f, 12 + i * SWATCH_W, STRIP_Y + 16, label, 7);
	}
	if (note && note[0])            /* what the item did: "Saved HWINFO.TXT", or why not */
		frame_text(f, LABEL_X, ITEM_Y, note, note_ok ? 10 : 12);
	else
		frame_text(f, LABEL_X, ITEM_Y, "Enter: Save a report to the stick", 14);
	frame_text(f, LABEL_X, BACK_Y, "Other keys: back to the menu", 8);
}
