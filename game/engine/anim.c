/* anim.c: data-driven animation (seed 002) — pick an action, turn, tick; the image follows from the table. */
#include <stdint.h>

#include "anim.h"

/* Any int to 0..359, large negatives included (INT_MIN % 360 is -128, no overflow). */
static int16_t anim_wrap_angle(int degrees)
{
	int angle = degrees % 360;

	if (angle < 0)
		angle += 360;
	return (int16_t)angle;
}

/*
 * Not drawn, angle 0. Starting from ACTION_NONE rather than action 0 is
 * one of the fixes seed 002 suggests for its "same action does not
 * restart" rule: setting action 0 on a fresh actor must still restart it.
 */
void anim_init(AnimState *a)
{
	*a = (AnimState){ .action = ACTION_NONE, .vec = 1 };
}

/*
 * Store the angle (normalised to 0..359) and recompute the view index.
 * Each view covers viewAngle = 360 / views degrees centred on its own
 * direction, views running clockwise from east, so the angle is shifted
 * by half a view before dividing: with 4 views east is 315..359 and
 * 0..44, south 45..134, west 135..224, north 225..314.
 *
 * NOTE: seed 002 wraps the quotient with MOD (360 \ viewAngle), which is
 * `views` whenever views divides 360. We wrap with `views` itself so the
 * index stays below views for any count (e.g. 7 views: 51-degree sectors).
 */
void anim_set_angle_in(AnimState *a, const Action *table, uint8_t n, int degrees)
{
	const Action *act = anim_lookup(table, n, a->action);
	int angle = anim_wrap_angle(degrees);
	int views, view_angle;

	a->angle = (int16_t)angle;
	if (!act) {
		a->facing = 0;          /* nothing drawn; the angle is kept for the next action */
		return;
	}
	views = anim_views(act);
	view_angle = 360 / views;
	a->facing = (uint8_t)(((angle + view_angle / 2) / view_angle) % views);
}

/*
 * Start an action. Asking for the action already playing changes nothing,
 * so calling this every tick while a key is held does not keep rewinding
 * the walk to its first frame (seed 002). A new action starts at frame 0,
 * waits its full delay, runs forwards, and takes its view from the stored
 * angle, since the new action may have a different number of views.
 *
 * NOTE: seed 002 leaves frame, countdown and direction as they were when
 * the action becomes "none"; we reset them to anim_init's values. Nothing
 * reads them until the next real action, which resets them anyway.
 */
void anim_set_action_in(AnimState *a, const Action *table, uint8_t n, uint8_t action)
{
	const Action *act = anim_lookup(table, n, action);

	if (!act)
		action = ACTION_NONE;
	if (action == a->action)
		return;
	a->action = action;
	a->frame = 0;
	a->vec = 1;
	a->countdown = act ? act->delay : 0;
	anim_set_angle_in(a, table, n, a->angle);
}

/*
 * One game tick. While the countdown is above zero it just counts down;
 * at zero it is reloaded with the delay and the frame moves by vec, so a
 * frame lasts delay + 1 ticks. Stepping below frame 0 (oscillate on its
 * way back) turns round to go forwards from 0. Stepping onto frame
 * `count` depends on the mode:
 *   loop       back to frame 0;
 *   oscillate  turn round (see ORIGINAL below);
 *   freeze     stay on the last frame, vec 0 so it never moves again.
 *
 * ORIGINAL: seed 002's oscillate sets the frame to frameCount - 1 and
 * vec to -1, i.e. back onto the last frame, not the one before it; and
 * the way back lands on -1, which becomes 0 again. So each end is shown
 * for two steps: 4 frames run 0 1 2 3 3 2 1 0 0 1 2 3 3 ... (one frame
 * just stays on 0). We reproduce that.
 *
 * ORIGINAL: seed 002 treats any mode other than loop and oscillate as
 * freeze (its SELECT CASE ELSE), so an unknown mode freezes here too.
 *
 * NOTE: seed 002 tests frame = frameCount exactly; we test >= so a frame
 * left out of range (state poked by hand, or an action's count changed)
 * is caught on its next step instead of counting upwards forever.
 */
void anim_tick_in(AnimState *a, const Action *table, uint8_t n)
{
	const Action *act = anim_lookup(table, n, a->action);
	int count, frame;

	if (!act)
		return;
	if (a->countdown > 0) {
		a->countdown--;
		return;
	}
	a->countdown = act->delay;
	count = anim_count(act);
	frame = a->frame + a->vec;
	if (frame < 0) {
		frame = 0;
		a->vec = 1;
	} else if (frame >= count) {
		switch (act->mode) {
		case ANIM_LOOP:
			frame = 0;
			break;
		case ANIM_OSCILLATE:
			frame = count - 1;
			a->vec = -1;
			break;
		default:                /* ANIM_FREEZE, and any unknown mode */
			frame = count - 1;
			a->vec = 0;
			break;
		}
	}
	a->frame = (uint8_t)frame;
}

/* The same against the game's table (game/engine/actions.c); anim_tick and anim_image are inline (anim.h). */
void anim_set_action(AnimState *a, uint8_t action)
{
	anim_set_action_in(a, anim_actions, anim_action_count, action);
}

void anim_set_angle(AnimState *a, int degrees)
{
	anim_set_angle_in(a, anim_actions, anim_action_count, degrees);
}
