/* test_fb.c: the framebuffer back end — every pixel format, scale and centring, black around, only changed rows written. */
#include "testmain.h"

#include "assets.h"
#include "fb.h"
#include "gfx.h"

#define GARBAGE 0xEE                    /* what the screen held before fb_init */

typedef struct Format {
	const char *name;
	uint8_t bpp, kind;
	uint8_t red_pos, red_bits, green_pos, green_bits, blue_pos, blue_bits;
	uint32_t width, height, pad;    /* pad: bytes past each line's pixels */
	uint32_t brown, light_blue;     /* colour 6 (42,21,0) and 9 (21,21,63) as written */
} Format;

/* Levels 0/21/42/63 are written as 0x00/0x55/0xAA/0xFF, then cut to the channel's width. */
static const Format formats[] = {
	{ "xrgb8888 (GOP BGRX)", 32, FB_RGB, 16, 8, 8, 8, 0, 8, 1280, 800, 0, 0xAA5500, 0x5555FF },
	{ "xbgr8888 (GOP RGBX)", 32, FB_RGB, 0, 8, 8, 8, 16, 8, 800, 600, 64, 0x0055AA, 0xFF5555 },
	{ "bgr888 (24 bpp)", 24, FB_RGB, 16, 8, 8, 8, 0, 8, 800, 600, 0, 0xAA5500, 0x5555FF },
	{ "rgb888 (24 bpp)", 24, FB_RGB, 0, 8, 8, 8, 16, 8, 700, 500, 4, 0x0055AA, 0xFF5555 },
	{ "rgb565", 16, FB_RGB, 11, 5, 5, 6, 0, 5, 1024, 768, 0, 0xAAA0, 0x52BF },
	{ "rgb555", 15, FB_RGB, 10, 5, 5, 5, 0, 5, 640, 480, 32, 0x5540, 0x295F },
	{ "indexed 8", 8, FB_INDEXED, 0, 0, 0, 0, 0, 0, 640, 480, 0, 6, 9 },
	{ "exactly 320x200", 32, FB_RGB, 16, 8, 8, 8, 0, 8, 320, 200, 0, 0xAA5500, 0x5555FF },
};

static uint8_t *screen;
static uint8_t src[FB_SRC_W * FB_SRC_H] __attribute__((aligned(4)));
static FbMode mode;

static void take(const Format *f)
{
	int bytes = (f->bpp + 7) / 8;
	uint32_t pitch = f->width * (uint32_t)bytes + f->pad;

	free(screen);
	screen = malloc((size_t)pitch * f->height);
	assert_non_null(screen);
	memset(screen, GARBAGE, (size_t)pitch * f->height);
	mode = (FbMode){
		.addr = (uintptr_t)screen, .pitch = pitch, .width = f->width, .height = f->height,
		.bpp = f->bpp, .kind = f->kind,
		.red_pos = f->red_pos, .red_bits = f->red_bits, .green_pos = f->green_pos,
		.green_bits = f->green_bits, .blue_pos = f->blue_pos, .blue_bits = f->blue_bits,
	};
	assert_null(fb_init(&mode, screen));
	fb_set_palette(gfx_palette);
}

static int teardown(void **state)
{
	(void)state;
	free(screen);
	screen = NULL;
	return 0;
}

static uint32_t pixel_at(uint32_t x, uint32_t y)
{
	int bytes = (mode.bpp + 7) / 8;
	const uint8_t *p = screen + y * mode.pitch + x * (uint32_t)bytes;
	uint32_t v = 0;

	for (int b = 0; b < bytes; b++)
		v |= (uint32_t)p[b] << (8 * b);
	return v;
}

/* The value colour c should have, worked out here from the format alone. */
static uint32_t expected_value(const Format *f, int c)
{
	uint32_t v = 0;
	const uint8_t pos[3] = { f->red_pos, f->green_pos, f->blue_pos };
	const uint8_t bits[3] = { f->red_bits, f->green_bits, f->blue_bits };

	if (f->kind == FB_INDEXED)
		return (uint32_t)c;
	for (int ch = 0; ch < 3; ch++) {
		uint32_t level = gfx_palette[c][ch];
		uint32_t v8 = level == 63 ? 0xFF : level == 42 ? 0xAA : level == 21 ? 0x55 : 0x00;

		v |= (v8 >> (8 - bits[ch])) << pos[ch];
	}
	return v;
}

static void pattern(int salt)
{
	for (int y = 0; y < FB_SRC_H; y++)
		for (int x = 0; x < FB_SRC_W; x++)
			src[y * FB_SRC_W + x] = (uint8_t)((x * 7 + y * 3 + salt) & 15);
}

static void every_format_shows_the_picture_scaled_centred_black_around(void **state)
{
	(void)state;
	pattern(0);
	for (size_t i = 0; i < ARRAY_LEN(formats); i++) {
		const Format *f = &formats[i];
		int s, bytes = (f->bpp + 7) / 8;
		uint32_t left, top;

		take(f);
		fb_show(src);
		s = (int)(f->width / FB_SRC_W < f->height / FB_SRC_H ? f->width / FB_SRC_W : f->height / FB_SRC_H);
		left = (f->width - FB_SRC_W * (uint32_t)s) / 2;
		top = (f->height - FB_SRC_H * (uint32_t)s) / 2;
		for (uint32_t y = 0; y < f->height; y++) {
			for (uint32_t x = 0; x < f->width; x++) {
				bool in = x >= left && x < left + FB_SRC_W * (uint32_t)s &&
				    y >= top && y < top + FB_SRC_H * (uint32_t)s;
				uint32_t want = in ? expected_value(f, src[(y - top) / (uint32_t)s * FB_SRC_W +
				    (x - left) / (uint32_t)s]) : 0;

				assert_row(pixel_at(x, y) == want, "%s: pixel (%u,%u) is 0x%x, want 0x%x",
				    f->name, x, y, pixel_at(x, y), want);
			}
			for (uint32_t b = 0; b < f->pad; b++)
				assert_row(screen[y * mode.pitch + f->width * (uint32_t)bytes + b] == GARBAGE,
				    "%s: line %u: byte %u past the pixels was written", f->name, y, b);
		}
	}
}

static void brown_and_light_blue_have_their_exact_values(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(formats); i++) {
		take(&formats[i]);
		assert_row(fb_pixel_value(6) == formats[i].brown, "%s: brown 0x%x, want 0x%x",
		    formats[i].name, fb_pixel_value(6), formats[i].brown);
		assert_row(fb_pixel_value(9) == formats[i].light_blue, "%s: light blue 0x%x, want 0x%x",
		    formats[i].name, fb_pixel_value(9), formats[i].light_blue);
	}
}

static void scale_is_the_largest_integer_that_fits_and_centred(void **state)
{
	static const struct { uint32_t w, h; int scale, left, top; } rows[] = {
		{ 320, 200, 1, 0, 0 },   { 639, 399, 1, 159, 99 }, { 640, 480, 2, 0, 40 },
		{ 800, 600, 2, 80, 100 }, { 1024, 768, 3, 32, 84 }, { 1280, 800, 4, 0, 0 },
		{ 1920, 1080, 5, 160, 40 }, { 1366, 768, 3, 203, 84 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		Format f = formats[0];

		f.width = rows[i].w;
		f.height = rows[i].h;
		take(&f);
		assert_row(fb_scale() == rows[i].scale && fb_left() == rows[i].left && fb_top() == rows[i].top,
		    "%ux%u: x%d at %d,%d, want x%d at %d,%d", rows[i].w, rows[i].h, fb_scale(), fb_left(),
		    fb_top(), rows[i].scale, rows[i].left, rows[i].top);
	}
}

static void unchanged_picture_writes_nothing(void **state)
{
	uint32_t before;

	(void)state;
	take(&formats[0]);
	pattern(3);
	fb_show(src);
	before = fb_bytes_written();
	fb_show(src);
	assert_int_equal(fb_bytes_written(), before);
}

/* One pixel changed: its 4-pixel cell is rewritten on its `scale` lines, nothing else. */
static void one_changed_pixel_rewrites_only_its_cell(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(formats); i++) {
		const Format *f = &formats[i];
		int s, bytes = (f->bpp + 7) / 8;
		uint32_t before;

		take(f);
		pattern(5);
		fb_show(src);
		s = fb_scale();
		before = fb_bytes_written();
		src[123 * FB_SRC_W + 201] ^= 8;
		fb_show(src);
		assert_row(fb_bytes_written() - before == (uint32_t)(4 * s * s * bytes),
		    "%s: %u bytes written for one pixel, want %d", f->name, fb_bytes_written() - before,
		    4 * s * s * bytes);
		assert_row(pixel_at((uint32_t)(fb_left() + 201 * s + s - 1), (uint32_t)(fb_top() + 123 * s + s - 1)) ==
		    expected_value(f, src[123 * FB_SRC_W + 201]), "%s: the changed pixel shows", f->name);
	}
}

/* fb_show_cells looks only at the cells it is given: a change elsewhere waits for a call that names its cell. */
static void only_the_cells_given_are_looked_at(void **state)
{
	static uint8_t cells[(FB_SRC_H / 8) * (FB_SRC_W / 8)];
	uint32_t before;
	int s, bytes;

	(void)state;
	take(&formats[0]);
	pattern(7);
	fb_show(src);
	s = fb_scale();
	bytes = (formats[0].bpp + 7) / 8;
	src[20 * FB_SRC_W + 20] ^= 4;           /* cell (2, 2) */
	src[100 * FB_SRC_W + 300] ^= 4;         /* cell (37, 12) */
	cells[2 * (FB_SRC_W / 8) + 2] = 1;
	before = fb_bytes_written();
	fb_show_cells(src, cells);
	assert_int_equal(fb_bytes_written() - before, (uint32_t)(4 * s * s * bytes));
	assert_true(pixel_at((uint32_t)(fb_left() + 20 * s), (uint32_t)(fb_top() + 20 * s)) ==
	    expected_value(&formats[0], src[20 * FB_SRC_W + 20]));
	assert_false(pixel_at((uint32_t)(fb_left() + 300 * s), (uint32_t)(fb_top() + 100 * s)) ==
	    expected_value(&formats[0], src[100 * FB_SRC_W + 300]));
	before = fb_bytes_written();
	fb_show(src);                           /* all cells: the other one now */
	assert_int_equal(fb_bytes_written() - before, (uint32_t)(4 * s * s * bytes));
}

static void forget_writes_everything_again(void **state)
{
	uint32_t before;

	(void)state;
	take(&formats[4]);                      /* rgb565, x3 */
	pattern(1);
	fb_show(src);
	before = fb_bytes_written();
	fb_forget();
	fb_show(src);
	assert_int_equal(fb_bytes_written() - before, FB_SRC_W * FB_SRC_H * 3 * 3 * 2);
}

static void unusable_modes_are_refused_with_a_reason(void **state)
{
	static const struct { const char *why; uint8_t kind, bpp, red_pos; uint32_t w, h, pitch; uint64_t addr; } rows[] = {
		{ "4-bit indexed", FB_INDEXED, 4, 0, 640, 480, 320, 0x1000 },
		{ "EGA text", 2, 16, 0, 80, 25, 160, 0xB8000 },
		{ "12 bpp RGB", FB_RGB, 12, 8, 640, 480, 1280, 0x1000 },
		{ "red beyond the pixel", FB_RGB, 32, 28, 640, 480, 2560, 0x1000 },
		{ "smaller than 320x200", FB_RGB, 32, 16, 320, 199, 1280, 0x1000 },
		{ "pitch short", FB_RGB, 32, 16, 640, 480, 2000, 0x1000 },
		{ "not mapped (base NULL)", FB_RGB, 32, 16, 640, 480, 2560, 0 },
		{ "wider than 8192", FB_RGB, 32, 16, 9000, 480, 36000, 0x1000 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		FbMode m = {
			.addr = rows[i].addr, .pitch = rows[i].pitch, .width = rows[i].w, .height = rows[i].h,
			.bpp = rows[i].bpp, .kind = rows[i].kind, .red_pos = rows[i].red_pos, .red_bits = 8,
			.green_pos = 8, .green_bits = 8, .blue_pos = 0, .blue_bits = 8,
		};
		const char *why = fb_init(&m, (uint8_t *)(uintptr_t)rows[i].addr);

		assert_row(why != NULL, "%s was accepted", rows[i].why);
	}
	fb_show(src);                           /* refused: nothing to write to, must not crash */
}

#define T(f) cmocka_unit_test_teardown(f, teardown)
static const struct CMUnitTest tests[] = {
	T(every_format_shows_the_picture_scaled_centred_black_around),
	T(brown_and_light_blue_have_their_exact_values),
	T(scale_is_the_largest_integer_that_fits_and_centred),
	T(unchanged_picture_writes_nothing),
	T(one_changed_pixel_rewrites_only_its_cell),
	T(only_the_cells_given_are_looked_at),
	T(forget_writes_everything_again),
	T(unusable_modes_are_refused_with_a_reason),
};

int main(int argc, char **argv)
{
	if (testmain_filter("fb", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("fb", tests, NULL, NULL);
}
