/* trace.h: machine-readable per-tick state lines, built without printf (game/ is freestanding). */
#ifndef GAME_TRACE_H
#define GAME_TRACE_H

#include <stdint.h>

#include "textbuf.h"

/* Receives one complete line (no newline) per call. */
typedef void (*TraceEmit)(void *ctx, const char *line);

#define TRACE_LINE 128

typedef struct TraceLine {
	char buf[TRACE_LINE];
	TextBuf t;                      /* writes into buf; don't copy a TraceLine once begun */
} TraceLine;

void trace_begin(TraceLine *l, uint32_t tick, const char *kind, int slot);  /* "T=<tick> <kind> <slot>" */
void trace_str(TraceLine *l, const char *s);
void trace_int(TraceLine *l, const char *key, int32_t v);                 /* " key=v" */

#endif
