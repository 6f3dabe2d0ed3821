/*
 * test_padmap.c: a pad's state into the game's pad keys (kernel/input/padmap.c), tick by tick — the
 * stick's dead zone and hysteresis (down at 50 %, up below 35 %), the hat's eight positions, an
 * Xbox 360 pad's buttons and D-pad, HID and game-port buttons by number, presses once per going
 * down, a pad that goes away, and the keys as a keyboard tick (what the session reads).
 */
#include "testmain.h"

#include "keys.h"
#include "pad.h"
#include "padmap.h"

static PadMap m;
static PadState p;

static int setup(void **state)
{
	(void)state;
	padmap_reset(&m);
	p = (PadState){ .present = true, .kind = PAD_KIND_HID, .axes_used = 3, .buttons_used = 12, .hat = PAD_HAT_NONE };
	return 0;
}

#define B(key)  PADMAP_BIT(key)

/* The stick's X through a row of ticks: what is down, what was pressed, each tick. */
static void stick_x_has_a_dead_zone_and_hysteresis(void **state)
{
	static const struct { int16_t x; uint32_t down, pressed; } rows[] = {
		{ 0, 0, 0 },
		{ 10000, 0, 0 },                                /* 30 %: in the dead zone */
		{ 16000, 0, 0 },                                /* 49 % */
		{ 16384, B(GK_JOY_RIGHT), B(GK_JOY_RIGHT) },    /* 50 %: down, a press */
		{ 32767, B(GK_JOY_RIGHT), 0 },                  /* held: no new press */
		{ 12000, B(GK_JOY_RIGHT), 0 },                  /* 37 %: still down (a worn stick) */
		{ 16500, B(GK_JOY_RIGHT), 0 },                  /* back over 50 %: no new press */
		{ 11468, B(GK_JOY_RIGHT), 0 },                  /* exactly 35 %: still down */
		{ 11400, 0, 0 },                                /* under 35 %: up */
		{ 15000, 0, 0 },                                /* 46 %: not down again */
		{ -16384, B(GK_JOY_LEFT), B(GK_JOY_LEFT) },
		{ -12000, B(GK_JOY_LEFT), 0 },
		{ 20000, B(GK_JOY_RIGHT), B(GK_JOY_RIGHT) },    /* straight across: left up, right down */
		{ 0, 0, 0 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		PadKeys k;

		p.axis[PAD_AXIS_X] = rows[i].x;
		k = padmap_update(&m, &p);
		assert_row(k.down == rows[i].down && k.pressed == rows[i].pressed, "tick %zu, x %d: down %x pressed %x",
		    i, rows[i].x, (unsigned)k.down, (unsigned)k.pressed);
	}
}

/* A stick that wobbles around 40 % after being pushed through gives one press, not a stream. */
static void a_jittering_stick_gives_one_press(void **state)
{
	static const int16_t wobble[] = { 17000, 13000, 15500, 12500, 16800, 11900, 14000, 16400 };
	int presses = 0;

	(void)state;
	for (int round = 0; round < 10; round++) {
		for (size_t i = 0; i < ARRAY_LEN(wobble); i++) {
			p.axis[PAD_AXIS_Y] = (int16_t)-wobble[i];       /* up */
			presses += (padmap_update(&m, &p).pressed & B(GK_JOY_UP)) != 0;
		}
	}
	assert_int_equal(presses, 1);
}

static void the_hat_points_eight_ways(void **state)
{
	static const uint32_t want[8] = {
		B(GK_JOY_UP), B(GK_JOY_UP) | B(GK_JOY_RIGHT), B(GK_JOY_RIGHT), B(GK_JOY_DOWN) | B(GK_JOY_RIGHT),
		B(GK_JOY_DOWN), B(GK_JOY_DOWN) | B(GK_JOY_LEFT), B(GK_JOY_LEFT), B(GK_JOY_UP) | B(GK_JOY_LEFT),
	};
	PadKeys k;

	(void)state;
	p.has_hat = true;
	for (uint8_t h = 0; h < 8; h++) {
		p.hat = h;
		k = padmap_update(&m, &p);
		assert_row(k.down == want[h], "hat %u: %x", h, (unsigned)k.down);
	}
	p.hat = PAD_HAT_NONE;                   /* the null state: at rest */
	assert_int_equal(padmap_update(&m, &p).down, 0);
	p.hat = 9;                              /* out of range: at rest */
	assert_int_equal(padmap_update(&m, &p).down, 0);
	p.has_hat = false;                      /* a pad without one: hat ignored */
	p.hat = 2;
	assert_int_equal(padmap_update(&m, &p).down, 0);
}

/* The hat and the stick together: either gives the direction; the press comes once. */
static void hat_and_stick_add_up(void **state)
{
	PadKeys k;

	(void)state;
	p.has_hat = true;
	p.hat = 2;
	k = padmap_update(&m, &p);
	assert_int_equal(k.pressed, B(GK_JOY_RIGHT));
	p.axis[PAD_AXIS_X] = 30000;
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, B(GK_JOY_RIGHT));
	assert_int_equal(k.pressed, 0);
	p.hat = PAD_HAT_NONE;
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, B(GK_JOY_RIGHT));      /* the stick still holds it */
}

/* A HID pad's (and the game port's) button n is Joy n; past 16 there is no key. */
static void hid_buttons_by_number(void **state)
{
	PadKeys k;

	(void)state;
	p.buttons = 1u << 0;
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, B(GK_JOY_1));
	assert_int_equal(k.pressed, B(GK_JOY_1));
	p.buttons = (1u << 0) | (1u << 9);
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, B(GK_JOY_1) | B(GK_JOY_10));
	assert_int_equal(k.pressed, B(GK_JOY_10));
	p.buttons = (1u << 15) | (1u << 16) | (1u << 31);
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, B(GK_JOY_16));
	p.kind = PAD_KIND_GAMEPORT;
	p.buttons = 0x0F;
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, B(GK_JOY_1) | B(GK_JOY_2) | B(GK_JOY_3) | B(GK_JOY_4));
}

/*
 * A DualShock 4 (054c:05c4) and a Logitech F310 in DirectInput mode (046d:c216) number their face
 * buttons west, south, east, north: the south one (Cross, A: button 2) is Joy 1 and jumps; the
 * others follow; L1/LB (5) and Share/Back (9), Options/Start (10) keep their numbers. Another
 * HID pad (a DragonRise, 0079:0006) keeps button n as Joy n.
 */
static void known_pads_put_the_south_button_first(void **state)
{
	static const struct { uint16_t vendor, product; } wsen[] = { { 0x054C, 0x05C4 }, { 0x046D, 0xC216 } };
	static const struct { int bit; uint8_t key; } rows[] = {
		{ 0, GK_JOY_3 }, { 1, GK_JOY_1 }, { 2, GK_JOY_2 }, { 3, GK_JOY_4 }, { 4, GK_JOY_5 },
		{ 8, GK_JOY_9 }, { 9, GK_JOY_10 },
	};

	(void)state;
	for (size_t v = 0; v < ARRAY_LEN(wsen); v++) {
		p.vendor = wsen[v].vendor;
		p.product = wsen[v].product;
		for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
			padmap_reset(&m);
			p.buttons = 1u << rows[i].bit;
			assert_row(padmap_update(&m, &p).down == B(rows[i].key), "%04x:%04x button %d", p.vendor, p.product,
			    rows[i].bit + 1);
		}
	}
	p.vendor = 0x0079;
	p.product = 0x0006;
	for (int b = 0; b < 4; b++) {
		padmap_reset(&m);
		p.buttons = 1u << b;
		assert_int_equal(padmap_update(&m, &p).down, B(GK_JOY_1 + b));
	}
}

/* An Xbox 360 pad: x360rep.c's buttons 1..11 in the layout the defaults expect; past 11 nothing. */
static void xbox360_buttons(void **state)
{
	static const struct { int bit; uint32_t key; } rows[] = {
		{ 0, B(GK_JOY_1) }, { 1, B(GK_JOY_2) }, { 2, B(GK_JOY_3) }, { 3, B(GK_JOY_4) },         /* A B X Y */
		{ 4, B(GK_JOY_5) }, { 5, B(GK_JOY_6) },                                                 /* LB RB */
		{ 6, B(GK_JOY_9) }, { 7, B(GK_JOY_10) },                                                /* Back Start */
		{ 8, B(GK_JOY_11) }, { 9, B(GK_JOY_12) }, { 10, B(GK_JOY_13) },                         /* L3 R3 Guide */
		{ 11, 0 }, { 15, 0 },
	};

	(void)state;
	p.kind = PAD_KIND_XBOX360;
	p.axis[PAD_AXIS_Z] = p.axis[PAD_AXIS_RZ] = PAD_AXIS_MIN;       /* triggers out */
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		padmap_reset(&m);
		p.buttons = 1u << rows[i].bit;
		assert_row(padmap_update(&m, &p).down == rows[i].key, "bit %d", rows[i].bit);
	}
}

/* Its triggers: Joy 7 (LT) and 8 (RT), down half way in, up again below 35 % of the travel. */
static void xbox360_triggers_with_hysteresis(void **state)
{
	static const struct { int16_t z; uint32_t down; } rows[] = {
		{ PAD_AXIS_MIN, 0 }, { -10000, 0 }, { -1, 0 }, { 0, B(GK_JOY_7) }, { -5000, B(GK_JOY_7) },
		{ -9800, B(GK_JOY_7) }, { -10000, 0 }, { -5000, 0 }, { PAD_AXIS_MAX, B(GK_JOY_7) },
	};

	(void)state;
	p.kind = PAD_KIND_XBOX360;
	p.axis[PAD_AXIS_RZ] = PAD_AXIS_MIN;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		p.axis[PAD_AXIS_Z] = rows[i].z;
		assert_row(padmap_update(&m, &p).down == rows[i].down, "tick %zu, z %d", i, rows[i].z);
	}
	p.axis[PAD_AXIS_RZ] = PAD_AXIS_MAX;
	assert_int_equal(padmap_update(&m, &p).down, B(GK_JOY_7) | B(GK_JOY_8));
	p.kind = PAD_KIND_HID;                  /* a HID pad's Z is no trigger of ours */
	padmap_reset(&m);
	assert_int_equal(padmap_update(&m, &p).down, 0);
}

/* Unplugged: nothing down at once; plugged again, what is held is pressed anew. */
static void a_pad_that_goes_away_lets_go(void **state)
{
	PadKeys k;

	(void)state;
	p.buttons = 1;
	p.axis[PAD_AXIS_X] = 32767;
	padmap_update(&m, &p);
	p.present = false;
	k = padmap_update(&m, &p);
	assert_int_equal(k.down, 0);
	assert_int_equal(k.pressed, 0);
	p.present = true;
	k = padmap_update(&m, &p);
	assert_int_equal(k.pressed, B(GK_JOY_1) | B(GK_JOY_RIGHT));
}

/* Into a keyboard tick: the keys down, and a press per key that went down (as the keyboard's queue). */
static void keys_into_a_keyboard_tick(void **state)
{
	KeyboardTick t = { .presses = 0 };
	PadKeys k = { .down = B(GK_JOY_1) | B(GK_JOY_RIGHT), .pressed = B(GK_JOY_1) };

	(void)state;
	t.down[GK_A] = true;                    /* the keyboard's part stays */
	padmap_to_tick(&k, &t);
	assert_true(t.down[GK_A]);
	assert_true(t.down[GK_JOY_1]);
	assert_true(t.down[GK_JOY_RIGHT]);
	assert_false(t.down[GK_JOY_2]);
	assert_int_equal(t.presses, 1);
	assert_int_equal(t.press[0], GK_JOY_1);
}

/* The pad keys come after every keyboard key (saved bindings hold key numbers), with names. */
static void pad_keys_are_appended_and_named(void **state)
{
	(void)state;
	assert_int_equal(GK_INTL + 1, GK_JOY_1);
	assert_int_equal(GK_KEYBOARD_COUNT, GK_JOY_1);
	assert_int_equal(PADMAP_KEYS, 20);
	assert_string_equal(key_name(GK_JOY_1), "Joy 1");
	assert_string_equal(key_name(GK_JOY_16), "Joy 16");
	assert_string_equal(key_name(GK_JOY_LEFT), "Joy Left");
	assert_int_equal(key_find("joy10", 5), GK_JOY_10);
	assert_false(key_is_pad(GK_INTL));
	assert_true(key_is_pad(GK_JOY_DOWN));
	assert_false(key_is_pad(GK_COUNT));
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(stick_x_has_a_dead_zone_and_hysteresis, setup),
	cmocka_unit_test_setup(a_jittering_stick_gives_one_press, setup),
	cmocka_unit_test_setup(the_hat_points_eight_ways, setup),
	cmocka_unit_test_setup(hat_and_stick_add_up, setup),
	cmocka_unit_test_setup(hid_buttons_by_number, setup),
	cmocka_unit_test_setup(known_pads_put_the_south_button_first, setup),
	cmocka_unit_test_setup(xbox360_buttons, setup),
	cmocka_unit_test_setup(xbox360_triggers_with_hysteresis, setup),
	cmocka_unit_test_setup(a_pad_that_goes_away_lets_go, setup),
	cmocka_unit_test(keys_into_a_keyboard_tick),
	cmocka_unit_test(pad_keys_are_appended_and_named),
};

int main(int argc, char **argv)
{
	if (testmain_filter("padmap", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("padmap", tests, NULL, NULL);
}
