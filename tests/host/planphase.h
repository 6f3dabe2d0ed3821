/* planphase.h: the demo planner's frames-to-goal by the player's state and the movers' phase near it. */
#ifndef TESTS_HOST_PLANPHASE_H
#define TESTS_HOST_PLANPHASE_H

#include "reach.h"

#define PHASE_MAX_GOALS 13              /* plan.c's goals: MAX_VIA + the exit */
#define PHASE_DOOMED    (-1)            /* the route search met this state and no way to the goal from it */
#define PHASE_UNKNOWN   (-2)            /* the route search never met its cell with the movers so */

/*
 * The route search's states by their own dedup key (reachkey.h: the player
 * fields that decide its future, and env_sig, the platforms and fountains
 * near it). A cell alone cannot tell a player waiting for a platform from
 * one jumping at where the platform is not yet; this can. A state the search
 * never met (a creature's doing) counts as the best one in its cell with the
 * movers near it as they are.
 */
bool phase_init(const Search *s);                               /* false: out of memory */
void phase_fill(const Search *s, int goal, const int *dist);    /* dist per node, -1: goal not reachable */
int phase_lookup(int goal, const World *w, const Actor *p);     /* frames to the goal, PHASE_DOOMED/_UNKNOWN */

#endif
