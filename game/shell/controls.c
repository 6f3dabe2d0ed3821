/* controls.c: the binding table — defaults, rebinding with refusals, keys to buttons, key hints, keys= parsing. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "input.h"
#include "keys.h"
#include "textbuf.h"

/*
 * The defaults are the fixed map Shardfall had before remapping: arrows
 * (or the keypad's) move and look, Ctrl or Alt jump, Space fire, B bomb,
 * Z kick, P pause. NOTE: Tommy's layout is Ctrl jump, Alt shoot, Space
 * kick (seed 004); Alt is a second jump key here (Cosmo players reach for
 * either) and Space fires, which is also a key that starts a game.
 */
const ControlDef control_defs[CTL_COUNT] = {
	[CTL_LEFT]  = { .name = "Left",      .id = "left",  .button = BTN_LEFT,  .keys = { GK_LEFT } },
	[CTL_RIGHT] = { .name = "Right",     .id = "right", .button = BTN_RIGHT, .keys = { GK_RIGHT } },
	[CTL_UP]    = { .name = "Up, look",  .id = "up",    .button = BTN_UP,    .keys = { GK_UP } },
	[CTL_DOWN]  = { .name = "Down, look", .id = "down", .button = BTN_DOWN,  .keys = { GK_DOWN } },
	[CTL_JUMP]  = { .name = "Jump",      .id = "jump",  .button = BTN_JUMP,  .keys = { GK_CTRL, GK_ALT },
	                .pad = GK_JOY_1 },
	[CTL_FIRE]  = { .name = "Fire",      .id = "fire",  .button = BTN_FIRE,  .keys = { GK_SPACE }, .pad = GK_JOY_2 },
	[CTL_BOMB]  = { .name = "Bomb",      .id = "bomb",  .button = BTN_BOMB,  .keys = { GK_B }, .pad = GK_JOY_3 },
	[CTL_KICK]  = { .name = "Kick",      .id = "kick",  .button = BTN_KICK,  .keys = { GK_Z }, .pad = GK_JOY_4 },
	[CTL_PAUSE] = { .name = "Pause",     .id = "pause", .button = BTN_PAUSE, .keys = { GK_P }, .pad = GK_JOY_10 },
};

/*
 * Keys whose meaning is fixed: not bindable, the same buttons whatever the
 * bindings. A pad's directions are always the arrows, its Back button Esc.
 */
static const uint16_t fixed_buttons[GK_COUNT] = {
	[GK_ESC] = BTN_BIT(BTN_PAUSE),
	[GK_ENTER] = BTN_BIT(BTN_ENTER),
	[CONTROLS_PAD_BACK] = BTN_BIT(BTN_PAUSE),
	[GK_JOY_LEFT] = BTN_BIT(BTN_LEFT), [GK_JOY_RIGHT] = BTN_BIT(BTN_RIGHT),
	[GK_JOY_UP] = BTN_BIT(BTN_UP), [GK_JOY_DOWN] = BTN_BIT(BTN_DOWN),
};

/* In the menus the arrows always move the cursor (a player who put jump on Up still finds the menus). */
static const uint16_t menu_arrows[GK_COUNT] = {
	[GK_LEFT] = BTN_BIT(BTN_LEFT), [GK_RIGHT] = BTN_BIT(BTN_RIGHT),
	[GK_UP] = BTN_BIT(BTN_UP), [GK_DOWN] = BTN_BIT(BTN_DOWN),
	[GK_JOY_LEFT] = BTN_BIT(BTN_LEFT), [GK_JOY_RIGHT] = BTN_BIT(BTN_RIGHT),
	[GK_JOY_UP] = BTN_BIT(BTN_UP), [GK_JOY_DOWN] = BTN_BIT(BTN_DOWN),
};

/* The status bar's hints, in order. */
static const uint8_t help_order[] = { CTL_JUMP, CTL_FIRE, CTL_KICK, CTL_BOMB, CTL_PAUSE };

void controls_defaults(Controls *c)
{
	for (int a = 0; a < CTL_COUNT; a++) {
		for (int i = 0; i < CONTROL_KEYS; i++)
			c->keys[a][i] = control_defs[a].keys[i];
		c->pad[a] = control_defs[a].pad;
	}
}

bool controls_are_default(const Controls *c)
{
	for (int a = 0; a < CTL_COUNT; a++) {
		for (int i = 0; i < CONTROL_KEYS; i++)
			if (c->keys[a][i] != control_defs[a].keys[i])
				return false;
		if (c->pad[a] != control_defs[a].pad)
			return false;
	}
	return true;
}

bool controls_reserved(uint8_t key)
{
	return key == GK_NONE || key >= GK_COUNT || fixed_buttons[key] != 0;
}

int controls_owner(const Controls *c, uint8_t key)
{
	if (key == GK_NONE)
		return -1;
	for (int a = 0; a < CTL_COUNT; a++) {
		if (key_is_pad(key) && c->pad[a] == key)
			return a;
		for (int i = 0; i < CONTROL_KEYS; i++)
			if (c->keys[a][i] == key)
				return a;
	}
	return -1;
}

/* May `key` become one of a's keys? BIND_OK, BIND_SAME (a has it), or why not. */
static BindResult check(const Controls *c, Control a, uint8_t key, int *owner)
{
	int o;

	if (owner)
		*owner = -1;
	if (controls_reserved(key))
		return BIND_RESERVED;
	o = controls_owner(c, key);
	if (owner)
		*owner = o;
	if (o == (int)a)
		return BIND_SAME;
	return o < 0 ? BIND_OK : BIND_TAKEN;
}

BindResult controls_set(Controls *c, Control a, uint8_t key, int *owner)
{
	BindResult r = check(c, a, key, owner);

	if (r != BIND_OK && r != BIND_SAME)
		return r;
	if (key_is_pad(key)) {
		c->pad[a] = key;
		return BIND_OK;
	}
	c->keys[a][0] = key;
	for (int i = 1; i < CONTROL_KEYS; i++)
		c->keys[a][i] = GK_NONE;
	return BIND_OK;
}

BindResult controls_add(Controls *c, Control a, uint8_t key, int *owner)
{
	BindResult r = check(c, a, key, owner);

	if (r != BIND_OK)
		return r;
	if (key_is_pad(key)) {
		c->pad[a] = key;
		return BIND_OK;
	}
	for (int i = 0; i < CONTROL_KEYS; i++) {
		if (c->keys[a][i] == GK_NONE) {
			c->keys[a][i] = key;
			return BIND_OK;
		}
	}
	return BIND_FULL;
}

uint16_t controls_buttons(const Controls *c, uint8_t key)
{
	int a;

	if (key == GK_NONE || key >= GK_COUNT)
		return 0;
	a = controls_owner(c, key);
	return (uint16_t)(fixed_buttons[key] | (a >= 0 ? BTN_BIT(control_defs[a].button) : 0));
}

uint16_t controls_menu_buttons(const Controls *c, uint8_t key)
{
	if (key < GK_COUNT && menu_arrows[key])
		return menu_arrows[key];
	return controls_buttons(c, key);
}

void controls_keys_text(const Controls *c, Control a, const char *sep, char *buf, size_t size)
{
	TextBuf t;

	tb_init(&t, buf, size);
	for (int i = 0; i < CONTROL_KEYS && c->keys[a][i] != GK_NONE; i++) {
		if (i)
			tb_str(&t, sep);
		tb_str(&t, key_name(c->keys[a][i]));
	}
}

static int length(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

/* An action's keys joined by sep, or (sep NULL) its first key only. */
static void keys_of(const Controls *c, int a, const char *sep, char *buf, size_t size)
{
	TextBuf t;

	if (sep) {
		controls_keys_text(c, (Control)a, sep, buf, size);
		return;
	}
	tb_init(&t, buf, size);
	tb_str(&t, key_name(c->keys[a][0]));
}

void controls_keys_fit(const Controls *c, int a, int b, int width, char *buf, size_t size)
{
	static const char *const seps[] = { " or ", "/", NULL };

	for (unsigned i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		keys_of(c, a, seps[i], buf, size);
		if (b >= 0) {
			char two[CONTROLS_HELP_SIZE];
			size_t n = (size_t)length(buf);
			TextBuf t;

			keys_of(c, b, seps[i], two, sizeof two);
			tb_init(&t, buf + n, size - n);
			tb_str(&t, ", ");
			tb_str(&t, two);
		}
		if (length(buf) <= width)
			return;
	}
}

/* "Ctrl/Alt jump", or naming the first key only: "Ctrl jump". */
static void hint(const Controls *c, Control a, bool first_only, char *buf, size_t size)
{
	char keys[CONTROLS_HELP_SIZE];
	TextBuf t;

	if (first_only) {
		tb_init(&t, keys, sizeof keys);
		tb_str(&t, key_name(c->keys[a][0]));
	} else {
		controls_keys_text(c, a, "/", keys, sizeof keys);
	}
	tb_init(&t, buf, size);
	tb_str(&t, keys);
	tb_char(&t, ' ');
	tb_str(&t, control_defs[a].id);
}

/* Append a's hint to the line (", " after what is there) if it fits in width; false if not. */
static bool append_hint(const Controls *c, Control a, char *line, int width)
{
	char text[CONTROLS_HELP_SIZE];
	int used = length(line), n;
	TextBuf t;

	if (width > CONTROLS_HELP_SIZE - 1)
		width = CONTROLS_HELP_SIZE - 1;
	hint(c, a, false, text, sizeof text);
	if (length(text) > width)
		hint(c, a, true, text, sizeof text);
	n = length(text);
	if (n + (used ? used + 2 : 0) > width)
		return false;
	tb_init(&t, line + used, CONTROLS_HELP_SIZE - (size_t)used);
	if (used)
		tb_str(&t, ", ");
	tb_str(&t, text);
	return true;
}

void controls_help(const Controls *c, const int widths[CONTROLS_HELP_LINES],
    char lines[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE])
{
	int line = 0;

	for (int i = 0; i < CONTROLS_HELP_LINES; i++)
		lines[i][0] = '\0';
	for (unsigned h = 0; h < sizeof help_order; h++)
		for (; line < CONTROLS_HELP_LINES; line++)
			if (append_hint(c, help_order[h], lines[line], widths[line]))
				break;
}

/* -- keys= ----------------------------------------------------------------- */

/* "'<s[0..len)>'" into t, cut at 20 characters. */
static void quoted(TextBuf *t, const char *s, size_t len)
{
	tb_char(t, '\'');
	for (size_t i = 0; i < len && i < 20; i++)
		tb_char(t, s[i]);
	if (len > 20)
		tb_str(t, "...");
	tb_char(t, '\'');
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* The action whose id is s[0..len), in any case; -1 if none. */
static int find_action(const char *s, size_t len)
{
	for (int a = 0; a < CTL_COUNT; a++) {
		const char *id = control_defs[a].id;
		size_t i = 0;

		while (i < len && id[i] && lower(s[i]) == id[i])
			i++;
		if (i == len && id[i] == '\0')
			return a;
	}
	return -1;
}

/* One "action:key" entry into c; false with the reason in t. */
static bool parse_entry(Controls *c, bool named[CTL_COUNT], const char *s, size_t len, TextBuf *t)
{
	size_t colon = 0;
	int a;
	uint8_t key;

	while (colon < len && s[colon] != ':')
		colon++;
	if (len == 0) {
		tb_str(t, "an empty entry (two commas, or one at an end)");
		return false;
	}
	if (colon == len) {
		quoted(t, s, len);
		tb_str(t, " is not action:key, e.g. jump:a");
		return false;
	}
	if ((a = find_action(s, colon)) < 0) {
		quoted(t, s, colon);
		tb_str(t, " is not an action: left right up down jump fire bomb kick pause");
		return false;
	}
	key = key_find(s + colon + 1, len - colon - 1);
	if (key == GK_NONE) {
		quoted(t, s + colon + 1, len - colon - 1);
		tb_str(t, " is not a key: a-z 0-9 f1-f12 ctrl alt space tab left up...");
		return false;
	}
	if (controls_reserved(key)) {
		tb_str(t, key_name(key));
		tb_str(t, key_is_pad(key) ? " cannot be bound: the pad's directions and Joy 9 (Back) are fixed" :
		    " cannot be bound: Esc always pauses, Enter chooses");
		return false;
	}
	if (key_is_pad(key)) {
		c->pad[a] = key;                /* the action's one pad button; its keys stay */
		return true;
	}
	if (!named[a]) {
		named[a] = true;
		for (int i = 0; i < CONTROL_KEYS; i++)
			c->keys[a][i] = GK_NONE;
	}
	for (int i = 0; i < CONTROL_KEYS; i++) {
		if (c->keys[a][i] == key)
			return true;            /* named twice: once is enough */
		if (c->keys[a][i] == GK_NONE) {
			c->keys[a][i] = key;
			return true;
		}
	}
	tb_str(t, control_defs[a].id);
	tb_str(t, " has more than 2 keys");
	return false;
}

bool controls_parse(Controls *out, const char *spec, char *err, size_t size)
{
	Controls c = *out;
	bool named[CTL_COUNT] = { false };
	TextBuf t;

	tb_init(&t, err, size);
	if (!*spec) {
		tb_str(&t, "nothing given; want e.g. keys=jump:a,fire:s");
		return false;
	}
	for (const char *p = spec;; p++) {
		const char *entry = p;

		while (*p && *p != ',')
			p++;
		if (!parse_entry(&c, named, entry, (size_t)(p - entry), &t))
			return false;
		if (!*p)
			break;
	}
	/* One key, one action: a key kept from the defaults may clash with a new one. */
	for (int a = 0; a < CTL_COUNT; a++) {
		for (int i = 0; i <= CONTROL_KEYS; i++) {
			uint8_t key = i < CONTROL_KEYS ? c.keys[a][i] : c.pad[a];
			int o = controls_owner(&c, key);

			if (key != GK_NONE && o != a) {
				tb_str(&t, key_name(key));
				tb_str(&t, " would be both ");
				tb_str(&t, control_defs[o].id);
				tb_str(&t, " and ");
				tb_str(&t, control_defs[a].id);
				tb_str(&t, " (give ");
				tb_str(&t, control_defs[named[o] ? a : o].id);
				tb_str(&t, " another key)");
				return false;
			}
		}
	}
	*out = c;
	if (size)
		err[0] = '\0';
	return true;
}
