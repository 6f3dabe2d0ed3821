/* script.c: parsing and playing back scripted input for tests and benchmarks. */
#include <stdbool.h>
#include <stdint.h>

#include "input.h"
#include "script.h"

static int button_of(char c)
{
	switch (c) {
	case 'l': return BTN_LEFT;
	case 'r': return BTN_RIGHT;
	case 'u': return BTN_UP;
	case 'd': return BTN_DOWN;
	case 'j': return BTN_JUMP;
	case 'f': return BTN_FIRE;
	case 'b': return BTN_BOMB;
	case 'k': return BTN_KICK;
	default:  return -1;
	}
}

bool script_parse(Script *s, const char *t, int *bad_at)
{
	int i = 0;

	*s = (Script){ .count = 0 };
	while (t[i]) {
		ScriptStep st = { 0, 0 };
		int digits = 0, b, count_at;

		if (s->count >= SCRIPT_MAX_STEPS)
			goto bad;
		if (t[i] == '.') {
			i++;
		} else {
			if (button_of(t[i]) < 0)
				goto bad;
			while ((b = button_of(t[i])) >= 0) {
				st.held |= (uint16_t)BTN_BIT(b);
				i++;
			}
		}
		count_at = i;
		while (t[i] >= '0' && t[i] <= '9') {
			if (++digits > 4)
				goto bad;
			st.frames = (uint16_t)(st.frames * 10 + (t[i++] - '0'));
		}
		if (st.frames == 0) {
			if (digits)
				i = count_at;   /* a zero count: point at its first digit */
			goto bad;
		}
		s->steps[s->count++] = st;
		if (t[i] == ',')
			i++;
		else if (t[i])
			goto bad;
	}
	s->left = s->count ? s->steps[0].frames : 0;
	return true;
bad:
	if (bad_at)
		*bad_at = i;
	s->count = 0;
	return false;
}

void script_next(Script *s, GameInput *out)
{
	uint16_t held = 0;

	while (s->step < s->count && s->left == 0) {
		s->step++;
		s->left = s->step < s->count ? s->steps[s->step].frames : 0;
	}
	if (s->step < s->count) {
		held = s->steps[s->step].held;
		s->left--;
	}
	out->held = held;
	out->pressed = held & (uint16_t)~s->prev_held;
	s->prev_held = held;
}
