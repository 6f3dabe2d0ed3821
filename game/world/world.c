/* world.c: the World's own services — a fresh world, the player, sounds, score, the camera, visibility, trace lines. */
#include <stdbool.h>
#include <stdint.h>

#include "collide.h"
#include "dir.h"
#include "gfx.h"
#include "world.h"

void world_init(World *w, uint32_t seed)
{
	map_init(&w->map, VIEW_W, VIEW_H);
	for (int i = 0; i < MAX_ACTORS; i++)
		w->actors[i] = (Actor){ .kind = ACT_NONE };
	w->actor_end = 0;
	w->player = -1;
	w->cam_x = w->cam_y = 0;
	w->tick = 0;
	rng_seed(&w->rng, seed);
	w->in = (GameInput){ 0, 0 };
	w->score = 0;
	w->health = PLAYER_MAX_HEALTH;
	w->lives = PLAYER_START_LIVES;
	w->bombs = 0;
	w->bullets = 0;
	w->level_done = false;
	w->kicking = false;
	w->status_version = 1;
	w->sound = SND_NONE;
	w->in_tick = false;
	w->cling_dir = DIR4_NONE;
	w->start_x = w->start_y = 0;
	w->game_over = false;
	w->hurt_cooldown = 0;
	w->shot_wait = 0;
	w->scooter = false;
	w->prizes_found = w->secrets_found = 0;
	w->bonus_exit = false;
	spawner_init(&w->spawners);
	shard_init(&w->shards);
	platform_init(&w->platforms);
}

Map *world_map(World *w)
{
	return &w->map;
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
	world_status_changed(w);
}

static int mini(int a, int b)
{
	return a < b ? a : b;
}

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void camera_clamp(World *w)
{
	w->cam_x = clampi(w->cam_x, 0, w->map.w > VIEW_W ? w->map.w - VIEW_W : 0);
	w->cam_y = clampi(w->cam_y, 0, w->map.h > VIEW_H ? w->map.h - VIEW_H : 0);
}

/* Level start and teleports: put the player inside the margins at once. */
void world_camera_follow(World *w)
{
	const Actor *p = world_player(w);

	if (p) {
		if (p->x - w->cam_x > CAM_MARGIN_RIGHT)
			w->cam_x = p->x - CAM_MARGIN_RIGHT;
		if (p->x - w->cam_x < CAM_MARGIN_LEFT)
			w->cam_x = p->x - CAM_MARGIN_LEFT;
		if (p->y - w->cam_y > CAM_MARGIN_FALL)
			w->cam_y = p->y - CAM_MARGIN_FALL;
		if (p->y - w->cam_y < CAM_MARGIN_TOP)
			w->cam_y = p->y - CAM_MARGIN_TOP;
	}
	camera_clamp(w);
}

/*
 * One frame of view centering, as Cosmo does it (seed 003): a tile a step.
 * NOTE: across, the view steps as far as the player went past the margin,
 * up to CAM_STEP_MAX_X tiles: Cosmo's player never moves more than a tile
 * a frame, ours does in a running jump's thrust (game/cast/player_air.c), and a
 * view stepping one tile a frame would let it run off the screen. At a
 * tile a frame this is Cosmo's step exactly. ydir is the player's vertical motion this frame (-1, 0, +1);
 * look_up / look_down: the player is looking (its look-up / look-down
 * state, or Up / Down held alone while riding a platform) — seed 004's
 * look up and down, in Cosmo's tile steps and limits.
 */
void world_camera_step(World *w, int ydir, bool look_up, bool look_down)
{
	const Actor *p = world_player(w);
	int maxx = w->map.w > VIEW_W ? w->map.w - VIEW_W : 0;

	if (!p)
		return;
	if (look_up && w->cam_y > 0 && p->y - w->cam_y < VIEW_H - 1)
		w->cam_y--;
	if (look_down && (w->cam_y + CAM_LOOK_DOWN_MIN < p->y || (ydir == 1 && w->cam_y + 3 < p->y)))
		w->cam_y++;
	if (p->y - w->cam_y > CAM_MARGIN_BOTTOM)
		w->cam_y++;
	else if (p->y - w->cam_y < CAM_MARGIN_TOP)
		w->cam_y--;
	if (p->x - w->cam_x > CAM_MARGIN_RIGHT && maxx > w->cam_x)
		w->cam_x += mini(p->x - w->cam_x - CAM_MARGIN_RIGHT, CAM_STEP_MAX_X);
	else if (p->x - w->cam_x < CAM_MARGIN_LEFT && w->cam_x > 0)
		w->cam_x -= mini(CAM_MARGIN_LEFT - (p->x - w->cam_x), CAM_STEP_MAX_X);
	if (ydir == 1 && p->y - w->cam_y > CAM_MARGIN_FALL)
		w->cam_y++;
	if (ydir == -1 && p->y - w->cam_y < CAM_MARGIN_TOP)
		w->cam_y--;
	camera_clamp(w);
}

/* Any part of the image, bottom-left tile at (x, y), inside the view. */
bool is_sprite_visible(const World *w, int image, int x, int y)
{
	return world_sees_sprite(w, image, x, y);
}

bool actors_overlap(const Actor *a, const Actor *b)
{
	return rect_overlap(sprite_rect_tiles(actor_image(a), a->x, a->y),
	    sprite_rect_tiles(actor_image(b), b->x, b->y));
}

/* One line per active spawner, shard, platform and fountain (the `trace` option). */
void world_trace(const World *w, TraceEmit emit, void *ctx)
{
	const Actor *p = w->player >= 0 ? &w->actors[w->player] : 0;
	TraceLine l;

	if (p) {
		trace_begin(&l, w->tick, "player", w->player);
		trace_int(&l, "x", p->x);
		trace_int(&l, "y", p->y);
		trace_int(&l, "health", w->health);
		trace_int(&l, "score", (int32_t)w->score);
		emit(ctx, l.buf);
	}
	spawner_trace(&w->spawners, w->tick, emit, ctx);
	shard_trace(&w->shards, w->tick, emit, ctx);
	platform_trace(&w->platforms, w->tick, emit, ctx);
}
