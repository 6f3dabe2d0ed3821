/* test_crc32.c: crc32_update gives zlib's CRC-32, in one call or fed in pieces. */
#include "testmain.h"

#include "crc32.h"

/* Expected values from /usr/bin/python3 -c 'import zlib; print(hex(zlib.crc32(...)))'. */
static uint8_t bytes_0_255[256];        /* bytes(range(256)) */
static uint8_t ff_64[64];               /* bytes([0xff] * 64) */
static uint8_t zero_32000[32000];       /* bytes(32000) */
static uint8_t mixed_1000[1000];        /* bytes((i * 37 + 11) & 255 for i in range(1000)) */

static int fill_buffers(void **state)
{
	(void)state;
	for (int i = 0; i < 256; i++)
		bytes_0_255[i] = (uint8_t)i;
	memset(ff_64, 0xFF, sizeof ff_64);
	memset(zero_32000, 0, sizeof zero_32000);
	for (int i = 0; i < 1000; i++)
		mixed_1000[i] = (uint8_t)((i * 37 + 11) & 255);
	return 0;
}

static const struct {
	const char *name;
	const uint8_t *data;
	size_t len;
	uint32_t zlib;
} vectors[] = {
	{ "check string 123456789", (const uint8_t *)"123456789", 9, 0xCBF43926 },
	{ "one zero byte", (const uint8_t *)"", 1, 0xD202EF8D },
	{ "quick brown fox", (const uint8_t *)"The quick brown fox jumps over the lazy dog", 43, 0x414FA339 },
	{ "bytes 0..255", bytes_0_255, sizeof bytes_0_255, 0x29058C73 },
	{ "64 x 0xFF", ff_64, sizeof ff_64, 0x0F6187BA },
	{ "32000 zero bytes (a blank frame)", zero_32000, sizeof zero_32000, 0x5BD12871 },
	{ "1000 mixed bytes", mixed_1000, sizeof mixed_1000, 0xC3905A1D },
};

static void standard_check_value_of_123456789(void **state)
{
	(void)state;
	assert_int_equal(crc32_update(0, "123456789", 9), 0xCBF43926);
}

static void empty_input_is_zero_and_leaves_a_running_crc_unchanged(void **state)
{
	(void)state;
	assert_int_equal(crc32_update(0, "", 0), 0);
	assert_int_equal(crc32_update(0, NULL, 0), 0);
	assert_int_equal(crc32_update(0xCBF43926, "x", 0), 0xCBF43926);
}

static void one_shot_equals_zlib_for_each_vector(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(vectors); i++) {
		uint32_t crc = crc32_update(0, vectors[i].data, vectors[i].len);

		assert_row(crc == vectors[i].zlib, "%s: got 0x%08X, zlib says 0x%08X",
		    vectors[i].name, crc, vectors[i].zlib);
	}
}

/* Every split point (two pieces) and single-byte feeding give the one-shot value. */
static void pieces_fed_in_order_equal_one_shot(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(vectors); i++) {
		const uint8_t *d = vectors[i].data;
		size_t len = vectors[i].len > 300 ? 300 : vectors[i].len;
		uint32_t whole = crc32_update(0, d, len), crc = 0;

		for (size_t cut = 0; cut <= len; cut++) {
			uint32_t two = crc32_update(crc32_update(0, d, cut), d + cut, len - cut);

			assert_row(two == whole, "%s cut at %zu", vectors[i].name, cut);
		}
		for (size_t k = 0; k < len; k++)
			crc = crc32_update(crc, d + k, 1);
		assert_row(crc == whole, "%s byte by byte", vectors[i].name);
	}
}

static void three_uneven_pieces_of_the_check_string(void **state)
{
	uint32_t crc = 0;

	(void)state;
	crc = crc32_update(crc, "12", 2);
	crc = crc32_update(crc, "3456", 4);
	crc = crc32_update(crc, "789", 3);
	assert_int_equal(crc, 0xCBF43926);
}

static void a_single_flipped_bit_changes_the_crc(void **state)
{
	uint8_t buf[256];

	(void)state;
	memcpy(buf, bytes_0_255, sizeof buf);
	buf[100] ^= 0x01;
	assert_int_not_equal(crc32_update(0, buf, sizeof buf), 0x29058C73);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(standard_check_value_of_123456789),
	cmocka_unit_test(empty_input_is_zero_and_leaves_a_running_crc_unchanged),
	cmocka_unit_test(one_shot_equals_zlib_for_each_vector),
	cmocka_unit_test(pieces_fed_in_order_equal_one_shot),
	cmocka_unit_test(three_uneven_pieces_of_the_check_string),
	cmocka_unit_test(a_single_flipped_bit_changes_the_crc),
};

int main(int argc, char **argv)
{
	if (testmain_filter("crc32", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("crc32", tests, fill_buffers, NULL);
}
