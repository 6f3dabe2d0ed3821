/* kinds.c: the actor kinds table — each kind's name, first action function, first animation, flags and points. */
#include "actions.h"
#include "acts.h"

/*
 * Declared in actor.h (engine) so the pool and the level loader can read a
 * kind's flags; defined here because it names the cast's action functions.
 */
const ActorKind actor_kinds[ACT_COUNT] = {
	[ACT_NONE]    = { .name = "NONE" },
	[ACT_PLAYER]  = { .name = "PLAYER", .start = act_player_stand,
	                  .action = ACTION_PLAYER_STAND, .flags = AF_WEIGHTED },
	[ACT_CRITTER] = { .name = "CRITTER", .start = act_critter_walk, .action = ACTION_CRITTER_IDLE,
	                  .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_SLUG]    = { .name = "SLUG", .start = act_slug_fly, .action = ACTION_SLUG_FLY,
	                  .flags = AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_BARREL]  = { .name = "BARREL", .start = act_barrel_sit, .action = ACTION_BARREL,
	                  .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_GOURD]   = { .name = "GOURD", .start = act_prize, .action = ACTION_GOURD,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 200 },
	[ACT_TOMATO]  = { .name = "TOMATO", .start = act_prize, .action = ACTION_TOMATO,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 200 },
	[ACT_DIAMOND] = { .name = "DIAMOND", .start = act_prize, .action = ACTION_DIAMOND,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 1000 },
	[ACT_EMERALD] = { .name = "EMERALD", .start = act_prize, .action = ACTION_EMERALD,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 500 },
	[ACT_HAMBURGER] = { .name = "HAMBURGER", .start = act_prize, .action = ACTION_HAMBURGER,
	                  .flags = AF_WEIGHTED | AF_PRIZE, .points = 100 },
	[ACT_FOOT_SWITCH] = { .name = "FOOT_SWITCH", .start = act_foot_switch,
	                  .action = ACTION_FOOT_SWITCH_UP },
	[ACT_PLATFORM]    = { .name = "PLATFORM", .flags = AF_MARKER },
	[ACT_FOUNTAIN_6]  = { .name = "FOUNTAIN_6", .flags = AF_MARKER },
	[ACT_FOUNTAIN_9]  = { .name = "FOUNTAIN_9", .flags = AF_MARKER },
	[ACT_FOUNTAIN_12] = { .name = "FOUNTAIN_12", .flags = AF_MARKER },
	[ACT_FOUNTAIN_15] = { .name = "FOUNTAIN_15", .flags = AF_MARKER },
	/* shell: the level exit (game/cast/exit.c) */
	[ACT_EXIT]        = { .name = "EXIT", .start = act_exit, .action = ACTION_EXIT },
	[ACT_EXIT_BONUS]  = { .name = "EXIT_BONUS", .start = act_exit, .action = ACTION_EXIT },
	/* The creature cast; hits are answered in damage.c. */
	[ACT_FLOATER]   = { .name = "FLOATER", .start = act_floater, .action = ACTION_FLOATER_100 },
	[ACT_BASKET]    = { .name = "BASKET", .start = act_barrel_sit, .action = ACTION_BASKET,
	                    .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_TULIP]     = { .name = "TULIP", .start = act_tulip, .action = ACTION_TULIP_CLOSED,
	                    .flags = AF_SHOOTABLE, .points = 200 },
	[ACT_BLUE_BALL] = { .name = "BLUE_BALL", .start = act_blue_ball, .action = ACTION_BLUE_BALL,
	                    .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_PARACHUTE] = { .name = "PARACHUTE", .start = act_parachute_drift, .action = ACTION_PARACHUTE,
	                    .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_EYE_PLANT] = { .name = "EYE_PLANT", .start = act_eye_plant, .action = ACTION_EYE_PLANT,
	                    .flags = AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 200 },
	[ACT_SATELLITE] = { .name = "SATELLITE", .start = act_satellite, .action = ACTION_SATELLITE,
	                    .flags = AF_SHOOTABLE, .points = 500, .hp = 2 },
	[ACT_FROZEN_FRIEND] = { .name = "FROZEN_FRIEND", .start = act_frozen_friend,
	                    .action = ACTION_FRIEND_FROZEN, .flags = AF_POUNCE, .points = 1000 },
	[ACT_HOPPER]    = { .name = "HOPPER", .start = act_walker_begin, .action = ACTION_HOPPER_WALK,
	                    .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_SCORPION]  = { .name = "SCORPION", .start = act_walker_begin, .action = ACTION_SCORPION_WALK,
	                    .flags = AF_WEIGHTED | AF_POUNCE | AF_SHOOTABLE, .points = 100 },
	[ACT_BOSS]      = { .name = "BOSS", .start = act_boss, .action = ACTION_BOSS_WALK,
	                    .flags = AF_WEIGHTED | AF_HURTS | AF_POUNCE | AF_SHOOTABLE, .points = 5000, .hp = 12 },
	/* end of the creature cast */
	/* The player's weapons (game/cast/weapons.c). */
	[ACT_BULLET]      = { .name = "BULLET", .start = act_bullet, .action = ACTION_BULLET },
	[ACT_BOMB]        = { .name = "BOMB", .start = act_bomb, .action = ACTION_BOMB_LIT, .flags = AF_WEIGHTED },
	[ACT_EXPLOSION]   = { .name = "EXPLOSION", .start = act_explosion, .action = ACTION_EXPLOSION },
	[ACT_BOMB_PICKUP] = { .name = "BOMB_PICKUP", .start = act_bomb_pickup, .action = ACTION_BOMB_IDLE,
	                  .flags = AF_WEIGHTED },
};
