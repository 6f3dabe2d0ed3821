/* reachenv.h: the worlds the route search steps beside the player — platforms, fountains, foot switches. */
#ifndef TESTS_HOST_REACHENV_H
#define TESTS_HOST_REACHENV_H

#include <stdbool.h>
#include <stdint.h>

#include "world.h"

/*
 * An environment: the level without the player and without creatures (foot
 * switches stay), stepped one frame per search layer by world_tick. Search
 * nodes on the frontier point at one; a node pressing a foot switch gets a
 * copy with the switch pressed. What its last step did to the platforms and
 * fountains is kept so the player can be carried as platform_update and
 * fountain_update carry a player.
 */
typedef struct Env {
	World *w;                       /* NULL: a free slot */
	int refs;                       /* frontier nodes using it */
	int pressed;                    /* this layer's copy with a switch pressed, -1 */
	int alias;                      /* itself, or the env it was merged into this layer */
	bool active;                    /* platforms ran in the last step */
	int16_t px[MAX_PLATFORMS], py[MAX_PLATFORMS];   /* platforms before the last step */
	uint8_t pstep[MAX_PLATFORMS];   /* the step each took */
	int16_t fx[MAX_FOUNTAINS], fy[MAX_FOUNTAINS];   /* fountains before the last step */
	int8_t fdy[MAX_FOUNTAINS];      /* how each moved, 0 = not */
} Env;

extern Env *envs;
extern int env_count;                   /* slots in use or freed; envs[0 .. env_count-1] */

/*
 * The first environment: a copy of the loaded level with every actor but
 * the foot switches removed, the player's slot emptied. Returns its index.
 */
int env_first(const World *level);
int env_new(const World *from);         /* a copy of a world; -1 when out of memory */
void env_step_all(void);                /* one world_tick each, recording what moved */
void env_merge(void);                   /* identical envs become one (alias) */
int env_of(int i);                      /* follow aliases */
int env_free_unused(void);              /* free envs no frontier node uses; returns how many live */
void env_free_all(void);

/*
 * The signature of the movers near the player: whether platforms run, every
 * platform whose path passes near, and the nearest fountain.
 */
uint64_t env_sig(const World *w, const Actor *p);

/* Carry a player (not in the world) as the env's last step would have. */
void env_carry(const Env *e, const World *w, Actor *p);

/* Would a fountain's stream touch the player (fountain_touch)? */
bool env_stream_hurts(const World *w, const Actor *p);

#endif
