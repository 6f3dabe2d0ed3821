/* actor.c: the actor pool, the kinds table and the movement helpers every kind shares. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "collide.h"
#include "dir.h"
#include "world.h"

const ActorKind actor_kinds[ACT_COUNT] = {
	[ACT_NONE]    = { .name = "NONE" },
	[ACT_PLAYER]  = { .name = "PLAYER", .start = act_player_stand,
	                  .action = ACTION_PLAYER_STAND, .flags = AF_WEIGHTED },
	[ACT_CRITTER] = { .name = "CRITTER", .start = act_critter_walk, .action = ACTION_CRITTER_IDLE,
	                  .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_SLUG]    = { .name = "SLUG", .start = act_slug_fly, .action = ACTION_SLUG_FLY,
	                  .flags = AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_BARREL]  = { .name = "BARREL", .start = act_barrel_sit, .action = ACTION_BARREL,
	                  .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_GOURD]   = { .name = "GOURD", .start = act_prize, .action = ACTION_GOURD,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 200 },
	[ACT_TOMATO]  = { .name = "TOMATO", .start = act_prize, .action = ACTION_TOMATO,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 200 },
	[ACT_DIAMOND] = { .name = "DIAMOND", .start = act_prize, .action = ACTION_DIAMOND,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 1000 },
	[ACT_EMERALD] = { .name = "EMERALD", .start = act_prize, .action = ACTION_EMERALD,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 500 },
	[ACT_HAMBURGER] = { .name = "HAMBURGER", .start = act_prize, .action = ACTION_HAMBURGER,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 100 },
	[ACT_FOOT_SWITCH] = { .name = "FOOT_SWITCH", .start = act_foot_switch,
	                  .action = ACTION_FOOT_SWITCH_UP },
	[ACT_PLATFORM]    = { .name = "PLATFORM", .flags = AF_MARKER },
	[ACT_FOUNTAIN_6]  = { .name = "FOUNTAIN_6", .flags = AF_MARKER },
	[ACT_FOUNTAIN_9]  = { .name = "FOUNTAIN_9", .flags = AF_MARKER },
	[ACT_FOUNTAIN_12] = { .name = "FOUNTAIN_12", .flags = AF_MARKER },
	[ACT_FOUNTAIN_15] = { .name = "FOUNTAIN_15", .flags = AF_MARKER },
	/* shell: the level exit (game/exit.c) */
	[ACT_EXIT]        = { .name = "EXIT", .start = act_exit, .action = ACTION_EXIT },
	/* The creature cast; hits are answered in damage.c. */
	[ACT_FLOATER]   = { .name = "FLOATER", .start = act_floater, .action = ACTION_FLOATER_100 },
	[ACT_BASKET]    = { .name = "BASKET", .start = act_barrel_sit, .action = ACTION_BASKET,
	                    .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_TULIP]     = { .name = "TULIP", .start = act_tulip, .action = ACTION_TULIP_CLOSED,
	                    .flags = AF_SHOOTABLE, .points = 200 },
	[ACT_BLUE_BALL] = { .name = "BLUE_BALL", .start = act_blue_ball, .action = ACTION_BLUE_BALL,
	                    .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_PARACHUTE] = { .name = "PARACHUTE", .start = act_parachute_drift, .action = ACTION_PARACHUTE,
	                    .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_EYE_PLANT] = { .name = "EYE_PLANT", .start = act_eye_plant, .action = ACTION_EYE_PLANT,
	                    .flags = AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 200 },
	[ACT_SATELLITE] = { .name = "SATELLITE", .start = act_satellite, .action = ACTION_SATELLITE,
	                    .flags = AF_SHOOTABLE, .points = 500, .hp = 2 },
	[ACT_FROZEN_FRIEND] = { .name = "FROZEN_FRIEND", .start = act_frozen_friend,
	                    .action = ACTION_FRIEND_FROZEN, .flags = AF_POUNCE, .points = 1000 },
	[ACT_HOPPER]    = { .name = "HOPPER", .start = act_walker_begin, .action = ACTION_HOPPER_WALK,
	                    .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_SCORPION]  = { .name = "SCORPION", .start = act_walker_begin, .action = ACTION_SCORPION_WALK,
	                    .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_BOSS]      = { .name = "BOSS", .start = act_boss, .action = ACTION_BOSS_WALK,
	                    .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 5000, .hp = 12 },
	/* end of the creature cast */
	/* The player's weapons (game/weapons.c). */
	[ACT_BULLET]      = { .name = "BULLET", .start = act_bullet, .action = ACTION_BULLET },
	[ACT_BOMB]        = { .name = "BOMB", .start = act_bomb, .action = ACTION_BOMB_LIT, .flags = AF_WEIGHTED },
	[ACT_EXPLOSION]   = { .name = "EXPLOSION", .start = act_explosion, .action = ACTION_EXPLOSION },
	[ACT_BOMB_PICKUP] = { .name = "BOMB_PICKUP", .start = act_bomb_pickup, .action = ACTION_BOMB_IDLE,
	                  .flags = AF_WEIGHTED },
};

/*
 * Take a free slot. A slot marked dead is not reused until it has been
 * collected, and an actor spawned during the actor loop first runs on the
 * next tick (it is stamped with the tick it was born in).
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

	for (int i = 0; i < MAX_ACTORS; i++)
		n += w->actors[i].kind != ACT_NONE;
	return n;
}

/* After the loop: free every slot marked dead. */
void actor_collect_dead(World *w)
{
	for (int i = 0; i < MAX_ACTORS; i++) {
		if (w->actors[i].kind != ACT_NONE && w->actors[i].dead) {
			if (i == w->player)
				w->player = -1;
			w->actors[i] = (Actor){ .kind = ACT_NONE };
		}
	}
}

int actor_image(const Actor *a)
{
	return anim_image(&a->anim);
}

bool actor_on_ground(const World *w, const Actor *a)
{
	return test_sprite_move(&w->map, DIR4_SOUTH, actor_image(a), a->x, a->y + 1) != MOVE_FREE;
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
		if (test_sprite_move(&w->map, DIR4_SOUTH, actor_image(a), a->x, a->y + 1) != MOVE_FREE)
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
