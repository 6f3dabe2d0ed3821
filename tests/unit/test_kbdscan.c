/* test_kbdscan.c: set-1 scancode bytes into the key-down table and the press queue. */
#include "testmain.h"

#include "kbdscan.h"

static KbdState kbd;

static int fresh_state(void **state)
{
	(void)state;
	memset(&kbd, 0xA5, sizeof kbd);  /* kbdscan_reset must clear every field it relies on */
	kbdscan_reset(&kbd);
	return 0;
}

static void feed(const uint8_t *bytes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		kbdscan_byte(&kbd, bytes[i]);
}

#define FEED(...) do {                                                          \
		static const uint8_t bytes_[] = { __VA_ARGS__ };                \
		feed(bytes_, sizeof bytes_);                                    \
	} while (0)

/* Drain the queue into out[]; returns how many presses there were. */
static size_t drain(uint8_t *out, size_t max)
{
	size_t n = 0;
	uint8_t key;

	while (kbdscan_pop(&kbd, &key)) {
		assert_true(n < max);
		out[n++] = key;
	}
	return n;
}

static int keys_down(void)
{
	int n = 0;

	for (int k = 0; k < KBD_KEYS; k++)
		n += kbd.down[k];
	return n;
}

static void reset_state_is_empty(void **state)
{
	uint8_t key = 0x42;

	(void)state;
	assert_int_equal(keys_down(), 0);
	assert_false(kbdscan_pop(&kbd, &key));
	assert_int_equal(key, 0x42);    /* untouched when nothing was popped */
	assert_int_equal(kbd.dropped, 0);
}

static void make_sets_and_break_clears_the_down_table(void **state)
{
	uint8_t key;

	(void)state;
	FEED(0x39);                     /* Space make */
	assert_true(kbd.down[KEY_SPACE]);
	assert_int_equal(keys_down(), 1);
	assert_true(kbdscan_pop(&kbd, &key));
	assert_int_equal(key, KEY_SPACE);

	FEED(0xB9);                     /* Space break */
	assert_false(kbd.down[KEY_SPACE]);
	assert_int_equal(keys_down(), 0);
	assert_false(kbdscan_pop(&kbd, &key));  /* a break is not a press */
}

/* Left arrow + left Ctrl + Space held together, released in another order. */
static void several_keys_held_at_once(void **state)
{
	uint8_t got[8];

	(void)state;
	FEED(0xE0, 0x4B, 0x1D, 0x39);
	assert_true(kbd.down[KEY_LEFT]);
	assert_true(kbd.down[KEY_LCTRL]);
	assert_true(kbd.down[KEY_SPACE]);
	assert_int_equal(keys_down(), 3);

	FEED(0x9D);                     /* Ctrl up */
	assert_true(kbd.down[KEY_LEFT]);
	assert_false(kbd.down[KEY_LCTRL]);
	assert_true(kbd.down[KEY_SPACE]);
	FEED(0xE0, 0xCB);               /* Left up */
	assert_false(kbd.down[KEY_LEFT]);
	assert_true(kbd.down[KEY_SPACE]);
	assert_int_equal(keys_down(), 1);

	assert_int_equal(drain(got, sizeof got), 3);
	assert_int_equal(got[0], KEY_LEFT);
	assert_int_equal(got[1], KEY_LCTRL);
	assert_int_equal(got[2], KEY_SPACE);
}

/* E0-prefixed keys are 0x80 | code: the arrow keys and the keypad's are different keys. */
static void extended_arrows_differ_from_keypad(void **state)
{
	static const struct {
		uint8_t code, arrow, keypad;
	} rows[] = {
		{ 0x48, KEY_UP, KEY_KP_UP },
		{ 0x4B, KEY_LEFT, KEY_KP_LEFT },
		{ 0x4D, KEY_RIGHT, KEY_KP_RIGHT },
		{ 0x50, KEY_DOWN, KEY_KP_DOWN },
		{ 0x1D, KEY_RCTRL, KEY_LCTRL },
		{ 0x38, KEY_RALT, KEY_LALT },
		{ 0x1C, KEY_KP_ENTER, KEY_ENTER },
	};
	uint8_t key;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		uint8_t c = rows[i].code;

		kbdscan_reset(&kbd);
		assert_int_equal(rows[i].arrow, 0x80 | c);
		assert_int_equal(rows[i].keypad, c);

		kbdscan_byte(&kbd, 0xE0);
		kbdscan_byte(&kbd, c);
		assert_row(kbd.down[rows[i].arrow] && !kbd.down[rows[i].keypad], "E0 %02X", c);
		assert_true(kbdscan_pop(&kbd, &key));
		assert_int_equal(key, rows[i].arrow);

		kbdscan_byte(&kbd, c);  /* the plain code is another key: its own press */
		assert_row(kbd.down[rows[i].keypad], "%02X", c);
		assert_true(kbdscan_pop(&kbd, &key));
		assert_int_equal(key, rows[i].keypad);

		kbdscan_byte(&kbd, 0xE0);
		kbdscan_byte(&kbd, c | 0x80);   /* releasing the E0 key leaves the plain one down */
		assert_row(!kbd.down[rows[i].arrow] && kbd.down[rows[i].keypad], "E0 %02X", c | 0x80);
	}
}

/* The prefix applies to one byte only. */
static void prefix_applies_to_the_next_byte_only(void **state)
{
	(void)state;
	FEED(0xE0, 0x48, 0x48);
	assert_true(kbd.down[KEY_UP]);
	assert_true(kbd.down[KEY_KP_UP]);
}

/*
 * With NumLock on, arrows come wrapped in fake shifts: E0 2A E0 4B ... E0 CB E0 AA;
 * with a real Shift held, E0 AA comes first and E0 2A after. Neither touches
 * the real shift keys.
 */
static void fake_shifts_around_arrows_ignored(void **state)
{
	uint8_t got[8];

	(void)state;
	FEED(0xE0, 0x2A, 0xE0, 0x4B);
	assert_true(kbd.down[KEY_LEFT]);
	assert_false(kbd.down[KEY_LSHIFT]);
	assert_false(kbd.down[0x80 | KEY_LSHIFT]);
	FEED(0xE0, 0xCB, 0xE0, 0xAA);
	assert_int_equal(keys_down(), 0);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_LEFT);

	/* Real left Shift held; the fake release must not release it. */
	FEED(0x2A, 0xE0, 0xAA, 0xE0, 0x4D, 0xE0, 0xCD, 0xE0, 0x2A);
	assert_true(kbd.down[KEY_LSHIFT]);
	assert_int_equal(keys_down(), 1);
	/* Same for the right Shift (36 / B6). */
	FEED(0x36, 0xE0, 0xB6, 0xE0, 0x36);
	assert_true(kbd.down[KEY_RSHIFT]);
	assert_false(kbd.down[0x80 | KEY_RSHIFT]);
	assert_int_equal(drain(got, sizeof got), 3);
	assert_int_equal(got[0], KEY_LSHIFT);
	assert_int_equal(got[1], KEY_RIGHT);
	assert_int_equal(got[2], KEY_RSHIFT);
}

/* Pause sends E1 1D 45 E1 9D C5 on press and nothing on release: no key at all. */
static void pause_sequence_produces_no_key(void **state)
{
	uint8_t got[4];

	(void)state;
	FEED(0xE1, 0x1D, 0x45, 0xE1, 0x9D, 0xC5);
	assert_int_equal(keys_down(), 0);
	assert_int_equal(drain(got, sizeof got), 0);

	/* The byte after the sequence is an ordinary key again. */
	FEED(0x1D);
	assert_true(kbd.down[KEY_LCTRL]);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_LCTRL);
}

/* Pause while Ctrl and NumLock are held releases neither (the sequence holds 9D and C5). */
static void pause_does_not_release_held_ctrl_or_numlock(void **state)
{
	(void)state;
	FEED(0x1D, 0x45, 0xE1, 0x1D, 0x45, 0xE1, 0x9D, 0xC5);
	assert_true(kbd.down[KEY_LCTRL]);
	assert_true(kbd.down[0x45]);
	assert_int_equal(keys_down(), 2);
}

/* A held key repeats its make code (typematic): still only one press. */
static void typematic_repeat_is_one_press(void **state)
{
	uint8_t got[8];

	(void)state;
	FEED(0xE0, 0x4D, 0xE0, 0x4D, 0xE0, 0x4D, 0xE0, 0x4D);
	assert_true(kbd.down[KEY_RIGHT]);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_RIGHT);

	FEED(0x39, 0x39, 0x39);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_SPACE);

	/* Released and pressed again: a new press. */
	FEED(0xB9, 0x39);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_SPACE);
}

/* A press and release before the game reads the queue still counts. */
static void tap_between_reads_is_kept(void **state)
{
	uint8_t got[4];

	(void)state;
	FEED(0x19, 0x99);               /* P down, up */
	assert_false(kbd.down[KEY_P]);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_P);
}

static void queue_is_first_in_first_out(void **state)
{
	static const uint8_t want[] = { KEY_ESC, KEY_SPACE, KEY_LEFT, KEY_B, KEY_RCTRL, KEY_P };
	uint8_t got[8];

	(void)state;
	FEED(0x01, 0x39, 0xE0, 0x4B, 0x30, 0xE0, 0x1D, 0x19);
	assert_int_equal(drain(got, sizeof got), ARRAY_LEN(want));
	assert_memory_equal(got, want, sizeof want);
}

/* More presses than KBD_QUEUE_LEN: the oldest are kept, the rest counted as dropped. */
static void queue_overflow_keeps_oldest_and_counts_dropped(void **state)
{
	uint8_t got[KBD_QUEUE_LEN + 8];
	const int presses = KBD_QUEUE_LEN + 8;

	(void)state;
	for (int i = 0; i < presses; i++)
		kbdscan_byte(&kbd, (uint8_t)(0x01 + i));       /* 40 different keys: 0x01..0x28 */
	assert_int_equal(kbd.dropped, 8);
	assert_int_equal(drain(got, sizeof got), KBD_QUEUE_LEN);
	for (int i = 0; i < KBD_QUEUE_LEN; i++)
		assert_row(got[i] == 0x01 + i, "queue[%d] = 0x%02X, want 0x%02X", i, got[i], 0x01 + i);

	/* Room again after reading; the count of drops stays. */
	kbdscan_byte(&kbd, 0xB9);
	kbdscan_byte(&kbd, 0x39);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_SPACE);
	assert_int_equal(kbd.dropped, 8);
}

/* Many thousands of press/read cycles: the 8-bit ring indices wrap without losing a press. */
static void queue_indices_wrap_around(void **state)
{
	uint8_t got[KBD_QUEUE_LEN];

	(void)state;
	for (int round = 0; round < 100; round++) {
		int n = 1 + round % KBD_QUEUE_LEN;

		for (int i = 0; i < n; i++) {
			kbdscan_byte(&kbd, (uint8_t)(0x01 + i));
			kbdscan_byte(&kbd, (uint8_t)(0x81 + i));
		}
		assert_int_equal(drain(got, sizeof got), n);
		for (int i = 0; i < n; i++)
			assert_row(got[i] == 0x01 + i, "round %d: queue[%d] = 0x%02X", round, i, got[i]);
	}
	assert_int_equal(kbd.dropped, 0);
}

/* 0xFA (ack) and 0xFF (overrun) are controller replies, not keys. */
static void ack_and_overrun_bytes_ignored(void **state)
{
	uint8_t got[4];

	(void)state;
	FEED(0xFA, 0xFF, 0xFA);
	assert_int_equal(keys_down(), 0);
	assert_int_equal(drain(got, sizeof got), 0);

	FEED(0x39, 0xFA, 0xFF);         /* they do not release a held key either */
	assert_true(kbd.down[KEY_SPACE]);
	assert_false(kbd.down[0x7A]);
	assert_false(kbd.down[0x7F]);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(kbd.dropped, 0);

	/* Nor are they the break codes of 0x7A and 0x7F: those makes are no keys (they would stick). */
	FEED(0x7A, 0x7F, 0xFA, 0xFF);
	assert_false(kbd.down[0x7A]);
	assert_false(kbd.down[0x7F]);
}

static void release_of_a_key_never_pressed_is_harmless(void **state)
{
	uint8_t got[4];

	(void)state;
	FEED(0xB9, 0xE0, 0xCB, 0x81);   /* Space, Left, Esc released, none pressed */
	assert_int_equal(keys_down(), 0);
	assert_int_equal(drain(got, sizeof got), 0);
	assert_int_equal(kbd.dropped, 0);

	FEED(0x1D, 0xE0, 0xC8);         /* Ctrl down, then Up released */
	assert_true(kbd.down[KEY_LCTRL]);
	assert_int_equal(keys_down(), 1);
	assert_int_equal(drain(got, sizeof got), 1);
	assert_int_equal(got[0], KEY_LCTRL);
}

/* BUG (fixed, found by fuzzing): a make whose break code is a protocol byte could never be released. */
static void makes_whose_break_is_a_protocol_byte_are_no_keys(void **state)
{
	uint8_t got[8];

	(void)state;
	FEED(0x60, 0x61, 0x7A, 0x7F);           /* breaks would be E0, E1, FA, FF */
	FEED(0xE0, 0x60, 0xE0, 0x7F);
	assert_int_equal(keys_down(), 0);
	assert_int_equal(drain(got, sizeof got), 0);
	FEED(0xE0, 0x60, 0x39);                 /* and the prefix is used up: Space is plain Space */
	assert_true(kbd.down[KEY_SPACE]);
	assert_false(kbd.down[0x80 | KEY_SPACE]);
}

/* Ctrl+Alt+Del as the restart check reads it: either Ctrl, either Alt, Delete or keypad Del. */
static void ctrl_alt_del_decodes_to_its_keys(void **state)
{
	(void)state;
	FEED(0x1D, 0x38, 0xE0, 0x53);           /* left Ctrl, left Alt, Delete (E0 53) */
	assert_true(kbd.down[KEY_LCTRL] && kbd.down[KEY_LALT] && kbd.down[KEY_DELETE]);
	assert_false(kbd.down[KEY_KP_DEL]);
	FEED(0xE0, 0xD3, 0xB8, 0x9D);
	assert_int_equal(keys_down(), 0);
	FEED(0xE0, 0x1D, 0xE0, 0x38, 0x53);     /* right Ctrl, right Alt (AltGr), keypad Del */
	assert_true(kbd.down[KEY_RCTRL] && kbd.down[KEY_RALT] && kbd.down[KEY_KP_DEL]);
	assert_false(kbd.down[KEY_DELETE]);
}

/* A Pause sequence in the middle of an E0 pair: the prefix is dropped, the six bytes skipped. */
static void pause_after_a_prefix_drops_the_prefix(void **state)
{
	(void)state;
	FEED(0xE0, 0xE1, 0x1D, 0x45, 0xE1, 0x9D, 0xC5, 0x4D);
	assert_true(kbd.down[KEY_KP_RIGHT]);    /* plain 4D: the E0 before the Pause is gone */
	assert_false(kbd.down[KEY_RIGHT]);
	assert_int_equal(keys_down(), 1);
}

static void reset_forgets_keys_queue_and_prefix(void **state)
{
	uint8_t got[4];

	(void)state;
	FEED(0x1D, 0x39, 0xE0);         /* two keys down, two presses queued, prefix pending */
	kbdscan_reset(&kbd);
	assert_int_equal(keys_down(), 0);
	assert_int_equal(drain(got, sizeof got), 0);
	FEED(0x4B);                     /* the E0 before the reset no longer applies */
	assert_true(kbd.down[KEY_KP_LEFT]);
	assert_false(kbd.down[KEY_LEFT]);

	FEED(0xE1, 0x1D);               /* in the middle of a Pause sequence */
	kbdscan_reset(&kbd);
	FEED(0x39);
	assert_true(kbd.down[KEY_SPACE]);
}

#define T(f) cmocka_unit_test_setup(f, fresh_state)
static const struct CMUnitTest tests[] = {
	T(reset_state_is_empty),
	T(make_sets_and_break_clears_the_down_table),
	T(several_keys_held_at_once),
	T(extended_arrows_differ_from_keypad),
	T(prefix_applies_to_the_next_byte_only),
	T(fake_shifts_around_arrows_ignored),
	T(pause_sequence_produces_no_key),
	T(pause_does_not_release_held_ctrl_or_numlock),
	T(typematic_repeat_is_one_press),
	T(tap_between_reads_is_kept),
	T(queue_is_first_in_first_out),
	T(queue_overflow_keeps_oldest_and_counts_dropped),
	T(queue_indices_wrap_around),
	T(ack_and_overrun_bytes_ignored),
	T(release_of_a_key_never_pressed_is_harmless),
	T(makes_whose_break_is_a_protocol_byte_are_no_keys),
	T(ctrl_alt_del_decodes_to_its_keys),
	T(pause_after_a_prefix_drops_the_prefix),
	T(reset_forgets_keys_queue_and_prefix),
};

int main(int argc, char **argv)
{
	if (testmain_filter("kbdscan", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("kbdscan", tests, NULL, NULL);
}
