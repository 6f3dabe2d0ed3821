/* items.c: prizes, the foot switch, and pouncing — landing on an actor from above. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "world.h"

#define BARREL_SHARDS 4

/* A barrel's prize: one of the four treasures, from the world's RNG. */
static const uint8_t barrel_prizes[] = { ACT_GOURD, ACT_TOMATO, ACT_DIAMOND, ACT_EMERALD };

/* Prizes fall until they rest, and are collected when the player touches them. */
void act_prize(Actor *a, World *w)
{
	if (!actor_on_ground(w, a))
		actor_fall(w, a, 1);
	if (is_touching_player(w, a)) {
		world_add_score(w, actor_kinds[a->kind].points);
		if (a->kind == ACT_HAMBURGER && w->health < PLAYER_MAX_HEALTH)
			w->health++;
		world_request_sound(w, SND_PICKUP);
		actor_remove(a);
	}
}

/* The foot switch waits; actor_pounce presses it. */
void act_foot_switch(Actor *a, World *w)
{
	(void)a;
	(void)w;
}

bool actor_pounce(World *w, Actor *v)
{
	return actor_hit(w, v, HIT_POUNCE);
}

/*
 * `v` is hit: the player landed on top of it (HIT_POUNCE), or a bullet,
 * kick or explosion reached it (kinds flagged AF_SHOOTABLE). A barrel bursts into four shards and
 * releases a prize through a spawner (seeds 000 and 001); a creature is
 * destroyed; the foot switch is pressed and starts the map's platforms.
 */
bool actor_hit(World *w, Actor *v, HitKind how)
{
	const ActorKind *k = &actor_kinds[v->kind];

	if (v->dead || !(k->flags & (how == HIT_POUNCE ? AF_POUNCE : AF_SHOOTABLE)))
		return false;
	switch (v->kind) {
	case ACT_BARREL:
		for (int i = 0; i < BARREL_SHARDS; i++)
			shard_new(w, IMG_SHARD0 + i, v->x, v->y);
		spawner_new(w, barrel_prizes[rng_below(&w->rng, 4)], v->x, v->y);
		break;
	case ACT_FOOT_SWITCH:
		if (!w->platforms.active) {
			w->platforms.active = true;
			anim_set_action(&v->anim, ACTION_FOOT_SWITCH_DOWN);
			world_request_sound(w, SND_SWITCH);
		}
		return true;            /* stays, pressed */
	default:
		break;
	}
	world_add_score(w, k->points);
	world_request_sound(w, SND_POUNCE);
	actor_remove(v);
	return true;
}
