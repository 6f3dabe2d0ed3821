/* shard.c: shards (seed 001) — debris that flies up, drifts sideways, bounces once, sinks through the floor. */
#include <stdbool.h>
#include <stdint.h>

#include "collide.h"
#include "dir.h"
#include "gfx.h"
#include "shard.h"
#include "seedhost.h"

/* The vertical profile, by the age a tick runs with (seed 001). */
#define SHARD_RISE2_BELOW   5           /* ages 1..4: two tiles up */
#define SHARD_RISE1_AGE     5           /* one tile up; ages 6 and 7 hang */
#define SHARD_DROP1_AGE     8           /* one tile down, if the row below lets it */
#define SHARD_FALL2_FROM    9           /* from here: two tiles down a tick */
#define SHARD_REWIND_AGE    3           /* where an ejection or the bounce sends the age back to */
#define SHARD_SEEN_AGE      16          /* older than this and out of view: removed */
#define SHARD_LAST_AGE      40          /* older than this: removed, in view or not */
#define SHARD_OUTLINE_COLOR 15          /* the first tick's white outline */
#define SHARD_XMODES        5

/* Horizontal behaviour per xmode: one tile tested, `steps` tiles taken. */
static const struct {
	int8_t dx;
	uint8_t steps;
} shard_xmodes[SHARD_XMODES] = {
	[0] = { .dx = 1, .steps = 1 },          /* east */
	[1] = { .dx = -1, .steps = 1 },         /* west */
	[2] = { .dx = 0, .steps = 0 },          /* straight up and down */
	[3] = { .dx = 1, .steps = 2 },          /* east, double speed */
	[4] = { .dx = -1, .steps = 2 },         /* west, double speed */
};

static void clear_slot(Shard *s)
{
	*s = (Shard){ .image = SHARD_IDLE, .age = 0 };
}

static void clear_draw(ShardDraw *d)
{
	*d = (ShardDraw){ .image = SHARD_IDLE };
}

/*
 * Every slot idle and nothing to draw. Called at level start (world_init).
 * NOTE: seed 001 — Cosmo keeps the x-mode counter in a function-static that
 * nothing resets, so replaying the same demo twice in one session can throw
 * shards differently. We keep it in the pool and reset it here on purpose,
 * so a level (and a demo of it) always deals x-modes 1, 2, 3, 4, 0, ... from
 * its start. Cosmo's counter starts at 0 and is incremented before use, so
 * the first shard after the reset gets 1.
 */
void shard_init(ShardPool *pool)
{
	for (int i = 0; i < MAX_SHARDS; i++) {
		clear_slot(&pool->slot[i]);
		clear_draw(&pool->draw[i]);
	}
	pool->next_xmode = 1;
}

/*
 * Start a shard of `image` with its bottom-left tile at (x, y) in the lowest
 * idle slot, with the next x-mode of the cycle 1, 2, 3, 4, 0.
 * ORIGINAL: seed 001 — the counter moves on before a slot is looked for, so
 * a shard dropped because all MAX_SHARDS slots are busy still uses up its
 * x-mode; the drop itself is silent.
 * NOTE: images outside the image table are refused (without touching the
 * counter): they cannot be drawn or sized, and SHARD_IDLE would look idle.
 */
void shard_new(ShardPool *pool, int image, int x, int y)
{
	uint8_t xmode;

	if (image < 0 || image >= gfx_image_count)
		return;
	xmode = pool->next_xmode;
	pool->next_xmode = (uint8_t)((xmode + 1) % SHARD_XMODES);
	for (int i = 0; i < MAX_SHARDS; i++) {
		Shard *s = &pool->slot[i];

		if (s->image != SHARD_IDLE)
			continue;
		*s = (Shard){ .image = (uint16_t)image, .x = (int16_t)x, .y = (int16_t)y, .age = 1,
			.xmode = xmode, .bounced = false };
		return;
	}
}

/*
 * The sideways part of a tick. The test is made one tile over *and one
 * tile down* from where the shard is (Cosmo's x +/- 1, y + 1), so a shard
 * thrown from ground level usually stays put on its first tick: the ground
 * row blocks east and west too.
 * ORIGINAL: seed 001 — double-speed shards test only the first of their two
 * tiles. Against a wall an odd number of free tiles away, the second step
 * puts the shard one tile into the wall, where it is usually stuck in the
 * ejection loop and walks up the wall.
 */
static void shard_move_x(World *w, Shard *s)
{
	int dx = shard_xmodes[s->xmode].dx;

	if (shard_xmodes[s->xmode].steps == 0)
		return;
	if (test_sprite_move(world_map(w), dx > 0 ? DIR4_EAST : DIR4_WEST, s->image, s->x + dx, s->y + 1)
	    == MOVE_FREE)
		s->x += dx * shard_xmodes[s->xmode].steps;
}

/* Cosmo's south test of the row under the shard; a slope counts as ground. */
static bool shard_can_drop(World *w, const Shard *s)
{
	return test_sprite_move(world_map(w), DIR4_SOUTH, s->image, s->x, s->y + 1) == MOVE_FREE;
}

/*
 * One tile of a full-speed fall. The first time there is ground under a
 * falling shard it bounces instead: age back to 3, the bounce sound (heard
 * even when the shard is off screen), and true so the caller restarts the
 * vertical move. Once bounced, nothing is tested any more: the shard sinks
 * through the floor.
 */
static bool shard_fall_or_bounce(World *w, Shard *s)
{
	if (!s->bounced && !shard_can_drop(w, s)) {
		s->age = SHARD_REWIND_AGE;
		s->bounced = true;
		world_request_sound(w, SND_SHARD_BOUNCE);
		return true;
	}
	s->y++;
	return false;
}

/*
 * The vertical part of a tick, by age: ages 1..4 two tiles up, 5 one up,
 * 6 and 7 hang, 8 one down, 9 and over two down. Rising never looks at the
 * map. Returns false when the shard expired (older than 16 and out of view).
 *
 * Each pass of the loop is Cosmo's code after its `restart:` label; a
 * rewind to age 3 starts it over within the same tick. The rerun always has
 * age 3 (two up, nothing tested), so there are at most two passes.
 */
static bool shard_move_y(World *w, Shard *s)
{
	for (;;) {
		if (s->age < SHARD_RISE2_BELOW)
			s->y -= 2;
		if (s->age == SHARD_RISE1_AGE) {
			s->y--;
		} else if (s->age == SHARD_DROP1_AGE) {
			if (!shard_can_drop(w, s)) {
				/*
				 * ORIGINAL: seed 001 — the ejection loop. The shard
				 * rose into something it cannot drop out of: age back
				 * to 3 and two tiles down, which the rerun's two up
				 * cancel, so it hangs this tick, then climbs 2 + 1
				 * tiles at ages 4 and 5 and tests again at 8. This can
				 * repeat without end (ages never reach 40), even up
				 * past the top of the map, where our cells outside
				 * the map block every way.
				 */
				s->age = SHARD_REWIND_AGE;
				s->y += 2;
				continue;
			}
			s->y++;
		}
		if (s->age < SHARD_FALL2_FROM)
			return true;

		/* ORIGINAL: seed 001 — tested where it is before this tick's fall. */
		if (s->age > SHARD_SEEN_AGE && !is_sprite_visible(w, s->image, s->x, s->y))
			return false;
		if (shard_fall_or_bounce(w, s) || shard_fall_or_bounce(w, s))
			continue;
		return true;
	}
}

/*
 * The move half of Cosmo's MoveAndDrawShards, every busy slot in order:
 * sideways, then up or down, then the removal tests; the slot's draw record
 * says what shard_draw shows for it this frame. The age a tick runs with is
 * the one stored before it; it goes up by one after the move.
 * ORIGINAL: seed 001 — a shard removed for being old and out of view is not
 * drawn on that tick; one removed for passing age 40 is drawn once more at
 * its final position, since that test comes after Cosmo's draw.
 */
void shard_update(ShardPool *pool, World *w)
{
	for (int i = 0; i < MAX_SHARDS; i++) {
		Shard *s = &pool->slot[i];
		ShardDraw *d = &pool->draw[i];

		clear_draw(d);
		if (s->image == SHARD_IDLE)
			continue;
		shard_move_x(w, s);
		if (!shard_move_y(w, s)) {
			clear_slot(s);
			continue;
		}

		/* ORIGINAL: seed 001 — only age 1 is the white, right-side-up outline. */
		*d = (ShardDraw){ .image = s->image, .x = s->x, .y = s->y };
		if (s->age == 1) {
			d->flags = DRAWF_SILHOUETTE;
			d->color = SHARD_OUTLINE_COLOR;
		} else {
			d->flags = DRAWF_FLIP_V;
		}

		s->age++;
		if (s->age > SHARD_LAST_AGE)
			clear_slot(s);
	}
}

/* "T=<tick> shard <slot> x=<x> y=<y> age=<age> xmode=<m> bounced=<0|1>" per busy slot. */
void shard_trace(const ShardPool *pool, uint32_t tick, TraceEmit emit, void *ctx)
{
	for (int i = 0; i < MAX_SHARDS; i++) {
		const Shard *s = &pool->slot[i];
		TraceLine l;

		if (s->image == SHARD_IDLE)
			continue;
		trace_begin(&l, tick, "shard", i);
		trace_int(&l, "x", s->x);
		trace_int(&l, "y", s->y);
		trace_int(&l, "age", s->age);
		trace_int(&l, "xmode", s->xmode);
		trace_int(&l, "bounced", s->bounced ? 1 : 0);
		emit(ctx, l.buf);
	}
}
