/* ride.c: riding platforms and fountains (seed 003's MovePlayerPlatform) — the player and the view carried along. */
#include <stdbool.h>
#include <stdint.h>

#include "collide.h"
#include "dir.h"
#include "input.h"
#include "world.h"

static bool held(const World *w, int b)
{
	return (w->in.held & BTN_BIT(b)) != 0;
}

static int dir8_ok(int d)
{
	return d >= 0 && d < DIR8_COUNT ? d : DIR8_NONE;
}

/*
 * MovePlayerPlatform. The player's right column comes from the width of
 * the player's frame 0, whatever frame is showing.
 * ORIGINAL: seed 003 — Cosmo reads frame 0's width from the player info
 * data every call; the test under the feet uses the same frame.
 * The view then follows with Cosmo's centering rules (world_camera_step is
 * those rules): Up or Down held without Left/Right looks up or down, the
 * player is kept between rows 3 and 17 and columns 12 and 23 of the view,
 * and one extra row is scrolled when the ride goes down past row 14 or up
 * above row 3.
 * NOTE: world_camera_step also keeps the view inside the map, which Cosmo's
 * unsigned scroll arithmetic does not (it could wrap above row 0).
 */
void platform_carry_player(World *w, int x_west, int x_east, int x_dir, int y_dir)
{
	Actor *pl = world_player(w);
	int img0 = actor_kind_image(ACT_PLAYER);
	int x2;
	bool lr;

	if (w->scooter || !pl)
		return;
	x2 = pl->x + image_tiles_w(img0) - 1;
	if (w->cling_dir != DIR4_NONE &&
	    test_sprite_move(&w->map, DIR4_SOUTH, img0, pl->x, pl->y + 1) != MOVE_FREE)
		w->cling_dir = DIR4_NONE;
	if ((pl->x < x_west || pl->x > x_east) && (x2 < x_west || x2 > x_east))
		return;
	x_dir = dir8_ok(x_dir);
	y_dir = dir8_ok(y_dir);
	pl->x = (int16_t)(pl->x + dir8_x[x_dir]);
	pl->y = (int16_t)(pl->y + dir8_y[y_dir]);
	lr = held(w, BTN_LEFT) || held(w, BTN_RIGHT);
	world_camera_step(w, dir8_y[y_dir], !lr && held(w, BTN_UP), !lr && held(w, BTN_DOWN));
}
