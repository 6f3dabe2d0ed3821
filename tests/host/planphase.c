/* planphase.c: the demo planner's frames-to-goal keyed by the player's state and the movers' phase (planphase.h). */
#include <stdint.h>
#include <stdlib.h>

#include "input.h"

#include "planphase.h"
#include "reachenv.h"
#include "reachkey.h"

static uint64_t *keys;                  /* open addressing; 0 = empty */
static int32_t *dist[PHASE_MAX_GOALS];
static size_t mask;

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
	return h * 0xFF51AFD7ED558CCDull;
}

/* A node's state as 64 bits: the route search's own dedup key (reachkey.h), with the movers' signature. */
static uint64_t key_of(const PState *st, uint64_t env)
{
	Key k = key_make(st, env);
	uint64_t h = mix(mix(key_hash(&k), k.env), (uint64_t)(uint16_t)k.x | (uint64_t)(uint16_t)k.y << 16 |
	    (uint64_t)(uint16_t)k.vy << 32 | (uint64_t)(uint16_t)k.vx << 48);

	h = mix(mix(h, (uint64_t)(uint32_t)k.act), (uint64_t)k.timer | (uint64_t)k.count << 16 | (uint64_t)k.cling << 32 |
	    (uint64_t)k.jump_prev << 40);
	return h ? h : 1;
}

/* The coarse key: the player's cell and the movers' signature only (a state the search never met). */
static uint64_t cell_key(const Actor *p, uint64_t env)
{
	uint64_t h = mix(mix(0x5EEDull, (uint64_t)(uint16_t)p->x | (uint64_t)(uint16_t)p->y << 16), env);

	return h ? h : 1;
}

/* The slot of key k: its own, or the empty one where it would go. */
static size_t slot_of(uint64_t k)
{
	size_t i = (size_t)(k ^ k >> 29) & mask;

	while (keys[i] && keys[i] != k)
		i = (i + 1) & mask;
	return i;
}

bool phase_init(const Search *s)
{
	size_t size = 1;

	while (size < (size_t)s->count * 4)     /* two keys a node */
		size <<= 1;
	mask = size - 1;
	keys = calloc(size, sizeof *keys);
	if (!keys)
		return false;
	for (int n = 0; n < s->count; n++) {
		uint64_t k = key_of(&s->nodes[n].s, s->nodes[n].env);

		keys[slot_of(k)] = k;
		k = cell_key(&s->nodes[n].s.a, s->nodes[n].env);
		keys[slot_of(k)] = k;
	}
	return true;
}

void phase_fill(const Search *s, int goal, const int *d)
{
	int32_t *v = malloc((mask + 1) * sizeof *v);

	if (!v || goal < 0 || goal >= PHASE_MAX_GOALS)
		abort();
	for (size_t i = 0; i <= mask; i++)
		v[i] = PHASE_DOOMED;
	for (int n = 0; n < s->count; n++) {
		size_t i = slot_of(key_of(&s->nodes[n].s, s->nodes[n].env));
		size_t j = slot_of(cell_key(&s->nodes[n].s.a, s->nodes[n].env));

		if (d[n] >= 0 && (v[i] < 0 || d[n] < v[i]))
			v[i] = d[n];
		if (d[n] >= 0 && (v[j] < 0 || d[n] < v[j]))
			v[j] = d[n];
	}
	dist[goal] = v;
}

int phase_lookup(int goal, const World *w, const Actor *p)
{
	PState st = { .a = *p, .cling_dir = w->cling_dir, .kicking = w->kicking,
	    .jump_prev = (w->in.held & BTN_BIT(BTN_JUMP)) != 0 };
	uint64_t env = env_sig(w, p);
	size_t i = slot_of(key_of(&st, env));

	if (!keys[i])                           /* never met: the best from its cell with the movers as they are */
		i = slot_of(cell_key(p, env));
	return keys[i] ? dist[goal][i] : PHASE_UNKNOWN;
}
