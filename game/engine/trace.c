/* trace.c: trace lines on top of the text builder; overlong lines are cut, never overrun. */
#include <stdint.h>

#include "textbuf.h"
#include "trace.h"

void trace_str(TraceLine *l, const char *s)
{
	tb_str(&l->t, s);
}

void trace_begin(TraceLine *l, uint32_t tick, const char *kind, int slot)
{
	tb_init(&l->t, l->buf, sizeof l->buf);
	tb_str(&l->t, "T=");
	tb_udec(&l->t, tick);
	tb_char(&l->t, ' ');
	tb_str(&l->t, kind);
	tb_char(&l->t, ' ');
	tb_dec(&l->t, slot);
}

void trace_int(TraceLine *l, const char *key, int32_t v)
{
	tb_char(&l->t, ' ');
	tb_str(&l->t, key);
	tb_char(&l->t, '=');
	tb_dec(&l->t, v);
}
