/* test_planar.c: chunky colour indices into four VGA bit planes and a mask, and the CRC of a planar frame. */
#include "testmain.h"

#include "crc32.h"
#include "frame.h"
#include "planar.h"

#define GARBAGE 0xEE                    /* planes and masks start dirty: packing must clear them */

/* Up to 16 bytes per plane, enough for the small pictures here. */
typedef struct Packed {
	uint8_t plane[4][16];
	uint8_t mask[16];
} Packed;

static Packed pack(const uint8_t *px, int w, int h, int transparent)
{
	Packed k;
	uint8_t *planes[4] = { k.plane[0], k.plane[1], k.plane[2], k.plane[3] };

	memset(&k, GARBAGE, sizeof k);
	planar_pack(px, w, h, transparent, planes, k.mask);
	return k;
}

/*
 * A 16x2 picture. Row 0 is colours 0..15 left to right; row 1 has colour 5
 * at x=0, 14 at x=7, 9 at x=8 and 15 at x=15, the rest colour 0.
 * Worked by hand, bit 7 = leftmost pixel of each byte:
 *   row 0: plane 0 holds odd colours         -> 01010101 01010101 = 55 55
 *          plane 1 holds colours 2,3,6,7,... -> 00110011 00110011 = 33 33
 *          plane 2 holds colours 4-7, 12-15  -> 00001111 00001111 = 0F 0F
 *          plane 3 holds colours 8-15        -> 00000000 11111111 = 00 FF
 *   row 1: 5 = planes 0,2; 14 = planes 1,2,3; 9 = planes 0,3; 15 = all
 *          plane 0: x=0; x=8,15      -> 80 81
 *          plane 1: x=7; x=15        -> 01 01
 *          plane 2: x=0,7; x=15      -> 81 01
 *          plane 3: x=7; x=8,15      -> 01 81
 *   mask: every pixel opaque (no transparent value) -> FF FF on both rows
 */
static const uint8_t picture_16x2[32] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	5, 0, 0, 0, 0, 0, 0, 14, 9, 0, 0, 0, 0, 0, 0, 15,
};

static void pack_16x2_gives_hand_worked_planes(void **state)
{
	static const uint8_t want[4][4] = {
		{ 0x55, 0x55, 0x80, 0x81 },
		{ 0x33, 0x33, 0x01, 0x01 },
		{ 0x0F, 0x0F, 0x81, 0x01 },
		{ 0x00, 0xFF, 0x01, 0x81 },
	};
	static const uint8_t want_mask[4] = { 0xFF, 0xFF, 0xFF, 0xFF };
	Packed k = pack(picture_16x2, 16, 2, -1);

	(void)state;
	for (int p = 0; p < 4; p++)
		assert_memory_equal(k.plane[p], want[p], 4);
	assert_memory_equal(k.mask, want_mask, 4);
	assert_int_equal(k.plane[0][4], GARBAGE);       /* nothing written past h * stride */
	assert_int_equal(k.mask[4], GARBAGE);
}

/* Colour 5 is planes 0 and 2: a row of it is FF in those planes and 00 in the others. */
static void colour_5_is_planes_0_and_2(void **state)
{
	uint8_t px[8];
	Packed k;

	(void)state;
	memset(px, 5, sizeof px);
	k = pack(px, 8, 1, -1);
	assert_int_equal(k.plane[0][0], 0xFF);
	assert_int_equal(k.plane[1][0], 0x00);
	assert_int_equal(k.plane[2][0], 0xFF);
	assert_int_equal(k.plane[3][0], 0x00);
	assert_int_equal(k.mask[0], 0xFF);
}

/* Transparent pixels clear their mask bit and leave every plane bit 0. */
static void transparent_pixels_clear_mask_and_planes(void **state)
{
	/* positions 0..7: T 3 T 0 15 T T 1 */
	static const uint8_t px[8] = { 0xFF, 3, 0xFF, 0, 15, 0xFF, 0xFF, 1 };
	Packed k = pack(px, 8, 1, 0xFF);

	(void)state;
	assert_int_equal(k.mask[0], 0x59);      /* 0101 1001: x=1,3,4,7 opaque (colour 0 too) */
	assert_int_equal(k.plane[0][0], 0x49);  /* 0100 1001: 3, 15, 1 */
	assert_int_equal(k.plane[1][0], 0x48);  /* 0100 1000: 3, 15 */
	assert_int_equal(k.plane[2][0], 0x08);  /* 15 */
	assert_int_equal(k.plane[3][0], 0x08);  /* 15 */
}

static void all_transparent_row_is_all_zero(void **state)
{
	uint8_t px[16];
	Packed k;

	(void)state;
	memset(px, 0xFF, sizeof px);
	k = pack(px, 16, 1, 0xFF);
	for (int p = 0; p < 4; p++) {
		assert_int_equal(k.plane[p][0], 0);
		assert_int_equal(k.plane[p][1], 0);
	}
	assert_int_equal(k.mask[0], 0);
	assert_int_equal(k.mask[1], 0);
}

/* Without a transparent value 0xFF is just a number: its low four bits set all planes. */
static void no_transparency_means_every_pixel_is_opaque(void **state)
{
	static const uint8_t px[8] = { 0xFF, 3, 0xFF, 0, 15, 0xFF, 0xFF, 1 };
	Packed k = pack(px, 8, 1, -1);

	(void)state;
	assert_int_equal(k.mask[0], 0xFF);
	assert_int_equal(k.plane[3][0], 0xAE);  /* 1010 1110: the 0xFF pixels (x=0,2,5,6) and 15 (x=4) */
}

/* A NULL mask is allowed; the planes come out the same. */
static void mask_may_be_null(void **state)
{
	static const uint8_t px[8] = { 0xFF, 3, 0xFF, 0, 15, 0xFF, 0xFF, 1 };
	Packed with = pack(px, 8, 1, 0xFF), without;
	uint8_t *planes[4] = { without.plane[0], without.plane[1], without.plane[2], without.plane[3] };

	(void)state;
	memset(&without, GARBAGE, sizeof without);
	planar_pack(px, 8, 1, 0xFF, planes, NULL);
	assert_memory_equal(without.plane, with.plane, sizeof with.plane);
	assert_int_equal(without.mask[0], GARBAGE);
}

/* Width 3: one byte per row, the five unused low bits are 0 in planes and mask. */
static void odd_width_3_pads_with_zeros(void **state)
{
	static const uint8_t px[6] = { 15, 15, 15, 1, 0xFF, 8 };
	Packed k = pack(px, 3, 2, 0xFF);

	(void)state;
	assert_int_equal(k.plane[0][0], 0xE0);
	assert_int_equal(k.plane[1][0], 0xE0);
	assert_int_equal(k.plane[2][0], 0xE0);
	assert_int_equal(k.plane[3][0], 0xE0);
	assert_int_equal(k.mask[0], 0xE0);
	assert_int_equal(k.plane[0][1], 0x80);  /* row 1 starts at byte 1 (stride 1) */
	assert_int_equal(k.plane[1][1], 0x00);
	assert_int_equal(k.plane[2][1], 0x00);
	assert_int_equal(k.plane[3][1], 0x20);
	assert_int_equal(k.mask[1], 0xA0);
	assert_int_equal(k.plane[0][2], GARBAGE);
}

/* Width 9: two bytes per row; the second holds one pixel and seven zero bits. */
static void odd_width_9_pads_with_zeros(void **state)
{
	uint8_t px[18];
	Packed k;

	(void)state;
	memset(px, 15, 9);
	memset(px + 9, 0, 9);
	px[9] = 1;
	px[17] = 2;
	k = pack(px, 9, 2, 0xFF);
	for (int p = 0; p < 4; p++) {
		assert_int_equal(k.plane[p][0], 0xFF);
		assert_int_equal(k.plane[p][1], 0x80);
	}
	assert_int_equal(k.mask[0], 0xFF);
	assert_int_equal(k.mask[1], 0x80);
	assert_int_equal(k.plane[0][2], 0x80);  /* row 1 at byte 2: x=0 colour 1 */
	assert_int_equal(k.plane[0][3], 0x00);
	assert_int_equal(k.plane[1][2], 0x00);
	assert_int_equal(k.plane[1][3], 0x80);  /* x=8 colour 2 */
	assert_int_equal(k.mask[2], 0xFF);
	assert_int_equal(k.mask[3], 0x80);
	assert_int_equal(k.plane[0][4], GARBAGE);
}

static void pixel_reads_back_every_colour(void **state)
{
	uint8_t px[16];
	Packed k;
	uint8_t *planes[4];

	(void)state;
	for (int c = 0; c < 16; c++)
		px[c] = (uint8_t)c;
	k = pack(px, 16, 1, -1);
	for (int p = 0; p < 4; p++)
		planes[p] = k.plane[p];
	for (int c = 0; c < 16; c++)
		assert_int_equal(planar_pixel(planes, 2, c, 0), c);
}

/* An odd-sized picture (11x5) of mixed colours reads back pixel for pixel. */
static void pixel_round_trips_an_odd_picture(void **state)
{
	enum { W = 11, H = 5, STRIDE = (W + 7) / 8 };
	uint8_t px[W * H], plane[4][STRIDE * H], mask[STRIDE * H];
	uint8_t *planes[4] = { plane[0], plane[1], plane[2], plane[3] };

	(void)state;
	for (int i = 0; i < W * H; i++)
		px[i] = (uint8_t)((i * 7 + 3) % 16);
	planar_pack(px, W, H, -1, planes, mask);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			assert_row(planar_pixel(planes, STRIDE, x, y) == px[y * W + x], "pixel (%d,%d)", x, y);
}

/* Frames as the VGA holds them: plane 0's 8000 bytes, then planes 1, 2, 3. */
static uint8_t fb[SCREEN_W * SCREEN_H];

static void blank_frame_crc_is_crc_of_32000_zero_bytes(void **state)
{
	static uint8_t zeros[32000];

	(void)state;
	memset(fb, 0, sizeof fb);
	assert_int_equal(planar_frame_crc(fb), crc32_update(0, zeros, sizeof zeros));
	assert_int_equal(planar_frame_crc(fb), 0x5BD12871);     /* zlib.crc32(bytes(32000)) */
}

static void white_frame_crc_is_crc_of_32000_ff_bytes(void **state)
{
	(void)state;
	memset(fb, 15, sizeof fb);
	assert_int_equal(planar_frame_crc(fb), 0xB6F545A7);     /* zlib.crc32(b"\xff" * 32000) */
}

/* One pixel, colour 11 (planes 0, 1, 3) at (123, 100): build the planes here and compare. */
static void single_pixel_frame_crc_matches_planes_built_by_hand(void **state)
{
	static uint8_t vga[4][SCREEN_W / 8 * SCREEN_H];
	const int x = 123, y = 100, colour = 11;
	uint32_t crc = 0;

	(void)state;
	memset(fb, 0, sizeof fb);
	fb[y * SCREEN_W + x] = (uint8_t)colour;
	memset(vga, 0, sizeof vga);
	vga[0][y * 40 + x / 8] = 0x80 >> (x % 8);      /* byte 4015, bit 0x10 */
	vga[1][y * 40 + x / 8] = 0x80 >> (x % 8);
	vga[3][y * 40 + x / 8] = 0x80 >> (x % 8);
	for (int p = 0; p < 4; p++)
		crc = crc32_update(crc, vga[p], sizeof vga[p]);
	assert_int_equal(planar_frame_crc(fb), crc);
	assert_int_equal(crc, 0xAF816F3E);                      /* and what Python's zlib says */
}

/* Diagonal stripes (colour (x + y) % 16) exercise every bit of every plane. */
static void striped_frame_crc(void **state)
{
	(void)state;
	for (int y = 0; y < SCREEN_H; y++)
		for (int x = 0; x < SCREEN_W; x++)
			fb[y * SCREEN_W + x] = (uint8_t)((x + y) % 16);
	assert_int_equal(planar_frame_crc(fb), 0xB84E9A8E);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(pack_16x2_gives_hand_worked_planes),
	cmocka_unit_test(colour_5_is_planes_0_and_2),
	cmocka_unit_test(transparent_pixels_clear_mask_and_planes),
	cmocka_unit_test(all_transparent_row_is_all_zero),
	cmocka_unit_test(no_transparency_means_every_pixel_is_opaque),
	cmocka_unit_test(mask_may_be_null),
	cmocka_unit_test(odd_width_3_pads_with_zeros),
	cmocka_unit_test(odd_width_9_pads_with_zeros),
	cmocka_unit_test(pixel_reads_back_every_colour),
	cmocka_unit_test(pixel_round_trips_an_odd_picture),
	cmocka_unit_test(blank_frame_crc_is_crc_of_32000_zero_bytes),
	cmocka_unit_test(white_frame_crc_is_crc_of_32000_ff_bytes),
	cmocka_unit_test(single_pixel_frame_crc_matches_planes_built_by_hand),
	cmocka_unit_test(striped_frame_crc),
};

int main(int argc, char **argv)
{
	if (testmain_filter("planar", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("planar", tests, NULL, NULL);
}
