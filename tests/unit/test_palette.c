/* test_palette.c: gfx_palette holds the 16 standard EGA colours as 6-bit DAC values. */
#include "testmain.h"

#include "gfx.h"

/* The EGA set: 0, 21 (0x15), 42 (0x2A), 63 (0x3F); colour 6 is brown, not dark yellow. */
static const struct {
	const char *name;
	uint8_t rgb[3];
} ega[GFX_COLORS] = {
	[0]  = { "black",          {  0,  0,  0 } },
	[1]  = { "blue",           {  0,  0, 42 } },
	[2]  = { "green",          {  0, 42,  0 } },
	[3]  = { "cyan",           {  0, 42, 42 } },
	[4]  = { "red",            { 42,  0,  0 } },
	[5]  = { "magenta",        { 42,  0, 42 } },
	[6]  = { "brown",          { 42, 21,  0 } },
	[7]  = { "light grey",     { 42, 42, 42 } },
	[8]  = { "dark grey",      { 21, 21, 21 } },
	[9]  = { "bright blue",    { 21, 21, 63 } },
	[10] = { "bright green",   { 21, 63, 21 } },
	[11] = { "bright cyan",    { 21, 63, 63 } },
	[12] = { "bright red",     { 63, 21, 21 } },
	[13] = { "bright magenta", { 63, 21, 63 } },
	[14] = { "yellow",         { 63, 63, 21 } },
	[15] = { "white",          { 63, 63, 63 } },
};

static void sixteen_ega_colours_table(void **state)
{
	(void)state;
	assert_int_equal(GFX_COLORS, 16);
	for (int i = 0; i < GFX_COLORS; i++) {
		const uint8_t *got = gfx_palette[i], *want = ega[i].rgb;

		assert_row(memcmp(got, want, 3) == 0, "colour %d (%s): %u,%u,%u, want %u,%u,%u", i,
		    ega[i].name, got[0], got[1], got[2], want[0], want[1], want[2]);
	}
}

static void brown_dark_grey_and_yellow(void **state)
{
	static const uint8_t brown[3] = { 42, 21, 0 }, grey[3] = { 21, 21, 21 }, yellow[3] = { 63, 63, 21 };

	(void)state;
	assert_memory_equal(gfx_palette[6], brown, 3);
	assert_memory_equal(gfx_palette[8], grey, 3);
	assert_memory_equal(gfx_palette[14], yellow, 3);
}

/* The DAC takes 6 bits: nothing above 63. Bright colours are their dark twin plus 21 each. */
static void values_fit_six_bits_and_bright_is_dark_plus_intensity(void **state)
{
	(void)state;
	for (int i = 0; i < GFX_COLORS; i++)
		for (int k = 0; k < 3; k++)
			assert_row(gfx_palette[i][k] <= 63, "colour %d component %d = %u", i, k, gfx_palette[i][k]);
	for (int i = 0; i < 8; i++) {
		if (i == 6)
			continue;               /* brown's green is halved: not a plain dark yellow */
		for (int k = 0; k < 3; k++)
			assert_row(gfx_palette[i + 8][k] == gfx_palette[i][k] + 21, "colour %d component %d", i + 8, k);
	}
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(sixteen_ega_colours_table),
	cmocka_unit_test(brown_dark_grey_and_yellow),
	cmocka_unit_test(values_fit_six_bits_and_bright_is_dark_plus_intensity),
};

int main(int argc, char **argv)
{
	if (testmain_filter("palette", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("palette", tests, NULL, NULL);
}
