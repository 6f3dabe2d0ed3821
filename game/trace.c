/* trace.c: a bounded line builder for trace output; overlong lines are cut, never overrun. */
#include <stdint.h>

#include "trace.h"

void trace_str(TraceLine *l, const char *s)
{
	while (*s && l->n < TRACE_LINE - 1)
		l->buf[l->n++] = *s++;
	l->buf[l->n] = '\0';
}

static void put_dec(TraceLine *l, int32_t v)
{
	char tmp[12];
	int n = 0;
	uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;

	if (v < 0)
		trace_str(l, "-");
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n) {
		char c[2] = { tmp[--n], 0 };

		trace_str(l, c);
	}
}

void trace_begin(TraceLine *l, uint32_t tick, const char *kind, int slot)
{
	l->n = 0;
	l->buf[0] = '\0';
	trace_str(l, "T=");
	put_dec(l, (int32_t)tick);
	trace_str(l, " ");
	trace_str(l, kind);
	trace_str(l, " ");
	put_dec(l, slot);
}

void trace_int(TraceLine *l, const char *key, int32_t v)
{
	trace_str(l, " ");
	trace_str(l, key);
	trace_str(l, "=");
	put_dec(l, v);
}
