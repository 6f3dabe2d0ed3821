/* reach.h: the level route search shared by reach.c (the tool) and reachsearch.c (the search itself). */
#ifndef TESTS_HOST_REACH_H
#define TESTS_HOST_REACH_H

#include <stdbool.h>
#include <stdint.h>

#include "collide.h"
#include "world.h"

#define REACH_INPUTS    6               /* {none, left, right} x {jump released, jump held} */
#define REACH_MAX_EXITS 8
#define REACH_MAX_AVOID 8

/*
 * What a search node is: the player and the world fields the player's own
 * moves change. A node stands for every state with its key (reachsearch.c:
 * fields that cannot change the future, like the idle and cling timers, are
 * left out); s is the first such state the search met.
 */
typedef struct PState {
	Actor a;
	uint8_t cling_dir;
	bool kicking;
	bool jump_prev;                 /* jump was held last frame: holding it is no new press */
} PState;

typedef struct Node {
	PState s;
	uint64_t env;                   /* signature of the platforms and fountains near the player */
	int32_t parent;                 /* node index, -1 for the start */
	uint32_t frame;                 /* frames from the start */
	uint16_t jumps;                 /* jump presses on the way here */
	uint8_t input;                  /* 0 .. REACH_INPUTS-1: what led here from the parent */
	bool goal;                      /* touching an exit */
	int32_t envw;                   /* index of its environment world while on the frontier */
} Node;

typedef struct Search {
	/* input */
	World *start;                   /* the loaded level, as the game loads it */
	Rect avoid[REACH_MAX_AVOID];    /* tile rectangles the player must not touch (a boss's ground) */
	int avoid_count;
	int max_nodes;                  /* give up (truncated) beyond this many nodes */
	uint32_t max_frames;
	bool check_folds;               /* test every fold of a different state into a node (slower) */
	/* output */
	Node *nodes;
	int count;
	int goal;                       /* first goal node reached (the shortest route), -1 if none */
	int32_t *edge_from, *edge_to;   /* every move that was kept; to = -1: death (a respawn) */
	int edges;
	Rect exits[REACH_MAX_EXITS];
	int exit_count;
	int env_peak;                   /* most environment worlds alive at once */
	bool truncated;                 /* stopped by max_nodes or max_frames */
	int folds_checked;              /* check_folds: states folded into a node they differ from */
	int folds_wrong;                /* ... whose next frame went elsewhere (0: the key is sound) */
	int fold_wrong_at;              /* the first such node, -1 if none */
} Search;

/*
 * The input for index i (0 .. REACH_INPUTS-1): Left/Right/none held, Jump
 * held or not; Jump counts as pressed unless it was held the frame before.
 */
GameInput reach_input(int i, bool jump_prev);

/*
 * Breadth-first search in frames from the level's start over the player's
 * real action functions, with platforms and fountains stepped by the real
 * world code beside it (creatures removed; foot switches kept). Returns
 * false only when memory runs out.
 */
bool reach_search(Search *s);

/* Whether the player's rectangle touches one of the exits. */
bool reach_at_exit(const Search *s, const Actor *p);

/* Every node from which no exit (or death, which restarts) is reachable: out[i] = true. */
int reach_stuck(const Search *s, bool *out);

void reach_free(Search *s);

#endif
