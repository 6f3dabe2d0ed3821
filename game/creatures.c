/* creatures.c: the first actor kinds — a walking critter, a flying slug, a barrel. */
#include <stdbool.h>
#include <stdint.h>

#include "acts.h"
#include "collide.h"
#include "dir.h"
#include "world.h"

/*
 * Critter: one tile a frame every other frame; turns around at a wall or
 * where the ground ends ahead (it never walks off a ledge); falls if the
 * ground goes away under it.
 */
void act_critter_walk(Actor *a, World *w)
{
	int img = actor_image(a), ahead;

	if (!actor_on_ground(w, a)) {
		a->tick = act_critter_fall;
		return;
	}
	if (++a->timer & 1)
		return;
	ahead = a->dir < 0 ? a->x - 1 : a->x + image_tiles_w(img);
	if (!(map_attr_at(&w->map, ahead, a->y + 1) & TILE_BLOCK_SOUTH) || !actor_step_x(w, a, a->dir)) {
		a->dir = (int8_t)-a->dir;
		anim_set_angle(&a->anim, a->dir < 0 ? 180 : 0);
	}
}

void act_critter_fall(Actor *a, World *w)
{
	if (actor_fall(w, a, 1) == 0)
		a->tick = act_critter_walk;
}

/* Slug: flies level, one tile a frame, turning at walls. */
void act_slug_fly(Actor *a, World *w)
{
	if (!actor_step_x(w, a, a->dir)) {
		a->dir = (int8_t)-a->dir;
		anim_set_angle(&a->anim, a->dir < 0 ? 180 : 0);
	}
}

/* Barrel: sits still; falls when nothing holds it up. */
void act_barrel_sit(Actor *a, World *w)
{
	if (!actor_on_ground(w, a))
		a->tick = act_barrel_fall;
}

void act_barrel_fall(Actor *a, World *w)
{
	if (actor_fall(w, a, 1) == 0)
		a->tick = act_barrel_sit;
}
