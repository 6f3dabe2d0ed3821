/* plants.c: the tulip launcher plant and the eye plant (seed 000's spawner sources). */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "cast.h"
#include "world.h"

/*
 * NOTE: our timing; the seed names the launcher, not its rate. A tulip
 * in view opens TULIP_OPEN_FRAMES before each launch and launches every
 * TULIP_PERIOD frames (about 4.5 s).
 */
#define TULIP_PERIOD            48
#define TULIP_OPEN_FRAMES       8

static bool launched(int kind)
{
	return kind == ACT_BLUE_BALL || kind == ACT_PARACHUTE;
}

int launched_count(const World *w)
{
	int n = 0;

	for (int i = 0; i < w->actor_end; i++)
		n += launched(w->actors[i].kind) && !w->actors[i].dead;
	for (int i = 0; i < MAX_SPAWNERS; i++)
		n += launched(w->spawners.slot[i].actor);
	return n;
}

int launch_kind(World *w)
{
	return rng_below(&w->rng, 2) ? ACT_PARACHUTE : ACT_BLUE_BALL;
}

/*
 * Tulip launcher plant: while it is in view, it counts TULIP_PERIOD
 * frames, opening for the last TULIP_OPEN_FRAMES of them, then closes
 * and launches a blue ball or a parachute creature (w->rng) through a
 * spawner from its flower (seed 000) — unless LAUNCHED_MAX of those are
 * already about. It never moves and does not hurt; shots, kicks and
 * bombs destroy it.
 */
void act_tulip(Actor *a, World *w)
{
	if (!is_sprite_visible(w, actor_image(a), a->x, a->y))
		return;
	if (++a->timer == TULIP_PERIOD - TULIP_OPEN_FRAMES)
		anim_set_action(&a->anim, ACTION_TULIP_OPEN);
	if (a->timer < TULIP_PERIOD)
		return;
	a->timer = 0;
	anim_set_action(&a->anim, ACTION_TULIP_CLOSED);
	if (launched_count(w) < LAUNCHED_MAX)
		spawner_new(&w->spawners, launch_kind(w), a->x, a->y - 1);
}

/* Eye plant: rooted, watches the player; touching it hurts (AF_HURTS). */
void act_eye_plant(Actor *a, World *w)
{
	face_player(w, a);
}

/*
 * Any hit destroys it. Seed 000: "each Eye Plant spawns an Idle Bomb
 * when bombed" — only a bomb's blast leaves one (ACT_BOMB_PICKUP, rising
 * through a spawner); a shot, kick or pounce just destroys the plant.
 */
bool hit_eye_plant(World *w, Actor *v, HitKind how)
{
	if (how == HIT_BOMB)
		spawner_new(&w->spawners, ACT_BOMB_PICKUP, v->x, v->y);
	actor_defeat(w, v, how);
	return true;
}
