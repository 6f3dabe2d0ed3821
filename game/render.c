/* render.c: the game's description of what to draw; no pixels are touched here. */
#include <stdint.h>

#include "acts.h"
#include "assets.h"
#include "controls.h"
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

/* The view's map window into the frame's grid, a row at a time from the map's own rows. */
static void fill_grid(const World *w, uint16_t *g)
{
	const Map *m = &w->map;

	for (int y = 0; y < VIEW_H; y++, g += VIEW_W) {
		int my = w->cam_y + y;

		if (my >= 0 && my < m->h && w->cam_x >= 0 && w->cam_x + VIEW_W <= m->w) {
			const uint16_t *row = &m->cells[my * m->w + w->cam_x];

			for (int x = 0; x < VIEW_W; x++)
				g[x] = grid_code(row[x]);
		} else {
			for (int x = 0; x < VIEW_W; x++)
				g[x] = grid_code(map_get_tile(m, w->cam_x + x, my));
		}
	}
}

void render_sprite(const World *w, Frame *f, int img, int x, int y, int flags, int color)
{
	if (img < 0 || img >= gfx_image_count || !is_sprite_visible(w, img, x, y))
		return;
	/* Images hang from their origin; sprites stand on the bottom of their tile. */
	frame_image(f, VIEW_PX + (x - w->cam_x) * 8 + gfx_images[img].ox,
	    VIEW_PY + (y - w->cam_y) * 8 + 7 - (gfx_images[img].h - 1 - gfx_images[img].oy),
	    img, flags, color);
}

static void draw_actor(const World *w, const Actor *a, Frame *f)
{
	render_sprite(w, f, actor_image(a), a->x, a->y, 0, 0);
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
	fountain_draw(w, f);
	for (int i = 0; i < MAX_ACTORS; i++) {
		const Actor *a = &w->actors[i];

		if (a->kind != ACT_NONE && i != w->player && !(a->born == w->tick && w->tick > 0))
			draw_actor(w, a, f);
	}
	shard_draw(w, f);
	spawner_draw(w, f);

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

void render_status(const World *w, Frame *f)
{
	render_status_keys(w, NULL, f);
}

void render_status_keys(const World *w, const Controls *keys, Frame *f)
{
	static const int widths[CONTROLS_HELP_LINES] = { STATUS_HELP_W, STATUS_HELP_W };
	char num[11], help[CONTROLS_HELP_LINES][CONTROLS_HELP_SIZE];
	Controls defaults;

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
	if (!keys) {
		controls_defaults(&defaults);
		keys = &defaults;
	}
	controls_help(keys, widths, help);
	for (int i = 0; i < CONTROLS_HELP_LINES; i++)
		frame_text(f, 8, STATUS_Y + 22 + i * 11, help[i], 7);
}
