/* player.c: the player's action-function chain on the tile grid — stand/run, jump, fall. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "collide.h"
#include "dir.h"
#include "world.h"

/* Tiles risen per frame of a jump; holding jump plays it to the end. */
static const uint8_t jump_rise[] = { 2, 1, 1, 1, 0 };
#define JUMP_MIN_FRAMES 2               /* releasing earlier still rises this far */
#define FALL_MAX_SPEED  2               /* tiles per frame */

static bool held(const World *w, int b) { return (w->in.held & BTN_BIT(b)) != 0; }
static bool pressed(const World *w, int b) { return (w->in.pressed & BTN_BIT(b)) != 0; }

static void face(Actor *a, int dx)
{
	a->dir = (int8_t)dx;
	anim_set_angle(&a->anim, dx < 0 ? 180 : 0);
}

/* Any sloped tile along the sprite's width in map row y? */
static bool sloped_row(const World *w, const Actor *a, int y)
{
	int n = image_tiles_w(actor_image(a));

	for (int i = 0; i < n; i++)
		if (map_attr_at(&w->map, a->x + i, y) & TILE_SLOPED)
			return true;
	return false;
}

/*
 * Walking on slopes: stepping into a sloped tile lifts the feet onto it;
 * a step blocked while standing on a slope climbs diagonally if there is
 * room; stepping off a slope's edge onto the next slope down follows it
 * instead of falling a tile.
 */
static void step_sloped(World *w, Actor *a, int dx)
{
	int img = actor_image(a);

	if (actor_step_x(w, a, dx)) {
		if (sloped_row(w, a, a->y) &&
		    test_sprite_move(&w->map, DIR4_NORTH, img, a->x, a->y - 1) == MOVE_FREE)
			a->y--;
		else if (!actor_on_ground(w, a) && sloped_row(w, a, a->y + 2))
			a->y++;
		return;
	}
	if (sloped_row(w, a, a->y + 1) &&
	    test_sprite_move(&w->map, DIR4_NORTH, img, a->x, a->y - 1) == MOVE_FREE &&
	    test_sprite_move(&w->map, dx < 0 ? DIR4_WEST : DIR4_EAST, img, a->x + dx, a->y - 1) == MOVE_FREE) {
		a->x = (int16_t)(a->x + dx);
		a->y--;
	}
}

/* Left/right control, shared by every state: one tile a frame when free. */
static int steer(World *w, Actor *a)
{
	int dx = held(w, BTN_RIGHT) - held(w, BTN_LEFT);

	if (dx) {
		face(a, dx);
		step_sloped(w, a, dx);
	}
	return dx;
}

static void go(Actor *a, ActorTick next)
{
	a->tick = next;
	a->timer = 0;
}

void act_player_stand(Actor *a, World *w)
{
	int dx;

	if (pressed(w, BTN_JUMP) && actor_on_ground(w, a)) {
		go(a, act_player_begin_jump);
		act_player_begin_jump(a, w);
		return;
	}
	dx = steer(w, a);
	anim_set_action(&a->anim, dx ? ACTION_PLAYER_WALK : ACTION_PLAYER_STAND);
	if (!actor_on_ground(w, a)) {
		go(a, act_player_begin_fall);
		act_player_begin_fall(a, w);
	}
}

void act_player_begin_jump(Actor *a, World *w)
{
	world_request_sound(w, SND_JUMP);
	anim_set_action(&a->anim, ACTION_PLAYER_STAND);
	go(a, act_player_jump);
	act_player_jump(a, w);
}

void act_player_jump(Actor *a, World *w)
{
	int rise, img = actor_image(a);

	steer(w, a);
	if (a->timer >= sizeof jump_rise || (a->timer >= JUMP_MIN_FRAMES && !held(w, BTN_JUMP))) {
		go(a, act_player_begin_fall);
		act_player_begin_fall(a, w);
		return;
	}
	rise = jump_rise[a->timer++];
	while (rise--) {
		if (test_sprite_move(&w->map, DIR4_NORTH, img, a->x, a->y - 1) != MOVE_FREE) {
			world_request_sound(w, SND_BUMP);   /* head hit the ceiling */
			go(a, act_player_begin_fall);
			return;
		}
		a->y--;
	}
}

/* A pounceable actor whose top row is right under the player's feet, overlapping them. */
static Actor *pounce_target(World *w, const Actor *p)
{
	Rect pr = sprite_rect_tiles(actor_image(p), p->x, p->y);

	for (int i = 0; i < MAX_ACTORS; i++) {
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

void act_player_begin_fall(Actor *a, World *w)
{
	(void)w;
	a->vy = 0;
	go(a, act_player_fall);
}

/*
 * Falling: steer, speed up to FALL_MAX_SPEED tiles a frame, land on ground,
 * or pounce on what is under the feet and bounce off it (Cosmo).
 */
void act_player_fall(Actor *a, World *w)
{
	Actor *v;

	steer(w, a);
	if (a->vy < FALL_MAX_SPEED)
		a->vy++;
	for (int i = 0; i < a->vy; i++) {
		if ((v = pounce_target(w, a)) && actor_pounce(w, v)) {
			go(a, act_player_jump);         /* bounce: a fresh rise */
			return;
		}
		if (actor_fall(w, a, 1) == 0)
			break;
	}
	if (actor_on_ground(w, a)) {
		world_request_sound(w, SND_LAND);
		go(a, act_player_stand);
	}
}

/*
 * Dead: no control, the body stays where it fell for DEATH_FRAMES, then a
 * life is spent and the player starts again where the level began, with
 * full health; with no life left the game is over.
 */
void act_player_die(Actor *a, World *w)
{
	if (++a->timer < DEATH_FRAMES)
		return;
	if (w->lives > 0)
		w->lives--;
	w->status_version++;
	if (w->lives == 0) {
		w->game_over = true;
		return;
	}
	a->x = w->start_x;
	a->y = w->start_y;
	w->health = PLAYER_MAX_HEALTH;
	w->hurt_cooldown = HURT_COOLDOWN_FRAMES;
	go(a, act_player_stand);
	world_camera_follow(w);
}
