/* exit.c: the level exit — a door under a blinking EXIT sign; touching it finishes the level (a bonus exit: to the bonus level). */
#include <stdbool.h>

#include "actions.h"
#include "acts.h"
#include "world.h"

/* Whether a boss still lives in the level (dying or not, it is in the pool until it bursts). */
static bool boss_alive(const World *w)
{
	for (int i = 0; i < w->actor_end; i++)
		if (w->actors[i].kind == ACT_BOSS && !w->actors[i].dead)
			return true;
	return false;
}

/*
 * The exit never moves. While the level's boss lives the door is barred
 * (NOTE: our rule, so the episode's last level cannot be finished by
 * jumping past the boss; a level without a boss is open from the start).
 * The first frame a living player touches the open exit, the level is done
 * (the session shows the interstitial after this frame) and the exit
 * fanfare is asked for; touching it again changes nothing. A dying
 * player's body does not count.
 */
void act_exit(Actor *a, World *w)
{
	const Actor *p = world_player(w);
	uint8_t want = boss_alive(w) ? ACTION_EXIT_SEALED : ACTION_EXIT;

	if (a->anim.action != want)
		anim_set_action(&a->anim, want);
	if (want == ACTION_EXIT_SEALED || w->level_done || !p || p->tick == act_player_die ||
	    !is_touching_player(w, a))
		return;
	w->level_done = true;
	if (a->kind == ACT_EXIT_BONUS) {        /* a hidden exit: the episode table says where it leads */
		w->bonus_exit = true;
		w->secrets_found++;
	}
	world_request_sound(w, SND_EXIT);
}
