/* tick.c: one game frame — the player, platforms, fountains, actors in slot order, shards, spawners, hazards. */
#include <stdbool.h>
#include <stdint.h>

#include "acts.h"
#include "play.h"
#include "player.h"
#include "world.h"

/* After everyone moved: harmful actors touching the player, and falling out of the world. */
static void check_player_hazards(World *w)
{
	Actor *p = world_player(w);

	if (!p || p->tick == act_player_die)
		return;
	if (p->y >= w->map.h - 1) {             /* feet on the map's last row: off the world */
		world_kill_player(w);
		return;
	}
	for (int i = 0; i < w->actor_end; i++) {
		const Actor *a = &w->actors[i];

		if (a->kind != ACT_NONE && !a->dead && (actor_kinds[a->kind].flags & AF_HURTS) &&
		    is_touching_player(w, a))
			world_hurt_player(w);
	}
}

/*
 * Every live actor's action function runs once, in slot order. Actors
 * spawned during the loop wait for the next frame; removed ones are only
 * marked, and their slots are freed after the loop.
 */
void world_tick(World *w, const GameInput *in)
{
	Actor *p = world_player(w);
	int py = p ? p->y : 0, ydir;

	w->in = *in;
	w->sound = SND_NONE;
	w->in_tick = true;

	/* Cosmo's order: the player, platforms and fountains, the actors, shards, spawners. */
	if (p && p->tick && !p->dead) {
		p->tick(p, w);
		anim_tick(&p->anim);
		ydir = p->y > py ? 1 : p->y < py ? -1 : 0;
		/* The look states decide that the player is looking (game/cast/player.c). */
		world_camera_step(w, ydir, p->tick == act_player_look_up, p->tick == act_player_look_down);
	}
	platform_update(&w->platforms, w);
	fountain_update(&w->platforms, w);
	for (int i = 0; i < w->actor_end; i++) {
		Actor *a = &w->actors[i];

		if (i == w->player || a->kind == ACT_NONE || a->dead || a->born > w->tick || !a->tick)
			continue;
		a->tick(a, w);
		anim_tick(&a->anim);
	}
	shard_update(&w->shards, w);
	spawner_update(&w->spawners, w);
	check_player_hazards(w);
	w->in_tick = false;
	actor_collect_dead(w);
	if (w->hurt_cooldown)
		w->hurt_cooldown--;
	if (w->shot_wait)
		w->shot_wait--;
	w->tick++;
}
