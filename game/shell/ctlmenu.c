/* ctlmenu.c: the Controls screen's logic — cursor, key capture with refusals, defaults — and its text. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "controls.h"
#include "ctlmenu.h"
#include "keys.h"
#include "textbuf.h"

static const char *const extra_rows[] = {
	[CTLROW_DEFAULTS - CTL_COUNT] = "Restore defaults",
	[CTLROW_BACK - CTL_COUNT] = "Back",
};

static const char *const extra_ids[] = {
	[CTLROW_DEFAULTS - CTL_COUNT] = "defaults",
	[CTLROW_BACK - CTL_COUNT] = "back",
};

void ctlmenu_init(CtlMenu *m)
{
	*m = (CtlMenu){ .row = 0, .stage = CTLS_BROWSE, .note = CTLN_NONE, .note_key = GK_NONE, .note_owner = -1 };
}

const char *ctlmenu_row_label(int row)
{
	if (row >= 0 && row < CTL_COUNT)
		return control_defs[row].name;
	if (row >= CTL_COUNT && row < CTLROW_COUNT)
		return extra_rows[row - CTL_COUNT];
	return "";
}

static CtlOutcome note(CtlMenu *m, CtlNote n, uint8_t key, int owner, CtlOutcome o)
{
	m->note = (uint8_t)n;
	m->note_key = key;
	m->note_owner = (int8_t)owner;
	return o;
}

/* A bind attempt's refusal as a note; CTLO_NONE if it was no refusal. */
static CtlOutcome refusal(CtlMenu *m, BindResult r, uint8_t key, int owner)
{
	if (r == BIND_TAKEN)
		return note(m, CTLN_TAKEN, key, owner, CTLO_REFUSED);
	if (r == BIND_RESERVED)
		return note(m, CTLN_RESERVED, key, -1, CTLO_REFUSED);
	return CTLO_NONE;
}

static CtlOutcome browse(CtlMenu *m, Controls *c, const CtlMenuInput *in)
{
	int d = (int)in->down - (int)in->up;

	if (in->back)
		return CTLO_LEAVE;
	if (in->choose) {
		if (m->row < CTL_COUNT) {
			m->stage = CTLS_FIRST;
			return note(m, CTLN_NONE, GK_NONE, -1, CTLO_WAITING);
		}
		if (m->row == CTLROW_DEFAULTS) {
			controls_defaults(c);
			return note(m, CTLN_DEFAULTS, GK_NONE, -1, CTLO_DEFAULTS);
		}
		return CTLO_LEAVE;
	}
	if (!d)
		return CTLO_NONE;
	m->row = (uint8_t)((m->row + CTLROW_COUNT + d) % CTLROW_COUNT);
	return note(m, CTLN_NONE, GK_NONE, -1, CTLO_MOVED);
}

static CtlOutcome first_key(CtlMenu *m, Controls *c, const CtlMenuInput *in)
{
	int owner;
	BindResult r;

	if (in->back) {
		m->stage = CTLS_BROWSE;
		return note(m, CTLN_CANCELLED, GK_NONE, -1, CTLO_CANCELLED);
	}
	if (in->key == GK_NONE)
		return in->any ? note(m, CTLN_UNNAMED, GK_NONE, -1, CTLO_REFUSED) : CTLO_NONE;
	r = controls_set(c, (Control)m->row, in->key, &owner);
	if (r != BIND_OK)
		return refusal(m, r, in->key, owner);
	if (key_is_pad(in->key)) {
		m->stage = CTLS_BROWSE;
		return note(m, CTLN_DONE, in->key, -1, CTLO_PAD);
	}
	m->stage = CTLS_SECOND;
	return note(m, CTLN_DONE, in->key, -1, CTLO_FIRST_KEY);
}

static CtlOutcome second_key(CtlMenu *m, Controls *c, const CtlMenuInput *in)
{
	int owner;
	BindResult r = BIND_SAME;

	if (in->key == GK_NONE && !in->back)
		return in->any ? note(m, CTLN_UNNAMED, GK_NONE, -1, CTLO_REFUSED) : CTLO_NONE;
	if (!in->back && in->key != GK_ENTER) {
		r = controls_add(c, (Control)m->row, in->key, &owner);
		if (r != BIND_OK && r != BIND_SAME)
			return refusal(m, r, in->key, owner);
	}
	m->stage = CTLS_BROWSE;
	if (!in->back && key_is_pad(in->key))
		return note(m, CTLN_DONE, in->key, -1, CTLO_PAD);
	return note(m, CTLN_DONE, GK_NONE, -1, CTLO_DONE);
}

CtlOutcome ctlmenu_tick(CtlMenu *m, Controls *c, const CtlMenuInput *in)
{
	switch ((CtlStage)m->stage) {
	case CTLS_FIRST:
		return first_key(m, c, in);
	case CTLS_SECOND:
		return second_key(m, c, in);
	case CTLS_BROWSE:
		break;
	}
	return browse(m, c, in);
}

void ctlmenu_row_keys(const Controls *c, int row, char *keys, size_t keys_size, char *pad, size_t pad_size)
{
	TextBuf t;

	tb_init(&t, keys, keys_size);
	if (row >= 0 && row < CTL_COUNT)
		controls_keys_text(c, (Control)row, ", ", keys, keys_size);
	tb_init(&t, pad, pad_size);
	if (row >= 0 && row < CTL_COUNT && c->pad[row] != GK_NONE)
		tb_str(&t, key_name(c->pad[row]));
}

/* "Jump: Ctrl, Alt, Joy 1": the action's keys and its pad button. */
static void row_text(TextBuf *n, const Controls *c, int row)
{
	char keys[24], pad[8];

	ctlmenu_row_keys(c, row, keys, sizeof keys, pad, sizeof pad);
	tb_str(n, control_defs[row].name);
	tb_str(n, ": ");
	tb_str(n, keys);
	if (pad[0]) {
		tb_str(n, ", ");
		tb_str(n, pad);
	}
}

/* The refusal of a fixed key. */
static const char *fixed_text(uint8_t key)
{
	if (key == GK_ESC)
		return "Esc always pauses: try another";
	if (key == CONTROLS_PAD_BACK)
		return "Joy 9 is always Esc: try another";
	if (key_is_pad(key))
		return "The stick always moves: try another";
	return "Enter always chooses: try another";
}

/* "JUMP", the action's id in capitals, for the prompts. */
static void shout(TextBuf *t, const char *id)
{
	for (; *id; id++)
		tb_char(t, *id >= 'a' && *id <= 'z' ? (char)(*id - 'a' + 'A') : *id);
}

void ctlmenu_text(const CtlMenu *m, const Controls *c, char *prompt, char *line, size_t size)
{
	const char *id = m->row < CTL_COUNT ? control_defs[m->row].id : "";
	TextBuf p, n;

	tb_init(&p, prompt, size);
	tb_init(&n, line, size);
	if (m->stage == CTLS_FIRST) {
		tb_str(&p, "Press a key or button for ");
		shout(&p, id);
		tb_str(&p, "...");
	} else if (m->stage == CTLS_SECOND) {
		tb_str(&p, "A second key for ");
		shout(&p, id);
		tb_str(&p, "? Enter: no");
	}
	switch ((CtlNote)m->note) {
	case CTLN_DONE:
		row_text(&n, c, m->row);
		break;
	case CTLN_TAKEN:
		tb_str(&n, key_name(m->note_key));
		tb_str(&n, " is ");
		tb_str(&n, m->note_owner >= 0 ? control_defs[m->note_owner].name : "?");
		tb_str(&n, "'s key: try another");
		break;
	case CTLN_RESERVED:
		tb_str(&n, fixed_text(m->note_key));
		break;
	case CTLN_UNNAMED:
		tb_str(&n, "That key cannot be used");
		break;
	case CTLN_CANCELLED:
		tb_str(&n, "Cancelled: no change");
		break;
	case CTLN_DEFAULTS:
		tb_str(&n, "The default keys are back");
		break;
	case CTLN_NONE:
		break;
	}
}

void ctlmenu_log(const CtlMenu *m, const Controls *c, CtlOutcome o, char *buf, size_t size)
{
	const char *id = m->row < CTL_COUNT ? control_defs[m->row].id : extra_ids[m->row - CTL_COUNT];
	char keys[24];
	TextBuf t;

	tb_init(&t, buf, size);
	tb_str(&t, "controls: ");
	switch (o) {
	case CTLO_MOVED:
		tb_str(&t, "cursor=");
		tb_udec(&t, m->row);
		tb_char(&t, ' ');
		tb_str(&t, id);
		break;
	case CTLO_WAITING:
		tb_str(&t, "press a key for ");
		tb_str(&t, id);
		break;
	case CTLO_FIRST_KEY:
		tb_str(&t, id);
		tb_str(&t, " key 1 = ");
		tb_str(&t, key_name(m->note_key));
		break;
	case CTLO_DONE:
		controls_keys_text(c, (Control)m->row, ", ", keys, sizeof keys);
		tb_str(&t, id);
		tb_str(&t, " = ");
		tb_str(&t, keys);
		break;
	case CTLO_REFUSED:
		tb_str(&t, "refused ");
		tb_str(&t, m->note == CTLN_UNNAMED ? "a key without a name" : key_name(m->note_key));
		tb_str(&t, " for ");
		tb_str(&t, id);
		if (m->note == CTLN_TAKEN && m->note_owner >= 0) {
			tb_str(&t, ": it is ");
			tb_str(&t, control_defs[m->note_owner].id);
			tb_str(&t, "'s");
		} else if (m->note == CTLN_RESERVED) {
			tb_str(&t, ": fixed");
		}
		break;
	case CTLO_CANCELLED:
		tb_str(&t, "cancelled");
		break;
	case CTLO_DEFAULTS:
		tb_str(&t, "defaults");
		break;
	case CTLO_LEAVE:
		tb_str(&t, "back");
		break;
	case CTLO_PAD:
		tb_str(&t, id);
		tb_str(&t, " pad = ");
		tb_str(&t, key_name(c->pad[m->row]));
		break;
	case CTLO_NONE:
		tb_str(&t, "-");
		break;
	}
}
