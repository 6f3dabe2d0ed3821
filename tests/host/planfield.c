/* planfield.c: distances to a goal over the route search's graph, per state and per map cell (planfield.h). */
#include <stdbool.h>
#include <stdlib.h>

#include "planfield.h"

int field_distances(const Search *s, const bool *at_goal, int *dist)
{
	int n = s->count, head = 0, tail = 0;
	int *start = calloc((size_t)n + 2, sizeof *start), *adj = malloc(((size_t)s->edges + 1) * sizeof *adj);
	int *queue = malloc((size_t)n * sizeof *queue);

	/* the edges by their target: adj[start[v] .. start[v + 1]) are the nodes with a move into v */
	for (int i = 0; i < s->edges; i++)
		if (s->edge_to[i] >= 0)
			start[s->edge_to[i] + 2]++;
	for (int i = 0; i < n; i++)
		start[i + 2] += start[i + 1];
	for (int i = 0; i < s->edges; i++)
		if (s->edge_to[i] >= 0)
			adj[start[s->edge_to[i] + 1]++] = s->edge_from[i];
	for (int i = 0; i < n; i++) {
		dist[i] = at_goal[i] ? 0 : -1;
		if (dist[i] == 0)
			queue[tail++] = i;
	}
	while (head < tail) {
		int v = queue[head++];

		for (int e = start[v]; e < start[v + 1]; e++)
			if (dist[adj[e]] < 0) {
				dist[adj[e]] = dist[v] + 1;
				queue[tail++] = adj[e];
			}
	}
	free(start);
	free(adj);
	free(queue);
	return tail;
}

void field_cells(const Search *s, const Map *m, const int *dist, int *field, int far)
{
	for (int c = 0; c < m->w * m->h; c++)
		field[c] = far;
	for (int i = 0; i < s->count; i++) {
		const Actor *a = &s->nodes[i].s.a;

		if (dist[i] >= 0 && map_inside(m, a->x, a->y) && dist[i] < field[a->y * m->w + a->x])
			field[a->y * m->w + a->x] = dist[i];
	}
}
