/* textbuf.h: a bounded text builder for game/ (no snprintf here): appends, truncates, stays NUL-terminated. */
#ifndef GAME_TEXTBUF_H
#define GAME_TEXTBUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct TextBuf {
	char *buf;
	size_t size, len;               /* size 0: nothing is written, not even the NUL */
} TextBuf;

void tb_init(TextBuf *t, char *buf, size_t size);
void tb_char(TextBuf *t, char c);
void tb_str(TextBuf *t, const char *s);
void tb_udec(TextBuf *t, uint64_t v);
void tb_dec(TextBuf *t, int32_t v);
void tb_hex(TextBuf *t, uint32_t v, int digits);        /* "0x" and exactly `digits` upper-case digits */

#endif
