/* actions.h: the game's animation actions — ids into anim_actions[] (game/engine/actions.c). */
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
	/* The creature cast (creatures.c, items.c, plants.c, enemies.c, boss.c, floater.c). */
	ACTION_FLOATER_100,             /* floating score points, one still frame each */
	ACTION_FLOATER_200,
	ACTION_FLOATER_500,
	ACTION_FLOATER_1000,
	ACTION_FLOATER_5000,
	ACTION_BASKET,
	ACTION_TULIP_CLOSED,
	ACTION_TULIP_OPEN,
	ACTION_BLUE_BALL,               /* two-frame roll */
	ACTION_PARACHUTE,               /* sinking under the canopy */
	ACTION_PARA_WALK,               /* east / west, two-frame walk */
	ACTION_EYE_PLANT,               /* east / west, blinks */
	ACTION_SATELLITE,               /* blinking light */
	ACTION_FRIEND_FROZEN,
	ACTION_FRIEND_WALK,             /* east / west, two-frame walk */
	ACTION_HOPPER_WALK,             /* east / west, two frames */
	ACTION_HOPPER_DEAD,             /* east / west, one frame */
	ACTION_SCORPION_WALK,
	ACTION_SCORPION_DEAD,
	ACTION_BOSS_WALK,               /* east / west, two frames */
	ACTION_BOSS_HURT,               /* east / west, the white flash */
	/* end of the creature cast's actions */
	/* The player's poses and weapons (game/player*.c, game/cast/weapons.c): east / west, one frame, unless said. */
	ACTION_PLAYER_JUMP,
	ACTION_PLAYER_FALL,
	ACTION_PLAYER_SHOOT,
	ACTION_PLAYER_AIR_SHOOT,        /* shooting while jumping or falling */
	ACTION_PLAYER_KICK_WINDUP,
	ACTION_PLAYER_KICK,             /* the leg out */
	ACTION_PLAYER_LOOK_UP,
	ACTION_PLAYER_LOOK_DOWN,
	ACTION_PLAYER_CLING,            /* east = on a wall to the east */
	ACTION_PLAYER_GRIN,             /* fidgets (seed 004's tom_stand[1], [2]) */
	ACTION_PLAYER_FROWN,
	ACTION_PLAYER_DEAD,             /* one view */
	ACTION_BULLET,                  /* one view */
	ACTION_BULLET_HIT,              /* one view: a bullet's last frame */
	ACTION_BOMB_LIT,                /* two-frame blink */
	ACTION_BOMB_IDLE,
	ACTION_EXPLOSION,               /* three frames, chosen by act_explosion */
	ACTION_EXIT_SEALED,             /* the exit while the level's boss lives (game/cast/exit.c) */
	ACTION_COUNT
} ActionId;

/* Ids are uint8_t and ACTION_NONE (0xFF) must never name a real action. */
_Static_assert(ACTION_COUNT < ACTION_NONE, "too many actions for uint8_t ids");

#endif
