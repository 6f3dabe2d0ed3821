/* test_items.c: level markers become platforms/fountains, the foot switch, pouncing, prizes. */
#include "play.h"
#include "player.h"
#include "testmain.h"

#include "acts.h"
#include "assets.h"
#include "crc32.h"
#include "level.h"
#include "world.h"

#define LW 40
#define LH 12
#define FLOOR_ROW 11

static World w;
static uint8_t lvl[LEVEL_HEADER_SIZE + 2 * LW * LH + LEVEL_ACTOR_SIZE * 8 + LEVEL_CRC_SIZE];
static const GameInput none = { 0, 0 };

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* A 40x12 level: a grass floor on the bottom row and the given actors. */
static size_t build(const uint16_t (*actors)[3], int n)
{
	uint8_t *p = lvl;
	uint32_t crc;
	size_t len;

	memset(lvl, 0, sizeof lvl);
	memcpy(p, "SFLV", 4);
	put16(p + 4, LEVEL_VERSION);
	put16(p + 6, LW);
	put16(p + 8, LH);
	put16(p + 10, (uint16_t)n);
	memcpy(p + 14, "items", 5);
	for (int x = 0; x < LW; x++)
		put16(p + LEVEL_HEADER_SIZE + 2 * (FLOOR_ROW * LW + x), MAP_SOLID_BASE + TILE_GRASS_TOP);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			put16(p + LEVEL_HEADER_SIZE + 2 * LW * LH + LEVEL_ACTOR_SIZE * i + 2 * k, actors[i][k]);
	len = LEVEL_HEADER_SIZE + 2 * LW * LH + LEVEL_ACTOR_SIZE * (size_t)n;
	crc = crc32_update(0, lvl, len);
	for (int i = 0; i < 4; i++)
		lvl[len + i] = (uint8_t)(crc >> (8 * i));
	return len + LEVEL_CRC_SIZE;
}

static void load(const uint16_t (*actors)[3], int n)
{
	char err[LEVEL_ERR_SIZE];
	size_t len = build(actors, n);

	assert_true(world_load_level(&w, lvl, len, 1, err, sizeof err));
}

static int count_kind(int kind)
{
	int n = 0;

	for (int i = 0; i < MAX_ACTORS; i++)
		n += w.actors[i].kind == kind && !w.actors[i].dead;
	return n;
}

static int busy_shards(void)
{
	int n = 0;

	for (int i = 0; i < MAX_SHARDS; i++)
		n += w.shards.slot[i].image != SHARD_IDLE;
	return n;
}

static int busy_spawners(void)
{
	int n = 0;

	for (int i = 0; i < MAX_SPAWNERS; i++)
		n += w.spawners.slot[i].actor != ACT_NONE;
	return n;
}

static void markers_become_platforms_and_fountains_not_actors(void **state)
{
	static const uint16_t a[][3] = {
		{ ACT_PLAYER, 1, 10 }, { ACT_PLATFORM, 10, 5 }, { ACT_PLATFORM, 20, 4 },
		{ ACT_FOUNTAIN_6, 30, 11 }, { ACT_FOUNTAIN_15, 35, 11 },
	};

	(void)state;
	load(a, 5);
	assert_int_equal(w.platforms.count, 2);
	assert_int_equal(w.platforms.plat[0].x, 10);
	assert_int_equal(w.platforms.plat[0].y, 5);
	assert_int_equal(w.platforms.fcount, 2);
	assert_int_equal(w.platforms.fnt[0].step_max, 6);
	assert_int_equal(w.platforms.fnt[1].step_max, 15);
	assert_true(w.platforms.active);                /* no foot switch: platforms run */
	assert_int_equal(actor_count(&w), 1);           /* only the player is an actor */
	for (int k = ACT_PLATFORM; k <= ACT_FOUNTAIN_15; k++)
		assert_null(actor_spawn(&w, k, 3, 3));  /* markers never live */
}

static void a_foot_switch_freezes_platforms_until_its_fourth_push(void **state)
{
	static const uint16_t a[][3] = {
		{ ACT_PLAYER, 4, 4 }, { ACT_FOOT_SWITCH, 4, 6 }, { ACT_PLATFORM, 20, 5 },
	};
	Actor *sw = NULL;
	int t;

	(void)state;
	load(a, 3);
	assert_false(w.platforms.active);
	for (int i = 0; i < MAX_ACTORS; i++)
		if (w.actors[i].kind == ACT_FOOT_SWITCH)
			sw = &w.actors[i];
	assert_non_null(sw);
	assert_int_equal(actor_image(sw), IMG_FOOT_SWITCH_UP);
	/* The player drops onto the knob (row 6) and bounces on it; four pushes (test_footswitch.c). */
	for (t = 0; t < 40 && !w.platforms.active; t++) {
		world_tick(&w, &none);
		assert_row(w.platforms.active == (sw->vx == 4), "tick %d: active before the fourth sink", t);
	}
	assert_true(w.platforms.active);
	assert_int_equal(sw->y, 10);                    /* sunk four rows */
	assert_int_equal(actor_image(sw), IMG_FOOT_SWITCH_DOWN);
	assert_int_equal(count_kind(ACT_FOOT_SWITCH), 1);       /* stays, pressed */
}

static void pouncing_a_barrel_throws_four_shards_and_a_prize_spawner(void **state)
{
	static const uint16_t a[][3] = { { ACT_PLAYER, 8, 5 }, { ACT_BARREL, 8, 10 } };

	(void)state;
	load(a, 2);
	for (int t = 0; t < 8 && count_kind(ACT_BARREL); t++)
		world_tick(&w, &none);
	assert_int_equal(count_kind(ACT_BARREL), 0);
	assert_int_equal(busy_shards(), 4);
	assert_int_equal(busy_spawners(), 1);
	assert_true(w.spawners.slot[0].actor >= ACT_GOURD && w.spawners.slot[0].actor <= ACT_EMERALD);
	assert_int_equal(w.score, actor_kinds[ACT_BARREL].points);
	assert_ptr_equal(world_player(&w)->tick, act_player_jump);     /* bounced */
}

static void a_prize_is_collected_on_touch(void **state)
{
	static const uint16_t a[][3] = { { ACT_PLAYER, 8, 10 }, { ACT_DIAMOND, 11, 10 } };
	GameInput right = { BTN_BIT(BTN_RIGHT), BTN_BIT(BTN_RIGHT) };

	(void)state;
	load(a, 2);
	for (int t = 0; t < 4 && count_kind(ACT_DIAMOND); t++)
		world_tick(&w, &right);
	assert_int_equal(count_kind(ACT_DIAMOND), 0);
	assert_int_equal(w.score, actor_kinds[ACT_DIAMOND].points);
}

static void a_hamburger_heals_one_point(void **state)
{
	static const uint16_t a[][3] = { { ACT_PLAYER, 8, 10 }, { ACT_HAMBURGER, 9, 10 } };

	(void)state;
	load(a, 2);
	w.health = 1;
	world_tick(&w, &none);
	assert_int_equal(w.health, 2);
}

static void hurt_then_cooldown_ignores_hits(void **state)
{
	static const uint16_t a[][3] = { { ACT_PLAYER, 8, 10 } };

	(void)state;
	load(a, 1);
	world_hurt_player(&w);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	for (int t = 0; t < HURT_COOLDOWN_FRAMES - 1; t++) {
		world_hurt_player(&w);
		world_tick(&w, &none);
	}
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 1);
	world_tick(&w, &none);
	world_hurt_player(&w);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH - 2);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(markers_become_platforms_and_fountains_not_actors),
	cmocka_unit_test(a_foot_switch_freezes_platforms_until_its_fourth_push),
	cmocka_unit_test(pouncing_a_barrel_throws_four_shards_and_a_prize_spawner),
	cmocka_unit_test(a_prize_is_collected_on_touch),
	cmocka_unit_test(a_hamburger_heals_one_point),
	cmocka_unit_test(hurt_then_cooldown_ignores_hits),
};

int main(int argc, char **argv)
{
	if (testmain_filter("items", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("items", tests, NULL, NULL);
}
