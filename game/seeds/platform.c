/* platform.c: moving platforms (seed 003) — 5x1 spans following path tiles in the map (riding them: game/world/ride.c). */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "map.h"
#include "platform.h"
#include "seedhost.h"

/*
 * What a platform writes into the map, west to east: five consecutive
 * tiles (ends and middles), as Cosmo's TILE_BLUE_PLATFORM + 0..4.
 */
const uint16_t platform_cells[PLATFORM_W] = {
	MAP_SOLID_BASE + TILE_PLATFORM_0, MAP_SOLID_BASE + TILE_PLATFORM_1,
	MAP_SOLID_BASE + TILE_PLATFORM_2, MAP_SOLID_BASE + TILE_PLATFORM_3,
	MAP_SOLID_BASE + TILE_PLATFORM_4,
};

#define HALF_W (PLATFORM_W / 2)         /* tiles either side of the centre */

void platform_init(PlatformPool *pp)
{
	for (int i = 0; i < MAX_PLATFORMS; i++)
		pp->plat[i] = (Platform){ 0 };
	for (int i = 0; i < MAX_FOUNTAINS; i++)
		pp->fnt[i] = (Fountain){ 0 };
	pp->count = 0;
	pp->fcount = 0;
	pp->active = true;
	/* NOTE: Cosmo's DrawFountains counters live for the whole run; ours restart with the world. */
	pp->fast_count = 0;
	pp->slow_count = 0;
}

static bool span_inside(const Map *m, int x, int y)
{
	return map_inside(m, x - HALF_W, y) && map_inside(m, x + HALF_W, y);
}

/* The cells under the span go into the stash (the loader does this once, then every move). */
static void stash_cells(const Map *m, Platform *p)
{
	for (int i = 0; i < PLATFORM_W; i++)
		p->mapstash[i] = map_get_tile(m, p->x - HALF_W + i, p->y);
}

static void put_cells(Map *m, const Platform *p, const uint16_t *cells)
{
	for (int i = 0; i < PLATFORM_W; i++)
		map_set_tile(m, p->x - HALF_W + i, p->y, cells[i]);
}

bool platform_new(PlatformPool *pp, const Map *m, int x, int y)
{
	Platform *p;

	if (pp->count >= MAX_PLATFORMS || !span_inside(m, x, y))
		return false;
	p = &pp->plat[pp->count++];
	*p = (Platform){ .x = (int16_t)x, .y = (int16_t)y, .step = DIR8_NONE };
	stash_cells(m, p);
	return true;
}

static bool player_alive(World *w)
{
	const Actor *pl = world_player(w);

	/* NOTE: our stand-in for Cosmo's playerDeadTime == 0. */
	return pl && !pl->dead;
}

/*
 * The step a platform takes from the cell under its centre (its own tiles
 * already lifted): 0 halts for good, 1..8 is a DIR8 step.
 * NOTE: deliberate fix. Cosmo divides whatever it finds by 8 and indexes
 * dir8X/dir8Y with it, so a solid or masked tile (or the map's edge) under
 * the centre reads past the tables and throws the platform about. Here any
 * cell that is not a path step, and any step that would carry part of the
 * span off the map, halts the platform where it is.
 */
static uint8_t read_step(const Map *m, Platform *p)
{
	uint16_t c;
	int nx, ny;

	if (p->halted)
		return DIR8_NONE;
	c = map_get_tile(m, p->x, p->y);
	if (!map_is_path(c)) {
		p->halted = true;               /* 0: the end of the path; anything else: malformed */
		return DIR8_NONE;
	}
	nx = p->x + dir8_x[c];
	ny = p->y + dir8_y[c];
	if (!span_inside(m, nx, ny)) {
		p->halted = true;
		return DIR8_NONE;
	}
	return (uint8_t)c;
}

/*
 * MovePlatforms: each platform in slot order lifts its tiles (the stash
 * goes back into the map), reads its step, carries a player standing on it,
 * moves (unless platforms are frozen by a foot switch), stashes the cells
 * at its new place and writes its tiles there. Frozen platforms still do
 * everything except moving and carrying.
 * ORIGINAL: seed 003 — the rider is carried while the platform's own tiles
 * are lifted, so the cling test under the player sees the map without this
 * platform; and the feet-row test is the only vertical check.
 */
void platform_update(PlatformPool *pp, World *w)
{
	Map *m = world_map(w);

	for (int i = 0; i < pp->count; i++) {
		Platform *p = &pp->plat[i];
		uint8_t step;

		put_cells(m, p, p->mapstash);
		step = read_step(m, p);
		p->step = step;
		if (player_alive(w) && world_player(w)->y == p->y - 1 && pp->active)
			platform_carry_player(w, p->x - HALF_W, p->x + HALF_W, step, step);
		if (pp->active) {
			p->x = (int16_t)(p->x + dir8_x[step]);
			p->y = (int16_t)(p->y + dir8_y[step]);
		}
		stash_cells(m, p);
		put_cells(m, p, platform_cells);
	}
}

static const char *platform_state(const PlatformPool *pp, const Platform *p)
{
	return p->halted ? "halted" : pp->active ? "moving" : "frozen";
}

static const char *fountain_state(const Fountain *f)
{
	return f->delay ? "paused" : f->dir == DIR4_NORTH ? "rising" : "falling";
}

void platform_trace(const PlatformPool *pp, uint32_t tick, TraceEmit emit, void *ctx)
{
	TraceLine l;

	for (int i = 0; i < pp->count; i++) {
		const Platform *p = &pp->plat[i];

		trace_begin(&l, tick, "platform", i);
		trace_int(&l, "x", p->x);
		trace_int(&l, "y", p->y);
		trace_int(&l, "step", p->step);
		trace_str(&l, " state=");
		trace_str(&l, platform_state(pp, p));
		emit(ctx, l.buf);
	}
	for (int i = 0; i < pp->fcount; i++) {
		const Fountain *f = &pp->fnt[i];

		trace_begin(&l, tick, "fountain", i);
		trace_int(&l, "x", f->x);
		trace_int(&l, "y", f->y);
		trace_int(&l, "height", f->height);
		trace_int(&l, "step", f->step);
		trace_str(&l, " state=");
		trace_str(&l, fountain_state(f));
		emit(ctx, l.buf);
	}
}
