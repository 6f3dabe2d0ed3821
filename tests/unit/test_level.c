/* test_level.c: level files — a valid one loads; every malformed field is rejected with a message naming it. */
#include "testmain.h"

#include "actor.h"
#include "assets.h"
#include "crc32.h"
#include "level.h"
#include "map.h"

/*
 * The reference level built by every test: 5x3 cells, two actors, name
 * "tiny". Tests break one field (fixing the CRC unless the CRC is the
 * point) and check the message.
 */
#define TW 5
#define TH 3
#define CELLS_AT LEVEL_HEADER_SIZE
#define ACTORS_AT (CELLS_AT + 2 * TW * TH)

static uint8_t lvl[LEVEL_HEADER_SIZE + 2 * 1024 + LEVEL_ACTOR_SIZE * 130 + LEVEL_CRC_SIZE];
static size_t lvl_len;
static Map map, before;
static LevelSpawn spawns[LEVEL_MAX_ACTORS];
static char err[LEVEL_ERR_SIZE];

static const uint16_t tiny_cells[TH][TW] = {
	{ MAP_AIR, 1, MAP_PATH_LAST, MAP_SOLID_BASE + 1, MAP_SOLID_BASE + TILE_COUNT - 1 },
	{ MAP_MASKED_FLAG | 0, MAP_MASKED_FLAG | (MTILE_COUNT - 1), MAP_AIR, MAP_AIR, MAP_AIR },
	{ MAP_SOLID_BASE + TILE_GRASS_TOP, MAP_SOLID_BASE + TILE_GRASS_TOP, MAP_SOLID_BASE + TILE_BRICK,
	  MAP_SOLID_BASE + TILE_GRASS_TOP, MAP_SOLID_BASE + TILE_GRASS_TOP },
};

static void put16(size_t at, uint16_t v)
{
	lvl[at] = (uint8_t)v;
	lvl[at + 1] = (uint8_t)(v >> 8);
}

/* Recomputes the trailing CRC-32 over everything before it. */
static void fix_crc(void)
{
	uint32_t crc = crc32_update(0, lvl, lvl_len - LEVEL_CRC_SIZE);

	for (int i = 0; i < 4; i++)
		lvl[lvl_len - LEVEL_CRC_SIZE + i] = (uint8_t)(crc >> (8 * i));
}

static void set_actor(int i, uint16_t kind, uint16_t x, uint16_t y)
{
	put16(ACTORS_AT + LEVEL_ACTOR_SIZE * i, kind);
	put16(ACTORS_AT + LEVEL_ACTOR_SIZE * i + 2, x);
	put16(ACTORS_AT + LEVEL_ACTOR_SIZE * i + 4, y);
}

static int build_tiny(void **state)
{
	(void)state;
	memset(lvl, 0, sizeof lvl);
	memcpy(lvl, "SFLV", 4);
	put16(4, LEVEL_VERSION);
	put16(6, TW);
	put16(8, TH);
	put16(10, 2);
	put16(12, 0);
	memcpy(lvl + 14, "tiny", 4);
	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			put16(CELLS_AT + 2 * (y * TW + x), tiny_cells[y][x]);
	lvl_len = ACTORS_AT + 2 * LEVEL_ACTOR_SIZE + LEVEL_CRC_SIZE;
	set_actor(0, ACT_PLAYER, 0, 1);
	set_actor(1, ACT_CRITTER, 4, 1);
	fix_crc();
	memset(err, 0, sizeof err);
	return 0;
}

/* level_check on an exact-size heap copy, so ASan sees any read past the end. */
static bool check_copy(const uint8_t *data, size_t len, LevelHeader *h, char *e, size_t elen)
{
	uint8_t *copy = malloc(len ? len : 1);
	bool ok;

	assert_non_null(copy);
	if (len)
		memcpy(copy, data, len);
	ok = level_check(copy, len, h, e, elen);
	free(copy);
	return ok;
}

static void assert_rejected(const char *want)
{
	bool ok = check_copy(lvl, lvl_len, NULL, err, sizeof err);

	if (ok)
		fail_msg("accepted; expected \"%s\"", want);
	if (!strstr(err, want))
		fail_msg("message \"%s\" lacks \"%s\"", err, want);
	assert_int_equal(strncmp(err, "level: ", 7), 0);
}

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
