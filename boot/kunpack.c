/* kunpack.c: the packed kernel's unpacker (tools/kpack.py's format), for the BIOS stub (i486) and the host's unit test. */
#include "kunpack.h"

#define MIN_MATCH       4
#define NIBBLE_MORE     15              /* a nibble of 15: extension bytes follow */
#define EXT_MORE        255             /* an extension byte of 255: another follows */

/*
 * Forward byte copy (a match may overlap its own output; DF is clear, as the ABI says). On the i486
 * build one `rep movsb`: under QEMU's -icount one instruction a byte. The
 * host build (ASan, UBSan) copies in C so every access is checked.
 */
static inline void copy_forward(uint8_t *d, const uint8_t *s, size_t n)
{
#if defined(__i386__) && !defined(KUNPACK_HOST)
	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
#else
	while (n--)
		*d++ = *s++;
#endif
}

/* A nibble's length with its extension bytes; false when the stream ends inside them. */
static int read_length(const uint8_t **in, const uint8_t *end, size_t nibble, size_t *len)
{
	const uint8_t *p = *in;
	size_t n = nibble;

	if (nibble == NIBBLE_MORE) {
		uint8_t b;

		do {
			if (p == end)
				return 0;
			b = *p++;
			n += b;
		} while (b == EXT_MORE);
	}
	*in = p;
	*len = n;
	return 1;
}

size_t kunpack(uint8_t *dst, size_t len, const uint8_t *src, size_t src_len, int *bad)
{
	const uint8_t *in = src, *end = src + src_len;
	size_t out = 0;

	*bad = 1;
	while (out < len) {
		size_t token, lits, mlen, off;

		if (in == end)
			return out;
		token = *in++;
		if (!read_length(&in, end, token >> 4, &lits))
			return out;
		if (lits > (size_t)(end - in) || lits > len - out)
			return out;
		copy_forward(dst + out, in, lits);
		in += lits;
		out += lits;
		if (out == len) {
			if (token & NIBBLE_MORE)
				return out;     /* a match after the last byte */
			break;
		}
		if (end - in < 2)
			return out;
		off = (size_t)in[0] | (size_t)in[1] << 8;
		in += 2;
		if (!read_length(&in, end, token & NIBBLE_MORE, &mlen))
			return out;
		mlen += MIN_MATCH;
		if (off == 0 || off > out || mlen > len - out)
			return out;
		copy_forward(dst + out, dst + out - off, mlen);
		out += mlen;
	}
	if (in != end)
		return out;             /* bytes after the end of the stream */
	*bad = 0;
	return out;
}
