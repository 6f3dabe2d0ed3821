/* test_episode_demos.c: the built-in episode demos do what they are for — finish each level with every creature, collect every prize kind, die. */
#include "play.h"
#include "testmain.h"
#include "sessionfix.h"

#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "demo.h"
#include "demoreel.h"
#include "episode.h"
#include "level.h"
#include "seedhost.h"
#include "session.h"
#include "world.h"

#define RIDE_TICKS 10                   /* ticks on each platform of e1l2 and e1l4 the demos ride at least */

static World w;
static Map start_map;                   /* the level's map as loaded: its own invisible ledges, no fountain tops */

/* What happened while a demo played. */
typedef struct Played {
	int ticks;                      /* ticks played (to the demo's end or the level's) */
	int done_at;                    /* tick the level was finished, 0 if never */
	int died_at;                    /* tick the player first started dying, 0 if never */
	int hurts;                      /* health lost, deaths aside */
	uint32_t kinds_collected;       /* bit per ActorKindId of each prize collected */
	int creatures;                  /* creatures in the level at the start (not prizes or markers) */
	int bosses_left;
	int broken;                     /* barrels and baskets pounced or bombed open */
	int shards;                     /* most shards flying at once (seed 001's bursts) */
	int rode[MAX_PLATFORMS];        /* ticks the player stood on each moving platform (carried by it) */
	int on_ledges;                  /* ticks the player stood on one of the level's invisible ledges */
} Played;

static bool is_creature(int kind)
{
	return kind == ACT_CRITTER || kind == ACT_SLUG || kind == ACT_HOPPER || kind == ACT_SCORPION ||
	    kind == ACT_TULIP || kind == ACT_EYE_PLANT || kind == ACT_BOSS;
}

/* The running platform the player stands on, -1 if none: platform_update's carry test (feet on the row above). */
static int riding(const World *wd, const Actor *p)
{
	const PlatformPool *pp = &wd->platforms;
	int x2 = p->x + image_tiles_w(actor_kind_image(ACT_PLAYER)) - 1;

	for (int i = 0; pp->active && i < pp->count; i++) {
		const Platform *pl = &pp->plat[i];

		if (!pl->halted && p->y == pl->y - 1 && !(x2 < pl->x - PLATFORM_W / 2 || p->x > pl->x + PLATFORM_W / 2))
			return i;
	}
	return -1;
}

/* Whether the player's feet are on an invisible ledge the level was drawn with (a shortcut's). */
static bool on_ledge(const Actor *p)
{
	int x2 = p->x + image_tiles_w(actor_kind_image(ACT_PLAYER)) - 1;

	for (int x = p->x; x <= x2; x++)
		if (map_get_tile(&start_map, x, p->y + 1) == MAP_SOLID_BASE + TILE_INVISIBLE_PLATFORM)
			return true;
	return false;
}

/* Plays built-in demo `name` as the session would, tick by tick, watching prizes, hurts and deaths. */
static Played play(const char *name)
{
	const DemoBlob *db = demo_find(name);
	static DemoPlayer pl;
	char err[DEMO_ERR_SIZE];
	const LevelBlob *lb;
	Played r = { 0 };

	assert_non_null(db);
	assert_true(demo_open(&pl, db->data, db->len, err, sizeof err));
	lb = level_find(pl.h.level);
	assert_non_null(lb);
	assert_int_equal(pl.h.level_crc, demo_level_crc(lb->data, lb->len));    /* made on this level */
	assert_true(world_load_level(&w, lb->data, lb->len, SESSION_LEVEL_SEED, err, sizeof err));
	demo_begin_world(&pl.h, &w);
	start_map = w.map;
	for (int i = 0; i < MAX_ACTORS; i++)
		r.creatures += is_creature(w.actors[i].kind);
	while (!demo_ended(&pl) && !w.level_done) {
		uint8_t kinds[MAX_ACTORS], health = w.health;
		GameInput in;
		const Actor *p;

		for (int i = 0; i < MAX_ACTORS; i++)
			kinds[i] = w.actors[i].kind;
		demo_next(&pl, &in);
		world_tick(&w, &in);
		r.ticks++;
		p = world_player(&w);
		for (int i = 0; i < MAX_ACTORS; i++)     /* a prize gone: only a touch removes one */
			if ((actor_kinds[kinds[i]].flags & AF_PRIZE) && w.actors[i].kind != kinds[i])
				r.kinds_collected |= 1u << kinds[i];
			else if ((kinds[i] == ACT_BARREL || kinds[i] == ACT_BASKET) && w.actors[i].kind != kinds[i])
				r.broken++;
		{
			int flying = 0;

			for (int i = 0; i < MAX_SHARDS; i++)
				flying += w.shards.slot[i].image != SHARD_IDLE;
			if (flying > r.shards)
				r.shards = flying;
		}
		if (p && !p->dead) {
			int on = riding(&w, p);

			if (on >= 0)
				r.rode[on]++;
			r.on_ledges += on_ledge(p);
		}
		if (p && p->tick == act_player_die && !r.died_at)
			r.died_at = r.ticks;
		else if (w.health < health && (!p || p->tick != act_player_die))
			r.hurts += health - w.health;
	}
	if (w.level_done)
		r.done_at = r.ticks;
	for (int i = 0; i < MAX_ACTORS; i++)
		r.bosses_left += w.actors[i].kind == ACT_BOSS;
	return r;
}

/* Each episode level has a demo named after it that reaches its exit, with the whole cast in place. */
static void every_episode_level_has_a_demo_that_finishes_it(void **state)
{
	(void)state;
	assert_true(episode_level_count > 0);
	for (int i = 0; i < episode_level_count; i++) {
		const char *name = episode_levels[i];
		Played r = play(name);

		assert_row(r.done_at > 0, "%s: the level is not finished after %d ticks", name, r.ticks);
		assert_row(r.died_at == 0, "%s: the player dies on tick %d", name, r.died_at);
		assert_row(r.creatures >= 3, "%s: only %d creatures in the level", name, r.creatures);
		assert_row(r.bosses_left == 0, "%s: a boss is still there at the exit", name);
	}
}

/* The bonus level has its demo too: the vault's prizes, then its exit (no creatures there). */
static void the_bonus_level_has_a_demo_that_finishes_it(void **state)
{
	Played r;

	(void)state;
	r = play(episode_bonus_level);
	assert_true(r.done_at > 0);
	assert_int_equal(r.died_at, 0);
	assert_true(w.prizes_found >= 10);
	assert_false(w.bonus_exit);
}

/* The measured lengths: a change in the game that moves a demo off its route shows up here first. */
static void the_level_demos_take_the_planned_ticks(void **state)
{
	static const struct {
		const char *name;
		int ticks;
	} planned[] = {
		{ "e1l1", 124 }, { "e1l2", 221 },       /* e1l2: rides the platform (197 on the ledges) */
		{ "e1l3", 92 }, { "e1l4", 172 }, { "e1l5", 102 }, { "e1l6", 69 }, { "e1l7", 143 },
		{ "e1l8", 98 }, { "e1l9", 121 }, { "e1l10", 124 }, { "e1bonus", 63 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(planned); i++)
		assert_row(play(planned[i].name).done_at == planned[i].ticks, "%s: done at tick %d, planned %d",
		    planned[i].name, play(planned[i].name).done_at, planned[i].ticks);
}

/* Orchard is about barrels and baskets: its demo pounces one open and its shards burst. */
static void the_orchard_demo_breaks_a_barrel_and_its_shards_burst(void **state)
{
	Played r;

	(void)state;
	r = play("e1l3");
	assert_true(r.done_at > 0);
	assert_true(r.broken >= 1);
	assert_true(r.shards >= 4);
}

/*
 * Mudworks and Liftworks are built round the foot switch and the moving
 * platforms: their demos push the switch and ride every platform over its
 * chasm (RIDE_TICKS at least on each: a platform moves a tile a tick), never
 * the invisible ledges of the shortcut under them (the attract mode would
 * show the hero walking on air).
 */
static void the_platform_levels_demos_ride_the_platforms_not_the_ledges(void **state)
{
	static const char *const levels[] = { "e1l2", "e1l4" };

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(levels); i++) {
		Played r = play(levels[i]);

		assert_row(r.done_at > 0, "%s: not finished", levels[i]);
		assert_row(w.platforms.count >= 1, "%s: no platform", levels[i]);
		for (int k = 0; k < w.platforms.count; k++)
			assert_row(r.rode[k] >= RIDE_TICKS, "%s: platform %d ridden %d ticks, at least %d wanted",
			    levels[i], k, r.rode[k], RIDE_TICKS);
		assert_row(r.on_ledges == 0, "%s: stands on invisible ledges %d ticks", levels[i], r.on_ledges);
	}
}

/* The boss level's demo shoots the boss down: the exit stays barred until then. */
static void the_boss_demo_defeats_the_boss_before_the_exit(void **state)
{
	Played r;

	(void)state;
	r = play(episode_levels[episode_level_count - 1]);
	assert_int_equal(r.bosses_left, 0);
	assert_true(w.score >= actor_kinds[ACT_BOSS].points);
}

/* prizes: one of each prize kind — gourd, tomato, diamond, emerald, hamburger — then the exit. */
static void the_prizes_demo_collects_every_prize_kind(void **state)
{
	static const uint8_t kinds[] = { ACT_GOURD, ACT_TOMATO, ACT_DIAMOND, ACT_EMERALD, ACT_HAMBURGER };
	Played r;

	(void)state;
	r = play("prizes");
	for (size_t i = 0; i < sizeof kinds; i++)
		assert_row(r.kinds_collected & (1u << kinds[i]), "prize kind %s never collected",
		    actor_kinds[kinds[i]].name);
	assert_true(r.done_at > 0);
	assert_int_equal(r.died_at, 0);
}

/* spikes: the player falls into the first pit's spikes and dies, then starts again with a life less. */
static void the_spikes_demo_dies_and_respawns(void **state)
{
	Played r;
	const Actor *p;

	(void)state;
	r = play("spikes");
	assert_int_equal(r.died_at, 55);
	assert_int_equal(r.done_at, 0);
	assert_int_equal(r.hurts, 0);                   /* one fall, no scratch before it */
	p = world_player(&w);
	assert_non_null(p);
	assert_int_equal(w.lives, PLAYER_START_LIVES - 1);
	assert_int_equal(p->x, w.start_x);              /* back at the start */
	assert_int_equal(p->y, w.start_y);
	assert_int_equal(w.health, PLAYER_MAX_HEALTH);
}

/*
 * A whole game as a player at the keyboard would play it: title, menu, New
 * game, then each level played with its demo's input as the keys, each
 * level-done screen left with Enter, and the episode-end screen after the
 * boss level's. Score, health, lives and bombs carry from level to level.
 */
static void the_episode_plays_start_to_finish_through_the_session(void **state)
{
	static DemoPlayer pl;
	char err[DEMO_ERR_SIZE];
	uint32_t score = 0, world_frames = 0, prizes = 0, secrets = 0;

	fresh_session(state);
	new_game();
	for (int k = 0; k < episode_level_count; k++) {
		const DemoBlob *b = demo_find(episode_levels[k]);
		int frames = 0;

		assert_int_equal(s.mode, SESSION_PLAYING);
		assert_string_equal(s.level_name, episode_levels[k]);
		assert_int_equal(s.world.score, score);                 /* carried over */
		assert_non_null(b);
		assert_true(demo_open(&pl, b->data, b->len, err, sizeof err));
		while (s.mode == SESSION_PLAYING && !demo_ended(&pl)) {
			GameInput in;

			demo_next(&pl, &in);
			tick_keys(in.held, in.pressed, 0);
			frames++;
		}
		score = s.world.score;
		world_frames += s.world.tick;
		prizes += s.world.prizes_found;
		secrets += s.world.secrets_found;
		assert_row(s.mode != SESSION_PLAYING, "level %d (%s): still playing after %d frames", k + 1,
		    episode_levels[k], frames);
		assert_int_equal(s.mode, SESSION_LEVEL_DONE);
		assert_int_equal(s.stats.score, score);
		idle(SESSION_SCREEN_MIN_TICKS);         /* the interstitial ignores keys for a moment */
		press(ENTER);
	}
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	assert_true(score >= actor_kinds[ACT_BOSS].points);
	assert_int_equal(s.stats.frames, world_frames);               /* the ending screen's time, prizes, secrets */
	assert_int_equal(s.stats.prizes, prizes);
	assert_int_equal(s.stats.secrets, secrets);
	assert_true(prizes > 0);
	assert_int_equal(s.stats.lives, PLAYER_START_LIVES);
}

/*
 * The kernel's `ending` option plays the same game at once: the ending
 * screen with the same score, prizes, secrets (the hidden prizes the demos
 * take on their shortcuts) and time as the game played at the keys.
 */
static void the_ending_option_plays_the_episode_by_its_demos(void **state)
{
	PlayerStats keys;

	the_episode_plays_start_to_finish_through_the_session(state);
	keys = s.stats;
	fresh_session(state);
	assert_true(session_play_episode_demos(&s));
	assert_int_equal(s.mode, SESSION_EPISODE_END);
	assert_int_equal(s.stats.score, keys.score);
	assert_int_equal(s.stats.prizes, keys.prizes);
	assert_int_equal(s.stats.secrets, keys.secrets);
	assert_int_equal(s.stats.frames, keys.frames);
	assert_int_equal(s.stats.lives, keys.lives);
	assert_true(s.stats.secrets >= episode_level_count);     /* the hidden prizes on the demos' shortcuts */
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_episode_level_has_a_demo_that_finishes_it),
		cmocka_unit_test(the_bonus_level_has_a_demo_that_finishes_it),
		cmocka_unit_test(the_level_demos_take_the_planned_ticks),
		cmocka_unit_test(the_orchard_demo_breaks_a_barrel_and_its_shards_burst),
		cmocka_unit_test(the_platform_levels_demos_ride_the_platforms_not_the_ledges),
		cmocka_unit_test(the_boss_demo_defeats_the_boss_before_the_exit),
		cmocka_unit_test(the_prizes_demo_collects_every_prize_kind),
		cmocka_unit_test(the_spikes_demo_dies_and_respawns),
		cmocka_unit_test(the_episode_plays_start_to_finish_through_the_session),
		cmocka_unit_test(the_ending_option_plays_the_episode_by_its_demos),
	};

	if (testmain_filter("episode_demos", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
