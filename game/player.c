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

/* Left/right control, shared by every state: one tile a frame when free. */
static int steer(World *w, Actor *a)
{
	int dx = held(w, BTN_RIGHT) - held(w, BTN_LEFT);

	if (dx) {
		face(a, dx);
		actor_step_x(w, a, dx);
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

void act_player_begin_fall(Actor *a, World *w)
{
	(void)w;
	a->vy = 0;
	go(a, act_player_fall);
}

void act_player_fall(Actor *a, World *w)
{
	steer(w, a);
	if (a->vy < FALL_MAX_SPEED)
		a->vy++;
	if (actor_fall(w, a, a->vy) < a->vy || actor_on_ground(w, a)) {
		world_request_sound(w, SND_LAND);
		go(a, act_player_stand);
	}
}
