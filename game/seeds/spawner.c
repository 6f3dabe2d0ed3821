/* spawner.c: spawners (seed 000) — an actor's frame 0 rises upside down, then becomes that actor. */
#include <stdbool.h>
#include <stdint.h>

#include "collide.h"
#include "dir.h"
#include "frame.h"
#include "seedhost.h"
#include "spawner.h"

#define SPAWNER_FAST_AGES 8             /* ages 1..8 rise two tiles a tick, later ages one */
#define SPAWNER_LAST_AGE  11            /* a spawner that never hits a ceiling ends at this age */

static void clear_draw(SpawnerDraw *d)
{
	*d = (SpawnerDraw){ .actor = ACT_NONE };
}

/* Every slot idle, nothing left to draw: unfinished spawners simply vanish. */
void spawner_init(SpawnerPool *pool)
{
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		pool->slot[i] = (Spawner){ .actor = ACT_NONE };
		clear_draw(&pool->draw[i]);
	}
}

/*
 * Start a spawner of `actor` with its bottom-left tile at (x, y) in the
 * lowest idle slot. ORIGINAL: seed 000 — when all MAX_SPAWNERS slots are
 * busy the request is dropped without a word.
 * NOTE: kinds outside the actor table are refused here, so a bogus kind
 * cannot hold a slot for eleven ticks and then create nothing.
 */
void spawner_new(SpawnerPool *pool, int actor, int x, int y)
{
	if (actor <= ACT_NONE || actor >= ACT_COUNT)
		return;
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		Spawner *sp = &pool->slot[i];

		if (sp->actor != ACT_NONE)
			continue;
		*sp = (Spawner){ .actor = (uint8_t)actor, .x = (int16_t)x, .y = (int16_t)y, .age = 0 };
		return;
	}
}

/*
 * Step the spawner up one tile and ask whether its image, having moved
 * north, now overlaps a north-blocking tile. ORIGINAL: seed 000 — the step
 * is taken before the test and is kept even when the answer is "blocked",
 * so a spawner that hits a ceiling is left one tile inside it.
 */
static bool rise_into_ceiling(World *w, Spawner *sp)
{
	sp->y--;
	return test_sprite_move(world_map(w), DIR4_NORTH, actor_kind_image(sp->actor), sp->x, sp->y)
	    != MOVE_FREE;
}

/*
 * The move half of Cosmo's MoveAndDrawSpawners, for every busy slot in
 * order: age it, rise it, and either leave it running (drawn upside down)
 * or replace it by a real actor. Each slot's draw record says what
 * the renderer shows for it this frame. Called by world_tick after the
 * actor loop with w->in_tick still set, so a created actor first runs next
 * frame, as in Cosmo where this frame's picture of it is the spawner's.
 */
void spawner_update(SpawnerPool *pool, World *w)
{
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		Spawner *sp = &pool->slot[i];
		SpawnerDraw *d = &pool->draw[i];
		bool hit;

		clear_draw(d);
		if (sp->actor == ACT_NONE)
			continue;
		sp->age++;

		/*
		 * ORIGINAL: seed 000 — the first one-tile rise always happens.
		 * The second happens only while the age is under 9, and only if
		 * the first did not already enter a ceiling (short-circuit). So
		 * ages 1..8 climb two tiles a tick, ages 9 and up one, and every
		 * tile of the climb is tested.
		 */
		hit = rise_into_ceiling(w, sp);
		if (!hit && sp->age <= SPAWNER_FAST_AGES)
			hit = rise_into_ceiling(w, sp);

		d->actor = sp->actor;
		d->x = sp->x;
		if (hit) {
			/*
			 * ORIGINAL: seed 000 — the actor appears one tile below the
			 * ceiling-breaching position, and this last picture of the
			 * spawner is drawn right side up there. The slot keeps the
			 * breaching y.
			 */
			d->y = (int16_t)(sp->y + 1);
			d->flags = 0;
			actor_spawn(w, sp->actor, d->x, d->y);
			sp->actor = ACT_NONE;
		} else if (sp->age == SPAWNER_LAST_AGE) {
			/*
			 * ORIGINAL: seed 000 — timed out after its age-11 rise (19
			 * tiles up in all): the actor appears where the spawner is,
			 * and the last picture stays upside down, unlike the ceiling
			 * case.
			 */
			d->y = sp->y;
			d->flags = DRAWF_FLIP_V;
			actor_spawn(w, sp->actor, d->x, d->y);
			sp->actor = ACT_NONE;
		} else {
			d->y = sp->y;
			d->flags = DRAWF_FLIP_V;
		}
	}
}

/* "T=<tick> spawner <slot> x=<x> y=<y> age=<age> actor=<kind>" per busy slot. */
void spawner_trace(const SpawnerPool *pool, uint32_t tick, TraceEmit emit, void *ctx)
{
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		const Spawner *sp = &pool->slot[i];
		TraceLine l;

		if (sp->actor == ACT_NONE)
			continue;
		trace_begin(&l, tick, "spawner", i);
		trace_int(&l, "x", sp->x);
		trace_int(&l, "y", sp->y);
		trace_int(&l, "age", sp->age);
		trace_int(&l, "actor", sp->actor);
		emit(ctx, l.buf);
	}
}
