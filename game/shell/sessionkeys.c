/* sessionkeys.c: the session's keyboard side — a tick's keys into a SessionInput through the bindings; keys= at boot. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "input.h"
#include "keys.h"
#include "session.h"
#include "textbuf.h"

/* Keys the screens know besides the buttons. */
static const uint8_t screen_keys[GK_COUNT] = {
	[GK_ESC] = SKEY_ESC,
	[GK_Q] = SKEY_QUIT,
	[CONTROLS_PAD_BACK] = SKEY_ESC,         /* a pad's Back: Esc, so the menus work with a pad alone */
};

/*
 * Held buttons from the keys down, pressed ones from the presses (a press
 * and release inside one tick still counts as pressed), twice: through the
 * bindings for play, and as the screens read them. Every press, named or
 * not, is SKEY_ANY.
 */
void session_keyboard(const Session *s, const KeyboardTick *k, SessionInput *in)
{
	*in = (SessionInput){ .key = GK_NONE };
	for (uint8_t g = GK_NONE + 1; g < GK_COUNT; g++) {
		if (k->down[g]) {
			in->pad.held |= controls_buttons(&s->controls, g);
			in->menu.held |= controls_menu_buttons(&s->controls, g);
		}
	}
	for (int i = 0; i < k->presses && i < KEY_PRESSES_MAX; i++) {
		uint8_t g = k->press[i];

		in->keys |= SKEY_ANY;
		if (g == GK_NONE || g >= GK_COUNT)
			continue;
		in->keys |= screen_keys[g];
		in->pad.pressed |= controls_buttons(&s->controls, g);
		in->menu.pressed |= controls_menu_buttons(&s->controls, g);
		if (in->key == GK_NONE)
			in->key = g;
	}
}

/* "controls: jump = A, S" for every action whose keys are not the defaults; "controls: jump pad = Joy 2" for its pad button. */
static void log_changes(const Session *s)
{
	for (int a = 0; a < CTL_COUNT; a++) {
		char line[64], keys[24];
		bool same = true;
		TextBuf t;

		for (int i = 0; i < CONTROL_KEYS; i++)
			same &= s->controls.keys[a][i] == control_defs[a].keys[i];
		if (!s->hooks.log)
			continue;
		if (!same) {
			controls_keys_text(&s->controls, (Control)a, ", ", keys, sizeof keys);
			tb_init(&t, line, sizeof line);
			tb_str(&t, "controls: ");
			tb_str(&t, control_defs[a].id);
			tb_str(&t, " = ");
			tb_str(&t, keys);
			s->hooks.log(s->hooks.log_ctx, line);
		}
		if (s->controls.pad[a] != control_defs[a].pad) {
			tb_init(&t, line, sizeof line);
			tb_str(&t, "controls: ");
			tb_str(&t, control_defs[a].id);
			tb_str(&t, " pad = ");
			tb_str(&t, s->controls.pad[a] != GK_NONE ? key_name(s->controls.pad[a]) : "none");
			s->hooks.log(s->hooks.log_ctx, line);
		}
	}
}

bool session_apply_keys(Session *s, const char *spec)
{
	char err[CONTROLS_ERR_SIZE];

	if (!controls_parse(&s->controls, spec, err, sizeof err)) {
		session_error(s, "BAD keys= OPTION", err);
		return false;
	}
	log_changes(s);
	return true;
}
