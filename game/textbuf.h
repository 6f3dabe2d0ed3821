/* textbuf.h: text for game/ (no libc here): a bounded builder that stays NUL-terminated, and name equality. */
#ifndef GAME_TEXTBUF_H
#define GAME_TEXTBUF_H

#include <stdbool.h>
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

bool text_equal(const char *a, const char *b);          /* same NUL-terminated text (strcmp == 0) */

#endif
