/* player_kick.c: the player's kick (seed 004's begin_kick / kick) — hits what is in front, on the ground. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "collide.h"
#include "player.h"
#include "world.h"

/*
 * The kick, a frame per step (Tommy steps every 10 of his ticks, under one
 * of our frames):
 *   timer 0  wind-up
 *   timer 1  the leg goes out: the kick lands (kick_hit)
 *   timer 2  the leg stays out; with Kick still held and repeats left, it
 *            kicks again from timer 1 (Tommy: "keep kicking" while Space is
 *            down, nkicks < 4)
 *   timer 3  the leg comes back
 * then the player stands (or whatever the input asks for) again.
 * w->kicking is true from the wind-up to the end: seed 004's walkers do not
 * hurt a kicking player.
 * NOTE: Tommy's kicks differ by side (left 6 steps, right 4) and hop a few
 * pixels on each repeat; ours are the same both ways, without the hop or
 * the 1-3 pixel lunge, which are below a tile.
 */
enum { KICK_WINDUP, KICK_IMPACT, KICK_OUT, KICK_BACK, KICK_DONE };

/*
 * What the kick reaches: the body's rect stretched KICK_REACH tiles to the
 * side faced. Only actors on that side count — like Tommy's test, an
 * actor's left edge right of the player's for a kick to the right, left of
 * it for a kick to the left — so an enemy behind the player is untouched.
 * Each one is hit through actor_hit (kinds flagged AF_SHOOTABLE react).
 */
static void kick_hit(Actor *p, World *w)
{
	Rect r = sprite_rect_tiles(actor_image(p), p->x, p->y);

	if (p->dir < 0)
		r.x -= KICK_REACH;
	r.w += KICK_REACH;
	for (int i = 0; i < w->actor_end; i++) {
		Actor *v = &w->actors[i];

		if (v == p || v->kind == ACT_NONE || v->dead || !(actor_kinds[v->kind].flags & AF_SHOOTABLE))
			continue;
		if (!(p->dir > 0 ? v->x > p->x : v->x < p->x))
			continue;
		if (rect_overlap(r, sprite_rect_tiles(actor_image(v), v->x, v->y)))
			actor_hit(w, v, HIT_KICK);
	}
}

void act_player_begin_kick(Actor *a, World *w)
{
	w->kicking = true;
	a->count = KICK_REPEATS;
	player_go(a, act_player_kick);
	act_player_kick(a, w);
}

void act_player_kick(Actor *a, World *w)
{
	if (!actor_on_ground(w, a)) {
		w->kicking = false;
		player_go(a, act_player_begin_fall);
		act_player_begin_fall(a, w);
		return;
	}
	switch (a->timer) {
	case KICK_WINDUP:
	case KICK_BACK:
		player_pose(a, ACTION_PLAYER_KICK_WINDUP);
		break;
	case KICK_IMPACT:
		player_pose(a, ACTION_PLAYER_KICK);
		world_request_sound(w, SND_KICK);
		kick_hit(a, w);
		break;
	case KICK_OUT:
		player_pose(a, ACTION_PLAYER_KICK);
		if (a->count && player_held(w, BTN_KICK)) {
			a->count--;
			a->timer = KICK_WINDUP;         /* the next frame kicks again */
		}
		break;
	default:
		w->kicking = false;
		player_go(a, act_player_stand);
		act_player_stand(a, w);
		return;
	}
	a->timer++;
}
