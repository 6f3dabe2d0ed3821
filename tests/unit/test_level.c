/* test_level.c: level files — a valid one loads; a malformed header is rejected naming the field; the loader's contract. */
#include "levelfix.h"

static Map before;                      /* the map as it was before a failed load */

/* --- accepted ------------------------------------------------------------ */

static void tiny_level_loads_cells_and_spawns(void **state)
{
	LevelHeader h;
	int n = -1;

	(void)state;
	assert_true(check_copy(lvl, lvl_len, &h, err, sizeof err));
	assert_int_equal(h.version, 1);
	assert_int_equal(h.w, TW);
	assert_int_equal(h.h, TH);
	assert_int_equal(h.actor_count, 2);
	assert_string_equal(h.name, "tiny");
	assert_true(level_load(&map, spawns, &n, lvl, lvl_len, err, sizeof err));
	assert_int_equal(map.w, TW);
	assert_int_equal(map.h, TH);
	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			assert_row(map.cells[y * TW + x] == tiny_cells[y][x], "cell (%d,%d) is 0x%04X", x, y,
			    map.cells[y * TW + x]);
	assert_int_equal(n, 2);
	assert_int_equal(spawns[0].kind, ACT_PLAYER);
	assert_int_equal(spawns[0].x, 0);
	assert_int_equal(spawns[0].y, 1);
	assert_int_equal(spawns[1].kind, ACT_CRITTER);
	assert_int_equal(spawns[1].x, 4);
	assert_int_equal(spawns[1].y, 1);
}

static void every_valid_cell_kind_is_accepted(void **state)
{
	static const uint16_t ok[] = {
		MAP_AIR, 1, 2, 3, 4, 5, 6, 7, MAP_PATH_LAST, MAP_SOLID_BASE + 1,
		MAP_SOLID_BASE + TILE_COUNT - 1, MAP_MASKED_FLAG, MAP_MASKED_FLAG | (MTILE_COUNT - 1),
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ok); i++) {
		put16(CELLS_AT + 2 * 7, ok[i]);
		fix_crc();
		assert_row(check_copy(lvl, lvl_len, NULL, err, sizeof err), "cell 0x%04X: %s", ok[i], err);
	}
}

static void largest_map_and_most_actors_are_accepted(void **state)
{
	static uint8_t big[LEVEL_HEADER_SIZE + 2 * MAP_MAX_CELLS + LEVEL_ACTOR_SIZE * LEVEL_MAX_ACTORS + 4];
	size_t len = sizeof big, at = LEVEL_HEADER_SIZE + 2 * MAP_MAX_CELLS;
	uint32_t crc;
	int n;

	(void)state;
	memset(big, 0, sizeof big);
	memcpy(big, "SFLV\x01\x00\x00\x04\x40\x00\x80\x00\x00\x00" "big", 17);  /* 1024x64, 128 actors */
	for (int i = 0; i < LEVEL_MAX_ACTORS; i++, at += 6) {
		big[at] = i == 0 ? ACT_PLAYER : ACT_BARREL;
		big[at + 2] = (uint8_t)i;               /* x = i, y = 63 */
		big[at + 4] = 63;
	}
	crc = crc32_update(0, big, len - 4);
	for (int i = 0; i < 4; i++)
		big[len - 4 + i] = (uint8_t)(crc >> (8 * i));
	assert_true(level_load(&map, spawns, &n, big, len, err, sizeof err));
	assert_int_equal(map.w, 1024);
	assert_int_equal(map.h, 64);
	assert_int_equal(n, LEVEL_MAX_ACTORS);
	assert_int_equal(spawns[127].x, 127);
	assert_int_equal(spawns[127].y, 63);
}

/* The level built from game/levels/test.tmj is in the table and loads. */
static void built_in_test_level_loads(void **state)
{
	const LevelBlob *b = level_find("test");
	int n = 0, players = 0;

	(void)state;
	assert_non_null(b);
	assert_true(game_level_count >= 1);
	assert_null(level_find("no-such-level"));
	assert_null(level_find(NULL));
	if (!level_load(&map, spawns, &n, b->data, b->len, err, sizeof err))
		fail_msg("%s", err);
	assert_true(map.w >= 80);               /* wider than two 40-tile screens */
	assert_true(map.h >= 20);
	for (int i = 0; i < n; i++)
		players += spawns[i].kind == ACT_PLAYER;
	assert_int_equal(players, 1);
}

/* --- rejected: header ---------------------------------------------------- */

static void null_data_is_rejected(void **state)
{
	(void)state;
	assert_false(level_check(NULL, 0, NULL, err, sizeof err));
	assert_string_equal(err, "level: no data (NULL)");
	assert_false(level_check(NULL, 100, NULL, err, sizeof err));
}

static void shorter_than_header_is_rejected(void **state)
{
	(void)state;
	lvl_len = 29;
	assert_rejected("file is 29 bytes, shorter than the 30-byte header");
	lvl_len = 0;
	assert_rejected("file is 0 bytes");
}

static void bad_magic_is_rejected(void **state)
{
	(void)state;
	lvl[3] = 'X';
	assert_rejected("bad magic \"SFLX\", not \"SFLV\"");
	lvl[0] = 0;
	assert_rejected("bad magic \"\\x00FLX\"");
}

static void other_version_is_rejected(void **state)
{
	(void)state;
	put16(4, 2);
	fix_crc();
	assert_rejected("version 2 not supported (want 1)");
}

static void nonzero_flags_are_rejected(void **state)
{
	(void)state;
	put16(12, 0x0100);
	fix_crc();
	assert_rejected("flags 0x0100 not supported (must be 0)");
}

static void zero_width_is_rejected(void **state)
{
	(void)state;
	put16(6, 0);
	assert_rejected("size 0x3 outside 1x1 .. 1024x256");
}

static void zero_height_is_rejected(void **state)
{
	(void)state;
	put16(8, 0);
	assert_rejected("size 5x0 outside");
}

static void width_over_limit_is_rejected(void **state)
{
	(void)state;
	put16(6, MAP_MAX_W + 1);
	put16(8, 1);
	assert_rejected("size 1025x1 outside 1x1 .. 1024x256");
}

static void height_over_limit_is_rejected(void **state)
{
	(void)state;
	put16(6, 1);
	put16(8, MAP_MAX_H + 1);
	assert_rejected("size 1x257 outside");
}

static void too_many_cells_are_rejected(void **state)
{
	(void)state;
	put16(6, 1024);
	put16(8, 65);
	assert_rejected("size 1024x65 is 66560 cells, more than 65536");
}

static void too_many_actors_are_rejected(void **state)
{
	(void)state;
	put16(10, LEVEL_MAX_ACTORS + 1);
	assert_rejected("129 actors, more than 128");
}

static void name_without_nul_is_rejected(void **state)
{
	(void)state;
	memcpy(lvl + 14, "sixteen-letters!", 16);
	assert_rejected("name is not NUL-terminated within 16 bytes");
}

static void name_with_control_byte_is_rejected(void **state)
{
	(void)state;
	lvl[14 + 2] = '\n';
	assert_rejected("name byte 2 is 0x0A, not printable ASCII");
}

static void name_padding_must_be_nul(void **state)
{
	(void)state;
	lvl[14 + 9] = 'x';
	assert_rejected("name padding byte 9 is 0x78, not NUL");
}

static void empty_name_is_rejected(void **state)
{
	(void)state;
	memset(lvl + 14, 0, LEVEL_NAME_SIZE);
	assert_rejected("name is empty");
}

/* --- loader contract and messages ---------------------------------------- */

static void failed_load_leaves_map_and_spawns_untouched(void **state)
{
	LevelSpawn keep = { .kind = 77, .x = 7, .y = 7 };
	int n = 42;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(map.cells); i++)
		map.cells[i] = (uint16_t)(i * 7);
	map.w = 33;
	map.h = 44;
	memcpy(&before, &map, sizeof map);
	spawns[0] = keep;
	set_actor(1, ACT_COUNT + 5, 1, 1);
	fix_crc();
	assert_false(level_load(&map, spawns, &n, lvl, lvl_len, err, sizeof err));
	assert_memory_equal(&map, &before, sizeof map);
	assert_int_equal(n, 42);
	assert_memory_equal(&spawns[0], &keep, sizeof keep);
}

static void messages_truncate_to_the_buffer_and_stay_terminated(void **state)
{
	char small[12];

	(void)state;
	lvl[3] = 'X';
	memset(small, '#', sizeof small);
	assert_false(level_check(lvl, lvl_len, NULL, small, 8));
	assert_string_equal(small, "level: ");
	assert_int_equal(small[8], '#');        /* nothing written past errlen */
	memset(small, '#', sizeof small);
	assert_false(level_check(lvl, lvl_len, NULL, small, 1));
	assert_int_equal(small[0], '\0');
	assert_int_equal(small[1], '#');
	memset(small, '#', sizeof small);
	assert_false(level_check(lvl, lvl_len, NULL, small, 0));
	assert_int_equal(small[0], '#');        /* errlen 0: untouched */
	assert_false(level_check(lvl, lvl_len, NULL, NULL, 100));
}

static void success_leaves_no_stale_message(void **state)
{
	(void)state;
	strcpy(err, "old");
	assert_true(level_check(lvl, lvl_len, NULL, err, sizeof err));
	assert_string_equal(err, "");
}

#define T(f) cmocka_unit_test_setup(f, build_tiny)
static const struct CMUnitTest tests[] = {
	T(tiny_level_loads_cells_and_spawns),
	T(every_valid_cell_kind_is_accepted),
	T(largest_map_and_most_actors_are_accepted),
	T(built_in_test_level_loads),
	T(null_data_is_rejected),
	T(shorter_than_header_is_rejected),
	T(bad_magic_is_rejected),
	T(other_version_is_rejected),
	T(nonzero_flags_are_rejected),
	T(zero_width_is_rejected),
	T(zero_height_is_rejected),
	T(width_over_limit_is_rejected),
	T(height_over_limit_is_rejected),
	T(too_many_cells_are_rejected),
	T(too_many_actors_are_rejected),
	T(name_without_nul_is_rejected),
	T(name_with_control_byte_is_rejected),
	T(name_padding_must_be_nul),
	T(empty_name_is_rejected),
	T(failed_load_leaves_map_and_spawns_untouched),
	T(messages_truncate_to_the_buffer_and_stay_terminated),
	T(success_leaves_no_stale_message),
};

int main(int argc, char **argv)
{
	if (testmain_filter("level", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("level", tests, NULL, NULL);
}
