/* test_frame.c: building a frame's draw list — each command's fields, text copied in, overflow counted. */
#include "testmain.h"

#include "frame.h"

static Frame frame;

static int fresh_frame(void **state)
{
	(void)state;
	memset(&frame, 0xA5, sizeof frame);
	frame_clear(&frame);
	return 0;
}

static void clear_empties_the_list(void **state)
{
	(void)state;
	assert_int_equal(frame.count, 0);
	assert_int_equal(frame.dropped, 0);
	assert_int_equal(frame.text_used, 0);
	frame_fill(&frame, 0, 0, 1, 1, 1);
	frame_text(&frame, 0, 0, "hi", 1);
	frame_clear(&frame);
	assert_int_equal(frame.count, 0);
	assert_int_equal(frame.text_used, 0);
}

static void commands_recorded_in_order_with_their_fields(void **state)
{
	const DrawCmd *c = frame.cmds;

	(void)state;
	frame_fill(&frame, -5, 190, 30, 20, 9);
	frame_tile(&frame, 312, 176, 3);
	frame_image(&frame, 100, -7, 4, DRAWF_FLIP_V | DRAWF_SILHOUETTE, 14);
	frame_text(&frame, 16, 72, "Hi", 11);
	assert_int_equal(frame.count, 4);
	assert_int_equal(frame.dropped, 0);

	assert_int_equal(c[0].kind, DRAW_FILL);
	assert_int_equal(c[0].x, -5);
	assert_int_equal(c[0].y, 190);
	assert_int_equal(c[0].w, 30);
	assert_int_equal(c[0].h, 20);
	assert_int_equal(c[0].color, 9);

	assert_int_equal(c[1].kind, DRAW_TILE);
	assert_int_equal(c[1].x, 312);
	assert_int_equal(c[1].y, 176);
	assert_int_equal(c[1].id, 3);
	assert_int_equal(c[1].flags, 0);

	assert_int_equal(c[2].kind, DRAW_IMAGE);
	assert_int_equal(c[2].x, 100);
	assert_int_equal(c[2].y, -7);
	assert_int_equal(c[2].id, 4);
	assert_int_equal(c[2].flags, DRAWF_FLIP_V | DRAWF_SILHOUETTE);
	assert_int_equal(c[2].color, 14);

	assert_int_equal(c[3].kind, DRAW_TEXT);
	assert_int_equal(c[3].x, 16);
	assert_int_equal(c[3].y, 72);
	assert_int_equal(c[3].color, 11);
	assert_string_equal(&frame.text[c[3].id], "Hi");
}

/* Negative sizes become 0; colours keep their low four bits. */
static void fill_clamps_size_and_masks_colour(void **state)
{
	(void)state;
	frame_fill(&frame, 10, 10, -4, -1, 0x1C);
	assert_int_equal(frame.cmds[0].w, 0);
	assert_int_equal(frame.cmds[0].h, 0);
	assert_int_equal(frame.cmds[0].color, 0x0C);
	frame_image(&frame, 0, 0, 0, 0, 31);
	assert_int_equal(frame.cmds[1].color, 15);
	frame_text(&frame, 0, 0, "x", 16);
	assert_int_equal(frame.cmds[2].color, 0);
}

/* Each string lands after the previous one's NUL. */
static void texts_are_packed_one_after_another(void **state)
{
	(void)state;
	frame_text(&frame, 0, 0, "one", 1);
	frame_text(&frame, 0, 8, "", 2);
	frame_text(&frame, 0, 16, "three", 3);
	assert_int_equal(frame.cmds[0].id, 0);
	assert_int_equal(frame.cmds[1].id, 4);
	assert_int_equal(frame.cmds[2].id, 5);
	assert_int_equal(frame.text_used, 11);
	assert_memory_equal(frame.text, "one\0\0three\0", 11);
}

/* The text is copied: the caller may reuse its buffer at once. */
static void text_is_copied_not_referenced(void **state)
{
	char buf[8] = "12.3";

	(void)state;
	frame_text(&frame, 244, 124, buf, 15);
	strcpy(buf, "99.9");
	buf[0] = 'X';
	assert_string_equal(&frame.text[frame.cmds[0].id], "12.3");
}

/* FRAME_MAX_CMDS commands fit; every one after that is dropped and counted. */
static void full_list_drops_and_counts(void **state)
{
	(void)state;
	for (int i = 0; i < FRAME_MAX_CMDS; i++)
		frame_fill(&frame, i, 0, 1, 1, 1);
	assert_int_equal(frame.count, FRAME_MAX_CMDS);
	assert_int_equal(frame.dropped, 0);

	frame_fill(&frame, 0, 0, 1, 1, 2);
	frame_tile(&frame, 0, 0, 1);
	frame_image(&frame, 0, 0, 1, 0, 0);
	frame_text(&frame, 0, 0, "lost", 3);
	assert_int_equal(frame.count, FRAME_MAX_CMDS);
	assert_int_equal(frame.dropped, 4);
	assert_int_equal(frame.text_used, 0);   /* a dropped text takes no text space */
	assert_int_equal(frame.cmds[FRAME_MAX_CMDS - 1].x, FRAME_MAX_CMDS - 1);
	assert_int_equal(frame.cmds[FRAME_MAX_CMDS - 1].color, 1);

	frame_clear(&frame);
	assert_int_equal(frame.dropped, 0);
	frame_fill(&frame, 0, 0, 1, 1, 2);
	assert_int_equal(frame.count, 1);
}

/* Text space is FRAME_TEXT_BYTES including NULs: exactly full fits, one more byte is dropped. */
static void full_text_space_drops_and_counts(void **state)
{
	char big[FRAME_TEXT_BYTES];

	(void)state;
	memset(big, 'a', sizeof big);
	big[FRAME_TEXT_BYTES - 2] = '\0';       /* 2046 characters + NUL = 2047 bytes */
	frame_text(&frame, 0, 0, big, 1);
	assert_int_equal(frame.text_used, FRAME_TEXT_BYTES - 1);
	frame_text(&frame, 0, 0, "b", 1);       /* needs 2 bytes, 1 left */
	assert_int_equal(frame.dropped, 1);
	assert_int_equal(frame.count, 1);
	frame_text(&frame, 0, 0, "", 1);        /* needs 1 byte: fits exactly */
	assert_int_equal(frame.dropped, 1);
	assert_int_equal(frame.count, 2);
	assert_int_equal(frame.text_used, FRAME_TEXT_BYTES);
	frame_text(&frame, 0, 0, "", 1);
	assert_int_equal(frame.dropped, 2);
	assert_int_equal(frame.count, 2);
	frame_fill(&frame, 0, 0, 1, 1, 1);      /* other commands still fit */
	assert_int_equal(frame.count, 3);
}

#define T(f) cmocka_unit_test_setup(f, fresh_frame)
static const struct CMUnitTest tests[] = {
	T(clear_empties_the_list),
	T(commands_recorded_in_order_with_their_fields),
	T(fill_clamps_size_and_masks_colour),
	T(texts_are_packed_one_after_another),
	T(text_is_copied_not_referenced),
	T(full_list_drops_and_counts),
	T(full_text_space_drops_and_counts),
};

int main(int argc, char **argv)
{
	if (testmain_filter("frame", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("frame", tests, NULL, NULL);
}
