/* dump.c: the per-tick state dump of the whole world, for golden demo dumps and host/QEMU comparison. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acts.h"
#include "dir.h"
#include "dump.h"
#include "input.h"
#include "textbuf.h"
#include "world.h"

/*
 * Action functions by name; a function's index here (plus 1) is its stable
 * id (dump_act_id). One line per function; new kinds' functions go at the
 * end, and none is ever removed or moved: the demo planner keys its states
 * by these ids, so reordering them re-plans the built-in demos.
 */
#define ACT_NAME(fn) { fn, #fn }
static const struct {
	ActorTick fn;
	const char *name;
} act_names[] = {
	ACT_NAME(act_player_stand),
	ACT_NAME(act_player_begin_jump),
	ACT_NAME(act_player_jump),
	ACT_NAME(act_player_begin_fall),
	ACT_NAME(act_player_fall),
	ACT_NAME(act_player_die),
	ACT_NAME(act_critter_walk),
	ACT_NAME(act_critter_fall),
	ACT_NAME(act_slug_fly),
	ACT_NAME(act_barrel_sit),
	ACT_NAME(act_barrel_fall),
	ACT_NAME(act_prize),
	ACT_NAME(act_foot_switch),
	ACT_NAME(act_slug_flee),
	ACT_NAME(act_blue_ball),
	ACT_NAME(act_parachute_drift),
	ACT_NAME(act_parachute_walk),
	ACT_NAME(act_satellite),
	ACT_NAME(act_frozen_friend),
	ACT_NAME(act_friend_leave),
	ACT_NAME(act_tulip),
	ACT_NAME(act_eye_plant),
	ACT_NAME(act_walker_begin),
	ACT_NAME(act_hopper_walk),
	ACT_NAME(act_scorpion_walk),
	ACT_NAME(act_walker_die),
	ACT_NAME(act_boss),
	ACT_NAME(act_floater),
	ACT_NAME(act_exit),
	ACT_NAME(act_player_fidget),
	ACT_NAME(act_player_run),
	ACT_NAME(act_player_shoot),
	ACT_NAME(act_player_look_up),
	ACT_NAME(act_player_look_down),
	ACT_NAME(act_player_land),
	ACT_NAME(act_player_cling),
	ACT_NAME(act_player_begin_kick),
	ACT_NAME(act_player_kick),
	ACT_NAME(act_bullet),
	ACT_NAME(act_bullet_die),
	ACT_NAME(act_bomb),
	ACT_NAME(act_explosion),
	ACT_NAME(act_bomb_pickup),
	ACT_NAME(act_player_recoil),
};

/* Letters of the BTN_ bits, in bit order. */
static const char button_letters[BTN_COUNT] = {
	[BTN_LEFT] = 'l', [BTN_RIGHT] = 'r', [BTN_UP] = 'u', [BTN_DOWN] = 'd', [BTN_JUMP] = 'j',
	[BTN_FIRE] = 'f', [BTN_BOMB] = 'b', [BTN_PAUSE] = 'p', [BTN_ENTER] = 'e', [BTN_KICK] = 'k',
};

const char *dump_act_name(ActorTick fn)
{
	if (!fn)
		return "none";
	for (size_t i = 0; i < sizeof act_names / sizeof act_names[0]; i++)
		if (act_names[i].fn == fn)
			return act_names[i].name;
	return NULL;
}

int dump_act_id(ActorTick fn)
{
	if (!fn)
		return DUMP_ACT_NONE;
	for (size_t i = 0; i < sizeof act_names / sizeof act_names[0]; i++)
		if (act_names[i].fn == fn)
			return (int)i + 1;
	return DUMP_ACT_UNKNOWN;
}

const char *dump_act_fallback(const Actor *a)
{
	if (a->kind < ACT_COUNT && a->tick == actor_kinds[a->kind].start)
		return "?start";
	return "?";
}

typedef struct DumpLine {
	char buf[DUMP_LINE];
	TextBuf t;
} DumpLine;

static void line_begin(DumpLine *l, const World *w, const char *what)
{
	tb_init(&l->t, l->buf, sizeof l->buf);
	tb_str(&l->t, "T=");
	tb_udec(&l->t, w->tick);
	tb_char(&l->t, ' ');
	tb_str(&l->t, what);
}

static void put_int(DumpLine *l, const char *key, int32_t v)
{
	tb_char(&l->t, ' ');
	tb_str(&l->t, key);
	tb_char(&l->t, '=');
	tb_dec(&l->t, v);
}

static void put_str(DumpLine *l, const char *key, const char *s)
{
	tb_char(&l->t, ' ');
	tb_str(&l->t, key);
	tb_char(&l->t, '=');
	tb_str(&l->t, s);
}

static void put_buttons(DumpLine *l, uint16_t bits)
{
	if (!bits)
		tb_char(&l->t, '-');
	for (int b = 0; b < BTN_COUNT; b++)
		if (bits & BTN_BIT(b))
			tb_char(&l->t, button_letters[b]);
	if (bits >> BTN_COUNT) {
		tb_char(&l->t, '+');
		tb_hex(&l->t, bits >> BTN_COUNT, 4);
	}
}

static const char *kind_name(int kind)
{
	return kind >= 0 && kind < ACT_COUNT && actor_kinds[kind].name ? actor_kinds[kind].name : "?";
}

static const char *dir_name(int dir)
{
	return dir < 0 ? "W" : dir > 0 ? "E" : "-";
}

static void put_act(DumpLine *l, const Actor *a)
{
	const char *name = dump_act_name(a->tick);

	put_str(l, "act", name ? name : dump_act_fallback(a));
}

static void dump_globals(const World *w, TraceEmit emit, void *ctx)
{
	DumpLine l;
	const char *flag[4];
	int n = 0;

	line_begin(&l, w, "world in=");
	put_buttons(&l, w->in.held);
	tb_char(&l.t, '/');
	put_buttons(&l, w->in.pressed);
	tb_str(&l.t, " cam=");
	tb_dec(&l.t, w->cam_x);
	tb_char(&l.t, ',');
	tb_dec(&l.t, w->cam_y);
	tb_str(&l.t, " rng=");
	tb_hex(&l.t, w->rng.s, 8);
	put_int(&l, "sound", w->sound);
	if (w->level_done)
		flag[n++] = "level_done";
	if (w->game_over)
		flag[n++] = "game_over";
	if (w->kicking)
		flag[n++] = "kicking";
	if (w->scooter)
		flag[n++] = "scooter";
	tb_str(&l.t, " flags=");
	if (!n)
		tb_char(&l.t, '-');
	for (int i = 0; i < n; i++) {
		tb_str(&l.t, i ? "," : "");
		tb_str(&l.t, flag[i]);
	}
	emit(ctx, l.buf);
}

static void dump_player(const World *w, TraceEmit emit, void *ctx)
{
	const Actor *p = w->player >= 0 && w->player < MAX_ACTORS ? &w->actors[w->player] : NULL;
	DumpLine l;

	line_begin(&l, w, "player ");
	tb_dec(&l.t, p ? w->player : -1);
	if (p) {
		put_int(&l, "x", p->x);
		put_int(&l, "y", p->y);
		put_str(&l, "dir", dir_name(p->dir));
		put_act(&l, p);
		put_int(&l, "timer", p->timer);
		put_int(&l, "vy", p->vy);
	}
	put_int(&l, "health", w->health);
	put_int(&l, "lives", w->lives);
	put_int(&l, "score", (int32_t)w->score);
	put_int(&l, "bombs", w->bombs);
	put_int(&l, "bullets", w->bullets);
	put_int(&l, "hurt", w->hurt_cooldown);
	put_str(&l, "cling", w->cling_dir == DIR4_WEST ? "W" : w->cling_dir == DIR4_EAST ? "E" : "-");
	emit(ctx, l.buf);
}

static void dump_actors(const World *w, TraceEmit emit, void *ctx)
{
	for (int i = 0; i < MAX_ACTORS; i++) {
		const Actor *a = &w->actors[i];
		DumpLine l;

		if (a->kind == ACT_NONE)
			continue;
		line_begin(&l, w, "actor ");
		tb_dec(&l.t, i);
		tb_char(&l.t, ' ');
		tb_str(&l.t, kind_name(a->kind));
		put_int(&l, "x", a->x);
		put_int(&l, "y", a->y);
		put_str(&l, "dir", dir_name(a->dir));
		put_act(&l, a);
		put_int(&l, "timer", a->timer);
		put_int(&l, "count", a->count);
		put_int(&l, "hp", a->hp);
		put_int(&l, "vx", a->vx);
		put_int(&l, "vy", a->vy);
		tb_str(&l.t, " anim=");
		tb_udec(&l.t, a->anim.action);
		tb_char(&l.t, '.');
		tb_udec(&l.t, a->anim.frame);
		if (a->born > w->tick)
			put_int(&l, "born", (int32_t)a->born);
		if (a->dead)
			tb_str(&l.t, " dead");
		emit(ctx, l.buf);
	}
}

/* Cosmo's pools: spawners (seed 000), shards (seed 001), platforms and fountains (seed 003). */
static void dump_pools(const World *w, TraceEmit emit, void *ctx)
{
	const PlatformPool *pp = &w->platforms;
	DumpLine l;

	for (int i = 0; i < MAX_SPAWNERS; i++) {
		const Spawner *s = &w->spawners.slot[i];

		if (s->actor == ACT_NONE)
			continue;
		line_begin(&l, w, "spawner ");
		tb_dec(&l.t, i);
		put_int(&l, "x", s->x);
		put_int(&l, "y", s->y);
		put_int(&l, "age", s->age);
		put_str(&l, "actor", kind_name(s->actor));
		emit(ctx, l.buf);
	}
	for (int i = 0; i < MAX_SHARDS; i++) {
		const Shard *s = &w->shards.slot[i];

		if (s->image == SHARD_IDLE)
			continue;
		line_begin(&l, w, "shard ");
		tb_dec(&l.t, i);
		put_int(&l, "x", s->x);
		put_int(&l, "y", s->y);
		put_int(&l, "age", s->age);
		put_int(&l, "image", s->image);
		put_int(&l, "xmode", s->xmode);
		put_int(&l, "bounced", s->bounced);
		emit(ctx, l.buf);
	}
	if (!pp->count && !pp->fcount)
		return;
	line_begin(&l, w, "platforms");
	put_int(&l, "active", pp->active);
	put_int(&l, "fast", pp->fast_count);
	put_int(&l, "slow", pp->slow_count);
	emit(ctx, l.buf);
	for (int i = 0; i < pp->count && i < MAX_PLATFORMS; i++) {
		const Platform *p = &pp->plat[i];

		line_begin(&l, w, "platform ");
		tb_dec(&l.t, i);
		put_int(&l, "x", p->x);
		put_int(&l, "y", p->y);
		put_int(&l, "step", p->step);
		put_str(&l, "state", p->halted ? "halted" : pp->active ? "moving" : "frozen");
		emit(ctx, l.buf);
	}
	for (int i = 0; i < pp->fcount && i < MAX_FOUNTAINS; i++) {
		const Fountain *f = &pp->fnt[i];

		line_begin(&l, w, "fountain ");
		tb_dec(&l.t, i);
		put_int(&l, "x", f->x);
		put_int(&l, "y", f->y);
		put_str(&l, "dir", f->dir == DIR4_NORTH ? "N" : f->dir == DIR4_SOUTH ? "S" : "-");
		put_int(&l, "height", f->height);
		put_int(&l, "step", f->step);
		put_int(&l, "max", f->step_max);
		put_int(&l, "delay", f->delay);
		emit(ctx, l.buf);
	}
}

void dump_world(const World *w, TraceEmit emit, void *ctx)
{
	dump_globals(w, emit, ctx);
	dump_player(w, emit, ctx);
	dump_actors(w, emit, ctx);
	dump_pools(w, emit, ctx);
}
