/* reachenv.c: the worlds the route search steps beside the player — platforms, fountains, foot switches. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acts.h"
#include "collide.h"
#include "dir.h"
#include "play.h"
#include "reachenv.h"

Env *envs;
int env_count;
static int env_cap;

/*
 * Where each platform and fountain can be (its whole path, its column),
 * grown by NEAR tiles: a mover counts in a node's signature only while the
 * player is inside that box. Nodes that differ only in movers far away are
 * one node: the search stays small, and every route it finds is still a
 * real one (the replay checks that).
 */
#define NEAR 12

typedef struct Box {
	int x0, y0, x1, y1;
} Box;

static Box plat_box[MAX_PLATFORMS], fnt_box[MAX_FOUNTAINS];

static void grow(Box *b, int x, int y)
{
	if (x < b->x0)
		b->x0 = x;
	if (x > b->x1)
		b->x1 = x;
	if (y < b->y0)
		b->y0 = y;
	if (y > b->y1)
		b->y1 = y;
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

int env_new(const World *from)
{
	Env *e;
	int i;

	for (i = 0; i < env_count; i++)         /* reuse a freed slot */
		if (!envs[i].w)
			break;
	if (i == env_count && env_count == env_cap) {
		int cap = env_cap ? env_cap * 2 : 16;
		Env *n = realloc(envs, (size_t)cap * sizeof *n);

		if (!n)
			return -1;
		envs = n;
		env_cap = cap;
	}
	e = &envs[i];
	memset(e, 0, sizeof *e);
	if (!(e->w = malloc(sizeof *e->w)))
		return -1;
	memcpy(e->w, from, sizeof *e->w);
	e->pressed = -1;
	e->alias = i;
	if (i == env_count)
		env_count++;
	return i;
}

int env_first(const World *level)
{
	int e = env_new(level);
	World *w;

	if (e < 0)
		return -1;
	w = envs[e].w;
	mover_boxes(w);
	for (int i = 0; i < MAX_ACTORS; i++)
		if (w->actors[i].kind != ACT_FOOT_SWITCH)
			w->actors[i].kind = ACT_NONE;
	w->player = -1;
	return e;
}

void env_step_all(void)
{
	static const GameInput none = { 0, 0 };

	for (int i = 0; i < env_count; i++) {
		Env *e = &envs[i];
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
	for (int i = 0; i < MAX_ACTORS; i++) {
		const Actor *x = &a->actors[i], *y = &b->actors[i];

		if (x->kind != y->kind || (x->kind == ACT_FOOT_SWITCH &&
		    (x->count != y->count || x->vx != y->vx || x->y != y->y || x->timer != y->timer)))
			return false;
	}
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

/* Environments that became identical (switches pressed a whole loop apart) are merged. */
void env_merge(void)
{
	for (int i = 0; i < env_count; i++) {
		if (!envs[i].w)
			continue;
		for (int j = 0; j < i; j++) {
			if (envs[j].w && envs[j].alias == j && same_movers(envs[i].w, envs[j].w)) {
				envs[i].alias = j;
				break;
			}
		}
	}
}

int env_of(int i)
{
	while (envs[i].alias != i)
		i = envs[i].alias;
	return i;
}

int env_free_unused(void)
{
	int live = 0;

	for (int i = 0; i < env_count; i++) {
		if (envs[i].w && envs[i].refs == 0) {
			free(envs[i].w);
			envs[i].w = NULL;
		}
		live += envs[i].w != NULL;
	}
	return live;
}

void env_free_all(void)
{
	for (int i = 0; i < env_count; i++)
		free(envs[i].w);
	free(envs);
	envs = NULL;
	env_count = env_cap = 0;
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
 * Only the nearest fountain counts: two fountains of different heights
 * line up again only after hundreds of frames, and counting both would
 * multiply the nodes by that.
 */
uint64_t env_sig(const World *w, const Actor *p)
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

/* Does a player at x (frame-0 width) overlap the columns x0 .. x1 (platform_carry_player's test)? */
static bool over(const Actor *p, int x0, int x1)
{
	int x2 = p->x + image_tiles_w(actor_kind_image(ACT_PLAYER)) - 1;

	return !((p->x < x0 || p->x > x1) && (x2 < x0 || x2 > x1));
}

void env_carry(const Env *e, const World *w, Actor *p)
{
	const PlatformPool *pp = &w->platforms;

	for (int k = 0; k < pp->count && e->active; k++) {
		if (p->y != e->py[k] - 1 || !over(p, e->px[k] - PLATFORM_W / 2, e->px[k] + PLATFORM_W / 2))
			continue;
		p->x = (int16_t)(p->x + dir8_x[e->pstep[k]]);
		p->y = (int16_t)(p->y + dir8_y[e->pstep[k]]);
	}
	for (int k = 0; k < pp->fcount; k++) {
		if (!e->fdy[k] || p->y != e->fy[k] - 1 || !over(p, e->fx[k], e->fx[k] + 2))
			continue;
		p->y = (int16_t)(p->y + e->fdy[k]);
	}
}

bool env_stream_hurts(const World *w, const Actor *p)
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
