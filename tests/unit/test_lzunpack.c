/* test_lzunpack.c: the built-in levels' packing — tokens unpack as lzunpack.h says; bad streams are refused; every level unpacks. */
#include "testmain.h"

#include "crc32.h"
#include "level.h"
#include "lzunpack.h"

static uint8_t out[64];

static bool unpack(const uint8_t *src, size_t n, size_t want)
{
	memset(out, 0xEE, sizeof out);
	return lz_unpack(src, n, out, want);
}

static void literal_run_is_copied(void **state)
{
	static const uint8_t src[] = { 0x02, 'a', 'b', 'c' };

	(void)state;
	assert_true(unpack(src, sizeof src, 3));
	assert_memory_equal(out, "abc", 3);
}

/* A copy of 3 + (t & 0x7F) bytes from `offset` back may overlap itself: a run. */
static void overlapping_copy_makes_a_run(void **state)
{
	static const uint8_t src[] = { 0x01, 'x', 'y', 0x85, 0x02, 0x00, 0x00, 'z' };

	(void)state;
	assert_true(unpack(src, sizeof src, 11));
	assert_memory_equal(out, "xyxyxyxyxyz", 11);
}

static void longest_tokens_are_understood(void **state)
{
	uint8_t src[1 + LZ_LITERAL_MAX + 3];

	(void)state;
	src[0] = LZ_LITERAL_MAX - 1;
	for (int i = 0; i < LZ_LITERAL_MAX; i++)
		src[1 + i] = (uint8_t)i;
	src[1 + LZ_LITERAL_MAX] = 0xFF;         /* copy LZ_COPY_MAX = 130 bytes from 1 back */
	src[2 + LZ_LITERAL_MAX] = 0x01;
	src[3 + LZ_LITERAL_MAX] = 0x00;
	{
		uint8_t big[LZ_LITERAL_MAX + LZ_COPY_MAX];

		assert_true(lz_unpack(src, sizeof src, big, sizeof big));
		assert_int_equal(big[LZ_LITERAL_MAX - 1], LZ_LITERAL_MAX - 1);
		for (size_t i = LZ_LITERAL_MAX; i < sizeof big; i++)
			assert_int_equal(big[i], LZ_LITERAL_MAX - 1);
	}
}

/* Table: streams that must be refused, and nothing written past dstlen. */
static void bad_streams_are_refused(void **state)
{
	static const struct {
		const char *why;
		uint8_t src[8];
		size_t n, want;
	} bad[] = {
		{ "literal run past the end of the input", { 0x03, 'a', 'b' }, 3, 4 },
		{ "literal run past the end of the output", { 0x03, 'a', 'b', 'c', 'd' }, 5, 3 },
		{ "copy from before the start", { 0x00, 'a', 0x80, 0x02, 0x00 }, 5, 4 },
		{ "copy from offset 0", { 0x00, 'a', 0x80, 0x00, 0x00 }, 5, 4 },
		{ "copy without its offset", { 0x00, 'a', 0x80, 0x01 }, 4, 4 },
		{ "copy past the end of the output", { 0x00, 'a', 0x81, 0x01, 0x00 }, 5, 4 },
		{ "fewer bytes than asked for", { 0x01, 'a', 'b' }, 3, 3 },
		{ "more bytes than asked for", { 0x02, 'a', 'b', 'c' }, 4, 2 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		assert_row(!unpack(bad[i].src, bad[i].n, bad[i].want), "%s: accepted", bad[i].why);
		for (size_t k = bad[i].want; k < sizeof out; k++)
			assert_row(out[k] == 0xEE, "%s: wrote byte %zu", bad[i].why, k);
	}
}

/* Every built-in level unpacks (level_find) to a file whose CRC checks and which loads. */
static void every_built_in_level_unpacks_and_checks(void **state)
{
	(void)state;
	assert_true(game_level_count > 0);
	for (int i = 0; i < game_level_count; i++) {
		const LevelBlob *b = level_find(game_levels[i].name);
		LevelHeader h;
		char err[LEVEL_ERR_SIZE];

		assert_non_null(b);
		assert_non_null(b->packed);
		assert_row(b->packed_len < b->len, "%s: %u bytes packed to %u", b->name, (unsigned)b->len,
		    (unsigned)b->packed_len);
		assert_row(level_check(b->data, b->len, &h, err, sizeof err), "%s: %s", b->name, err);
	}
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(literal_run_is_copied),
	cmocka_unit_test(overlapping_copy_makes_a_run),
	cmocka_unit_test(longest_tokens_are_understood),
	cmocka_unit_test(bad_streams_are_refused),
	cmocka_unit_test(every_built_in_level_unpacks_and_checks),
};

int main(int argc, char **argv)
{
	if (testmain_filter("lzunpack", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("lzunpack", tests, NULL, NULL);
}
