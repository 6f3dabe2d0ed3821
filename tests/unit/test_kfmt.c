/* test_kfmt.c: the kernel's snprintf — each conversion, width and '0' flag, truncation that always NUL-terminates. */
#include <limits.h>

#include "testmain.h"

#include "kfmt.h"

/* Format into a roomy buffer; check the text and that the return value is its length. */
#define CHECK_FMT(want, ...) do {                                               \
		char buf_[128];                                                 \
		int n_ = kfmt_snprintf(buf_, sizeof buf_, __VA_ARGS__);         \
		assert_string_equal(buf_, want);                                \
		assert_int_equal(n_, strlen(want));                             \
	} while (0)

/* The compiler rejects bad formats given to kfmt_snprintf; this wrapper lets them through. */
static int unchecked_fmt(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kfmt_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void plain_text_and_percent_percent(void **state)
{
	(void)state;
	{
		char buf[4] = "###";

		assert_int_equal(unchecked_fmt(buf, sizeof buf, ""), 0);
		assert_string_equal(buf, "");
	}
	CHECK_FMT("hello", "hello");
	CHECK_FMT("100%", "100%%");
	CHECK_FMT("%%", "%%%%");
}

static void signed_decimal(void **state)
{
	(void)state;
	CHECK_FMT("0", "%d", 0);
	CHECK_FMT("42", "%d", 42);
	CHECK_FMT("-42", "%d", -42);
	CHECK_FMT("-1", "%d", -1);
	CHECK_FMT("2147483647", "%d", INT_MAX);
	CHECK_FMT("-2147483648", "%d", INT_MIN);
}

static void signed_decimal_with_width(void **state)
{
	(void)state;
	CHECK_FMT("   42", "%5d", 42);
	CHECK_FMT("  -42", "%5d", -42);
	CHECK_FMT("00042", "%05d", 42);
	CHECK_FMT("-0042", "%05d", -42);   /* sign before the zeros, width counts it */
	CHECK_FMT("-42", "%2d", -42);      /* width smaller than the number: not cut */
	CHECK_FMT("[  7][-7 ]", "[%3d][%d ]", 7, -7);
}

static void unsigned_decimal(void **state)
{
	(void)state;
	CHECK_FMT("0", "%u", 0u);
	CHECK_FMT("4294967295", "%u", UINT_MAX);
	CHECK_FMT("4294967254", "%u", (unsigned)-42);
	CHECK_FMT("  280", "%5u", 280u);
	CHECK_FMT("000280", "%06u", 280u);
}

static void hexadecimal_lower_and_upper(void **state)
{
	(void)state;
	CHECK_FMT("0", "%x", 0u);
	CHECK_FMT("cbf43926", "%x", 0xCBF43926u);
	CHECK_FMT("CBF43926", "%X", 0xCBF43926u);
	CHECK_FMT("ffffffff", "%x", 0xFFFFFFFFu);
	CHECK_FMT("3c4", "%x", 0x3C4u);
	CHECK_FMT("3C4", "%X", 0x3C4u);
}

static void hexadecimal_zero_padded(void **state)
{
	(void)state;
	CHECK_FMT("00000000", "%08x", 0u);
	CHECK_FMT("000003c4", "%08x", 0x3C4u);
	CHECK_FMT("0000ABCD", "%08X", 0xABCDu);
	CHECK_FMT("12345678", "%08x", 0x12345678u);
	CHECK_FMT("  ff", "%4x", 0xFFu);
	CHECK_FMT("crc=CBF43926", "crc=%08X", 0xCBF43926u);
}

static void strings_with_width(void **state)
{
	(void)state;
	CHECK_FMT("abc", "%s", "abc");
	CHECK_FMT("   ab", "%5s", "ab");
	CHECK_FMT("abcdef", "%5s", "abcdef");  /* longer than the width: whole */
	CHECK_FMT("     ", "%5s", "");
	{
		char buf[16];

		assert_int_equal(unchecked_fmt(buf, sizeof buf, "%s", (const char *)NULL), 6);
		assert_string_equal(buf, "(null)");
	}
	CHECK_FMT("'x' and 'y'", "'%s' and '%s'", "x", "y");
}

static void characters(void **state)
{
	(void)state;
	CHECK_FMT("A", "%c", 'A');
	CHECK_FMT("<a><z>", "<%c><%c>", 'a', 'z');
	CHECK_FMT("%", "%c", '%');
}

/* %p: "0x" and 8 hex digits (the kernel's pointers are 32-bit). */
static void pointers(void **state)
{
	(void)state;
	CHECK_FMT("0x00000000", "%p", (void *)0);
	CHECK_FMT("0x000b8000", "%p", (void *)(uintptr_t)0xB8000);
	CHECK_FMT("0xdeadbeef", "%p", (void *)(uintptr_t)0xDEADBEEFu);
}

static void mixed_conversions(void **state)
{
	(void)state;
	CHECK_FMT("READY tick=280 crc=0000BEEF", "READY tick=%u crc=%08X", 280u, 0xBEEFu);
	CHECK_FMT("title: sprite tx=-3 ty=20", "title: sprite tx=%d ty=%d", -3, 20);
}

/* Unknown conversions print themselves; a lone '%' at the end prints nothing. */
static void unknown_conversion_and_trailing_percent(void **state)
{
	char buf[16];

	(void)state;
	assert_int_equal(unchecked_fmt(buf, sizeof buf, "%q"), 2);
	assert_string_equal(buf, "%q");
	assert_int_equal(unchecked_fmt(buf, sizeof buf, "ab%"), 2);
	assert_string_equal(buf, "ab");
}

/* Too small a buffer: cut, NUL-terminated, and the return value is the full length. */
static void truncation_keeps_nul_and_returns_full_length(void **state)
{
	char buf[8];

	(void)state;
	memset(buf, '#', sizeof buf);
	assert_int_equal(kfmt_snprintf(buf, sizeof buf, "tick=%u done", 123456u), 16);
	assert_string_equal(buf, "tick=12");
	assert_int_equal(buf[7], '\0');

	memset(buf, '#', sizeof buf);
	assert_int_equal(kfmt_snprintf(buf, 5, "%08x", 0xCAFEu), 8);
	assert_string_equal(buf, "0000");
	assert_int_equal(buf[5], '#');          /* nothing written past size */

	memset(buf, '#', sizeof buf);
	assert_int_equal(kfmt_snprintf(buf, 1, "abc"), 3);
	assert_int_equal(buf[0], '\0');
	assert_int_equal(buf[1], '#');

	/* Exactly fits: 7 characters + NUL in 8 bytes. */
	assert_int_equal(kfmt_snprintf(buf, sizeof buf, "%s", "1234567"), 7);
	assert_string_equal(buf, "1234567");
	assert_int_equal(kfmt_snprintf(buf, sizeof buf, "%s", "12345678"), 8);
	assert_string_equal(buf, "1234567");
}

/* Size 0: nothing is written at all (not even a NUL), the length still comes back. */
static void size_zero_writes_nothing(void **state)
{
	char buf[4] = { '#', '#', '#', '#' };

	(void)state;
	assert_int_equal(kfmt_snprintf(buf, 0, "%d-%s", -5, "xyz"), 6);
	assert_memory_equal(buf, "####", 4);
	assert_int_equal(kfmt_snprintf(NULL, 0, "abc"), 3);
}

/* The length lets callers measure first, as snprintf(NULL, 0, ...) does. */
static void return_value_matches_libc_snprintf(void **state)
{
	static const struct {
		const char *fmt;
		int arg;
	} rows[] = {
		{ "%d", -2147483647 }, { "%5d", -3 }, { "%05d", -3 }, { "%x", 255 }, { "%08X", 48879 },
		{ "x=%u!", 7 }, { "%12d|", 99 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		char mine[64], libc[64];
		int n = kfmt_snprintf(mine, sizeof mine, rows[i].fmt, rows[i].arg);
		int m = snprintf(libc, sizeof libc, rows[i].fmt, rows[i].arg);

		assert_row(n == m && strcmp(mine, libc) == 0, "fmt \"%s\": kfmt \"%s\" (%d), libc \"%s\" (%d)",
		    rows[i].fmt, mine, n, libc, m);
	}
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(plain_text_and_percent_percent),
	cmocka_unit_test(signed_decimal),
	cmocka_unit_test(signed_decimal_with_width),
	cmocka_unit_test(unsigned_decimal),
	cmocka_unit_test(hexadecimal_lower_and_upper),
	cmocka_unit_test(hexadecimal_zero_padded),
	cmocka_unit_test(strings_with_width),
	cmocka_unit_test(characters),
	cmocka_unit_test(pointers),
	cmocka_unit_test(mixed_conversions),
	cmocka_unit_test(unknown_conversion_and_trailing_percent),
	cmocka_unit_test(truncation_keeps_nul_and_returns_full_length),
	cmocka_unit_test(size_zero_writes_nothing),
	cmocka_unit_test(return_value_matches_libc_snprintf),
};

int main(int argc, char **argv)
{
	if (testmain_filter("kfmt", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("kfmt", tests, NULL, NULL);
}
