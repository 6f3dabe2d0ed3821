/* reachsearch.c: the route search — every frame, every run/jump input, through the game's own player code. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acts.h"
#include "dir.h"
#include "reach.h"

uint16_t reach_input_held(int i)
{
	static const uint16_t dx[3] = { 0, BTN_BIT(BTN_LEFT), BTN_BIT(BTN_RIGHT) };

	return (uint16_t)(dx[i % 3] | (i >= 3 ? BTN_BIT(BTN_JUMP) : 0));
}

/*
 * An environment: the level without the player (and without creatures),
 * stepped one frame per search layer by world_tick. Nodes on the frontier
 * point at one; pressing a foot switch copies it. What its last step did to
 * platforms and fountains is kept so the player can be carried as
 * platform_update and fountain_update carry them.
 */
typedef struct Env {
	World *w;
	int refs;                       /* frontier nodes using it */
	int pressed;                    /* this layer's copy with a switch pressed, -1 */
	int alias;                      /* itself, or the env it was merged into */
	bool active;
	int16_t px[MAX_PLATFORMS], py[MAX_PLATFORMS];
	uint8_t pstep[MAX_PLATFORMS];
	int16_t fx[MAX_FOUNTAINS], fy[MAX_FOUNTAINS];
	int8_t fdy[MAX_FOUNTAINS];      /* how the fountain moved, 0 = not */
} Env;

typedef struct Cand {
	PState s;
	int32_t parent;
	int32_t env;
	uint16_t jumps;
	uint8_t input;
} Cand;

/* The dedup key of a node. */
typedef struct Key {
	uint64_t env;
	uintptr_t tick;
	int16_t x, y, vy, vx;
	uint16_t timer, count;
	int16_t image;
	uint8_t action, cling, kicking, jump_prev, hp;
} Key;

static struct {
	Search *s;
	int ps;                         /* the player's slot */
	Env *env;
	int envs, env_cap;
	int32_t *table;                 /* hash table of node indices, -1 = empty */
	uint32_t mask;
	int w0;                         /* the player's frame-0 width in tiles (platform_carry_player) */
} ctx;

/*
 * Where each platform and fountain can be (its whole path or travel),
 * grown by NEAR tiles: a mover counts in a node's signature only while the
 * player is inside its box. Nodes that differ only in movers far away are
 * one node (the search stays small; every route it finds is still real).
 */
#define NEAR 12

typedef struct Box {
	int x0, y0, x1, y1;
} Box;

static Box plat_box[MAX_PLATFORMS], fnt_box[MAX_FOUNTAINS];

static void grow(Box *b, int x, int y)
{
	if (x < b->x0) b->x0 = x;
	if (x > b->x1) b->x1 = x;
	if (y < b->y0) b->y0 = y;
	if (y > b->y1) b->y1 = y;
}

/* Follow each platform's path from its start (until it repeats or ends) and each fountain's column. */
static void mover_boxes(const World *w)
{
	const PlatformPool *pp = &w->platforms;

	for (int i = 0; i < pp->count; i++) {
		int x = pp->plat[i].x, y = pp->plat[i].y;
		Box *b = &plat_box[i];

		*b = (Box){ x - PLATFORM_W / 2, y, x + PLATFORM_W / 2, y };
		for (int n = 0; n < MAP_MAX_CELLS; n++) {
			uint16_t c = map_get_tile(&w->map, x, y);

			if (!map_is_path(c))
				break;
			x += dir8_x[c];
			y += dir8_y[c];
			if (x == pp->plat[i].x && y == pp->plat[i].y)
				break;
			grow(b, x - PLATFORM_W / 2, y);
			grow(b, x + PLATFORM_W / 2, y);
		}
	}
	for (int i = 0; i < pp->fcount; i++) {
		const Fountain *f = &pp->fnt[i];

		fnt_box[i] = (Box){ f->x, f->y - f->step_max, f->x + 2, f->y + 1 };
	}
}

/* How far the player is outside the box (0 inside), or -1 when farther than NEAR. */
static int distance(const Box *b, const Actor *p)
{
	int dx = p->x < b->x0 ? b->x0 - p->x : p->x > b->x1 ? p->x - b->x1 : 0;
	int dy = p->y < b->y0 ? b->y0 - p->y : p->y > b->y1 ? p->y - b->y1 : 0;

	return dx > NEAR || dy > NEAR ? -1 : dx + dy;
}

static uint64_t mix(uint64_t h, int64_t v)
{
	h ^= (uint64_t)v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
	return h * 0x100000001B3ull;
}

/*
 * The state of the movers near the player (and whether platforms run):
 * every platform near, and the nearest fountain only (two fountains of
 * different heights never line up again for hundreds of frames; counting
 * both would multiply the nodes by that).
 */
static uint64_t env_sig(const World *w, const Actor *p)
{
	const PlatformPool *pp = &w->platforms;
	uint64_t h = mix(0xCBF29CE484222325ull, pp->active);
	int best = -1, best_d = 0;

	for (int i = 0; i < pp->count; i++)
		if (distance(&plat_box[i], p) >= 0)
			h = mix(mix(mix(mix(h, i), pp->plat[i].x), pp->plat[i].y), pp->plat[i].halted);
	for (int i = 0; i < pp->fcount; i++) {
		int d = distance(&fnt_box[i], p);

		if (d >= 0 && (best < 0 || d < best_d)) {
			best = i;
			best_d = d;
		}
	}
	if (best >= 0) {
		const Fountain *f = &pp->fnt[best];

		h = mix(mix(mix(mix(mix(h, 64 + best), f->y), f->dir), f->delay), f->step);
	}
	return h;
}

static Key make_key(const PState *st, uint64_t env)
{
	Key k;

	memset(&k, 0, sizeof k);
	k.env = env;
	k.tick = (uintptr_t)st->a.tick;
	k.x = st->a.x;
	k.y = st->a.y;
	k.vy = st->a.vy;
	k.vx = st->a.vx;
	k.timer = st->a.timer;
	k.count = st->a.count;
	k.image = (int16_t)actor_image(&st->a);
	k.action = st->a.anim.action;
	k.cling = st->cling_dir;
	k.kicking = st->kicking;
	k.jump_prev = st->jump_prev;
	k.hp = st->a.hp;
	return k;
}

static uint32_t key_hash(const Key *k)
{
	const uint8_t *b = (const uint8_t *)k;
	uint64_t h = 0xCBF29CE484222325ull;

	for (size_t i = 0; i < sizeof *k; i++)
		h = (h ^ b[i]) * 0x100000001B3ull;
	return (uint32_t)(h ^ (h >> 32));
}

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
		Key k = make_key(&ctx.s->nodes[i].s, ctx.s->nodes[i].env);
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
		Key o = make_key(&n->s, n->env);

		if (memcmp(&o, k, sizeof o) == 0)
			return ctx.table[h];
	}
	*slot = h;
	return -1;
}

static bool add_edge(int32_t from, int32_t to)
{
	Search *s = ctx.s;

	if ((s->edges & 0xFFFF) == 0) {
		size_t n = (size_t)s->edges + 0x10000;
		int32_t *a = realloc(s->edge_from, n * sizeof *a), *b;

		if (!a)
			return false;
		s->edge_from = a;
		if (!(b = realloc(s->edge_to, n * sizeof *b)))
			return false;
		s->edge_to = b;
	}
	s->edge_from[s->edges] = from;
	s->edge_to[s->edges] = to;
	s->edges++;
	return true;
}

/*
 * One frame of the player's own action function in world w, from st with
 * input i. The world's switches and platform flag are put back unless keep
 * (the copy that a pressed switch makes). True when a switch was pressed.
 */
static bool run_player(World *w, PState *st, int i, bool keep)
{
	bool active = w->platforms.active;
	Actor saved[MAX_ACTORS];
	int nsaved = 0, slots[MAX_ACTORS];
	uint16_t held = reach_input_held(i);
	Actor *p = &w->actors[ctx.ps];
	bool pressed;

	for (int k = 0; k < MAX_ACTORS && !keep; k++) {
		if (w->actors[k].kind != ACT_NONE) {
			slots[nsaved] = k;
			saved[nsaved++] = w->actors[k];
		}
	}
	*p = st->a;
	w->player = ctx.ps;
	w->cling_dir = st->cling_dir;
	w->kicking = st->kicking;
	w->in.held = held;
	w->in.pressed = (uint16_t)(held & (st->jump_prev ? ~BTN_BIT(BTN_JUMP) : 0xFFFF));
	if (p->tick && !p->dead) {
		p->tick(p, w);
		anim_tick(&p->anim);
	}
	st->a = *p;
	st->cling_dir = w->cling_dir;
	st->kicking = w->kicking;
	st->jump_prev = (held & BTN_BIT(BTN_JUMP)) != 0;
	p->kind = ACT_NONE;
	w->player = -1;
	pressed = w->platforms.active != active;
	if (!keep) {
		w->platforms.active = active;
		for (int k = 0; k < nsaved; k++)
			w->actors[slots[k]] = saved[k];
	}
	return pressed;
}

static int env_new(const World *from)
{
	Env *e;
	int i;

	for (i = 0; i < ctx.envs; i++)         /* reuse a freed slot */
		if (!ctx.env[i].w)
			break;
	if (i == ctx.envs && ctx.envs == ctx.env_cap) {
		int cap = ctx.env_cap ? ctx.env_cap * 2 : 16;
		Env *n = realloc(ctx.env, (size_t)cap * sizeof *n);

		if (!n)
			return -1;
		ctx.env = n;
		ctx.env_cap = cap;
	}
	e = &ctx.env[i];
	memset(e, 0, sizeof *e);
	if (!(e->w = malloc(sizeof *e->w)))
		return -1;
	memcpy(e->w, from, sizeof *e->w);
	e->pressed = -1;
	e->alias = i;
	if (i == ctx.envs)
		ctx.envs++;
	return i;
}

/* Step every live environment one frame, remembering what moved. */
static void env_step_all(void)
{
	static const GameInput none = { 0, 0 };

	for (int i = 0; i < ctx.envs; i++) {
		Env *e = &ctx.env[i];
		PlatformPool *pp;

		if (!e->w)
			continue;
		pp = &e->w->platforms;
		e->active = pp->active;
		for (int k = 0; k < pp->count; k++) {
			e->px[k] = pp->plat[k].x;
			e->py[k] = pp->plat[k].y;
		}
		for (int k = 0; k < pp->fcount; k++) {
			e->fx[k] = pp->fnt[k].x;
			e->fy[k] = pp->fnt[k].y;
		}
		world_tick(e->w, &none);
		for (int k = 0; k < pp->count; k++)
			e->pstep[k] = pp->plat[k].step;
		for (int k = 0; k < pp->fcount; k++)
			e->fdy[k] = (int8_t)(pp->fnt[k].y - e->fy[k]);
	}
}

static bool same_movers(const World *a, const World *b)
{
	const PlatformPool *p = &a->platforms, *q = &b->platforms;

	if (p->count != q->count || p->fcount != q->fcount || p->active != q->active)
		return false;
	for (int i = 0; i < p->count; i++) {
		const Platform *x = &p->plat[i], *y = &q->plat[i];

		if (x->x != y->x || x->y != y->y || x->step != y->step || x->halted != y->halted ||
		    memcmp(x->mapstash, y->mapstash, sizeof x->mapstash) != 0)
			return false;
	}
	for (int i = 0; i < p->fcount; i++) {
		const Fountain *x = &p->fnt[i], *y = &q->fnt[i];

		if (x->y != y->y || x->dir != y->dir || x->step != y->step || x->delay != y->delay ||
		    x->height != y->height)
			return false;
	}
	return true;
}

/* Environments that became identical (a switch pressed a loop apart) are merged. */
static void env_merge(void)
{
	for (int i = 0; i < ctx.envs; i++) {
		if (!ctx.env[i].w)
			continue;
		for (int j = 0; j < i; j++) {
			if (ctx.env[j].w && ctx.env[j].alias == j && same_movers(ctx.env[i].w, ctx.env[j].w)) {
				ctx.env[i].alias = j;
				break;
			}
		}
	}
}

static int env_of(int i)
{
	while (ctx.env[i].alias != i)
		i = ctx.env[i].alias;
	return i;
}

/* platform_update's and fountain_move's carrying, for a player not present in the env's world. */
static void carry(const Env *e, const World *w, Actor *p)
{
	const PlatformPool *pp = &w->platforms;

	for (int k = 0; k < pp->count && e->active; k++) {
		int xw = e->px[k] - PLATFORM_W / 2, xe = e->px[k] + PLATFORM_W / 2, x2 = p->x + ctx.w0 - 1;

		if (p->y != e->py[k] - 1 || ((p->x < xw || p->x > xe) && (x2 < xw || x2 > xe)))
			continue;
		p->x = (int16_t)(p->x + dir8_x[e->pstep[k]]);
		p->y = (int16_t)(p->y + dir8_y[e->pstep[k]]);
	}
	for (int k = 0; k < pp->fcount; k++) {
		int xw = e->fx[k], xe = e->fx[k] + 2, x2 = p->x + ctx.w0 - 1;

		if (!e->fdy[k] || p->y != e->fy[k] - 1 || ((p->x < xw || p->x > xe) && (x2 < xw || x2 > xe)))
			continue;
		p->y = (int16_t)(p->y + e->fdy[k]);
	}
}

/* fountain_touch: a stream tile overlapping the player hurts. */
static bool stream_hurts(const World *w, const Actor *p)
{
	const PlatformPool *pp = &w->platforms;
	Rect pr = sprite_rect_tiles(actor_image(p), p->x, p->y);

	for (int k = 0; k < pp->fcount; k++) {
		const Fountain *f = &pp->fnt[k];

		for (int t = 0; t <= f->height; t++)
			if (rect_overlap(sprite_rect_tiles(fountain_images[2], f->x + 1, f->y + 1 + t), pr))
				return true;
	}
	return false;
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

static bool setup(Search *s)
{
	World *w0;
	int e;

	memset(&ctx, 0, sizeof ctx);
	ctx.s = s;
	ctx.ps = s->start->player;
	ctx.w0 = image_tiles_w(actor_kind_image(ACT_PLAYER));
	s->count = s->edges = s->exit_count = 0;
	s->goal = -1;
	s->truncated = false;
	s->nodes = malloc((size_t)s->max_nodes * sizeof *s->nodes);
	if (!s->nodes || !table_grow() || (e = env_new(s->start)) < 0)
		return false;
	w0 = ctx.env[e].w;
	mover_boxes(w0);
	for (int i = 0; i < MAX_ACTORS; i++) {
		Actor *a = &w0->actors[i];

		if (a->kind == ACT_EXIT && s->exit_count < REACH_MAX_EXITS)
			s->exits[s->exit_count++] = sprite_rect_tiles(actor_kind_image(ACT_EXIT), a->x, a->y);
		if (a->kind != ACT_FOOT_SWITCH)
			a->kind = ACT_NONE;
	}
	w0->player = -1;
	s->nodes[0] = (Node){
		.s = { .a = s->start->actors[ctx.ps], .cling_dir = s->start->cling_dir, .kicking = s->start->kicking },
		.parent = -1,
		.envw = e,
	};
	s->nodes[0].env = env_sig(w0, &s->nodes[0].s.a);
	{
		Key k = make_key(&s->nodes[0].s, s->nodes[0].env);
		uint32_t slot = 0;

		table_find(&k, &slot);
		ctx.table[slot] = 0;
	}
	s->count = 1;
	ctx.env[e].refs = 1;
	return true;
}

/* Phase 1 of a layer: every frontier node tries every input on its env's map. */
static Cand *expand(const int32_t *front, int nfront, int *ncand)
{
	Cand *c = malloc((size_t)nfront * REACH_INPUTS * sizeof *c);
	int n = 0;

	if (!c)
		return NULL;
	for (int i = 0; i < ctx.envs; i++)
		ctx.env[i].pressed = -1;
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
			if (run_player(ctx.env[e].w, &k->s, in, false)) {
				if (ctx.env[e].pressed < 0) {
					PState again = nd->s;
					int copy = env_new(ctx.env[e].w);

					if (copy < 0) {
						free(c);
						return NULL;
					}
					ctx.env[e].pressed = copy;
					run_player(ctx.env[copy].w, &again, in, true);
				}
				e = ctx.env[e].pressed;
			}
			k->env = e;
		}
	}
	*ncand = n;
	return c;
}

/* Phase 3: carry, hazards, dedup; new nodes go on the next frontier. */
static int settle(Cand *c, int ncand, int32_t *next, uint32_t frame)
{
	Search *s = ctx.s;
	int nnext = 0;

	for (int i = 0; i < ctx.envs; i++)
		ctx.env[i].refs = 0;
	for (int i = 0; i < ncand; i++) {
		Cand *k = &c[i];
		int e = env_of(k->env);
		const World *w = ctx.env[e].w;
		uint32_t slot;
		int32_t found;
		Key key;

		carry(&ctx.env[k->env], w, &k->s.a);
		if (k->s.a.y >= w->map.h - 1) {                 /* off the world: a death */
			if (!add_edge(k->parent, -1))
				return -1;
			continue;
		}
		if (stream_hurts(w, &k->s.a) || in_avoided(s, &k->s.a))
			continue;
		key = make_key(&k->s, env_sig(w, &k->s.a));
		found = table_find(&key, &slot);
		if (found >= 0) {
			Node *m = &s->nodes[found];

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
		s->nodes[s->count] = (Node){
			.s = k->s, .env = key.env, .parent = k->parent, .frame = frame + 1,
			.jumps = k->jumps, .input = k->input, .envw = e,
			.goal = reach_at_exit(s, &k->s.a),
		};
		ctx.table[slot] = s->count;
		ctx.env[e].refs++;
		if (!add_edge(k->parent, s->count))
			return -1;
		next[nnext++] = s->count++;
		if ((uint32_t)s->count * 2 > ctx.mask && !table_grow())
			return -1;
	}
	return nnext;
}

bool reach_search(Search *s)
{
	int32_t *front, *next;
	int nfront = 1;
	uint32_t frame;

	if (!setup(s))
		return false;
	front = malloc((size_t)s->max_nodes * sizeof *front);
	next = malloc((size_t)s->max_nodes * sizeof *next);
	if (!front || !next)
		return false;
	front[0] = 0;
	for (frame = 0; nfront > 0 && frame < s->max_frames; frame++) {
		int ncand, nnext, live = 0;
		Cand *c = expand(front, nfront, &ncand);
		int32_t *t;

		if (!c)
			return false;
		env_step_all();
		env_merge();
		nnext = settle(c, ncand, next, frame);
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
		for (int i = 0; i < ctx.envs; i++) {
			if (ctx.env[i].w && ctx.env[i].refs == 0) {
				free(ctx.env[i].w);
				ctx.env[i].w = NULL;
			}
			live += ctx.env[i].w != NULL;
		}
		if (live > s->env_peak)
			s->env_peak = live;
		t = front;
		front = next;
		next = t;
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
	for (int i = 0; i < ctx.envs; i++)
		free(ctx.env[i].w);
	free(ctx.env);
	free(ctx.table);
	free(s->nodes);
	free(s->edge_from);
	free(s->edge_to);
	memset(&ctx, 0, sizeof ctx);
}
