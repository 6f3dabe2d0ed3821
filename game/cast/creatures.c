/* creatures.c: the small cast — critter, roamer slug, barrel and basket, blue ball, parachute creature. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "cast.h"
#include "collide.h"
#include "dir.h"
#include "world.h"

#define SLUG_FLEE_FRAMES        16      /* NOTE: our choice, see act_slug_fly */
#define BALL_BOUNCE             3       /* tiles a blue ball rises after each landing */
#define PARACHUTE_SINK_EVERY    2       /* frames per tile down under the canopy */
#define PARACHUTE_DRIFT_EVERY   4       /* frames per tile toward the player while sinking */

/* The slug's gifts (seed 000): gourd, red tomato, diamond or emerald. */
static const uint8_t slug_prizes[] = { ACT_GOURD, ACT_TOMATO, ACT_DIAMOND, ACT_EMERALD };

/*
 * A tile along the ground in a->dir, or turn round (without moving) where
 * a wall stands or the ground ends ahead: the walk of the critter and the
 * landed parachute creature. False when it turned.
 */
static bool walk_or_turn(World *w, Actor *a)
{
	int ahead = a->dir < 0 ? a->x - 1 : a->x + image_tiles_w(actor_image(a));

	if (!(map_attr_at(&w->map, ahead, a->y + 1) & TILE_BLOCK_SOUTH) || !actor_step_x(w, a, a->dir)) {
		actor_face(a, -a->dir);
		return false;
	}
	return true;
}

/*
 * Critter: one tile every other frame; turns around at a wall or where
 * the ground ends ahead (it never walks off a ledge); falls if the
 * ground goes away under it.
 */
void act_critter_walk(Actor *a, World *w)
{
	if (!actor_on_ground(w, a)) {
		a->tick = act_critter_fall;
		return;
	}
	if (++a->timer & 1)
		return;
	walk_or_turn(w, a);
}

void act_critter_fall(Actor *a, World *w)
{
	if (actor_fall(w, a, 1) == 0)
		a->tick = act_critter_walk;
}

/* Level flight, one tile a frame, turning at walls. */
static void slug_move(Actor *a, World *w)
{
	int dir = a->dir < 0 ? DIR4_WEST : DIR4_EAST;

	/* ORIGINAL: the roamer slug turns on anything but MOVE_FREE (slopes too); it never climbs. */
	if (test_sprite_move(&w->map, dir, actor_image(a), a->x + a->dir, a->y) != MOVE_FREE)
		actor_face(a, -a->dir);
	else
		a->x = (int16_t)(a->x + a->dir);
}

/*
 * Cosmo's flying roamer slug: harmless, and each time it touches the
 * player it releases a random prize through a spawner (seed 000).
 * NOTE: so that a touch is one release and not one every frame, the slug
 * flees after releasing (turns away from the player, act_slug_flee) and
 * gives nothing until it has fled SLUG_FLEE_FRAMES frames and no longer
 * touches the player.
 */
void act_slug_fly(Actor *a, World *w)
{
	slug_move(a, w);
	if (!is_touching_player(w, a))
		return;
	spawner_new(&w->spawners, slug_prizes[rng_below(&w->rng, 4)], a->x, a->y);
	world_request_sound(w, SND_PICKUP);
	actor_face(a, -face_player(w, a));
	a->tick = act_slug_flee;
	a->count = 0;
}

void act_slug_flee(Actor *a, World *w)
{
	slug_move(a, w);
	if (++a->count >= SLUG_FLEE_FRAMES && !is_touching_player(w, a))
		a->tick = act_slug_fly;
}

/* Barrel and basket: sit still; fall when nothing holds them up. A hit is hit_burst. */
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

/*
 * Blue ball (launched by tulips and the boss): sets off toward the
 * player, rolls a tile every other frame turning at walls, and bounces:
 * after each landing it rises BALL_BOUNCE tiles, a tile a frame (less
 * under a ceiling), then falls a tile a frame. a->vy counts the rise left
 * (negative = still rising).
 */
void act_blue_ball(Actor *a, World *w)
{
	if (a->timer++ == 0)
		face_player(w, a);
	if ((a->timer & 1) == 0 && !actor_step_x(w, a, a->dir))
		actor_face(a, -a->dir);
	if (a->vy < 0) {
		a->vy++;
		if (test_sprite_move(&w->map, DIR4_NORTH, actor_image(a), a->x, a->y - 1) == MOVE_FREE)
			a->y--;
		else
			a->vy = 0;
	} else if (actor_fall(w, a, 1) == 0) {
		a->vy = -BALL_BOUNCE;
	}
}

/*
 * Parachute creature: sinks a tile every PARACHUTE_SINK_EVERY frames and
 * drifts a tile toward the player every PARACHUTE_DRIFT_EVERY; on the
 * ground it packs the canopy away and walks like the critter.
 */
void act_parachute_drift(Actor *a, World *w)
{
	a->timer++;
	if (actor_on_ground(w, a)) {
		anim_set_action(&a->anim, ACTION_PARA_WALK);
		face_player(w, a);
		a->tick = act_parachute_walk;
		a->timer = 0;
		return;
	}
	if (a->timer % PARACHUTE_DRIFT_EVERY == 0)
		actor_step_x(w, a, face_player(w, a));
	if (a->timer % PARACHUTE_SINK_EVERY == 0)
		actor_fall(w, a, 1);
}

/* Landed: a tile every other frame, turning at walls and ledges; falls a tile a frame if unsupported. */
void act_parachute_walk(Actor *a, World *w)
{
	if (!actor_on_ground(w, a)) {
		actor_fall(w, a, 1);
		return;
	}
	if (++a->timer & 1)
		return;
	walk_or_turn(w, a);
}
