/* items.c: things that are not creatures — prizes, the satellite, the frozen friend (the foot switch: footswitch.c). */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "cast.h"
#include "floater.h"
#include "world.h"

#define SATELLITE_SHARDS        4
#define FRIEND_ICE_SHARDS       4
#define FRIEND_LEAVE_FRAMES     24      /* NOTE: our choice; the thawed friend walks off, then is gone */

/*
 * Prizes fall until they rest, and are collected when the player touches
 * them: their points, a floater showing them, and a hamburger heals one
 * health point.
 */
void act_prize(Actor *a, World *w)
{
	uint32_t points = actor_kinds[a->kind].points;

	if (!actor_on_ground(w, a))
		actor_fall(w, a, 1);
	if (is_touching_player(w, a)) {
		world_add_score(w, points);
		floater_over(w, a, points);
		if (a->kind == ACT_HAMBURGER && w->health < PLAYER_MAX_HEALTH)
			w->health++;
		world_request_sound(w, SND_PICKUP);
		w->prizes_found++;
		if (map_attr_at(&w->map, a->x, a->y) & TILE_IN_FRONT)     /* hidden in a hedge: a secret */
			w->secrets_found++;
		actor_remove(a);
	}
}

/* The satellite dish stands where it was put; only its light blinks (its animation). */
void act_satellite(Actor *a, World *w)
{
	(void)a;
	(void)w;
}

/*
 * Shot, kicked or bombed: each hit costs hp (ActorKind.hp). Destroyed,
 * it breaks into shards and a hamburger rises out of it (seed 000).
 */
bool hit_satellite(World *w, Actor *v, HitKind how)
{
	if (!actor_take_damage(v, how)) {
		hit_sound(w, how);
		return true;
	}
	throw_shards(w, v, IMG_BOSS_SHARD1, 1, SATELLITE_SHARDS);
	spawner_new(&w->spawners, ACT_HAMBURGER, v->x, v->y);
	actor_defeat(w, v, how);
	return true;
}

/*
 * Rescued: the ice breaks (shards), a hamburger rises through a spawner
 * (seed 000: the frozen friend gives one after the rescue), the points
 * float up, and the friend thaws and walks away from the player.
 */
static void friend_rescue(World *w, Actor *a)
{
	uint32_t points = actor_kinds[a->kind].points;

	throw_shards(w, a, IMG_SHARD0, FRIEND_ICE_SHARDS, FRIEND_ICE_SHARDS);
	spawner_new(&w->spawners, ACT_HAMBURGER, a->x, a->y);
	world_add_score(w, points);
	floater_over(w, a, points);
	world_request_sound(w, SND_PICKUP);
	anim_set_action(&a->anim, ACTION_FRIEND_WALK);
	actor_face(a, -face_player(w, a));
	a->tick = act_friend_leave;
	a->count = 0;
}

/* Frozen in a block of ice until the player touches it (or pounces on it: hit_frozen_friend). */
void act_frozen_friend(Actor *a, World *w)
{
	if (is_touching_player(w, a))
		friend_rescue(w, a);
}

bool hit_frozen_friend(World *w, Actor *v, HitKind how)
{
	(void)how;
	if (v->tick != act_frozen_friend)
		return false;                   /* already thawed: nothing to rescue */
	friend_rescue(w, v);
	return true;
}

/* Thawed: walks away a tile a frame (falling when unsupported), gone after FRIEND_LEAVE_FRAMES. */
void act_friend_leave(Actor *a, World *w)
{
	if (!actor_on_ground(w, a))
		actor_fall(w, a, 1);
	else if (!actor_step_x(w, a, a->dir))
		actor_face(a, -a->dir);
	if (++a->count >= FRIEND_LEAVE_FRAMES)
		actor_remove(a);
}
