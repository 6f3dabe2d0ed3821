/* planfield.h: the demo planner's guide — frames from each route-search state, and from each map cell, to a goal. */
#ifndef TESTS_HOST_PLANFIELD_H
#define TESTS_HOST_PLANFIELD_H

#include <stdbool.h>

#include "reach.h"

/*
 * dist[i]: the fewest moves from search node i to a node with at_goal set,
 * over the search's kept edges walked backwards; -1 where none leads.
 * Returns how many nodes lead there (the goal nodes included).
 */
int field_distances(const Search *s, const bool *at_goal, int *dist);

/* field[cell] (m->w * m->h cells): the least dist of a node standing on that cell, `far` where none. */
void field_cells(const Search *s, const Map *m, const int *dist, int *field, int far);

#endif
