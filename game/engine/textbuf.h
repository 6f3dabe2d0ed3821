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
void tb_byte(TextBuf *t, uint8_t b);                    /* "0x54 'T'"; the quoted character only if printable */

/* A fixed-size, NUL-padded name field of a file header (level name, demo's level). */
typedef struct NameField {
	const char *what;               /* the field in messages: "name", "level name" */
	size_t size;                    /* bytes in the file, the NUL and its padding included */
	bool (*allowed)(uint8_t c);     /* may the name hold this byte? */
	const char *bad_byte;           /* said of a byte it may not: "not printable ASCII" */
} NameField;

/*
 * Checks a name field at p: 1 .. size-1 allowed bytes, then NULs to the
 * end. When good, copies all size bytes to out and returns true; else
 * appends the problem to t, naming the field and the byte ("name byte 2 is
 * 0x0A, not printable ASCII", "level name is empty", "... is not
 * NUL-terminated within 16 bytes", "... padding byte 9 is 0x78, not NUL").
 */
bool tb_name_field(TextBuf *t, const NameField *f, const uint8_t *p, char *out);

/* A file's data is there and holds its header; else false and the reason in t. */
bool tb_has_header(TextBuf *t, const uint8_t *data, size_t len, size_t header);

/* The file's CRC-32 of bytes 0..crc_at-1 equals the u32 (little-endian) stored at crc_at; else false and why. */
bool tb_crc_matches(TextBuf *t, const uint8_t *data, size_t crc_at);

bool text_equal(const char *a, const char *b);          /* same NUL-terminated text (strcmp == 0) */

#endif
