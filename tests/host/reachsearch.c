/* reachsearch.c: the route search — every frame, every run/jump input, through the game's own player code. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acts.h"
#include "collide.h"
#include "reach.h"
#include "reachenv.h"
#include "reachkey.h"

GameInput reach_input(int i, bool jump_prev)
{
	static const uint16_t dx[3] = { 0, BTN_BIT(BTN_LEFT), BTN_BIT(BTN_RIGHT) };
	uint16_t held = (uint16_t)(dx[i % 3] | (i >= 3 ? BTN_BIT(BTN_JUMP) : 0));

	return (GameInput){ .held = held, .pressed = (uint16_t)(held & (jump_prev ? ~BTN_BIT(BTN_JUMP) : 0xFFFF)) };
}

typedef struct Cand {
	PState s;
	int32_t parent;
	int32_t env;
	uint16_t jumps;
	uint8_t input;
} Cand;

static struct {
	Search *s;
	int ps;                         /* the player's slot */
	int cap;                        /* room in s->nodes */
	int edge_cap;                   /* room in s->edge_from, s->edge_to */
	int32_t *table;                 /* hash table of node indices, -1 = empty */
	uint32_t mask;
} ctx;

static bool table_grow(void)
{
	uint32_t cap = ctx.mask ? (ctx.mask + 1) * 2 : 1u << 16;
	int32_t *t = malloc(cap * sizeof *t);

	if (!t)
		return false;
	memset(t, 0xFF, cap * sizeof *t);
	free(ctx.table);
	ctx.table = t;
	ctx.mask = cap - 1;
	for (int i = 0; i < ctx.s->count; i++) {
		Key k = key_make(&ctx.s->nodes[i].s, ctx.s->nodes[i].env);
		uint32_t h = key_hash(&k) & ctx.mask;

		while (t[h] >= 0)
			h = (h + 1) & ctx.mask;
		t[h] = i;
	}
	return true;
}

/* The node with this key, or -1 with *slot set to where it goes. */
static int32_t table_find(const Key *k, uint32_t *slot)
{
	uint32_t h = key_hash(k) & ctx.mask;

	for (; ctx.table[h] >= 0; h = (h + 1) & ctx.mask) {
		const Node *n = &ctx.s->nodes[ctx.table[h]];
		Key o = key_make(&n->s, n->env);

		if (memcmp(&o, k, sizeof o) == 0)
			return ctx.table[h];
	}
	*slot = h;
	return -1;
}

static bool add_edge(int32_t from, int32_t to)
{
	Search *s = ctx.s;

	if (s->edges == ctx.edge_cap) {
		size_t n = ctx.edge_cap ? (size_t)ctx.edge_cap * 2 : 1 << 16;
		int32_t *a = realloc(s->edge_from, n * sizeof *a), *b;

		if (!a)
			return false;
		s->edge_from = a;
		if (!(b = realloc(s->edge_to, n * sizeof *b)))
			return false;
		s->edge_to = b;
		ctx.edge_cap = (int)n;
	}
	s->edge_from[s->edges] = from;
	s->edge_to[s->edges] = to;
	s->edges++;
	return true;
}

/* Pushes taken by all of w's foot switches: a pounce on one adds a push (game/footswitch.c). */
static int switch_pushes(const World *w)
{
	int n = 0;

	for (int k = 0; k < MAX_ACTORS; k++)
		if (w->actors[k].kind == ACT_FOOT_SWITCH)
			n += w->actors[k].count;
	return n;
}

/*
 * One frame of the player's own action function in world w, from st with
 * input i. The world's switches and platform flag are put back unless keep
 * (the copy that a pressed switch makes). True when a switch was pressed
 * (took a push from the player standing on its knob; the knob sinks in
 * the world's step of the next frame).
 */
static bool run_player(World *w, PState *st, int i, bool keep)
{
	bool active = w->platforms.active;
	int pushes = switch_pushes(w);
	Actor saved[MAX_ACTORS];
	int nsaved = 0, slots[MAX_ACTORS];
	Actor *p = &w->actors[ctx.ps];
	bool pressed;

	for (int k = 0; k < MAX_ACTORS && !keep; k++) {
		if (w->actors[k].kind != ACT_NONE) {
			slots[nsaved] = k;
			saved[nsaved++] = w->actors[k];
		}
	}
	*p = st->a;
	if (w->actor_end <= ctx.ps)             /* the pool's loops must reach the player put back */
		w->actor_end = ctx.ps + 1;
	w->player = ctx.ps;
	w->cling_dir = st->cling_dir;
	w->kicking = st->kicking;
	w->in = reach_input(i, st->jump_prev);
	if (p->tick && !p->dead) {
		p->tick(p, w);
		anim_tick(&p->anim);
	}
	/* The switches' touch test (their move runs in the env's step, without the player). */
	for (int k = 0; k < MAX_ACTORS; k++)
		if (w->actors[k].kind == ACT_FOOT_SWITCH)
			foot_switch_touch(w, &w->actors[k]);
	st->a = *p;
	st->cling_dir = w->cling_dir;
	st->kicking = w->kicking;
	st->jump_prev = (w->in.held & BTN_BIT(BTN_JUMP)) != 0;
	p->kind = ACT_NONE;
	w->player = -1;
	pressed = w->platforms.active != active || switch_pushes(w) != pushes;
	if (!keep) {
		w->platforms.active = active;
		for (int k = 0; k < nsaved; k++)
			w->actors[slots[k]] = saved[k];
	}
	return pressed;
}

/*
 * --check-folds: a state folded into a node that is not the same state
 * must go where the node goes. Both take every input once in the world
 * the next layer will run in; their successors must have the same key
 * and press the same switches. Where that holds for every fold the key
 * loses nothing: by induction the folded states have the same futures.
 */
static bool fold_agrees(World *w, const PState *x, const PState *y)
{
	Rng rng = w->rng;               /* the idle wait draws from it: leave the search's draws alone */
	bool same = true;

	for (int in = 0; in < REACH_INPUTS && same; in++) {
		PState a = *x, b = *y;
		bool pa = run_player(w, &a, in, false), pb = run_player(w, &b, in, false);
		Key ka = key_make(&a, env_sig(w, &a.a)), kb = key_make(&b, env_sig(w, &b.a));

		same = pa == pb && memcmp(&ka, &kb, sizeof ka) == 0;
	}
	w->rng = rng;
	return same;
}

static bool in_avoided(const Search *s, const Actor *p)
{
	Rect pr = sprite_rect_tiles(actor_image(p), p->x, p->y);

	for (int i = 0; i < s->avoid_count; i++)
		if (rect_overlap(s->avoid[i], pr))
			return true;
	return false;
}

bool reach_at_exit(const Search *s, const Actor *p)
{
	Rect pr = sprite_rect_tiles(actor_image(p), p->x, p->y);

	for (int i = 0; i < s->exit_count; i++)
		if (rect_overlap(s->exits[i], pr))
			return true;
	return false;
}

/* Room for one more node. */
static bool nodes_grow(void)
{
	Search *s = ctx.s;
	int cap = ctx.cap ? ctx.cap * 2 : 1 << 16;
	Node *n;

	if (s->count < ctx.cap)
		return true;
	if (!(n = realloc(s->nodes, (size_t)cap * sizeof *n)))
		return false;
	s->nodes = n;
	ctx.cap = cap;
	return true;
}

static bool setup(Search *s)
{
	const World *w0;
	int e;

	memset(&ctx, 0, sizeof ctx);
	ctx.s = s;
	ctx.ps = s->start->player;
	s->nodes = NULL;
	s->edge_from = s->edge_to = NULL;
	s->count = s->edges = s->exit_count = 0;
	s->goal = -1;
	s->truncated = false;
	s->folds_checked = s->folds_wrong = 0;
	s->fold_wrong_at = -1;
	if (!nodes_grow() || !table_grow() || (e = env_first(s->start)) < 0)
		return false;
	w0 = envs[e].w;
	for (int i = 0; i < MAX_ACTORS; i++) {
		const Actor *a = &s->start->actors[i];

		if (a->kind == ACT_EXIT && s->exit_count < REACH_MAX_EXITS)
			s->exits[s->exit_count++] = sprite_rect_tiles(actor_kind_image(ACT_EXIT), a->x, a->y);
	}
	s->nodes[0] = (Node){
		.s = { .a = s->start->actors[ctx.ps], .cling_dir = s->start->cling_dir, .kicking = s->start->kicking },
		.parent = -1,
		.envw = e,
	};
	s->nodes[0].env = env_sig(w0, &s->nodes[0].s.a);
	{
		Key k = key_make(&s->nodes[0].s, s->nodes[0].env);
		uint32_t slot = 0;

		table_find(&k, &slot);
		ctx.table[slot] = 0;
	}
	s->count = 1;
	envs[e].refs = 1;
	return true;
}

/* Phase 1 of a layer: every frontier node tries every input on its env's map. */
static Cand *expand(const int32_t *front, int nfront, int *ncand)
{
	Cand *c = malloc((size_t)nfront * REACH_INPUTS * sizeof *c);
	int n = 0;

	if (!c)
		return NULL;
	for (int i = 0; i < env_count; i++)
		envs[i].pressed = -1;
	for (int f = 0; f < nfront; f++) {
		const Node *nd = &ctx.s->nodes[front[f]];

		if (nd->goal)
			continue;       /* the level ends here */
		for (int in = 0; in < REACH_INPUTS; in++) {
			Cand *k = &c[n++];
			int e = nd->envw;

			k->s = nd->s;
			k->parent = front[f];
			k->input = (uint8_t)in;
			k->jumps = (uint16_t)(nd->jumps + (in >= 3 && !nd->s.jump_prev));
			if (run_player(envs[e].w, &k->s, in, false)) {
				if (envs[e].pressed < 0) {
					PState again = nd->s;
					int copy = env_new(envs[e].w);

					if (copy < 0) {
						free(c);
						return NULL;
					}
					envs[e].pressed = copy;
					run_player(envs[copy].w, &again, in, true);
				}
				e = envs[e].pressed;
			}
			k->env = e;
		}
	}
	*ncand = n;
	return c;
}

/* Phase 3: carry, hazards, dedup; new nodes go on the next frontier (*next, grown as needed). */
static int settle(Cand *c, int ncand, int32_t **next, int *next_cap, uint32_t frame)
{
	Search *s = ctx.s;
	int nnext = 0;

	for (int i = 0; i < env_count; i++)
		envs[i].refs = 0;
	for (int i = 0; i < ncand; i++) {
		Cand *k = &c[i];
		int e = env_of(k->env);
		const World *w = envs[e].w;
		uint32_t slot;
		int32_t found;
		Key key;

		env_carry(&envs[k->env], w, &k->s.a);
		if (k->s.a.y >= w->map.h - 1) {                 /* off the world: a death */
			if (!add_edge(k->parent, -1))
				return -1;
			continue;
		}
		if (env_stream_hurts(w, &k->s.a) || in_avoided(s, &k->s.a))
			continue;
		key = key_make(&k->s, env_sig(w, &k->s.a));
		found = table_find(&key, &slot);
		if (found >= 0) {
			Node *m = &s->nodes[found];

			if (s->check_folds && m->envw == e && memcmp(&m->s, &k->s, sizeof m->s) != 0) {
				s->folds_checked++;
				if (!fold_agrees(envs[e].w, &m->s, &k->s) && s->folds_wrong++ == 0)
					s->fold_wrong_at = found;
			}

			if (m->frame == frame + 1 && k->jumps < m->jumps) {
				m->parent = k->parent;
				m->input = k->input;
				m->jumps = k->jumps;
			}
			if (!add_edge(k->parent, found))
				return -1;
			continue;
		}
		if (s->count >= s->max_nodes) {
			s->truncated = true;
			continue;
		}
		if (!nodes_grow())
			return -1;
		if (nnext == *next_cap) {
			int32_t *n = realloc(*next, (size_t)*next_cap * 2 * sizeof *n);

			if (!n)
				return -1;
			*next = n;
			*next_cap *= 2;
		}
		s->nodes[s->count] = (Node){
			.s = k->s, .env = key.env, .parent = k->parent, .frame = frame + 1,
			.jumps = k->jumps, .input = k->input, .envw = e,
			.goal = reach_at_exit(s, &k->s.a),
		};
		ctx.table[slot] = s->count;
		envs[e].refs++;
		if (!add_edge(k->parent, s->count))
			return -1;
		(*next)[nnext++] = s->count++;
		if ((uint32_t)s->count * 2 > ctx.mask && !table_grow())
			return -1;
	}
	return nnext;
}

bool reach_search(Search *s)
{
	int front_cap = 1024, next_cap = 1024, nfront = 1;
	int32_t *front, *next;
	uint32_t frame;

	if (!setup(s))
		return false;
	front = malloc((size_t)front_cap * sizeof *front);
	next = malloc((size_t)next_cap * sizeof *next);
	if (!front || !next)
		return false;
	front[0] = 0;
	for (frame = 0; nfront > 0 && frame < s->max_frames; frame++) {
		int ncand, nnext, live, t_cap;
		Cand *c = expand(front, nfront, &ncand);
		int32_t *t;

		if (!c)
			return false;
		env_step_all();
		env_merge();
		nnext = settle(c, ncand, &next, &next_cap, frame);
		free(c);
		if (nnext < 0)
			return false;
		for (int i = 0; i < nnext && s->goal < 0; i++)
			if (s->nodes[next[i]].goal)
				s->goal = next[i];
		for (int i = 0; i < nnext; i++)         /* fewest jumps among the first goals */
			if (s->nodes[next[i]].goal && s->nodes[next[i]].frame == s->nodes[s->goal].frame &&
			    s->nodes[next[i]].jumps < s->nodes[s->goal].jumps)
				s->goal = next[i];
		live = env_free_unused();
		if (live > s->env_peak)
			s->env_peak = live;
		t = front;
		front = next;
		next = t;
		t_cap = front_cap;
		front_cap = next_cap;
		next_cap = t_cap;
		nfront = nnext;
	}
	if (nfront > 0)
		s->truncated = true;
	free(front);
	free(next);
	return true;
}

int reach_stuck(const Search *s, bool *stuck)
{
	int *start = calloc((size_t)s->count + 2, sizeof *start), *adj, *queue, nq = 0, n = 0;
	bool *good = calloc((size_t)s->count, sizeof *good);

	if (!start || !good)
		return -1;
	/* Reverse edges in CSR form; a death leads back to the start (node 0). */
	for (int i = 0; i < s->edges; i++)
		start[(s->edge_to[i] < 0 ? 0 : s->edge_to[i]) + 2]++;
	for (int i = 0; i < s->count; i++)
		start[i + 2] += start[i + 1];
	adj = malloc(((size_t)s->edges + 1) * sizeof *adj);
	queue = malloc(((size_t)s->count + 1) * sizeof *queue);
	if (!adj || !queue)
		return -1;
	for (int i = 0; i < s->edges; i++)
		adj[start[(s->edge_to[i] < 0 ? 0 : s->edge_to[i]) + 1]++] = s->edge_from[i];
	for (int i = 0; i < s->count; i++)
		if (s->nodes[i].goal) {
			good[i] = true;
			queue[nq++] = i;
		}
	for (int q = 0; q < nq; q++)
		for (int j = start[queue[q]]; j < start[queue[q] + 1]; j++)
			if (!good[adj[j]]) {
				good[adj[j]] = true;
				queue[nq++] = adj[j];
			}
	for (int i = 0; i < s->count; i++) {
		stuck[i] = !good[i];
		n += stuck[i];
	}
	free(start);
	free(good);
	free(adj);
	free(queue);
	return n;
}

void reach_free(Search *s)
{
	env_free_all();
	free(ctx.table);
	free(s->nodes);
	free(s->edge_from);
	free(s->edge_to);
	memset(&ctx, 0, sizeof ctx);
}
