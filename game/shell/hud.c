/* hud.c: the status bar with key hints worded from the player's bindings (render_status_bar draws it). */
#include <stdbool.h>
#include <stddef.h>

#include "controls.h"
#include "hud.h"
#include "render.h"

_Static_assert(CONTROLS_HELP_LINES == STATUS_HELP_LINES, "one hint line per status bar line");

/* Whether a and b bind the same keys (the status bar's hints are made again only when not). */
static bool same_keys(const Controls *a, const Controls *b)
{
	const uint8_t *x = &a->keys[0][0], *y = &b->keys[0][0];

	for (unsigned i = 0; i < sizeof a->keys; i++)
		if (x[i] != y[i])
			return false;
	return true;
}

void render_status_keys(const World *w, const Controls *keys, Frame *f)
{
	static const int widths[CONTROLS_HELP_LINES] = { STATUS_HELP_W, STATUS_HELP_W };
	static char help[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE];
	static Controls made;                   /* the bindings help[] was made from */
	static bool have;
	const char *lines[STATUS_HELP_LINES];
	Controls defaults;

	if (!keys) {
		controls_defaults(&defaults);
		keys = &defaults;
	}
	if (!have || !same_keys(keys, &made)) {
		controls_help(keys, widths, help);
		made = *keys;
		have = true;
	}
	for (int i = 0; i < STATUS_HELP_LINES; i++)
		lines[i] = help[i];
	render_status_bar(w, lines, f);
}

void render_status(const World *w, Frame *f)
{
	render_status_keys(w, NULL, f);
}
