/* enemies.c: seed 004's walkers — the grasshopper (hopper) and the scorpion: walk, hurt, die slowly. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "cast.h"
#include "collide.h"
#include "dir.h"
#include "floater.h"
#include "player.h"
#include "world.h"

/*
 * Seed 004 kills an enemy off 100 frames after the hit (frame 6 counts
 * past 100, then kill_enemy): 44 of our frames.
 */
#define WALKER_DYING_FRAMES     TOMMY_FRAMES(100)

enum { WALKER_HOPPER, WALKER_SCORPION };

/* What tells the two walkers apart. */
typedef struct WalkerKind {
	ActorTick walk;                 /* its walking action function */
	uint8_t step_ticks;             /* seed 004's clock ticks between steps */
	bool turns_at_ledges;           /* else it walks off and falls (the seed's way) */
	bool touch_kills;               /* a touch costs a whole life (ORIGINAL, see walker_touch) */
	uint8_t dead_action;
} WalkerKind;

/*
 * Step periods: the seed adds delta_time every frame and steps once the
 * sum reaches 12 (hopper) or 16 (scorpion) clock ticks, then restarts
 * from 0, dropping the remainder. With TOMMY_DELTA_TIME = 13 that is a
 * step every frame for the hopper (13 >= 12) and every other frame for
 * the scorpion (13 < 16 <= 26), which act_walker_step reproduces.
 *
 * Ledges: the seed's grasshopper "comes to the end of a platform, it
 * falls off", and so does the hopper here. NOTE: the scorpion turns at
 * ledges instead: our addition (the issue asks for a per-kind choice).
 */
static const WalkerKind walker_kinds[] = {
	[WALKER_HOPPER] = { .walk = act_hopper_walk, .step_ticks = 12, .turns_at_ledges = false,
		.touch_kills = false, .dead_action = ACTION_HOPPER_DEAD },
	[WALKER_SCORPION] = { .walk = act_scorpion_walk, .step_ticks = 16, .turns_at_ledges = true,
		.touch_kills = true, .dead_action = ACTION_SCORPION_DEAD },
};

static const WalkerKind *walker_of(const Actor *a)
{
	return &walker_kinds[a->kind == ACT_SCORPION ? WALKER_SCORPION : WALKER_HOPPER];
}

/* ORIGINAL: seed 004's launch_enemy starts every enemy walking east. */
void act_walker_begin(Actor *a, World *w)
{
	actor_face(a, 1);
	a->timer = 0;
	a->tick = walker_of(a)->walk;
	a->tick(a, w);
}

/* Can it take its next step in a->dir: no wall, and (for a ledge-turner) ground ahead? */
static bool walker_can_go(World *w, const Actor *a, const WalkerKind *k)
{
	int img = actor_image(a);
	int ahead = a->dir < 0 ? a->x - 1 : a->x + image_tiles_w(img);

	/*
	 * NOTE: Tommy's walkers keep the project's block-only side test (no
	 * Cosmo slope or map-edge rule): they are not Cosmo's sprites.
	 */
	if (test_sprite_block(&w->map, a->dir < 0 ? DIR4_WEST : DIR4_EAST, img, a->x + a->dir, a->y) != MOVE_FREE)
		return false;
	return !k->turns_at_ledges || (map_attr_at(&w->map, ahead, a->y + 1) & TILE_BLOCK_SOUTH);
}

/*
 * Touching the player after a step hurts unless the player is kicking
 * (seed 004: `collision_detection(objp, player) && !kicking`) or blinking
 * from an earlier hit (the seed's player_blink is our hurt cooldown).
 *
 * ORIGINAL: seed 004's scorpion lacks the grasshopper's `if (nhits > 7)`
 * around the life loss, so every scorpion touch costs a whole life. Here
 * a life is lost by dying: world_kill_player (the player lies still, then
 * restarts at the level start, or the game is over).
 */
static void walker_touch(World *w, Actor *a, const WalkerKind *k)
{
	if (w->kicking || w->hurt_cooldown || !is_touching_player(w, a))
		return;
	if (k->touch_kills)
		world_kill_player(w);
	else
		world_hurt_player(w);
}

/*
 * One frame of walking, seed 004's enemy_*_go: the timer gate, then fall
 * a tile (12 pixels, the seed's how_far_down(12), is one tile) or else
 * walk: where it cannot go on it turns and steps the new way in the same
 * step, as the seed adds xspeed after turning. Only a frame that stepped
 * checks the touch, as in the seed, which returns before it otherwise.
 */
static void act_walker_step(Actor *a, World *w)
{
	const WalkerKind *k = walker_of(a);

	a->timer = (uint16_t)(a->timer + TOMMY_DELTA_TIME);
	if (a->timer < k->step_ticks)
		return;
	a->timer = 0;
	if (actor_fall(w, a, 1) == 0) {
		if (!walker_can_go(w, a, k))
			actor_face(a, -a->dir);
		if (test_sprite_block(&w->map, a->dir < 0 ? DIR4_WEST : DIR4_EAST, actor_image(a),
		    a->x + a->dir, a->y) == MOVE_FREE)
			a->x = (int16_t)(a->x + a->dir);
	}
	walker_touch(w, a, k);
}

void act_hopper_walk(Actor *a, World *w)
{
	act_walker_step(a, w);
}

void act_scorpion_walk(Actor *a, World *w)
{
	act_walker_step(a, w);
}

/*
 * Shot, kicked, pounced or bombed: the dying frame, a floater, and the
 * slow death of act_walker_die. The score comes at the end (kill_enemy).
 *
 * NOTE: seed 004 hits only enemies whose frame is below 6 ("enemies are
 * only hit once") and a hit sets the frame to 6, so a dying enemy is
 * never hit again: a second shot flies on, no second floater. The
 * scorpion's own test for dying is `frame > 1`, which leaves frames 2..5
 * looking hittable, but no code path ever puts a scorpion there (it
 * walks on frames 0 and 1 and a hit jumps straight to 6), so there is no
 * re-hit window to reproduce.
 */
bool hit_walker(World *w, Actor *v, HitKind how)
{
	if (v->tick == act_walker_die)
		return false;
	floater_over(w, v, actor_kinds[v->kind].points);
	hit_sound(w, how);
	anim_set_action(&v->anim, walker_of(v)->dead_action);
	v->tick = act_walker_die;
	v->count = 0;
	return true;
}

/*
 * Dying: the dead frame, falling a tile a frame where nothing holds it
 * ("enemy can fall while dying"), harmless; after WALKER_DYING_FRAMES it
 * is removed and the kill scores (seed 004's kill_enemy: +100).
 *
 * ORIGINAL: so the floater (FLOATER_FRAMES) is gone before the score
 * changes, as seed 004's 75-frame float ends before its 100-frame death.
 */
void act_walker_die(Actor *a, World *w)
{
	actor_fall(w, a, 1);
	if (++a->count < WALKER_DYING_FRAMES)
		return;
	world_add_score(w, actor_kinds[a->kind].points);
	actor_remove(a);
}
