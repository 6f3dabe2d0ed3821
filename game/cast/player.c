/* player.c: the player on the ground — stand, fidget, run, shoot, look up/down, land, die — and shared moves. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "collide.h"
#include "dir.h"
#include "player.h"
#include "rng.h"
#include "world.h"

bool player_held(const World *w, int b) { return (w->in.held & BTN_BIT(b)) != 0; }
bool player_pressed(const World *w, int b) { return (w->in.pressed & BTN_BIT(b)) != 0; }

int player_axis(const World *w)
{
	return player_held(w, BTN_RIGHT) - player_held(w, BTN_LEFT);
}

void player_go(Actor *a, ActorTick next)
{
	a->tick = next;
	a->timer = 0;
}

void player_face(Actor *a, int dx)
{
	a->dir = (int8_t)(dx < 0 ? -1 : 1);
	anim_set_angle(&a->anim, dx < 0 ? 180 : 0);
}

void player_pose(Actor *a, uint8_t action)
{
	anim_set_action(&a->anim, action);
	anim_set_angle(&a->anim, a->dir < 0 ? 180 : 0);
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
void player_step(World *w, Actor *a, int dx)
{
	int img = actor_image(a);
	int dir = dx < 0 ? DIR4_WEST : DIR4_EAST;

	/*
	 * NOTE: the player moves by the project's block-only side test, not
	 * Cosmo's TestSpriteMove: the original player has its own
	 * TestPlayerMove (no map-edge rule) and slope code, which ours is not.
	 */
	if (test_sprite_block(&w->map, dir, img, a->x + dx, a->y) == MOVE_FREE) {
		a->x = (int16_t)(a->x + dx);
		if (sloped_row(w, a, a->y) &&
		    test_sprite_move(&w->map, DIR4_NORTH, img, a->x, a->y - 1) == MOVE_FREE)
			a->y--;
		else if (!actor_on_ground(w, a) && sloped_row(w, a, a->y + 2))
			a->y++;
		return;
	}
	if (sloped_row(w, a, a->y + 1) &&
	    test_sprite_move(&w->map, DIR4_NORTH, img, a->x, a->y - 1) == MOVE_FREE &&
	    test_sprite_block(&w->map, dir, img, a->x + dx, a->y - 1) == MOVE_FREE) {
		a->x = (int16_t)(a->x + dx);
		a->y--;
	}
}

/* Left/right control, shared by the moving states: one tile a frame when free. */
int player_steer(World *w, Actor *a)
{
	int dx = player_axis(w);

	if (dx) {
		player_face(a, dx);
		player_step(w, a, dx);
	}
	return dx;
}

/*
 * The ground states' one decision, in this order: no ground -> fall; a
 * Jump press -> jump; a Kick press -> kick; Left or Right -> run; Fire
 * held -> shoot; Down -> look down; Up -> look up; else stand.
 * NOTE: Tommy's player_stand tests the arrows before Ctrl, so a jump
 * pressed in the same frame as an arrow waits a frame there (Ctrl is a
 * held key in Tommy). Ours is a press, so it goes first or it would be lost.
 */
ActorTick player_ground_choice(World *w, Actor *a)
{
	if (!actor_on_ground(w, a))
		return act_player_begin_fall;
	if (player_pressed(w, BTN_JUMP))
		return act_player_begin_jump;
	if (player_pressed(w, BTN_KICK))
		return act_player_begin_kick;
	if (player_axis(w))
		return act_player_run;
	if (player_held(w, BTN_FIRE) || player_pressed(w, BTN_FIRE))
		return act_player_shoot;
	if (player_held(w, BTN_DOWN))
		return act_player_look_down;
	if (player_held(w, BTN_UP))
		return act_player_look_up;
	return act_player_stand;
}

bool player_ground_leave(Actor *a, World *w, ActorTick self)
{
	ActorTick next = player_ground_choice(w, a);

	if (next == self)
		return false;
	player_go(a, next);
	next(a, w);
	return true;
}

/*
 * Standing still. After IDLE_MIN_FRAMES + r frames with no button at all
 * (r drawn from the world's RNG, 0..IDLE_SPREAD-1, once the minimum has
 * passed) the player fidgets: Tommy's 500..1000-tick wait.
 */
void act_player_stand(Actor *a, World *w)
{
	if (player_ground_leave(a, w, act_player_stand))
		return;
	player_drop_bomb(a, w);
	player_pose(a, ACTION_PLAYER_STAND);
	if (w->in.held || w->in.pressed) {
		a->timer = 0;
		return;
	}
	if (++a->timer == IDLE_MIN_FRAMES)
		a->count = (uint16_t)rng_below(&w->rng, IDLE_SPREAD);
	if (a->timer > IDLE_MIN_FRAMES + a->count) {
		player_go(a, act_player_fidget);
		act_player_fidget(a, w);
	}
}

/*
 * A grin or a frown (Tommy's frames 7 and 8, picked at random) for
 * FIDGET_MIN_FRAMES + 0..FIDGET_SPREAD-1 frames, then standing again. Any
 * button, or the ground going away, ends it at once.
 */
void act_player_fidget(Actor *a, World *w)
{
	if (w->in.held || w->in.pressed || !actor_on_ground(w, a)) {
		player_go(a, act_player_stand);
		act_player_stand(a, w);
		return;
	}
	if (a->timer == 0) {
		player_pose(a, rng_below(&w->rng, 2) ? ACTION_PLAYER_FROWN : ACTION_PLAYER_GRIN);
		a->count = (uint16_t)(FIDGET_MIN_FRAMES + rng_below(&w->rng, FIDGET_SPREAD));
	}
	if (++a->timer > a->count) {
		player_go(a, act_player_stand);
		player_pose(a, ACTION_PLAYER_STAND);
	}
}

/*
 * Running: one tile a frame while Left or Right is held, turning at once.
 * Fire held shoots on the run. Stepping off a ledge starts a fall in the
 * same frame (the fall itself moves from the next one).
 * NOTE: Tommy speeds up from 1 to 8 pixels a frame; a tile a frame is
 * Cosmo's walking speed and the only one the tile grid shows smoothly.
 */
void act_player_run(Actor *a, World *w)
{
	if (player_ground_leave(a, w, act_player_run))
		return;
	player_steer(w, a);
	player_pose(a, ACTION_PLAYER_WALK);
	player_fire(a, w);
	player_drop_bomb(a, w);
	a->timer++;
	if (!actor_on_ground(w, a)) {
		player_go(a, act_player_begin_fall);
		act_player_begin_fall(a, w);
	}
}

/* Standing and shooting while Fire is held: a bullet every SHOT_GAP_FRAMES. */
void act_player_shoot(Actor *a, World *w)
{
	if (player_ground_leave(a, w, act_player_shoot))
		return;
	player_drop_bomb(a, w);
	player_pose(a, ACTION_PLAYER_SHOOT);
	player_fire(a, w);
	a->timer++;
}

/*
 * Looking up or down while Up or Down is held alone. The view moves in the
 * world frame after the player's move (world_camera_step: a row a frame,
 * Cosmo's limits); these states only decide that the player is looking.
 */
void act_player_look_up(Actor *a, World *w)
{
	if (player_ground_leave(a, w, act_player_look_up))
		return;
	player_drop_bomb(a, w);
	player_pose(a, ACTION_PLAYER_LOOK_UP);
	a->timer++;
}

void act_player_look_down(Actor *a, World *w)
{
	if (player_ground_leave(a, w, act_player_look_down))
		return;
	player_drop_bomb(a, w);
	player_pose(a, ACTION_PLAYER_LOOK_DOWN);
	a->timer++;
}

/*
 * Touching down (called by the fall in the frame it lands): the landing
 * sound, the thrust gone, and the next ground state chosen for the next
 * frame — not run now, the fall has already moved this frame. vy keeps the
 * speed the player landed with until the next fall starts.
 */
void act_player_land(Actor *a, World *w)
{
	world_request_sound(w, SND_LAND);
	a->vx = 0;
	player_pose(a, ACTION_PLAYER_STAND);
	player_go(a, player_ground_choice(w, a));
}

/*
 * Dead: no control, the body stays where it fell for DEATH_FRAMES, then a
 * life is spent and the player starts again where the level began, with
 * full health; with no life left the game is over.
 */
void act_player_die(Actor *a, World *w)
{
	w->kicking = false;
	w->cling_dir = DIR4_NONE;
	player_pose(a, ACTION_PLAYER_DEAD);
	if (++a->timer < DEATH_FRAMES)
		return;
	if (w->lives > 0)
		w->lives--;
	world_status_changed(w);
	if (w->lives == 0) {
		w->game_over = true;
		return;
	}
	a->x = w->start_x;
	a->y = w->start_y;
	a->vx = a->vy = 0;
	a->count = 0;
	w->health = PLAYER_MAX_HEALTH;
	w->hurt_cooldown = HURT_COOLDOWN_FRAMES;
	player_go(a, act_player_stand);
	player_pose(a, ACTION_PLAYER_STAND);
	world_camera_follow(w);
}
