/* actor.c: the actor pool and the movement helpers every kind shares (the kinds table is game/cast/kinds.c). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "actions.h"
#include "collide.h"
#include "dir.h"
#include "world.h"

/*
 * Take a free slot. A slot marked dead is not reused until it has been
 * collected, and an actor spawned during the actor loop first runs on the
 * next tick (it is stamped with the tick it was born in).
 *
 * w->actor_end: every slot from it up is free. A spawn above it raises it,
 * actor_collect_dead lowers it to just past the last slot in use, so the
 * loops over the pool skip the free slots at its top (slots are taken
 * lowest first, so most of the pool usually is). Clearing a slot by hand
 * leaves it a bound that is merely loose.
 */
Actor *actor_spawn(World *w, int kind, int x, int y)
{
	if (kind <= ACT_NONE || kind >= ACT_COUNT || (actor_kinds[kind].flags & AF_MARKER))
		return NULL;
	for (int i = 0; i < MAX_ACTORS; i++) {
		Actor *a = &w->actors[i];

		if (a->kind != ACT_NONE)
			continue;
		*a = (Actor){
			.kind = (uint8_t)kind,
			.x = (int16_t)x,
			.y = (int16_t)y,
			.dir = -1,
			.tick = actor_kinds[kind].start,
			.born = w->in_tick ? w->tick + 1 : w->tick,
			.hp = actor_kinds[kind].hp ? actor_kinds[kind].hp : 1,
		};
		if (w->actor_end <= i)
			w->actor_end = i + 1;
		anim_init(&a->anim);
		anim_set_action(&a->anim, actor_kinds[kind].action);
		anim_set_angle(&a->anim, 180);          /* facing west, like dir */
		/* A new player replaces one that is gone or on its way out. */
		if (kind == ACT_PLAYER && (w->player < 0 || w->actors[w->player].dead))
			w->player = i;
		return a;
	}
	return NULL;
}

void actor_remove(Actor *a)
{
	a->dead = true;
}

int actor_count(const World *w)
{
	int n = 0;

	for (int i = 0; i < w->actor_end; i++)
		n += w->actors[i].kind != ACT_NONE;
	return n;
}

/* After the loop: free every slot marked dead; the free slots at the top leave the pool's loops. */
void actor_collect_dead(World *w)
{
	for (int i = 0; i < w->actor_end; i++) {
		if (w->actors[i].kind != ACT_NONE && w->actors[i].dead) {
			if (i == w->player)
				w->player = -1;
			w->actors[i] = (Actor){ .kind = ACT_NONE };
		}
	}
	while (w->actor_end > 0 && w->actors[w->actor_end - 1].kind == ACT_NONE)
		w->actor_end--;
}

bool actor_step_x(World *w, Actor *a, int dx)
{
	int dir = dx < 0 ? DIR4_WEST : DIR4_EAST;

	MoveResult r = test_sprite_move(&w->map, dir, actor_image(a), a->x + dx, a->y);

	if (r == MOVE_BLOCKED)
		return false;
	a->x = (int16_t)(a->x + dx);
	/* ORIGINAL: AdjustActorMove (cosmore) — a MOVE_SLOPED step is taken and lifts the walker a tile. */
	if (r == MOVE_SLOPED)
		a->y--;
	return true;
}

int actor_fall(World *w, Actor *a, int tiles)
{
	int n;

	for (n = 0; n < tiles; n++) {
		if (actor_on_ground(w, a))
			break;
		a->y++;
	}
	return n;
}

/* Frame 0 of a kind's starting action: what spawners draw and test with (seed 000). */
int actor_kind_image(int kind)
{
	uint8_t act;

	if (kind <= ACT_NONE || kind >= ACT_COUNT)
		return -1;
	act = actor_kinds[kind].action;
	return act < anim_action_count ? anim_actions[act].first : -1;
}

GfxTileSize actor_extent;               /* 0x0 until actor_extent_make */

void actor_extent_make(void)
{
	GfxTileSize m = { 1, 1 };

	for (int i = 0; i < anim_action_count; i++) {
		const Action *act = &anim_actions[i];

		for (int k = 0; k < anim_count(act) * anim_views(act); k++) {
			int img = act->first + k;

			if (image_tiles_w(img) > m.w)
				m.w = (uint8_t)image_tiles_w(img);
			if (image_tiles_h(img) > m.h)
				m.h = (uint8_t)image_tiles_h(img);
		}
	}
	actor_extent = m;
}
