/* exit.c: the level exit — a door under a blinking EXIT sign; touching it finishes the level. */
#include <stdbool.h>

#include "acts.h"
#include "world.h"

/*
 * The exit never moves. The first frame a living player touches it, the
 * level is done (the session shows the interstitial after this frame) and
 * the exit fanfare is asked for; touching it again changes nothing. A
 * dying player's body does not count.
 */
void act_exit(Actor *a, World *w)
{
	const Actor *p = world_player(w);

	if (w->level_done || !p || p->tick == act_player_die || !is_touching_player(w, a))
		return;
	w->level_done = true;
	world_request_sound(w, SND_EXIT);
}
