/* reachkey.h: the route search's dedup key — which player states are one state. */
#ifndef TESTS_HOST_REACHKEY_H
#define TESTS_HOST_REACHKEY_H

#include <stdint.h>

#include "reach.h"

/*
 * The dedup key of a node: the fields the player's future moves depend on,
 * and nothing else. Two states with the same key play out alike from here
 * for every input (positions, states, deaths), so the search keeps the
 * first and folds the others into it. What each action function reads
 * (game/cast/player.c, player_air.c; the search never presses Kick or Fire):
 *   stand, fidget, run  one ground state: each runs whichever the input asks
 *                       for in the same frame; timer and count only time
 *                       the idle fidget, which moves nothing
 *   begin_jump          nothing: a jump pressed on landing; it sets its own
 *                       thrust and starts the rise
 *   jump                timer (the rise table), vx (the thrust)
 *   begin_fall          vx (the thrust carries into the fall)
 *   fall                vx, vy (the fall speed); its timer stays 0
 *   cling               only where: its timer counts the frames on the wall
 *                       (were it kept, every frame of hanging on would be a
 *                       new state and the search would never end)
 *   anything else       every field
 * The picture counts by its size in tiles only (moves and touches test the
 * rectangle): facing and animation frame do not change where the player
 * can go. reach --check-folds tests all of this on a level (reachsearch.c).
 * The action function goes in as its stable id (dump.h), not its address, so
 * the key, its hash and everything ordered by them are the same on every
 * build and machine.
 */
typedef struct Key {
	uint64_t env;
	int32_t act;                    /* the action function's stable id (dump_act_id), folded */
	int16_t x, y, vy, vx;
	uint16_t timer, count;
	uint8_t tiles_w, tiles_h, cling, kicking, jump_prev, hp;
} Key;

Key key_make(const PState *st, uint64_t env);   /* env: the movers' signature (env_sig) */
uint32_t key_hash(const Key *k);

#endif
