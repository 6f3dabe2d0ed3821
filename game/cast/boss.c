/* boss.c: the last level's boss — paces, launches creatures, takes many hits, bursts apart. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "cast.h"
#include "collide.h"
#include "floater.h"
#include "world.h"

/*
 * NOTE: our numbers. Seed 004 only says a boss "must be hit many times";
 * seed 000 that the boss launches blue balls and parachutes periodically.
 * Its hp is ActorKind.hp (12). At half hp or less it is angry: it paces
 * and launches twice as often.
 */
#define BOSS_STEP_EVERY         2       /* frames per tile of pacing */
#define BOSS_ANGRY_STEP_EVERY   1
#define BOSS_LAUNCH_EVERY       60      /* frames between launches (about 5.6 s) */
#define BOSS_ANGRY_LAUNCH_EVERY 30
#define BOSS_FLASH_FRAMES       4       /* white after a hit, and hits do no harm meanwhile */
#define BOSS_SHARDS             12

static bool boss_angry(const Actor *a)
{
	return a->hp <= actor_kinds[ACT_BOSS].hp / 2;
}

/* Ground ahead and no wall: pace on, else turn round. */
static void boss_pace(World *w, Actor *a)
{
	int img = actor_image(a);
	int ahead = a->dir < 0 ? a->x - 1 : a->x + image_tiles_w(img);

	if (!(map_attr_at(&w->map, ahead, a->y + 1) & TILE_BLOCK_SOUTH) || !actor_step_x(w, a, a->dir))
		actor_face(a, -a->dir);
}

/*
 * One frame: the hit flash runs out (a->count), it falls when nothing
 * holds it up, else paces a tile every BOSS_STEP_EVERY frames, turning at
 * walls and ledges; while in view it launches a blue ball or a parachute
 * creature from its back every BOSS_LAUNCH_EVERY frames through a spawner
 * (seed 000), unless LAUNCHED_MAX of them are about. Touching it hurts
 * (AF_HURTS).
 */
void act_boss(Actor *a, World *w)
{
	bool angry = boss_angry(a);

	if (a->count && --a->count == 0)
		anim_set_action(&a->anim, ACTION_BOSS_WALK);
	a->timer++;
	if (!actor_on_ground(w, a))
		actor_fall(w, a, 1);
	else if (a->timer % (angry ? BOSS_ANGRY_STEP_EVERY : BOSS_STEP_EVERY) == 0)
		boss_pace(w, a);
	if (a->timer % (angry ? BOSS_ANGRY_LAUNCH_EVERY : BOSS_LAUNCH_EVERY) == 0 &&
	    is_sprite_visible(w, actor_image(a), a->x, a->y) && launched_count(w) < LAUNCHED_MAX)
		spawner_new(&w->spawners, launch_kind(w), a->x + 1, a->y - image_tiles_h(actor_image(a)) + 1);
}

/* Defeated: a burst of shards over its whole body, its points, a big bang. The level exit ends the level. */
static void boss_burst(World *w, Actor *a)
{
	uint32_t points = actor_kinds[ACT_BOSS].points;
	int tw = image_tiles_w(actor_image(a));

	for (int i = 0; i < BOSS_SHARDS; i++)
		shard_new(&w->shards, i % 3 == 2 ? IMG_SHARD0 + i % 4 : IMG_BOSS_SHARD0 + i % 2,
		    a->x + i % tw, a->y - i / tw);
	world_add_score(w, points);
	floater_over(w, a, points);
	world_request_sound(w, SND_EXPLOSION);
	actor_remove(a);
}

/*
 * Every hit costs hp (a bomb more: actor_take_damage) with a white flash
 * and a sound; a pounce also bounces the player (the hit is used up).
 * NOTE: while it flashes, hits are used up but do no harm, so a stream of
 * shots or one blast lasting several frames counts once.
 */
bool hit_boss(World *w, Actor *v, HitKind how)
{
	if (v->count)
		return true;
	if (actor_take_damage(v, how)) {
		boss_burst(w, v);
		return true;
	}
	v->count = BOSS_FLASH_FRAMES;
	anim_set_action(&v->anim, ACTION_BOSS_HURT);
	hit_sound(w, how);
	return true;
}
