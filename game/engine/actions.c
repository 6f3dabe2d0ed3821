/* actions.c: the game's action table — which images each action shows, how many views, how it cycles. */
#include <stdint.h>

#include "actions.h"
#include "anim.h"
#include "assets.h"

/*
 * Views are stored clockwise from east, `count` images each (seed 002).
 * In sprites.json the player is PLAYER_R0, R1, L0, L1: a 2-frame,
 * 2-view action from PLAYER_R0 has east = R0 R1 and west = L0 L1.
 * A frame lasts delay + 1 game ticks.
 *
 * HACK: a 1-frame, 2-view stand would need R0 and L0 next to each other,
 * but R1 sits between them (first + 1 * facing would show R1 facing
 * west). So the stand claims 4 views of 1 frame: east (0) = R0, south
 * (90) = R1, west (180) = L0, north (270) = L1. The player only ever
 * faces 0 or 180, so it sees R0 and L0. The clean fix is two more images
 * in sprites.json (a PLAYER_STAND_R / PLAYER_STAND_L pair cut from the
 * same places as R0 and L0, appended so other ids keep their values)
 * and views = 2.
 *
 * NOTE: the shard's delay (1) is our choice; nothing specifies it.
 */
const Action anim_actions[ACTION_COUNT] = {
	[ACTION_PLAYER_STAND] = { .first = IMG_PLAYER_R0, .count = 1, .views = 4, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_PLAYER_WALK]  = { .first = IMG_PLAYER_R0, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 0 },
	[ACTION_CRITTER_IDLE] = { .first = IMG_CRITTER0, .count = 4, .views = 1, .mode = ANIM_OSCILLATE, .delay = 1 },
	[ACTION_SLUG_FLY]     = { .first = IMG_SLUG0, .count = 2, .views = 1, .mode = ANIM_LOOP, .delay = 1 },
	[ACTION_BARREL]       = { .first = IMG_BARREL, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_SHARD_SPIN]   = { .first = IMG_SHARD0, .count = 4, .views = 1, .mode = ANIM_LOOP, .delay = 1 },
	[ACTION_GOURD]        = { .first = IMG_GOURD, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_TOMATO]       = { .first = IMG_TOMATO, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_DIAMOND]      = { .first = IMG_DIAMOND, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_EMERALD]      = { .first = IMG_EMERALD, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_HAMBURGER]    = { .first = IMG_HAMBURGER, .count = 1, .views = 1, .mode = ANIM_FREEZE, .delay = 0 },
	[ACTION_FOOT_SWITCH_UP]   = { .first = IMG_FOOT_SWITCH_UP, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_FOOT_SWITCH_DOWN] = { .first = IMG_FOOT_SWITCH_DOWN, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	/* shell: the exit's sign blinks, each frame about half a second (NOTE: our choice) */
	[ACTION_EXIT]         = { .first = IMG_EXIT0, .count = 2, .views = 1, .mode = ANIM_LOOP, .delay = 4 },
	/* The creature cast: art in sprites_creatures.png. Walk delays match the step rates. */
	[ACTION_FLOATER_100]   = { .first = IMG_POINTS_100, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_FLOATER_200]   = { .first = IMG_POINTS_200, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_FLOATER_500]   = { .first = IMG_POINTS_500, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_FLOATER_1000]  = { .first = IMG_POINTS_1000, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_FLOATER_5000]  = { .first = IMG_POINTS_5000, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_BASKET]        = { .first = IMG_BASKET, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_TULIP_CLOSED]  = { .first = IMG_TULIP_CLOSED, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_TULIP_OPEN]    = { .first = IMG_TULIP_OPEN, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_BLUE_BALL]     = { .first = IMG_BLUE_BALL0, .count = 2, .views = 1, .mode = ANIM_LOOP, .delay = 1 },
	[ACTION_PARACHUTE]     = { .first = IMG_PARACHUTE, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_PARA_WALK]     = { .first = IMG_PARA_WALK_R0, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 1 },
	[ACTION_EYE_PLANT]     = { .first = IMG_EYE_PLANT_R0, .count = 3, .views = 2, .mode = ANIM_OSCILLATE, .delay = 3 },
	[ACTION_SATELLITE]     = { .first = IMG_SATELLITE0, .count = 2, .views = 1, .mode = ANIM_LOOP, .delay = 4 },
	[ACTION_FRIEND_FROZEN] = { .first = IMG_FRIEND_FROZEN, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_FRIEND_WALK]   = { .first = IMG_FRIEND_R0, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 0 },
	[ACTION_HOPPER_WALK]   = { .first = IMG_HOPPER_R0, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 0 },
	[ACTION_HOPPER_DEAD]   = { .first = IMG_HOPPER_DEAD_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_SCORPION_WALK] = { .first = IMG_SCORPION_R0, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 1 },
	[ACTION_SCORPION_DEAD] = { .first = IMG_SCORPION_DEAD_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_BOSS_WALK]     = { .first = IMG_BOSS_R0, .count = 2, .views = 2, .mode = ANIM_LOOP, .delay = 1 },
	[ACTION_BOSS_HURT]     = { .first = IMG_BOSS_HURT_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	/* The player's poses and weapons (sprites_player.json: each pose _R then _L). */
	[ACTION_PLAYER_JUMP]        = { .first = IMG_PLAYER_JUMP_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_FALL]        = { .first = IMG_PLAYER_FALL_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_SHOOT]       = { .first = IMG_PLAYER_SHOOT_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_AIR_SHOOT]   = { .first = IMG_PLAYER_AIR_SHOOT_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_KICK_WINDUP] = { .first = IMG_PLAYER_KICK0_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_KICK]        = { .first = IMG_PLAYER_KICK1_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_LOOK_UP]     = { .first = IMG_PLAYER_LOOK_UP_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_LOOK_DOWN]   = { .first = IMG_PLAYER_LOOK_DOWN_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_CLING]       = { .first = IMG_PLAYER_CLING_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_GRIN]        = { .first = IMG_PLAYER_GRIN_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_FROWN]       = { .first = IMG_PLAYER_FROWN_R, .count = 1, .views = 2, .mode = ANIM_FREEZE },
	[ACTION_PLAYER_DEAD]        = { .first = IMG_PLAYER_DEAD, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_BULLET]             = { .first = IMG_BULLET, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_BULLET_HIT]         = { .first = IMG_BULLET_HIT, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_BOMB_LIT]           = { .first = IMG_BOMB_LIT0, .count = 2, .views = 1, .mode = ANIM_LOOP },
	[ACTION_BOMB_IDLE]          = { .first = IMG_BOMB_IDLE, .count = 1, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_EXPLOSION]          = { .first = IMG_EXPLOSION0, .count = 3, .views = 1, .mode = ANIM_FREEZE },
	[ACTION_EXIT_SEALED]        = { .first = IMG_EXIT_SEALED, .count = 1, .views = 1, .mode = ANIM_FREEZE },
};

const uint8_t anim_action_count = ACTION_COUNT;
