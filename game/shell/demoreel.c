/* demoreel.c: the attract mode's input — the episode's demos in the episode's order, round and round. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "demo.h"
#include "demoreel.h"
#include "episode.h"
#include "rng.h"
#include "textbuf.h"
#include "world.h"

void demo_reel_init(DemoReel *r)
{
	r->next = 0;
	r->player = (DemoPlayer){ .left = 0 };
}

/* Whether the demo plays one of the episode's levels (the engine's test demos do not). */
static bool on_episode(const DemoHeader *h)
{
	for (int i = 0; i < episode_level_count; i++)
		if (text_equal(h->level, episode_levels[i]))
			return true;
	return false;
}

/*
 * The demo named after the next episode level, in the episode's order
 * (a missing or bad one is skipped); if no episode level has one, the
 * next built-in demo that opens. False if none opens.
 */
static bool reel_start(void *ctx, const char **level)
{
	DemoReel *r = ctx;
	char err[DEMO_ERR_SIZE];

	for (int tries = 0; tries < episode_level_count; tries++) {
		const DemoBlob *b = demo_find(episode_levels[r->next++ % (uint32_t)episode_level_count]);

		if (b && demo_open(&r->player, b->data, b->len, err, sizeof err) && on_episode(&r->player.h)) {
			*level = r->player.h.level;
			return true;
		}
	}
	for (int tries = 0; tries < game_demo_count; tries++) {
		const DemoBlob *b = &game_demos[r->next++ % (uint32_t)game_demo_count];

		if (demo_open(&r->player, b->data, b->len, err, sizeof err)) {
			*level = r->player.h.level;
			return true;
		}
	}
	return false;
}

/*
 * world_load_level seeds the RNG before anything in the level can use it,
 * so seeding it again right after the load is the same as loading with
 * the demo's seed.
 */
void demo_begin_world(const DemoHeader *h, World *w)
{
	rng_seed(&w->rng, h->seed);
	demo_apply_start(h, w);
}

static void reel_begin(void *ctx, World *w)
{
	DemoReel *r = ctx;

	demo_begin_world(&r->player.h, w);
}

static bool reel_next(void *ctx, GameInput *out)
{
	DemoReel *r = ctx;

	return demo_next(&r->player, out);
}

DemoSource demo_reel_source(DemoReel *r)
{
	return (DemoSource){ .start = reel_start, .begin = reel_begin, .next = reel_next, .ctx = r };
}
