/* actions.h: the game's animation actions — ids into anim_actions[] (game/actions.c). */
#ifndef GAME_ACTIONS_H
#define GAME_ACTIONS_H

#include "anim.h"

typedef enum ActionId {
	ACTION_PLAYER_STAND,            /* east / west, one still frame */
	ACTION_PLAYER_WALK,             /* east / west, two-frame stride */
	ACTION_CRITTER_IDLE,            /* four frames back and forth */
	ACTION_SLUG_FLY,                /* two-frame flap */
	ACTION_BARREL,                  /* one still frame */
	ACTION_SHARD_SPIN,              /* four-frame spin */
	ACTION_GOURD,                   /* prizes: one still frame each */
	ACTION_TOMATO,
	ACTION_DIAMOND,
	ACTION_EMERALD,
	ACTION_HAMBURGER,
	ACTION_FOOT_SWITCH_UP,
	ACTION_FOOT_SWITCH_DOWN,
	/* shell (session, episode, exit) */
	ACTION_EXIT,                    /* the level exit: sign blinks, two frames */
	ACTION_COUNT
} ActionId;

/* Ids are uint8_t and ACTION_NONE (0xFF) must never name a real action. */
_Static_assert(ACTION_COUNT < ACTION_NONE, "too many actions for uint8_t ids");

#endif
