/* test_shortcuts.c: the game's fast paths give what the plain rules give — view cells read in pairs, the pool's end, actor extents. */
#include "testmain.h"

#include "actions.h"
#include "anim.h"
#include "assets.h"
#include "collide.h"
#include "frame.h"
#include "gfx.h"
#include "render.h"
#include "world.h"

static World w;
static Frame frame;

static int fresh_world(void **state)
{
	(void)state;
	world_init(&w, 1);
	return 0;
}

/* A deterministic mix of numbers (the test's own, not the game's RNG). */
static uint32_t mix_state = 12345;

static uint32_t next_mix(void)
{
	mix_state = mix_state * 1103515245u + 12345u;
	return mix_state >> 8;
}

/*
 * What frame.h says a map cell becomes in the grid: the empty tile for
 * air, paths and the outside; a solid tile by id, GRID_ID past the tile
 * set; a masked tile with GRID_MASKED, GRID_MASKED | GRID_ID past the set;
 * GRID_FRONT on tiles whose attributes say TILE_IN_FRONT.
 */
static uint16_t cell_code(uint16_t c)
{
	uint16_t id;

	if (c == MAP_OUTSIDE || (!(c & MAP_MASKED_FLAG) && c <= MAP_SOLID_BASE))
		return TILE_EMPTY;
	if (c & MAP_MASKED_FLAG) {
		id = c & (uint16_t)~MAP_MASKED_FLAG;
		if (id >= gfx_mtile_count)
			return GRID_MASKED | GRID_ID;
		return (uint16_t)(GRID_MASKED | id | (gfx_mtile_attrs[id] & TILE_IN_FRONT ? GRID_FRONT : 0));
	}
	id = (uint16_t)(c - MAP_SOLID_BASE);
	if (id >= gfx_tile_count)
		return GRID_ID;
	return (uint16_t)(id | (gfx_tile_attrs[id] & TILE_IN_FRONT ? GRID_FRONT : 0));
}

/* Any cell value a map may hold: air, paths, solid and masked tiles in and past their sets, up to 0xFFFE. */
static uint16_t any_cell(void)
{
	switch (next_mix() % 8) {
	case 0:
		return MAP_AIR;
	case 1:
		return (uint16_t)(1 + next_mix() % MAP_PATH_LAST);
	case 2:
	case 3:
		return (uint16_t)(MAP_SOLID_BASE + next_mix() % gfx_tile_count);
	case 4:
		return (uint16_t)(MAP_SOLID_BASE + next_mix() % 0x7FF0);  /* past the set too, two-byte values */
	case 5:
		return (uint16_t)(MAP_MASKED_FLAG | next_mix() % gfx_mtile_count);
	case 6:
		return (uint16_t)(MAP_MASKED_FLAG | next_mix() % 0x7FFF);
	default:
		return (uint16_t)(next_mix() % 520);                 /* around the code table's end */
	}
}

/* fill_grid reads two cells at a time from a table; every cell must still be what frame.h says, at any camera. */
static void the_view_grid_is_every_cell_as_frame_h_says(void **state)
{
	(void)state;
	map_init(&w.map, 61, 25);
	for (int y = 0; y < w.map.h; y++)
		for (int x = 0; x < w.map.w; x++)
			map_set_tile(&w.map, x, y, any_cell());
	for (int cam_x = -3; cam_x <= w.map.w - VIEW_W + 3; cam_x++) {
		for (int cam_y = -2; cam_y <= w.map.h - VIEW_H + 2; cam_y += 3) {
			w.cam_x = cam_x;
			w.cam_y = cam_y;
			render_view(&w, &frame);
			assert_true(frame.grid_cmd >= 0);
			for (int y = 0; y < VIEW_H; y++)
				for (int x = 0; x < VIEW_W; x++) {
					uint16_t c = map_get_tile(&w.map, cam_x + x, cam_y + y);

					assert_row(frame.grid[y * VIEW_W + x] == cell_code(c),
					    "camera (%d,%d) cell (%d,%d) = 0x%04X: grid 0x%04X, want 0x%04X", cam_x, cam_y,
					    x, y, c, frame.grid[y * VIEW_W + x], cell_code(c));
				}
		}
	}
}

/* No live actor at or above w->actor_end (the pool's loops stop there), and it shrinks back as the top empties. */
static void no_actor_lives_at_or_above_the_pools_end(void **state)
{
	Actor *a[3];
	int live = 0;

	(void)state;
	assert_int_equal(w.actor_end, 0);
	for (int i = 0; i < 3; i++)
		a[i] = actor_spawn(&w, ACT_CRITTER, 5 + i, 5);
	assert_int_equal(w.actor_end, 3);
	actor_remove(a[1]);
	actor_collect_dead(&w);
	assert_int_equal(w.actor_end, 3);               /* a hole below the top changes nothing */
	actor_remove(a[2]);
	actor_collect_dead(&w);
	assert_int_equal(w.actor_end, 1);               /* the top and the hole under it leave */
	for (int round = 0; round < 2000; round++) {
		if (next_mix() % 3) {
			if (actor_spawn(&w, ACT_CRITTER + (int)(next_mix() % 3), 4, 4))
				live++;
		} else {
			Actor *v = &w.actors[next_mix() % MAX_ACTORS];

			if (v->kind != ACT_NONE && !v->dead) {
				actor_remove(v);
				live--;
			}
		}
		if (next_mix() % 4 == 0)
			actor_collect_dead(&w);
		for (int i = w.actor_end; i < MAX_ACTORS; i++)
			assert_row(w.actors[i].kind == ACT_NONE, "round %d: slot %d lives, actor_end %d", round, i,
			    w.actor_end);
	}
	actor_collect_dead(&w);
	assert_int_equal(actor_count(&w), live + 1);
	assert_true(w.actor_end == 0 || w.actors[w.actor_end - 1].kind != ACT_NONE);
}

/* actor_max_tiles is the largest picture any frame of any action shows (and 1x1 at least: no picture). */
static void actor_max_tiles_is_the_largest_action_picture(void **state)
{
	GfxTileSize m = actor_max_tiles();
	int mw = 1, mh = 1;

	(void)state;
	for (int i = 0; i < anim_action_count; i++) {
		const Action *act = &anim_actions[i];

		for (int facing = 0; facing < anim_views(act); facing++)
			for (int frame_no = 0; frame_no < anim_count(act); frame_no++) {
				AnimState s = { .action = (uint8_t)i, .frame = (uint8_t)frame_no, .facing = (uint8_t)facing };
				int img = anim_image(&s);

				assert_row(image_tiles_w(img) <= m.w && image_tiles_h(img) <= m.h,
				    "action %d view %d frame %d: image %d is %dx%d tiles, max %dx%d", i, facing, frame_no, img,
				    image_tiles_w(img), image_tiles_h(img), m.w, m.h);
				if (image_tiles_w(img) > mw)
					mw = image_tiles_w(img);
				if (image_tiles_h(img) > mh)
					mh = image_tiles_h(img);
			}
	}
	assert_int_equal(m.w, mw);
	assert_int_equal(m.h, mh);
}

/* Two actors actors_far_apart calls far apart never overlap, whatever pictures they show. */
static void far_apart_actors_never_overlap(void **state)
{
	GfxTileSize m = actor_max_tiles();

	(void)state;
	for (int aw = 1; aw <= m.w; aw++)
		for (int ah = 1; ah <= m.h; ah++)
			for (int bw = 1; bw <= m.w; bw++)
				for (int bh = 1; bh <= m.h; bh++)
					for (int dx = -m.w - 2; dx <= m.w + 2; dx++)
						for (int dy = -m.h - 2; dy <= m.h + 2; dy++) {
							Rect a = { 10, 10 - ah + 1, aw, ah };
							Rect b = { 10 + dx, 10 + dy - bh + 1, bw, bh };

							assert_row(!(rect_overlap(a, b) && actors_far_apart(10, 10, 10 + dx, 10 + dy)),
							    "%dx%d and %dx%d %d,%d apart overlap", aw, ah, bw, bh, dx, dy);
						}
}

/* An image's size in tiles is its size in pixels rounded up to whole tiles; no image is 1x1. */
static void image_tiles_round_pixels_up(void **state)
{
	(void)state;
	for (int i = 0; i < gfx_image_count; i++) {
		assert_row(image_tiles_w(i) == (gfx_images[i].w + 7) / 8, "image %d width", i);
		assert_row(image_tiles_h(i) == (gfx_images[i].h + 7) / 8, "image %d height", i);
	}
	assert_int_equal(image_tiles_w(-1), 1);
	assert_int_equal(image_tiles_h(gfx_image_count), 1);
}

#define T(fn) cmocka_unit_test_setup(fn, fresh_world)
static const struct CMUnitTest tests[] = {
	T(the_view_grid_is_every_cell_as_frame_h_says),
	T(no_actor_lives_at_or_above_the_pools_end),
	T(actor_max_tiles_is_the_largest_action_picture),
	T(far_apart_actors_never_overlap),
	T(image_tiles_round_pixels_up),
};

int main(int argc, char **argv)
{
	if (testmain_filter("shortcuts", argc, argv, tests, ARRAY_LEN(tests)))
		return 0;
	return cmocka_run_group_tests_name("shortcuts", tests, NULL, NULL);
}
