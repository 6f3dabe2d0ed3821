/* fountain.c: mud fountains (seed 003) — a spray rising and falling on a stream of mud. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "map.h"
#include "platform.h"
#include "seedhost.h"

/*
 * The cell written at the spray's two top corners: Cosmo's
 * TILE_INVISIBLE_PLATFORM, solid to stand on, drawn as sky (the spray
 * sprite covers it).
 */
#define FOUNTAIN_TOP_TILE (MAP_SOLID_BASE + TILE_INVISIBLE_PLATFORM)

const uint16_t fountain_top_cell = FOUNTAIN_TOP_TILE;

/*
 * SPR_FOUNTAIN's frames: 0-1 the spray, 24x16 (drawn with its bottom row
 * one below the fountain's row), 2-3 one tile of stream. NOTE: the sheet
 * has four spray frames; Cosmo animates two.
 */
const int16_t fountain_images[FOUNTAIN_FRAMES] = {
	[0] = IMG_SPRAY0,
	[1] = IMG_SPRAY1,
	[2] = IMG_STREAM0,
	[3] = IMG_STREAM1,
};

#define SPRAY_W 3                       /* the corner cells are x and x + 2 */

bool fountain_new(PlatformPool *pp, int x, int y, int height)
{

	if (pp->fcount >= MAX_FOUNTAINS)
		return false;
	if (height != FOUNTAIN_SMALL && height != FOUNTAIN_MEDIUM && height != FOUNTAIN_LARGE &&
	    height != FOUNTAIN_HUGE)
		return false;
	/*
	 * ORIGINAL: seed 003 — the spray's left column and surface row are one
	 * left of and one above the placed position; a fountain starts at
	 * height 0, rising, with no steps taken and no pause. Nothing is
	 * written into the map until its first move.
	 */
	pp->fnt[pp->fcount++] = (Fountain){
		.x = (int16_t)(x - 1),
		.y = (int16_t)(y - 1),
		.dir = DIR4_NORTH,
		.height = 0,
		.step = 0,
		.step_max = (uint16_t)height,
		.delay = 0,
	};
	return true;
}

static void set_corners(World *w, const Fountain *f, uint16_t cell)
{
	map_set_tile(world_map(w), f->x, f->y, cell);
	map_set_tile(world_map(w), f->x + SPRAY_W - 1, f->y, cell);
}

/*
 * MoveFountains, one fountain: wait out a pause; count the step, and on
 * reaching step_max turn round and pause instead of moving; otherwise
 * erase the two corner cells, carry a player standing on them, move one
 * row and write the corners again.
 * ORIGINAL: seed 003 — the turn costs a move, so a fountain only rises
 *   step_max - 1 tiles (5, 8, 11, 14) and stands still 11 ticks at each
 *   end (the turning tick and FOUNTAIN_PAUSE more).
 * ORIGINAL: seed 003 — the corners are erased to air, not restored: every
 *   cell the spray's corners pass over (and those at its first row) is lost.
 * NOTE: Cosmo flips the direction with `!dir` because its DIR4_NORTH and
 *   DIR4_SOUTH are 0 and 1; ours are not, so the turn is spelled out.
 */
static void fountain_move(World *w, Fountain *f)
{
	const Actor *pl = world_player(w);

	if (f->delay != 0) {
		f->delay--;
		return;
	}
	f->step++;
	if (f->step == f->step_max) {
		f->step = 0;
		f->dir = f->dir == DIR4_NORTH ? DIR4_SOUTH : DIR4_NORTH;
		f->delay = FOUNTAIN_PAUSE;
		return;
	}
	set_corners(w, f, MAP_AIR);
	/* NOTE: "alive" is our stand-in for Cosmo's playerDeadTime == 0. */
	if (pl && !pl->dead && pl->y == f->y - 1)
		platform_carry_player(w, f->x, f->x + SPRAY_W - 1, DIR8_NONE,
		    f->dir == DIR4_NORTH ? DIR8_NORTH : DIR8_SOUTH);
	if (f->dir == DIR4_NORTH) {
		f->y--;
		f->height++;
	} else {
		f->y++;
		f->height--;
	}
	set_corners(w, f, fountain_top_cell);
}

/*
 * DrawFountains' non-drawing half: the animation counters, and any stream
 * tile touching the player hurts them (the hurt cooldown makes the several
 * tiles touching at once count as one hit).
 * ORIGINAL: seed 003 — the touch test uses stream frame 2 whatever frame
 * shows; the spray itself never hurts.
 */
static void fountain_touch(PlatformPool *pp, World *w)
{
	const Actor *pl = world_player(w);
	Rect pr;

	pp->fast_count++;
	if (pp->fast_count % 2 != 0)
		pp->slow_count++;
	if (!pl || pl->dead)
		return;
	pr = sprite_rect_tiles(actor_image(pl), pl->x, pl->y);
	for (int i = 0; i < pp->fcount; i++) {
		const Fountain *f = &pp->fnt[i];

		for (int t = 0; t <= f->height; t++)
			if (rect_overlap(sprite_rect_tiles(fountain_images[2], f->x + 1, fountain_stream_row(f, t)), pr))
				world_hurt_player(w);
	}
}

void fountain_update(PlatformPool *pp, World *w)
{

	for (int i = 0; i < pp->fcount; i++)
		fountain_move(w, &pp->fnt[i]);
	fountain_touch(pp, w);
}
