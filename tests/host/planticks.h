/* planticks.h: the player's action functions as the build that planned the built-in demos numbered them (tests/host/plan.c). */
#ifndef TESTS_HOST_PLANTICKS_H
#define TESTS_HOST_PLANTICKS_H

#include <stddef.h>
#include <stdint.h>

#include "actor.h"
#include "acts.h"

/*
 * HACK: key_of used to hash the player's action function as its distance
 * from act_player_stand in this binary, and the beam breaks ties by the
 * key, so any change in the size of the game's code planned other (as
 * good) demos. These are the distances of the build that planned the
 * built-in demos, so the documented commands keep reproducing them
 * (test_episode.py); a function missing here still hashes as its distance.
 */
static const struct { ActorTick tick; int32_t id; } tick_ids[] = {
	{ act_player_look_down, -0x2F0 }, { act_player_look_up, -0x250 }, { act_player_shoot, -0x1B0 },
	{ act_player_fidget, -0x110 }, { act_player_stand, 0x0 }, { act_player_run, 0x3E0 },
	{ act_player_land, 0x620 }, { act_player_die, 0x6B0 }, { act_player_begin_fall, 0x7A0 },
	{ act_player_fall, 0x8A0 }, { act_player_recoil, 0xB60 }, { act_player_jump, 0xCB0 },
	{ act_player_begin_jump, 0xE40 }, { act_player_cling, 0xEA0 }, { act_player_kick, 0x1050 },
	{ act_player_begin_kick, 0x12D0 },
};

static uint64_t tick_id(ActorTick t)
{
	for (size_t i = 0; i < sizeof tick_ids / sizeof tick_ids[0]; i++)
		if (tick_ids[i].tick == t)
			return (uint64_t)(int64_t)tick_ids[i].id;
	return (uint64_t)((uintptr_t)t - (uintptr_t)act_player_stand);
}

#endif
