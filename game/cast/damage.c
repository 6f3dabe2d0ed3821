/* damage.c: actor_hit — the one way anything gets hurt (pounce, shot, kick, bomb), one reaction per kind. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "cast.h"
#include "floater.h"
#include "world.h"

#define BURST_SHARDS    4               /* seed 001: a barrel or basket breaks into four */
#define BOMB_DAMAGE     2               /* NOTE: our choice; every other hit costs 1 hp */

/*
 * How each kind takes a hit. A kind without an entry is simply defeated
 * (hit_defeat). actor_hit has already checked that the hit can reach it:
 * AF_POUNCE for a pounce, AF_SHOOTABLE for a shot, kick or bomb.
 */
static const HitReaction hit_reactions[ACT_COUNT] = {
	[ACT_BARREL]        = hit_burst,
	[ACT_BASKET]        = hit_burst,
	[ACT_EYE_PLANT]     = hit_eye_plant,
	[ACT_SATELLITE]     = hit_satellite,
	[ACT_FROZEN_FRIEND] = hit_frozen_friend,
	[ACT_HOPPER]        = hit_walker,
	[ACT_SCORPION]      = hit_walker,
	[ACT_BOSS]          = hit_boss,
};

bool actor_hit(World *w, Actor *v, HitKind how)
{
	HitReaction react;

	if (!v || v->dead || v->kind <= ACT_NONE || v->kind >= ACT_COUNT ||
	    !(actor_kinds[v->kind].flags & (how == HIT_POUNCE ? AF_POUNCE : AF_SHOOTABLE)))
		return false;
	react = hit_reactions[v->kind] ? hit_reactions[v->kind] : hit_defeat;
	return react(w, v, how);
}

bool actor_pounce(World *w, Actor *v)
{
	return actor_hit(w, v, HIT_POUNCE);
}

/* Landing on something has its own sound; everything else is a hit. */
void hit_sound(World *w, HitKind how)
{
	world_request_sound(w, how == HIT_POUNCE ? SND_POUNCE : SND_ENEMY_HIT);
}

/* The kind's points, with a floater showing them, the hit's sound, and it is gone. */
void actor_defeat(World *w, Actor *v, HitKind how)
{
	uint32_t points = actor_kinds[v->kind].points;

	world_add_score(w, points);
	floater_over(w, v, points);
	hit_sound(w, how);
	actor_remove(v);
}

bool hit_defeat(World *w, Actor *v, HitKind how)
{
	actor_defeat(w, v, how);
	return true;
}

/* A bomb costs BOMB_DAMAGE hp, anything else 1; true when none is left. */
bool actor_take_damage(Actor *v, HitKind how)
{
	int cost = how == HIT_BOMB ? BOMB_DAMAGE : 1;

	v->hp = (uint8_t)(v->hp > cost ? v->hp - cost : 0);
	return v->hp == 0;
}

/* n shards from v's spot, cycling through `variants` images from `image` (seed 001). */
void throw_shards(World *w, const Actor *v, int image, int variants, int n)
{
	for (int i = 0; i < n; i++)
		shard_new(&w->shards, image + i % variants, v->x, v->y);
}

void actor_face(Actor *a, int dir)
{
	a->dir = (int8_t)(dir < 0 ? -1 : 1);
	anim_set_angle(&a->anim, a->dir < 0 ? 180 : 0);
}

/* Turn toward the player (no player, or straight above: no change). */
int face_player(World *w, Actor *a)
{
	const Actor *p = world_player(w);

	if (p && p->x != a->x)
		actor_face(a, p->x < a->x ? -1 : 1);
	return a->dir;
}

/* A barrel's or basket's prize: one of the four treasures, from the world's RNG (seed 000). */
static const uint8_t burst_prizes[] = { ACT_GOURD, ACT_TOMATO, ACT_DIAMOND, ACT_EMERALD };

/*
 * Barrels and baskets break when pounced or bombed: four shards (seed
 * 001) and the prize rising out of it through a spawner (seed 000).
 * Shots and kicks pass them by, as in Cosmo, which has neither.
 */
bool hit_burst(World *w, Actor *v, HitKind how)
{
	if (how == HIT_SHOT || how == HIT_KICK)
		return false;
	throw_shards(w, v, IMG_SHARD0, BURST_SHARDS, BURST_SHARDS);
	spawner_new(&w->spawners, burst_prizes[rng_below(&w->rng, 4)], v->x, v->y);
	actor_defeat(w, v, how);
	return true;
}
