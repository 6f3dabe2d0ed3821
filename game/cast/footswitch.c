/* footswitch.c: the foot switch (Cosmo's ActFootSwitch) — four pushes sink its knob a tile each; the fourth turns on what it controls. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "player.h"
#include "world.h"

#define SWITCH_PUSHES   4               /* ORIGINAL: data1 counts to 4 */
#define SWITCH_RECOIL   3               /* ORIGINAL: InteractPlayer's TryPounce(3) */

/*
 * What a switch kind turns on, one flag per kind. ORIGINAL: the original
 * has four kinds sharing ActFootSwitch (platforms, lights, force fields
 * off, the mystery wall), told apart by the actor's data5; this project
 * has only the platform switch, the table has room for the rest.
 */
typedef enum SwitchTarget {
	SWITCH_NONE,
	SWITCH_PLATFORMS,               /* arePlatformsActive */
} SwitchTarget;

static const uint8_t switch_targets[ACT_COUNT] = {
	[ACT_FOOT_SWITCH] = SWITCH_PLATFORMS,
};

static void switch_turn_on(World *w, uint8_t target)
{
	switch (target) {
	case SWITCH_PLATFORMS:
		w->platforms.active = true;
		break;
	default:
		break;
	}
}

/*
 * Actor fields as the switch uses them:
 *   count   pushes taken (0..SWITCH_PUSHES)
 *   vx      tiles the knob has sunk; count > vx: a push waits for the move
 *   vy      the frame of the last push (low 15 bits): it is sunk by a later move
 *   timer   0 until the first move has laid the knob's tiles, then 1
 */
static bool push_waiting(const Actor *a)
{
	return a->count > a->vx;
}

static int16_t frame_stamp(const World *w)
{
	return (int16_t)(w->tick & 0x7FFF);
}

static void take_push(World *w, Actor *a)
{
	a->count++;
	a->vy = frame_stamp(w);
}

static bool can_take_push(const Actor *a)
{
	return a->count < SWITCH_PUSHES && !push_waiting(a);
}

/* The knob's row of cells: solid knob tiles, or the open shaft it leaves behind. */
static void knob_cells(World *w, const Actor *a, bool solid)
{
	int n = image_tiles_w(actor_image(a));

	for (int i = 0; i < n; i++) {
		bool left = i < n / 2 || n == 1;
		uint16_t tile = solid ? (left ? TILE_SWITCH_KNOB_L : TILE_SWITCH_KNOB_R)
		                      : (left ? TILE_SWITCH_SHAFT_L : TILE_SWITCH_SHAFT_R);

		map_set_tile(&w->map, a->x + i, a->y, (uint16_t)(MAP_SOLID_BASE + tile));
	}
}

/* ORIGINAL: IsNearExplosion — any explosion whose picture overlaps the knob's. */
static bool near_explosion(const World *w, const Actor *a)
{
	Rect k = sprite_rect_tiles(actor_image(a), a->x, a->y);

	for (int i = 0; i < w->actor_end; i++) {
		const Actor *e = &w->actors[i];

		if (e->kind == ACT_EXPLOSION && !e->dead &&
		    rect_overlap(k, sprite_rect_tiles(actor_image(e), e->x, e->y)))
			return true;
	}
	return false;
}

/*
 * The player touches the knob: standing on it or landing on it (the
 * player's bottom row just above the knob's row, a column shared).
 * ORIGINAL: IsTouchingPlayer on the knob sprite, false while the player
 * is dying. Our knob picture is its row of tiles only, so "touching" is
 * being on top of it.
 */
static bool player_on_knob(World *w, const Actor *a)
{
	const Actor *p = world_player(w);
	Rect k = sprite_rect_tiles(actor_image(a), a->x, a->y - 1);

	return p && !p->dead && p->tick != act_player_die &&
	       rect_overlap(k, sprite_rect_tiles(actor_image(p), p->x, p->y));
}

/*
 * The switch's move, once a frame among the actors (after MovePlatforms).
 * ORIGINAL: ActFootSwitch, then InteractPlayer, for the knob (cosmore
 * game1.c):
 * - its first move writes the knob's solid tiles at its place;
 * - a push waiting: the knob's row becomes open shaft, the knob moves a
 *   row down and writes its tiles there, with the "switch moves" sound;
 *   on the fourth, the "switch on" sound instead and what the kind
 *   controls turns on, from here: the platforms, which moved earlier in
 *   this frame, start in the next one;
 * - then, with pushes left and none waiting, an explosion touching the
 *   knob counts one push (it bounces nobody);
 * - then the same for the player on the knob, who also recoils a little
 *   (a pounce of strength 3, TryPounce(3)).
 * A push is sunk by a move in a later frame than the push (the frame is
 * stamped: the route search applies touches before the world's step),
 * so the knob goes down the frame after it is pushed.
 * NOTE: the original's first sink writes a "top of shaft" variant of the
 * shaft tiles; ours has one shaft look. Its knob picture stays the same;
 * ours shows the pressed picture once the switch is on.
 */
void act_foot_switch(Actor *a, World *w)
{
	if (a->timer == 0) {
		a->timer = 1;
		knob_cells(w, a, true);
	}
	if (push_waiting(a) && a->vy != frame_stamp(w)) {
		a->vx++;
		knob_cells(w, a, false);
		a->y++;
		knob_cells(w, a, true);
		if (a->count == SWITCH_PUSHES) {
			world_request_sound(w, SND_SWITCH);
			anim_set_action(&a->anim, ACTION_FOOT_SWITCH_DOWN);
			switch_turn_on(w, switch_targets[a->kind]);
		} else {
			world_request_sound(w, SND_SWITCH_MOVE);
		}
	}
	if (can_take_push(a) && near_explosion(w, a))
		take_push(w, a);
	foot_switch_touch(w, a);
}

bool foot_switch_touch(World *w, Actor *a)
{
	if (!can_take_push(a) || !player_on_knob(w, a))
		return false;
	take_push(w, a);
	player_recoil(w, world_player(w), SWITCH_RECOIL);
	return true;
}
