/* test_textbuf.c: the text builder (game/engine/textbuf.c) — bounded appends, numbers, bytes — and the name-field check level and demo headers share. */
#include "testmain.h"

#include "textbuf.h"

static bool lower(uint8_t c)
{
	return c >= 'a' && c <= 'z';
}

/* A 6-byte field of lower-case letters, as a header would hold it. */
static const NameField field = { .what = "tag", .size = 6, .allowed = lower, .bad_byte = "want a-z" };

static void appends_stop_at_the_buffer_and_stay_terminated(void **state)
{
	char buf[8];
	TextBuf t;

	(void)state;
	tb_init(&t, buf, sizeof buf);
	tb_str(&t, "abc");
	tb_dec(&t, -42);
	assert_string_equal(buf, "abc-42");
	tb_hex(&t, 0xBEEF, 4);
	assert_string_equal(buf, "abc-420");        /* 7 characters and the NUL */
	assert_int_equal(t.len, 7);
	tb_init(&t, NULL, 99);                      /* no buffer: nothing is written */
	tb_str(&t, "x");
	assert_int_equal(t.len, 0);
}

static void a_byte_shows_its_character_only_when_printable(void **state)
{
	static const struct { uint8_t b; const char *want; } rows[] = {
		{ 'T', "0x54 'T'" }, { '\n', "0x0A" }, { 0x7F, "0x7F" }, { '\'', "0x27" }, { ' ', "0x20 ' '" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char buf[32];
		TextBuf t;

		tb_init(&t, buf, sizeof buf);
		tb_byte(&t, rows[i].b);
		assert_row(strcmp(buf, rows[i].want) == 0, "byte 0x%02X: got \"%s\"", rows[i].b, buf);
	}
}

/* Every way a name field can be wrong, and the message naming the field and the problem. */
static void name_fields_are_checked_byte_by_byte(void **state)
{
	static const struct { const char *bytes; const char *want; } rows[] = {
		{ "ab\0\0\0\0", NULL },
		{ "abcde\0", NULL },                    /* the longest: size - 1 letters */
		{ "a\0\0\0\0\0", NULL },
		{ "\0\0\0\0\0\0", "tag is empty" },
		{ "abcdef", "tag is not NUL-terminated within 6 bytes" },
		{ "aBc\0\0\0", "tag byte 1 is 0x42 'B', want a-z" },
		{ "\x01\0\0\0\0\0", "tag byte 0 is 0x01, want a-z" },
		{ "ab\0\0\0x", "tag padding byte 5 is 0x78, not NUL" },
		{ "ab\0\x80\0\0", "tag padding byte 3 is 0x80, not NUL" },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char err[64], out[6];
		TextBuf t;
		bool ok;

		memset(out, '#', sizeof out);
		tb_init(&t, err, sizeof err);
		ok = tb_name_field(&t, &field, (const uint8_t *)rows[i].bytes, out);
		if (!rows[i].want) {
			assert_row(ok && err[0] == '\0', "row %zu: rejected: %s", i, err);
			assert_row(memcmp(out, rows[i].bytes, sizeof out) == 0, "row %zu: not copied", i);
		} else {
			assert_row(!ok, "row %zu: accepted", i);
			assert_row(strcmp(err, rows[i].want) == 0, "row %zu: got \"%s\"", i, err);
			assert_row(out[0] == '#', "row %zu: a bad field was copied", i);
		}
	}
}

/* The message goes after what is already in the buffer (the file's "level: " prefix). */
static void a_name_problem_is_appended(void **state)
{
	char err[64], out[6];
	TextBuf t;

	(void)state;
	tb_init(&t, err, sizeof err);
	tb_str(&t, "file: ");
	assert_false(tb_name_field(&t, &field, (const uint8_t *)"\0\0\0\0\0\0", out));
	assert_string_equal(err, "file: tag is empty");
}

/* The first check of a level or demo file: there is data, and at least its header. */
static void a_header_needs_data_and_room(void **state)
{
	static const uint8_t data[8];
	char buf[96];
	TextBuf t;

	(void)state;
	tb_init(&t, buf, sizeof buf);
	assert_false(tb_has_header(&t, NULL, 64, 64));
	assert_string_equal(buf, "no data (NULL)");
	tb_init(&t, buf, sizeof buf);
	assert_false(tb_has_header(&t, data, 7, 8));
	assert_string_equal(buf, "file is 7 bytes, shorter than the 8-byte header");
	tb_init(&t, buf, sizeof buf);
	assert_true(tb_has_header(&t, data, 8, 8));
	assert_int_equal(t.len, 0);
}

/* "123456789" has the CRC-32 0xCBF43926 (zlib's check value); stored little-endian after the bytes. */
static void a_file_crc_is_checked_with_both_values_named(void **state)
{
	uint8_t data[13] = { '1', '2', '3', '4', '5', '6', '7', '8', '9', 0x26, 0x39, 0xF4, 0xCB };
	char buf[96];
	TextBuf t;

	(void)state;
	tb_init(&t, buf, sizeof buf);
	assert_true(tb_crc_matches(&t, data, 9));
	assert_int_equal(t.len, 0);
	data[0] = '0';
	assert_false(tb_crc_matches(&t, data, 9));
	assert_non_null(strstr(buf, "CRC mismatch (file 0xCBF43926, computed 0x"));
}

/* Names match whole: no prefix, no longer text. */
static void text_equal_is_whole_text_equality(void **state)
{
	(void)state;
	assert_true(text_equal("e1l1", "e1l1"));
	assert_true(text_equal("", ""));
	assert_false(text_equal("e1l1", "e1l"));
	assert_false(text_equal("e1l", "e1l1"));
	assert_false(text_equal("e1l1", "e1l2"));
}

#define T(f) cmocka_unit_test(f)

static const struct CMUnitTest tests[] = {
	T(appends_stop_at_the_buffer_and_stay_terminated),
	T(a_byte_shows_its_character_only_when_printable),
	T(name_fields_are_checked_byte_by_byte),
	T(a_name_problem_is_appended),
	T(a_header_needs_data_and_room),
	T(text_equal_is_whole_text_equality),
	T(a_file_crc_is_checked_with_both_values_named),
};

int main(int argc, char **argv)
{
	if (testmain_filter("textbuf", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("textbuf", tests, NULL, NULL);
}
