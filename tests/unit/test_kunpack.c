/* test_kunpack.c: the BIOS stub's unpacker (boot/kunpack.c) on streams from tools/kpack.py, and on damaged ones it must refuse. */
#include "testmain.h"

#include "kunpack.h"

/*
 * Vectors made at build time (Makefile: tools/kpack.py --raw) in KUNPACK_VEC:
 * NAME.bin and NAME.lz; "kernel" is the stripped kernel ELF, so the real
 * kernel's bytes go through the C unpacker here.
 */
static const char *const VECTORS[] = { "kernel", "level", "png", "text", "empty", "zeros" };

/* Shared with tools/test_kpack.py (SHARED_DATA, SHARED_PACKED): what the packer gives for it. */
static const char SHARED_DATA[] = "Shardfall shards fall, shards fall!";
static const uint8_t SHARED_PACKED[] = {
	0xB0, 'S', 'h', 'a', 'r', 'd', 'f', 'a', 'l', 'l', ' ', 's', 0x0A, 0x00, 0x20, 's', ' ',
	0x0C, 0x00, 0x18, ',', 0x0D, 0x00, 0x10, '!',
};

static uint8_t *read_file(const char *name, const char *ext, size_t *len)
{
	char path[256];
	FILE *f;
	uint8_t *buf;
	long n;

	snprintf(path, sizeof path, "%s/%s.%s", KUNPACK_VEC, name, ext);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (make builds it)", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n ? (size_t)n : 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Unpack into a buffer of exactly len bytes (ASan sees a write past it); returns the count, *bad as kunpack's. */
static size_t unpack_exact(const uint8_t *src, size_t src_len, size_t len, int *bad, uint8_t **out)
{
	uint8_t *dst = malloc(len ? len : 1);
	size_t got;

	assert_non_null(dst);
	got = kunpack(dst, len, src, src_len, bad);
	assert_true(got <= len);
	if (out)
		*out = dst;
	else
		free(dst);
	return got;
}

static void every_vector_round_trips(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(VECTORS); i++) {
		size_t len, packed_len, got;
		uint8_t *want = read_file(VECTORS[i], "bin", &len), *packed = read_file(VECTORS[i], "lz", &packed_len);
		uint8_t *out;
		int bad;

		got = unpack_exact(packed, packed_len, len, &bad, &out);
		assert_row(!bad && got == len, "%s: unpacked %zu of %zu bytes, bad %d", VECTORS[i], got, len, bad);
		assert_row(memcmp(out, want, len) == 0, "%s: the bytes differ", VECTORS[i]);
		free(out);
		free(want);
		free(packed);
	}
}

static void shared_vector_unpacks(void **state)
{
	uint8_t *out;
	int bad;
	size_t got = unpack_exact(SHARED_PACKED, sizeof SHARED_PACKED, sizeof SHARED_DATA - 1, &bad, &out);

	(void)state;
	assert_false(bad);
	assert_int_equal(got, sizeof SHARED_DATA - 1);
	assert_memory_equal(out, SHARED_DATA, sizeof SHARED_DATA - 1);
	free(out);
}

/* The real kernel's stream cut short anywhere: refused, never a byte read past the cut (ASan). */
static void truncated_kernel_is_refused(void **state)
{
	size_t len, packed_len;
	uint8_t *want = read_file("kernel", "bin", &len), *packed = read_file("kernel", "lz", &packed_len);
	static const size_t CUTS[] = { 0, 1, 2, 3, 17, 1000, 0 };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(CUTS); i++) {
		size_t keep = i + 1 == ARRAY_LEN(CUTS) ? packed_len - 1 : i >= 5 ? packed_len / 2 : CUTS[i];
		uint8_t *cut = malloc(keep ? keep : 1);
		int bad;
		size_t got;

		memcpy(cut, packed, keep);
		got = unpack_exact(cut, keep, len, &bad, NULL);
		assert_row(bad && got < len, "cut at %zu: unpacked %zu of %zu, bad %d", keep, got, len, bad);
		free(cut);
	}
	free(want);
	free(packed);
}

typedef struct Bad {
	const char *what;
	uint8_t src[20];
	size_t src_len, len;
	size_t got;                     /* bytes written before the refusal */
} Bad;

static const Bad BAD[] = {
	{ "offset 0", { 0x10, 'a', 0x00, 0x00 }, 4, 10, 1 },
	{ "offset before the start", { 0x10, 'a', 0x02, 0x00 }, 4, 10, 1 },
	{ "match past the end", { 0x1F, 'a', 0x01, 0x00, 0x0A }, 5, 10, 1 },
	{ "literal run past the end of the output", { 0x50, 'a', 'b', 'c', 'd', 'e' }, 6, 3, 0 },
	{ "literal run past the end of the stream", { 0x50, 'a', 'b' }, 3, 5, 0 },
	{ "trailing garbage", { 0x30, 'a', 'b', 'c', 0x00 }, 5, 3, 3 },
	{ "a match after the last byte", { 0x11, 'a' }, 2, 1, 1 },
	{ "stream ends inside a length", { 0xF0, 0xFF }, 2, 300, 0 },
	{ "stream ends inside an offset", { 0x10, 'a', 0x01 }, 3, 10, 1 },
	{ "empty stream, bytes wanted", { 0 }, 0, 5, 0 },
	{ "fast path: offset before the start", { 0x20, 'a', 'b', 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 },
	    20, 64, 2 },
};

static void damaged_streams_are_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(BAD); i++) {
		const Bad *b = &BAD[i];
		uint8_t *src = malloc(b->src_len ? b->src_len : 1);
		int bad;
		size_t got;

		memcpy(src, b->src, b->src_len);       /* exactly src_len bytes: ASan sees a read past them */
		got = unpack_exact(src, b->src_len, b->len, &bad, NULL);
		assert_row(bad, "%s: accepted", b->what);
		assert_row(got == b->got, "%s: %zu bytes written before the refusal, not %zu", b->what, got, b->got);
		free(src);
	}
}

/* An overlapping match is a run; the longest lengths go through the 255-extension bytes. */
static void overlap_and_long_lengths(void **state)
{
	static const uint8_t src[] = { 0xFF, 0x02, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n',
		'o', 'p', 'q', 0x01, 0x00, 0xFF, 0x05 };
	size_t len = 17 + 4 + 15 + 255 + 5;
	uint8_t *out;
	int bad;
	size_t got = unpack_exact(src, sizeof src, len, &bad, &out);

	(void)state;
	assert_false(bad);
	assert_int_equal(got, len);
	assert_memory_equal(out, "abcdefghijklmnopq", 17);
	for (size_t i = 17; i < len; i++)
		assert_int_equal(out[i], 'q');
	free(out);
}

/* CRC-32 a bit at a time, straight from the definition: the reference for kpack_crc32's tables. */
static uint32_t crc_bitwise(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;

	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? c >> 1 ^ 0xEDB88320u : c >> 1;
	}
	return ~c;
}

/* The stub's checksum: zlib's check value, every alignment and length against the bitwise one, a real stream. */
static void checksum_matches_zlib(void **state)
{
	static const uint8_t check[] = "123456789";
	uint8_t buf[64];
	uint8_t *lz;
	size_t len;
	uint32_t whole;

	(void)state;
	assert_int_equal(kpack_crc32(check, 9), 0xCBF43926u);  /* CRC-32's published check value */
	assert_int_equal(kpack_crc32(check, 0), 0);
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)(i * 37 + 11);
	for (size_t at = 0; at < 4; at++)
		for (size_t n = 0; at + n <= sizeof buf; n++)
			assert_int_equal(kpack_crc32(buf + at, n), crc_bitwise(buf + at, n));
	lz = read_file("kernel", "lz", &len);
	whole = kpack_crc32(lz, len);
	assert_int_equal(whole, crc_bitwise(lz, len));
	lz[len / 2] ^= 0x10;            /* one bit of the real stream: another checksum */
	assert_int_not_equal(kpack_crc32(lz, len), whole);
	assert_int_equal(kpack_crc32(lz, len), crc_bitwise(lz, len));
	free(lz);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(every_vector_round_trips),
	cmocka_unit_test(shared_vector_unpacks),
	cmocka_unit_test(truncated_kernel_is_refused),
	cmocka_unit_test(damaged_streams_are_refused),
	cmocka_unit_test(overlap_and_long_lengths),
	cmocka_unit_test(checksum_matches_zlib),
};

int main(int argc, char **argv)
{
	if (testmain_filter("kunpack", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("kunpack", tests, NULL, NULL);
}
