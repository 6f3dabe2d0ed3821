/* test_level_reject.c: level files — bad length, CRC, cells and actors are rejected with a message naming them. */
#include "levelfix.h"

/* --- rejected: length and CRC -------------------------------------------- */

static void one_byte_too_long_is_rejected(void **state)
{
	(void)state;
	lvl_len++;
	assert_rejected("file is 77 bytes; a 5x3 map with 2 actors needs 76");
}

static void actor_count_disagreeing_with_length_is_rejected(void **state)
{
	(void)state;
	put16(10, 3);
	assert_rejected("file is 76 bytes; a 5x3 map with 3 actors needs 82");
}

static void crc_mismatch_is_rejected(void **state)
{
	size_t at = lvl_len - LEVEL_CRC_SIZE;
	char want[64];

	(void)state;
	lvl[CELLS_AT] ^= 0x01;                  /* cell (0,0): air -> path 1, still a valid cell */
	snprintf(want, sizeof want, "CRC mismatch (file 0x%08X, computed 0x%08X)",
	    (unsigned)(lvl[at] | lvl[at + 1] << 8 | lvl[at + 2] << 16 | (uint32_t)lvl[at + 3] << 24),
	    (unsigned)crc32_update(0, lvl, at));
	assert_rejected(want);
}

/* Every proper prefix of a valid file is refused, and nothing reads past it. */
static void every_truncation_is_rejected(void **state)
{
	const LevelBlob *b = level_find("test");

	(void)state;
	for (size_t len = 0; len < lvl_len; len++)
		assert_row(!check_copy(lvl, len, NULL, err, sizeof err), "tiny cut to %zu bytes", len);
	assert_non_null(b);
	for (size_t len = 0; len < b->len; len++) {
		uint8_t *copy = malloc(len ? len : 1);
		int n;

		memcpy(copy, b->data, len);
		assert_row(!level_load(&map, spawns, &n, copy, len, err, sizeof err),
		    "test level cut to %zu bytes", len);
		free(copy);
	}
}

/* --- rejected: cells ----------------------------------------------------- */

static void solid_tile_past_the_sheet_is_rejected(void **state)
{
	char want[80];

	(void)state;
	put16(CELLS_AT + 2 * (1 * TW + 3), MAP_SOLID_BASE + TILE_COUNT);
	fix_crc();
	snprintf(want, sizeof want, "cell (3,1) has tile 0x%04X, no such solid tile",
	    MAP_SOLID_BASE + TILE_COUNT);
	assert_rejected(want);
}

static void largest_non_masked_value_is_rejected(void **state)
{
	(void)state;
	put16(CELLS_AT + 2 * 14, 0x7FFF);
	fix_crc();
	assert_rejected("cell (4,2) has tile 0x7FFF, no such solid tile");
}

static void masked_tile_past_the_sheet_is_rejected(void **state)
{
	char want[80];

	(void)state;
	put16(CELLS_AT + 2 * 2, MAP_MASKED_FLAG | MTILE_COUNT);
	fix_crc();
	snprintf(want, sizeof want, "cell (2,0) has tile 0x%04X, no such masked tile",
	    MAP_MASKED_FLAG | MTILE_COUNT);
	assert_rejected(want);
}

static void outside_marker_as_a_cell_is_rejected(void **state)
{
	(void)state;
	put16(CELLS_AT, MAP_OUTSIDE);
	fix_crc();
	assert_rejected("cell (0,0) has tile 0xFFFF, no such masked tile");
}

/* --- rejected: actors ---------------------------------------------------- */

static void actor_kind_none_is_rejected(void **state)
{
	(void)state;
	set_actor(1, ACT_NONE, 1, 1);
	fix_crc();
	assert_rejected("actor 1 has kind 0 (ACT_NONE), not an actor");
}

static void unknown_actor_kind_is_rejected(void **state)
{
	char want[64];

	(void)state;
	set_actor(1, ACT_COUNT, 1, 1);
	fix_crc();
	snprintf(want, sizeof want, "actor 1 has kind %d, no such actor kind", ACT_COUNT);
	assert_rejected(want);
}

static void actor_right_of_the_map_is_rejected(void **state)
{
	(void)state;
	set_actor(1, ACT_CRITTER, TW, 1);
	fix_crc();
	assert_rejected("actor 1 at (5,1) is outside the 5x3 map");
}

static void actor_below_the_map_is_rejected(void **state)
{
	(void)state;
	set_actor(0, ACT_PLAYER, 0, 300);
	fix_crc();
	assert_rejected("actor 0 at (0,300) is outside the 5x3 map");
}

static void level_without_player_is_rejected(void **state)
{
	(void)state;
	set_actor(0, ACT_SLUG, 0, 0);
	fix_crc();
	assert_rejected("no PLAYER actor; want exactly one");
}

static void level_with_two_players_is_rejected(void **state)
{
	(void)state;
	set_actor(1, ACT_PLAYER, 3, 1);
	fix_crc();
	assert_rejected("actors 0 and 1 are both PLAYER; want exactly one");
}

static void level_with_no_actors_is_rejected(void **state)
{
	(void)state;
	put16(10, 0);
	lvl_len = ACTORS_AT + LEVEL_CRC_SIZE;
	fix_crc();
	assert_rejected("no PLAYER actor");
}

#define T(f) cmocka_unit_test_setup(f, build_tiny)
static const struct CMUnitTest tests[] = {
	T(one_byte_too_long_is_rejected),
	T(actor_count_disagreeing_with_length_is_rejected),
	T(crc_mismatch_is_rejected),
	T(every_truncation_is_rejected),
	T(solid_tile_past_the_sheet_is_rejected),
	T(largest_non_masked_value_is_rejected),
	T(masked_tile_past_the_sheet_is_rejected),
	T(outside_marker_as_a_cell_is_rejected),
	T(actor_kind_none_is_rejected),
	T(unknown_actor_kind_is_rejected),
	T(actor_right_of_the_map_is_rejected),
	T(actor_below_the_map_is_rejected),
	T(level_without_player_is_rejected),
	T(level_with_two_players_is_rejected),
	T(level_with_no_actors_is_rejected),
};

int main(int argc, char **argv)
{
	if (testmain_filter("level_reject", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("level_reject", tests, NULL, NULL);
}
