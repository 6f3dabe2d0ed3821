/* hud.c: the status bar with key hints worded from the player's bindings (render_status_bar draws it). */
#include <stddef.h>

#include "controls.h"
#include "hud.h"
#include "render.h"

_Static_assert(CONTROLS_HELP_LINES == STATUS_HELP_LINES, "one hint line per status bar line");

void render_status_keys(const World *w, const Controls *keys, Frame *f)
{
	static const int widths[CONTROLS_HELP_LINES] = { STATUS_HELP_W, STATUS_HELP_W };
	char help[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE];
	const char *lines[STATUS_HELP_LINES];
	Controls defaults;

	if (!keys) {
		controls_defaults(&defaults);
		keys = &defaults;
	}
	controls_help(keys, widths, help);
	for (int i = 0; i < STATUS_HELP_LINES; i++)
		lines[i] = help[i];
	render_status_bar(w, lines, f);
}

void render_status(const World *w, Frame *f)
{
	render_status_keys(w, NULL, f);
}
