/* kunpack.c: the packed kernel's checksum and unpacker (tools/kpack.py's format), for the BIOS stub (i486) and the host's unit test. */
#include "kunpack.h"

#define MIN_MATCH       4
#define NIBBLE_MORE     15              /* a nibble of 15: extension bytes follow */
#define EXT_MORE        255             /* an extension byte of 255: another follows */

/*
 * Forward byte copy (a match may overlap its own output; DF is clear, as the
 * ABI says): *d and *s end past what was copied. On the i486 build one
 * `rep movsb`, under QEMU's -icount one instruction a byte. The host build
 * (ASan, UBSan) copies in C so every access is checked.
 */
static inline void copy_forward(uint8_t **d, const uint8_t **s, size_t n)
{
#if defined(__i386__) && !defined(KUNPACK_HOST)
	__asm__ volatile("rep movsb" : "+D"(*d), "+S"(*s), "+c"(n) : : "memory");
#else
	while (n--)
		*(*d)++ = *(*s)++;
#endif
}

/* A nibble's length with its extension bytes; 0 when the stream ends inside them (a length is never 0 then). */
static size_t read_length(const uint8_t **in, const uint8_t *end, size_t n)
{
	const uint8_t *p = *in;
	uint8_t b;

	do {
		if (p == end)
			return 0;
		b = *p++;
		n += b;
	} while (b == EXT_MORE);
	*in = p;
	return n;
}

/*
 * One pass over the sequences, the bounds checked on each before its
 * copies. The decoder's cost per sequence counts at boot (docs/boot.md):
 * while FAST_IN bytes of stream and FAST_OUT of room are left (the limits
 * worked out once), a sequence with neither nibble 15 (at most 14 literals,
 * an offset, a match of at most 18) needs only its offset checked.
 */
#define FAST_IN         17              /* token, 14 literals, offset */
#define FAST_OUT        32              /* 14 literals and an 18-byte match */
#define TOKEN_LIT_MORE  0xF0            /* a token at or above: literal count 15, extension bytes */

size_t kunpack(uint8_t *dst, size_t len, const uint8_t *src, size_t src_len, int *bad)
{
	const uint8_t *in = src, *end = src + src_len;
	uint8_t *d = dst, *dend = dst + len;
	const uint8_t *in_fast = src_len > FAST_IN ? end - FAST_IN : src;
	uint8_t *d_fast = len > FAST_OUT ? dend - FAST_OUT : dst;

	*bad = 1;
	while (d != dend) {
		const uint8_t *from;
		size_t token, n, off;

		while (in < in_fast && d < d_fast) {
			token = *in;
			if (token >= TOKEN_LIT_MORE || (token & NIBBLE_MORE) == NIBBLE_MORE)
				break;
			in++;
			copy_forward(&d, &in, token >> 4);
			off = (size_t)in[0] | (size_t)in[1] << 8;
			in += 2;
			if (off - 1 >= (size_t)(d - dst))
				goto out;
			from = d - off;
			copy_forward(&d, &from, (token & NIBBLE_MORE) + MIN_MATCH);
		}
		if (d == dend)
			break;
		if (in == end)
			goto out;
		token = *in++;
		n = token >> 4;
		if (n == NIBBLE_MORE && !(n = read_length(&in, end, n)))
			goto out;
		if (n > (size_t)(end - in) || n > (size_t)(dend - d))
			goto out;
		copy_forward(&d, &in, n);
		if (d == dend) {
			if (token & NIBBLE_MORE)
				goto out;       /* a match after the last byte */
			break;
		}
		if ((size_t)(end - in) < 2)
			goto out;
		off = (size_t)in[0] | (size_t)in[1] << 8;
		in += 2;
		n = token & NIBBLE_MORE;
		if (n == NIBBLE_MORE && !(n = read_length(&in, end, n)))
			goto out;
		n += MIN_MATCH;
		/* off 0 wraps to the largest size_t: refused with those before the start */
		if (off - 1 >= (size_t)(d - dst) || n > (size_t)(dend - d))
			goto out;
		from = d - off;
		copy_forward(&d, &from, n);
	}
	if (in == end)
		*bad = 0;               /* else bytes after the end of the stream */
out:
	return (size_t)(d - dst);
}

static uint32_t crc_table[4][256];      /* [k][b]: b's CRC shifted through k more zero bytes */
static int crc_ready;

static void crc_tables(void)
{
	for (uint32_t b = 0; b < 256; b++) {
		uint32_t c = b;

		for (int bit = 0; bit < 8; bit++)
			c = c & 1 ? c >> 1 ^ 0xEDB88320u : c >> 1;
		crc_table[0][b] = c;
	}
	for (uint32_t b = 0; b < 256; b++)
		for (int k = 1; k < 4; k++)
			crc_table[k][b] = crc_table[k - 1][b] >> 8 ^ crc_table[0][crc_table[k - 1][b] & 0xFF];
	crc_ready = 1;
}

uint32_t kpack_crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;

	if (!crc_ready)
		crc_tables();
	for (; n && ((uintptr_t)p & 3); n--)
		c = c >> 8 ^ crc_table[0][(c ^ *p++) & 0xFF];
	for (; n >= 4; n -= 4, p += 4) {
		c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		c = crc_table[3][c & 0xFF] ^ crc_table[2][c >> 8 & 0xFF] ^ crc_table[1][c >> 16 & 0xFF] ^
		    crc_table[0][c >> 24];
	}
	for (; n; n--)
		c = c >> 8 ^ crc_table[0][(c ^ *p++) & 0xFF];
	return ~c;
}
