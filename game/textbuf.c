/* textbuf.c: the one text builder behind trace lines and level error messages. */
#include <stddef.h>
#include <stdint.h>

#include "textbuf.h"

void tb_init(TextBuf *t, char *buf, size_t size)
{
	t->buf = buf;
	t->size = buf ? size : 0;
	t->len = 0;
	if (t->size)
		buf[0] = '\0';
}

void tb_char(TextBuf *t, char c)
{
	if (t->len + 1 < t->size) {
		t->buf[t->len++] = c;
		t->buf[t->len] = '\0';
	}
}

void tb_str(TextBuf *t, const char *s)
{
	while (*s)
		tb_char(t, *s++);
}

void tb_udec(TextBuf *t, uint64_t v)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		tb_char(t, tmp[--n]);
}

void tb_dec(TextBuf *t, int32_t v)
{
	if (v < 0) {
		tb_char(t, '-');
		tb_udec(t, 0u - (uint32_t)v);
	} else {
		tb_udec(t, (uint32_t)v);
	}
}

void tb_hex(TextBuf *t, uint32_t v, int digits)
{
	tb_str(t, "0x");
	while (digits--)
		tb_char(t, "0123456789ABCDEF"[(v >> (4 * digits)) & 0xF]);
}

bool text_equal(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}
