/* render.c: the world as a frame to draw — map, sprites, the seeds' draw records, the status bar; no pixels touched. */
#include <stdint.h>

#include "assets.h"
#include "frame.h"
#include "gfx.h"
#include "map.h"
#include "render.h"
#include "world.h"

#define BORDER_COLOR    1
#define STATUS_BG       0
#define STATUS_TEXT     15
#define STATUS_VALUE    14
#define STATUS_BOMB_X   300             /* the bomb icon, right of the bomb count */

/*
 * A map cell as a grid cell (frame.h): solid tiles by id, masked tiles
 * over the empty tile, air and the outside as the empty tile; GRID_FRONT
 * for tiles with TILE_IN_FRONT. An id with no picture stays one (GRID_ID).
 */
static inline uint16_t grid_code(uint16_t c)
{
	uint16_t id;

	if (c & MAP_MASKED_FLAG) {
		if (c == MAP_OUTSIDE)
			return TILE_EMPTY;
		id = c & (uint16_t)~MAP_MASKED_FLAG;
		if (id >= gfx_mtile_count)
			return GRID_MASKED | GRID_ID;
		return (uint16_t)(GRID_MASKED | id | ((gfx_mtile_attrs[id] & TILE_IN_FRONT) ? GRID_FRONT : 0));
	}
	if (c <= MAP_SOLID_BASE)
		return TILE_EMPTY;
	id = (uint16_t)(c - MAP_SOLID_BASE);
	if (id >= gfx_tile_count)
		return GRID_ID;
	return (uint16_t)(id | ((gfx_tile_attrs[id] & TILE_IN_FRONT) ? GRID_FRONT : 0));
}

/*
 * grid_code of the map values below CODE_TABLE (air, paths, the solid
 * tiles, ids past them), made once from the generated tables: a look-up
 * per cell of a view. 512 of them, so that two cells read as one 32-bit
 * word are both in the table when no bit of CODE_PAIR_SLOW is set.
 */
#define CODE_TABLE      512
#define CODE_PAIR_SLOW  0xFE00FE00u
static uint32_t solid_codes[CODE_TABLE];   /* 32 bits: no widening per look-up */
static int solid_codes_made;

/* Two neighbouring cells at once (a map row may start at any cell, so 2-byte aligned). Each half maps to itself, whatever the byte order. */
typedef uint32_t __attribute__((may_alias, aligned(2))) CellPair;
_Static_assert(VIEW_W % 2 == 0, "fill_grid reads the view's rows in pairs of cells");

/* A pair with a cell past the table (masked tiles, the outside): out of line, so the unrolled rows stay small. */
static __attribute__((noinline)) uint32_t pair_code(uint32_t two)
{
	return grid_code((uint16_t)two) | (uint32_t)grid_code((uint16_t)(two >> 16)) << 16;
}

static void make_solid_codes(void)
{
	for (int c = 0; c < CODE_TABLE; c++)
		solid_codes[c] = grid_code((uint16_t)c);
	solid_codes_made = 1;
}

/* One view row of map cells inside the map, two cells a step (out of line: its own registers, a row's loop unrolled). */
static __attribute__((noinline)) void fill_row(CellPair *out, const CellPair *row)
{
	CellPair *end = out + VIEW_W / 2;

#pragma GCC unroll 19
	for (; out < end; out++, row++) {
		uint32_t two = *row;

		if (two & CODE_PAIR_SLOW)
			*out = pair_code(two);
		else
			*out = solid_codes[two & 0xFFFF] | solid_codes[two >> 16] << 16;
	}
}

/* The view's map window into the frame's grid, a row at a time from the map's own rows. */
static void fill_grid(const World *w, uint16_t *g)
{
	const Map *m = &w->map;

	if (!solid_codes_made)
		make_solid_codes();

	for (int y = 0; y < VIEW_H; y++, g += VIEW_W) {
		int my = w->cam_y + y;

		if (my >= 0 && my < m->h && w->cam_x >= 0 && w->cam_x + VIEW_W <= m->w) {
			fill_row((CellPair *)g, (const CellPair *)&m->cells[my * m->w + w->cam_x]);
		} else {
			for (int x = 0; x < VIEW_W; x++)
				g[x] = grid_code(map_get_tile(m, w->cam_x + x, my));
		}
	}
}

/* render_sprite, inline for the view's actor loop. */
static inline void put_sprite(const World *w, Frame *f, int img, int x, int y, int flags, int color)
{
	const GfxImage *im;

	if ((unsigned)img >= gfx_image_count || !world_sees_sprite(w, img, x, y))
		return;
	im = &gfx_images[img];
	/* Images hang from their origin; sprites stand on the bottom of their tile. */
	frame_image(f, VIEW_PX + (x - w->cam_x) * 8 + im->ox, VIEW_PY + (y - w->cam_y) * 8 + 7 - (im->h - 1 - im->oy),
	    img, flags, color);
}

void render_sprite(const World *w, Frame *f, int img, int x, int y, int flags, int color)
{
	put_sprite(w, f, img, x, y, flags, color);
}

/*
 * DrawFountains' drawing half: the spray (frame slow % 2) with its bottom
 * row one below the fountain's row, then the stream tiles (frame
 * slow % 2 + 2) one under another in the middle column.
 * ORIGINAL: seed 003 — the first stream tile covers the spray's lower row.
 */
void render_fountains(const World *w, Frame *f)
{
	const PlatformPool *pp = &w->platforms;
	int frame = pp->slow_count % 2;

	for (int i = 0; i < pp->fcount; i++) {
		const Fountain *fn = &pp->fnt[i];

		render_sprite(w, f, fountain_images[frame], fn->x, fn->y + 1, 0, 0);
		for (int t = 0; t <= fn->height; t++)
			render_sprite(w, f, fountain_images[frame + 2], fn->x + 1, fountain_stream_row(fn, t), 0, 0);
	}
}

/* The draw half: the shards' draw records (seed 001), what the last shard_update left, in slot order. */
void render_shards(const World *w, Frame *f)
{
	for (int i = 0; i < MAX_SHARDS; i++) {
		const ShardDraw *d = &w->shards.draw[i];

		if (d->image != SHARD_IDLE)
			render_sprite(w, f, d->image, d->x, d->y, d->flags, d->color);
	}
}

/*
 * The spawners' draw half (seed 000): what the last spawner_update recorded, in slot order.
 * ORIGINAL: seed 000 — always frame 0 of the actor kind's sprite.
 */
void render_spawners(const World *w, Frame *f)
{
	for (int i = 0; i < MAX_SPAWNERS; i++) {
		const SpawnerDraw *d = &w->spawners.draw[i];

		if (d->actor != ACT_NONE)
			render_sprite(w, f, actor_kind_image(d->actor), d->x, d->y, d->flags, 0);
	}
}

/*
 * An actor whose tile is farther from the view than any actor's picture
 * reaches (actor_max_tiles) is passed over before its picture is looked up:
 * world_sees_sprite would be false for any of them.
 */
static inline void draw_actor(const World *w, const Actor *a, Frame *f)
{
	GfxTileSize m = actor_max_tiles();

	if (a->x >= w->cam_x + VIEW_W || a->x + m.w <= w->cam_x ||
	    a->y < w->cam_y || a->y >= w->cam_y + VIEW_H + m.h - 1)
		return;
	put_sprite(w, f, actor_image(a), a->x, a->y, 0, 0);
}

void render_view(const World *w, Frame *f)
{
	uint16_t *g;

	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, VIEW_PY, BORDER_COLOR);
	frame_fill(f, 0, VIEW_PY, VIEW_PX, VIEW_H * 8, BORDER_COLOR);
	frame_fill(f, VIEW_PX + VIEW_W * 8, VIEW_PY, SCREEN_W - VIEW_PX - VIEW_W * 8, VIEW_H * 8,
	    BORDER_COLOR);
	frame_fill(f, 0, VIEW_PY + VIEW_H * 8, SCREEN_W, STATUS_Y - VIEW_PY - VIEW_H * 8, BORDER_COLOR);

	g = frame_grid(f, VIEW_PX, VIEW_PY, VIEW_W, VIEW_H);
	if (g)
		fill_grid(w, g);

	/*
	 * Sprites stay in the window, in Cosmo's order: the player, fountains,
	 * actors, shards, spawners. An actor created during the last frame has
	 * not acted yet and is not drawn (a finishing spawner draws it instead).
	 */
	frame_clip(f, VIEW_PX, VIEW_PY, VIEW_W * 8, VIEW_H * 8);
	if (w->player >= 0 && !(w->hurt_cooldown & 2))     /* blinks while hurt */
		draw_actor(w, &w->actors[w->player], f);
	render_fountains(w, f);
	for (int i = 0; i < w->actor_end; i++) {
		const Actor *a = &w->actors[i];

		if (a->kind != ACT_NONE && i != w->player && !(a->born == w->tick && w->tick > 0))
			draw_actor(w, a, f);
	}
	render_shards(w, f);
	render_spawners(w, f);

	frame_grid_front(f);            /* the in-front tiles again, over the sprites */
}

/* Decimal digits, right-aligned in `width` characters with leading zeros. */
static void put_number(char *out, uint32_t v, int width)
{
	out[width] = '\0';
	for (int i = width - 1; i >= 0; i--) {
		out[i] = (char)('0' + v % 10);
		v /= 10;
	}
}

/* The status bar's fields and key-hint lines (the shell words them from the bindings: game/shell/hud.c). */
void render_status_bar(const World *w, const char *const help[STATUS_HELP_LINES], Frame *f)
{
	char num[11];

	frame_clear(f);
	frame_fill(f, 0, STATUS_Y, SCREEN_W, SCREEN_H - STATUS_Y, STATUS_BG);
	frame_fill(f, 0, STATUS_Y, SCREEN_W, 1, BORDER_COLOR + 8);
	frame_text(f, 8, STATUS_Y + 8, "SCORE", STATUS_TEXT);
	put_number(num, w->score, 7);
	frame_text(f, 56, STATUS_Y + 8, num, STATUS_VALUE);
	frame_text(f, 128, STATUS_Y + 8, "HEALTH", STATUS_TEXT);
	for (int i = 0; i < PLAYER_MAX_HEALTH; i++)
		frame_fill(f, 184 + i * 10, STATUS_Y + 8, 8, 8, i < w->health ? 12 : 8);
	frame_text(f, 232, STATUS_Y + 8, "LIVES", STATUS_TEXT);
	put_number(num, w->lives, 2);
	frame_text(f, 280, STATUS_Y + 8, num, STATUS_VALUE);
	frame_text(f, 232, STATUS_Y + 22, "BOMBS", STATUS_TEXT);
	put_number(num, w->bombs, 2);
	frame_text(f, 280, STATUS_Y + 22, num, STATUS_VALUE);
	frame_image(f, STATUS_BOMB_X + gfx_images[IMG_STATUS_BOMB].ox,
	    STATUS_Y + 22 + gfx_images[IMG_STATUS_BOMB].oy, IMG_STATUS_BOMB, 0, 0);
	for (int i = 0; i < STATUS_HELP_LINES; i++)
		frame_text(f, 8, STATUS_Y + 22 + i * 11, help[i], 7);
}
