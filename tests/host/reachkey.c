/* reachkey.c: the route search's dedup key — the player fields each action function really reads. */
#include <stdint.h>
#include <string.h>

#include "acts.h"
#include "collide.h"
#include "dump.h"
#include "reachkey.h"

enum { KEEP_TIMER = 1, KEEP_VX = 2, KEEP_VY = 4, KEEP_COUNT = 8, KEEP_ALL = 15 };

/* An action function the key folds: the one it counts as, and the fields it keeps. */
typedef struct Fold {
	ActorTick tick, as;
	uint8_t keep;
} Fold;

static const Fold folds[] = {
	{ .tick = act_player_stand, .as = act_player_stand, .keep = 0 },
	{ .tick = act_player_fidget, .as = act_player_stand, .keep = 0 },
	{ .tick = act_player_run, .as = act_player_stand, .keep = 0 },
	{ .tick = act_player_begin_jump, .as = act_player_begin_jump, .keep = 0 },
	{ .tick = act_player_jump, .as = act_player_jump, .keep = KEEP_TIMER | KEEP_VX },
	{ .tick = act_player_begin_fall, .as = act_player_begin_fall, .keep = KEEP_VX },
	{ .tick = act_player_fall, .as = act_player_fall, .keep = KEEP_VX | KEEP_VY },
	{ .tick = act_player_cling, .as = act_player_cling, .keep = 0 },
};

Key key_make(const PState *st, uint64_t env)
{
	const Actor *a = &st->a;
	int img = actor_image(a);
	uint8_t keep = KEEP_ALL;
	Key k;

	memset(&k, 0, sizeof k);
	k.env = env;
	k.act = dump_act_id(a->tick);
	for (size_t i = 0; i < sizeof folds / sizeof folds[0]; i++) {
		if (a->tick == folds[i].tick) {
			k.act = dump_act_id(folds[i].as);
			keep = folds[i].keep;
			break;
		}
	}
	k.x = a->x;
	k.y = a->y;
	k.vy = keep & KEEP_VY ? a->vy : 0;
	k.vx = keep & KEEP_VX ? a->vx : 0;
	k.timer = keep & KEEP_TIMER ? a->timer : 0;
	k.count = keep & KEEP_COUNT ? a->count : 0;
	k.tiles_w = (uint8_t)image_tiles_w(img);
	k.tiles_h = (uint8_t)image_tiles_h(img);
	k.cling = st->cling_dir;
	k.kicking = st->kicking;
	k.jump_prev = st->jump_prev;
	k.hp = a->hp;
	return k;
}

uint32_t key_hash(const Key *k)
{
	const uint8_t *b = (const uint8_t *)k;
	uint64_t h = 0xCBF29CE484222325ull;

	for (size_t i = 0; i < sizeof *k; i++)
		h = (h ^ b[i]) * 0x100000001B3ull;
	return (uint32_t)(h ^ (h >> 32));
}
