/* player_air.c: the player off the ground — begin_jump, jump, begin_fall, fall (pounce), wall cling. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "collide.h"
#include "dir.h"
#include "player.h"
#include "world.h"

/*
 * Tiles risen per frame of a jump. Holding Jump plays the table to its
 * end; letting go after JUMP_MIN_FRAMES ends the rise at once (Tommy: Ctrl
 * held adds upward thrust, released divides the speed by four).
 */
static const uint8_t jump_rise[] = { 2, 1, 1, 1, 0 };

/*
 * Horizontal control in the air, with forward thrust: a jump started while
 * running keeps JUMP_THRUST_FRAMES frames of one extra tile a frame in that
 * direction, used up one a frame; letting go of the arrow or turning round
 * drops what is left (seed 004: forward_thrust gives "a little boost at
 * the start of the jump" and decays every frame; released arrows reset it).
 * NOTE: Tommy's thrust also outlives the rise (begin_fall sets it again to
 * 100 when an arrow is held) and is asymmetric (left jumps test > 30, right
 * ones > 50, which a fresh thrust of 50 never passes). In tiles a boost
 * that long would double every running jump, so ours is short, carried
 * from the jump into the fall, and the same both ways.
 */
static int air_steer(World *w, Actor *a)
{
	int dx = player_steer(w, a);

	if (a->vx && dx == (a->vx > 0 ? 1 : -1)) {
		player_step(w, a, dx);
		a->vx = (int16_t)(a->vx - dx);
	} else {
		a->vx = 0;
	}
	return dx;
}

/* The air poses: shooting or not. */
static void air_pose(Actor *a, World *w, uint8_t plain)
{
	bool firing = player_held(w, BTN_FIRE) || player_pressed(w, BTN_FIRE);

	player_pose(a, firing ? ACTION_PLAYER_AIR_SHOOT : plain);
}

/* One frame at the start of a jump: the sound, the thrust, then the rise at once. */
void act_player_begin_jump(Actor *a, World *w)
{
	int dx = player_axis(w);

	world_request_sound(w, SND_JUMP);
	a->vx = (int16_t)(dx * JUMP_THRUST_FRAMES);
	a->vy = 0;
	w->cling_dir = DIR4_NONE;
	player_go(a, act_player_jump);
	act_player_jump(a, w);
}

/*
 * Rising: steer (with thrust), then rise by the table while Jump is held
 * (at least JUMP_MIN_FRAMES). A ceiling ends the rise with a bump. Fire
 * shoots and Bomb drops one from where the move left the player.
 */
void act_player_jump(Actor *a, World *w)
{
	int rise, img;

	air_steer(w, a);
	air_pose(a, w, ACTION_PLAYER_JUMP);
	if (a->timer >= sizeof jump_rise || (a->timer >= JUMP_MIN_FRAMES && !player_held(w, BTN_JUMP))) {
		player_go(a, act_player_begin_fall);
		act_player_begin_fall(a, w);
		player_fire(a, w);
		player_drop_bomb(a, w);
		return;
	}
	img = actor_image(a);
	rise = jump_rise[a->timer++];
	while (rise--) {
		if (test_sprite_move(&w->map, DIR4_NORTH, img, a->x, a->y - 1) != MOVE_FREE) {
			world_request_sound(w, SND_BUMP);   /* head hit the ceiling */
			player_go(a, act_player_begin_fall);
			break;
		}
		a->y--;
	}
	player_fire(a, w);
	player_drop_bomb(a, w);
}

/* A pounceable actor whose top row is right under the player's feet, overlapping them. */
static Actor *pounce_target(World *w, const Actor *p)
{
	Rect pr = sprite_rect_tiles(actor_image(p), p->x, p->y);

	for (int i = 0; i < w->actor_end; i++) {
		Actor *a = &w->actors[i];
		Rect ar;

		if (a == p || a->kind == ACT_NONE || a->dead || !(actor_kinds[a->kind].flags & AF_POUNCE))
			continue;
		ar = sprite_rect_tiles(actor_image(a), a->x, a->y);
		if (ar.y == p->y + 1 && pr.x < ar.x + ar.w && ar.x < pr.x + pr.w)
			return a;
	}
	return 0;
}

/*
 * A small bounce: Cosmo's pounce recoil for strengths under 13 (TryPounce
 * then MovePlayer). a->count = strength + 1 frames; each frame takes one
 * and rises a tile while more than one is left, so strength 3 rises two
 * tiles, hangs two frames, then falls. A ceiling ends it with a bump.
 * Steering works as in a jump. Starts moving in the next frame.
 */
void player_recoil(World *w, Actor *a, int strength)
{
	(void)w;
	player_go(a, act_player_recoil);
	a->count = (uint16_t)(strength + 1);
	a->vy = 0;
	a->vx = 0;
}

void act_player_recoil(Actor *a, World *w)
{
	air_steer(w, a);
	air_pose(a, w, ACTION_PLAYER_JUMP);
	if (a->count)
		a->count--;
	if (a->count > 1) {
		if (test_sprite_move(&w->map, DIR4_NORTH, actor_image(a), a->x, a->y - 1) == MOVE_FREE) {
			a->y--;
		} else {
			world_request_sound(w, SND_BUMP);
			a->count = 0;
		}
	}
	if (a->count == 0)
		player_go(a, act_player_begin_fall);
	player_fire(a, w);
	player_drop_bomb(a, w);
}

/* The start of a fall: no speed yet; the thrust carries on. The fall moves from the next frame. */
void act_player_begin_fall(Actor *a, World *w)
{
	(void)w;
	a->vy = 0;
	player_go(a, act_player_fall);
}

/*
 * Cosmo's wall cling: in the air, pushing toward a wall that blocks the
 * way, with a TILE_CAN_CLING tile beside the player's top row and nothing
 * under the feet (seed 003: "in order for the player to cling to a wall,
 * there must be empty space directly below them").
 */
static bool can_cling(const World *w, const Actor *a, int dx)
{
	int img = actor_image(a);
	int side = dx < 0 ? a->x - 1 : a->x + image_tiles_w(img);

	if (!dx || actor_on_ground(w, a))
		return false;
	if (test_sprite_block(&w->map, dx < 0 ? DIR4_WEST : DIR4_EAST, img, a->x + dx, a->y) == MOVE_FREE)
		return false;
	return (map_attr_at(&w->map, side, a->y - image_tiles_h(img) + 1) & TILE_CAN_CLING) != 0;
}

/*
 * Falling: steer (with what thrust is left), grab a cling wall pushed
 * against, speed up to FALL_MAX_SPEED tiles a frame, pounce on what is
 * under the feet and bounce off it (Cosmo), or land. Fire shoots and Bomb
 * drops one from where the move left the player.
 */
void act_player_fall(Actor *a, World *w)
{
	Actor *v;
	int dx;

	dx = air_steer(w, a);
	air_pose(a, w, ACTION_PLAYER_FALL);
	if (can_cling(w, a, dx)) {
		w->cling_dir = dx < 0 ? DIR4_WEST : DIR4_EAST;
		a->vy = a->vx = 0;
		player_go(a, act_player_cling);
		player_pose(a, ACTION_PLAYER_CLING);
		return;
	}
	if (a->vy < FALL_MAX_SPEED)
		a->vy++;
	for (int i = 0; i < a->vy; i++) {
		if ((v = pounce_target(w, a)) && actor_pounce(w, v)) {
			player_go(a, act_player_jump);  /* bounce: a fresh rise */
			break;
		}
		if (actor_fall(w, a, 1) == 0)
			break;
	}
	player_fire(a, w);
	player_drop_bomb(a, w);
	if (a->tick == act_player_fall && actor_on_ground(w, a))
		act_player_land(a, w);
}

/*
 * Clinging: the player stays put on the wall (w->cling_dir). A Jump press
 * jumps off it; pushing away from the wall or Down lets go and falls; the
 * wall going away, or something under the feet (a platform passing under
 * the player releases the cling in platform_carry_player, seed 003), ends
 * it too.
 */
void act_player_cling(Actor *a, World *w)
{
	int toward = w->cling_dir == DIR4_WEST ? -1 : 1;

	if (w->cling_dir != DIR4_NONE && player_pressed(w, BTN_JUMP)) {
		player_go(a, act_player_begin_jump);
		act_player_begin_jump(a, w);
		return;
	}
	if (w->cling_dir != DIR4_NONE && actor_on_ground(w, a)) {
		w->cling_dir = DIR4_NONE;
		player_go(a, act_player_stand);
		act_player_stand(a, w);
		return;
	}
	if (w->cling_dir == DIR4_NONE || player_axis(w) == -toward || player_held(w, BTN_DOWN) ||
	    !can_cling(w, a, toward)) {
		w->cling_dir = DIR4_NONE;
		player_go(a, act_player_begin_fall);
		act_player_begin_fall(a, w);
		return;
	}
	player_face(a, toward);
	player_pose(a, ACTION_PLAYER_CLING);
	a->timer++;
}
