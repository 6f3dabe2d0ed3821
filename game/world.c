/* world.c: one game frame — actors in slot order, dead slots collected after, camera follows. */
#include <stdbool.h>
#include <stdint.h>

#include "acts.h"
#include "collide.h"
#include "dir.h"
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
	spawner_init(w);
	shard_init(w);
	platform_init(w);
}

/*
 * Every live actor's action function runs once, in slot order. Actors
 * spawned during the loop wait for the next frame; removed ones are only
 * marked, and their slots are freed after the loop.
 */
static void check_player_hazards(World *w);

void world_tick(World *w, const GameInput *in)
{
	Actor *p = world_player(w);
	int py = p ? p->y : 0, ydir;

	w->in = *in;
	w->sound = SND_NONE;
	w->in_tick = true;

	/* Cosmo's order: the player, platforms and fountains, the actors, shards, spawners. */
	if (p && p->tick && !p->dead) {
		p->tick(p, w);
		anim_tick(&p->anim);
		ydir = p->y > py ? 1 : p->y < py ? -1 : 0;
		/* The look states decide that the player is looking (game/player.c). */
		world_camera_step(w, ydir, p->tick == act_player_look_up, p->tick == act_player_look_down);
	}
	platform_update(w);
	fountain_update(w);
	for (int i = 0; i < MAX_ACTORS; i++) {
		Actor *a = &w->actors[i];

		if (i == w->player || a->kind == ACT_NONE || a->dead || a->born > w->tick || !a->tick)
			continue;
		a->tick(a, w);
		anim_tick(&a->anim);
	}
	shard_update(w);
	spawner_update(w);
	check_player_hazards(w);
	w->in_tick = false;
	actor_collect_dead(w);
	if (w->hurt_cooldown)
		w->hurt_cooldown--;
	if (w->shot_wait)
		w->shot_wait--;
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
 * a frame, ours does in a running jump's thrust (game/player_air.c), and a
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

/* Mud fountain heights by kind (seed 003). */
static const uint8_t fountain_heights[] = { 6, 9, 12, 15 };

/* Load a level file into a fresh world: map, actors, camera on the player. */
bool world_load_level(World *w, const uint8_t *data, size_t len, uint32_t seed, char *err, size_t errlen)
{
	static LevelSpawn spawns[LEVEL_MAX_ACTORS];
	int n = 0;

	world_init(w, seed);
	if (!level_load(&w->map, spawns, &n, data, len, err, errlen))
		return false;
	for (int i = 0; i < n; i++) {
		const LevelSpawn *sp = &spawns[i];

		switch (sp->kind) {
		case ACT_PLATFORM:
			platform_new(w, sp->x, sp->y);
			break;
		case ACT_FOUNTAIN_6:
		case ACT_FOUNTAIN_9:
		case ACT_FOUNTAIN_12:
		case ACT_FOUNTAIN_15:
			fountain_new(w, sp->x, sp->y, fountain_heights[sp->kind - ACT_FOUNTAIN_6]);
			break;
		case ACT_FOOT_SWITCH:
			w->platforms.active = false;    /* seed 003: frozen until it is pressed */
			actor_spawn(w, sp->kind, sp->x, sp->y);
			break;
		case ACT_PLAYER:
			w->start_x = (int16_t)sp->x;
			w->start_y = (int16_t)sp->y;
			actor_spawn(w, sp->kind, sp->x, sp->y);
			break;
		default:
			actor_spawn(w, sp->kind, sp->x, sp->y);
			break;
		}
	}
	world_camera_follow(w);
	return true;
}

/* The player dies at once: the death action takes over. */
void world_kill_player(World *w)
{
	Actor *p = world_player(w);

	if (!p || p->tick == act_player_die)
		return;
	w->health = 0;
	w->status_version++;
	p->tick = act_player_die;
	p->timer = 0;
	world_request_sound(w, SND_DEATH);
}

/* A hit: one health point, then HURT_COOLDOWN_FRAMES of immunity; the last point kills. */
void world_hurt_player(World *w)
{
	Actor *p = world_player(w);

	if (!p || w->hurt_cooldown > 0 || p->tick == act_player_die)
		return;
	if (w->health > 0)
		w->health--;
	w->hurt_cooldown = HURT_COOLDOWN_FRAMES;
	w->status_version++;
	if (w->health == 0)
		world_kill_player(w);
	else
		world_request_sound(w, SND_HURT);
}

/* After everyone moved: harmful actors touching the player, and falling out of the world. */
static void check_player_hazards(World *w)
{
	Actor *p = world_player(w);

	if (!p || p->tick == act_player_die)
		return;
	if (p->y >= w->map.h - 1) {             /* feet on the map's last row: off the world */
		world_kill_player(w);
		return;
	}
	for (int i = 0; i < MAX_ACTORS; i++) {
		const Actor *a = &w->actors[i];

		if (a->kind != ACT_NONE && !a->dead && (actor_kinds[a->kind].flags & AF_HURTS) &&
		    is_touching_player(w, a))
			world_hurt_player(w);
	}
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
	spawner_trace(w, emit, ctx);
	shard_trace(w, emit, ctx);
	platform_trace(w, emit, ctx);
}
