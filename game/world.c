/* world.c: one game frame — actors in slot order, dead slots collected after, camera follows. */
#include <stdbool.h>
#include <stdint.h>

#include "acts.h"
#include "collide.h"
#include "gfx.h"
#include "level.h"
#include "world.h"

void world_init(World *w, uint32_t seed)
{
	map_init(&w->map, VIEW_W, VIEW_H);
	for (int i = 0; i < MAX_ACTORS; i++)
		w->actors[i] = (Actor){ .kind = ACT_NONE };
	w->player = -1;
	w->cam_x = w->cam_y = 0;
	w->tick = 0;
	rng_seed(&w->rng, seed);
	w->in = (GameInput){ 0, 0 };
	w->score = 0;
	w->health = PLAYER_MAX_HEALTH;
	w->lives = PLAYER_START_LIVES;
	w->status_version = 1;
	w->sound = SND_NONE;
	w->in_tick = false;
}

/*
 * Every live actor's action function runs once, in slot order. Actors
 * spawned during the loop wait for the next frame; removed ones are only
 * marked, and their slots are freed after the loop.
 */
void world_tick(World *w, const GameInput *in)
{
	w->in = *in;
	w->sound = SND_NONE;
	w->in_tick = true;
	for (int i = 0; i < MAX_ACTORS; i++) {
		Actor *a = &w->actors[i];

		if (a->kind == ACT_NONE || a->dead || a->born > w->tick || !a->tick)
			continue;
		a->tick(a, w);
		anim_tick(&a->anim);
	}
	w->in_tick = false;
	actor_collect_dead(w);
	world_camera_follow(w);
	w->tick++;
}

Actor *world_player(World *w)
{
	return w->player >= 0 ? &w->actors[w->player] : 0;
}

void world_request_sound(World *w, SoundId s)
{
	if (s < SND_COUNT && snd_defs[s].priority >= snd_defs[w->sound].priority)
		w->sound = s;
}

void world_add_score(World *w, uint32_t points)
{
	w->score += points;
	w->status_version++;
}

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Keep the player's left tile between the side margins and feet between the top/bottom ones. */
void world_camera_follow(World *w)
{
	const Actor *p = world_player(w);

	if (p) {
		if (p->x - w->cam_x > CAM_MARGIN_RIGHT)
			w->cam_x = p->x - CAM_MARGIN_RIGHT;
		if (p->x - w->cam_x < CAM_MARGIN_LEFT)
			w->cam_x = p->x - CAM_MARGIN_LEFT;
		if (p->y - w->cam_y > CAM_MARGIN_BOTTOM)
			w->cam_y = p->y - CAM_MARGIN_BOTTOM;
		if (p->y - w->cam_y < CAM_MARGIN_TOP)
			w->cam_y = p->y - CAM_MARGIN_TOP;
	}
	w->cam_x = clampi(w->cam_x, 0, w->map.w > VIEW_W ? w->map.w - VIEW_W : 0);
	w->cam_y = clampi(w->cam_y, 0, w->map.h > VIEW_H ? w->map.h - VIEW_H : 0);
}

/* Any part of the image, bottom-left tile at (x, y), inside the view. */
bool is_sprite_visible(const World *w, int image, int x, int y)
{
	Rect view = { w->cam_x, w->cam_y, VIEW_W, VIEW_H };

	return rect_overlap(sprite_rect_tiles(image, x, y), view);
}

bool is_touching_player(const World *w, const Actor *a)
{
	const Actor *p = w->player >= 0 ? &w->actors[w->player] : 0;

	if (!p || p == a)
		return false;
	return rect_overlap(sprite_rect_tiles(actor_image(a), a->x, a->y),
	    sprite_rect_tiles(actor_image(p), p->x, p->y));
}

/* Load a level file into a fresh world: map, actors, camera on the player. */
bool world_load_level(World *w, const uint8_t *data, size_t len, uint32_t seed, char *err, size_t errlen)
{
	static LevelSpawn spawns[LEVEL_MAX_ACTORS];
	int n = 0;

	world_init(w, seed);
	if (!level_load(&w->map, spawns, &n, data, len, err, errlen))
		return false;
	for (int i = 0; i < n; i++)
		actor_spawn(w, spawns[i].kind, spawns[i].x, spawns[i].y);
	world_camera_follow(w);
	return true;
}
