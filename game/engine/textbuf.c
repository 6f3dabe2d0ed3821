/* textbuf.c: the one text builder behind trace lines and file error messages; the header, CRC and name checks both file loaders share. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"
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

bool tb_has_header(TextBuf *t, const uint8_t *data, size_t len, size_t header)
{
	if (!data) {
		tb_str(t, "no data (NULL)");
		return false;
	}
	if (len < header) {
		tb_str(t, "file is ");
		tb_udec(t, len);
		tb_str(t, " bytes, shorter than the ");
		tb_udec(t, header);
		tb_str(t, "-byte header");
		return false;
	}
	return true;
}

bool tb_crc_matches(TextBuf *t, const uint8_t *data, size_t crc_at)
{
	const uint8_t *p = data + crc_at;
	uint32_t file_crc = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	uint32_t crc = crc32_update(0, data, crc_at);

	if (crc == file_crc)
		return true;
	tb_str(t, "CRC mismatch (file ");
	tb_hex(t, file_crc, 8);
	tb_str(t, ", computed ");
	tb_hex(t, crc, 8);
	tb_char(t, ')');
	return false;
}

bool text_equal(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

void tb_byte(TextBuf *t, uint8_t b)
{
	tb_hex(t, b, 2);
	if (b >= 0x20 && b <= 0x7E && b != '\'') {
		tb_str(t, " '");
		tb_char(t, (char)b);
		tb_char(t, '\'');
	}
}

/* The start of a message about one byte of a name field: "<what><kind>N is ". */
static void byte_at(TextBuf *t, const char *what, const char *kind, size_t i)
{
	tb_str(t, what);
	tb_str(t, kind);
	tb_udec(t, i);
	tb_str(t, " is ");
}

bool tb_name_field(TextBuf *t, const NameField *f, const uint8_t *p, char *out)
{
	size_t n = 0;

	while (n < f->size && p[n] != 0) {
		if (!f->allowed(p[n])) {
			byte_at(t, f->what, " byte ", n);
			tb_byte(t, p[n]);
			tb_str(t, ", ");
			tb_str(t, f->bad_byte);
			return false;
		}
		n++;
	}
	if (n == f->size) {
		tb_str(t, f->what);
		tb_str(t, " is not NUL-terminated within ");
		tb_udec(t, f->size);
		tb_str(t, " bytes");
		return false;
	}
	if (n == 0) {
		tb_str(t, f->what);
		tb_str(t, " is empty");
		return false;
	}
	for (size_t i = n; i < f->size; i++) {
		if (p[i] != 0) {
			byte_at(t, f->what, " padding byte ", i);
			tb_hex(t, p[i], 2);
			tb_str(t, ", not NUL");
			return false;
		}
	}
	for (size_t i = 0; i < f->size; i++)
		out[i] = (char)p[i];
	return true;
}
