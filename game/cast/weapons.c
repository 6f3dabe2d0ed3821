/* weapons.c: the player's bullets (seed 004's launch_bullet / bullet_go / kill_bullet), bombs and explosions. */
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "acts.h"
#include "assets.h"
#include "collide.h"
#include "dir.h"
#include "input.h"
#include "weapons.h"
#include "world.h"

/*
 * An actor made by the player's own move starts acting in this frame, as
 * seed 004's launch_bullet puts the bullet at the top of the object list,
 * where it moves in the frame it is fired. (The player moves before the
 * actor loop, so this is the same for every slot.)
 */
static Actor *spawn_now(World *w, int kind, int x, int y, int dir)
{
	Actor *a = actor_spawn(w, kind, x, y);

	if (a) {
		a->born = w->tick;
		a->dir = (int8_t)dir;
		anim_set_angle(&a->anim, dir < 0 ? 180 : 0);
	}
	return a;
}

/* Nothing in cell (x, y) that blocks any way: room for a bullet or a bomb. */
static bool cell_free(const World *w, int x, int y)
{
	return !(map_attr_at(&w->map, x, y) & TILE_BLOCK_ALL);
}

/*
 * launch_bullet: a bullet in the column in front of the player, in the
 * feet row (the gun is drawn at the top of that row), moving the way the
 * player faces. None if the muzzle is in a wall.
 * NOTE: seed 004 tests `nbullets > 9`, which lets a tenth bullet out
 * although its comment and the text say nine at most; we stop at nine.
 */
static bool launch_bullet(World *w, const Actor *p)
{
	int x = p->dir > 0 ? p->x + image_tiles_w(actor_image(p)) : p->x - image_tiles_w(IMG_BULLET);

	if (w->bullets >= MAX_BULLETS || !cell_free(w, x, p->y))
		return false;
	if (!spawn_now(w, ACT_BULLET, x, p->y, p->dir))
		return false;
	w->bullets++;
	return true;
}

/*
 * Fire held (or tapped within the frame): a bullet, then SHOT_GAP_FRAMES
 * frames before the next (w->shot_wait counts down in world_tick). The
 * gap is shared by every state, so running, jumping and falling fire at
 * the same rate as standing.
 * NOTE: Tommy restarts shoot_time at every jump and fall and fires from
 * the standing pose only after a "pull out the gun" frame; one shared gap
 * gives an even stream whatever the player does.
 */
void player_fire(Actor *a, World *w)
{
	if (!input_down(&w->in, BTN_FIRE) || w->shot_wait)
		return;
	if (launch_bullet(w, a)) {
		w->shot_wait = SHOT_GAP_FRAMES;
		world_request_sound(w, SND_SHOOT);
	}
}

/*
 * The actors a bullet can hit in the rest of this act_bullet, in slot
 * order: live, shootable, not itself, and standing where a picture of
 * theirs can reach the tiles the bullet still crosses (its rectangle now,
 * swept `reach` tiles its way: a tile a step, a->dir being -1 or +1). An
 * actor standing elsewhere is a sure miss at every step, whatever its
 * picture (actor_max_tiles). Nothing else acts in between, so one list
 * serves every step, unless a hit that did not take changed the world
 * (then it is made again from where the bullet is: `stale`).
 */
typedef struct Targets {
	int n;
	bool stale;
	Actor *v[MAX_ACTORS];
} Targets;

static bool shootable(const World *w, const Actor *b, int i)
{
	const Actor *v = &w->actors[i];

	return v->kind != ACT_NONE && v != b && !v->dead && (actor_kinds[v->kind].flags & AF_SHOOTABLE);
}

static void targets_find(World *w, const Actor *b, Rect br, int reach, Targets *t)
{
	GfxTileSize m = actor_max_tiles();
	int x0 = br.x - (b->dir < 0 ? reach : 0) - m.w + 1;   /* the leftmost column a target may stand in */
	unsigned cols = (unsigned)(br.w + reach + m.w - 1), rows = (unsigned)(br.h + m.h - 1);

	t->n = 0;
	t->stale = false;
	for (int i = 0; i < w->actor_end; i++) {
		Actor *v = &w->actors[i];

		if ((unsigned)(v->y - br.y) < rows && (unsigned)(v->x - x0) < cols && shootable(w, b, i))
			t->v[t->n++] = v;
	}
}

/*
 * The first actor overlapping the bullet that takes the shot (kinds flagged
 * AF_SHOOTABLE), in slot order, with `reach` steps of the flight to come
 * after this one; img is the bullet's picture. The targets list holds the actors of the pool scan that
 * can overlap it; one standing too far for this step is passed over before
 * its picture is looked up (only sure misses cost less).
 */
static bool bullet_strike(World *w, Actor *b, int img, int reach, Targets *t)
{
	Rect br = sprite_rect_tiles(img, b->x, b->y);
	GfxTileSize m = actor_max_tiles();
	int mw = m.w, mh = m.h;

	if (t->stale)
		targets_find(w, b, br, reach, t);
	for (int k = 0; k < t->n; k++) {
		Actor *v = t->v[k];

		if (v->x >= br.x + br.w || v->x + mw <= br.x || v->y < br.y || v->y - mh + 1 >= br.y + br.h)
			continue;               /* rect_overlap below is false for any picture */
		if (!rect_overlap(br, sprite_rect_tiles(actor_image(v), v->x, v->y)))
			continue;
		if (actor_hit(w, v, HIT_SHOT))
			return true;
		/* It did not take the shot, but may have changed things: the rest as the pool scan sees them. */
		t->stale = true;
		for (int i = (int)(v - w->actors) + 1; i < w->actor_end; i++) {
			v = &w->actors[i];
			if (!shootable(w, b, i))
				continue;
			if (rect_overlap(br, sprite_rect_tiles(actor_image(v), v->x, v->y)) && actor_hit(w, v, HIT_SHOT))
				return true;
		}
		return false;
	}
	return false;
}

static void bullet_end(Actor *b, bool burst)
{
	b->tick = act_bullet_die;
	if (burst)
		anim_set_action(&b->anim, ACTION_BULLET_HIT);
}

/*
 * bullet_go: in its first frame the bullet shows at the muzzle; then it
 * flies BULLET_SPEED tiles a frame, a tile at a time so it cannot pass
 * through anything. At each tile it hits the first shootable actor it
 * overlaps, and stops where the next tile is a wall; after the move it
 * ends if it has left the view (cam_x .. cam_x + VIEW_W - 1).
 * ORIGINAL: seed 004 — a bullet that hits, reaches a wall or leaves the
 * screen is not removed at once: its action becomes kill_bullet, which
 * removes it (and counts it off) in the next frame, so it shows one more
 * frame where it stopped (here as a small burst).
 * NOTE: Tommy's loop goes on after a hit, so one bullet can fell two
 * enemies in the same spot; ours stops at the first.
 * Its picture is looked up once: only bullet_end changes it (a hit handler
 * changes the actor hit, the player or what it spawns, never a bullet).
 */
void act_bullet(Actor *a, World *w)
{
	int steps = a->timer++ ? BULLET_SPEED : 0;
	int dir = a->dir < 0 ? DIR4_WEST : DIR4_EAST, img = actor_image(a);
	Targets targets;                /* not cleared: only its first n are read */

	targets.n = 0;
	targets.stale = true;
	for (;;) {
		if (bullet_strike(w, a, img, steps, &targets) ||
		    test_sprite_block(&w->map, dir, img, a->x + a->dir, a->y) != MOVE_FREE) {
			bullet_end(a, true);
			return;
		}
		if (steps-- == 0)
			break;
		a->x = (int16_t)(a->x + a->dir);
	}
	if (a->x < w->cam_x || a->x >= w->cam_x + VIEW_W)
		bullet_end(a, false);
}

/* kill_bullet: gone, and one bullet fewer alive. */
void act_bullet_die(Actor *a, World *w)
{
	if (w->bullets)
		w->bullets--;
	actor_remove(a);
}

/*
 * A Bomb press with bombs in hand: a lit bomb in the column in front of the
 * player, in the feet row, if that cell is free (against a wall nothing is
 * dropped and nothing is spent).
 */
void player_drop_bomb(Actor *a, World *w)
{
	int x;

	if (!input_pressed(&w->in, BTN_BOMB) || w->bombs == 0)
		return;
	x = a->dir > 0 ? a->x + image_tiles_w(actor_image(a)) : a->x - image_tiles_w(IMG_BOMB_LIT0);
	if (!cell_free(w, x, a->y) || !spawn_now(w, ACT_BOMB, x, a->y, a->dir))
		return;
	w->bombs--;
	world_status_changed(w);
}

/* The blast: BLAST_RADIUS tiles all round the bomb's tile. */
static Rect blast_rect(int x, int y)
{
	return (Rect){ x - BLAST_RADIUS, y - BLAST_RADIUS, 2 * BLAST_RADIUS + 1, 2 * BLAST_RADIUS + 1 };
}

static bool player_in_blast(const World *w, int x, int y)
{
	const Actor *p = w->player >= 0 ? &w->actors[w->player] : 0;

	return p && !p->dead && rect_overlap(blast_rect(x, y), sprite_rect_tiles(actor_image(p), p->x, p->y));
}

/*
 * The bomb goes off where it lies and becomes the explosion (same slot, so
 * the blast shows in this very frame): every shootable actor overlapping
 * the blast is hit (actor_hit, HIT_BOMB), the player inside it is hurt,
 * embers fly as shards, and the bang is asked for.
 */
static void explode(Actor *a, World *w)
{
	int bx = a->x, by = a->y;
	Rect blast = blast_rect(bx, by);

	a->kind = ACT_EXPLOSION;
	a->x = (int16_t)(bx - image_tiles_w(IMG_EXPLOSION0) / 2);      /* the fireball centred on the bomb */
	a->y = (int16_t)(by + image_tiles_h(IMG_EXPLOSION0) / 2);
	anim_set_action(&a->anim, ACTION_EXPLOSION);
	a->tick = act_explosion;
	a->timer = 0;
	act_explosion(a, w);
	world_request_sound(w, SND_EXPLOSION);
	for (int i = 0; i < EXPLOSION_EMBERS; i++)
		shard_new(&w->shards, IMG_EMBER0 + (i & 1), bx, by);
	for (int i = 0; i < w->actor_end; i++) {
		Actor *v = &w->actors[i];

		if (v == a || i == w->player || v->kind == ACT_NONE || v->dead ||
		    !(actor_kinds[v->kind].flags & AF_SHOOTABLE))
			continue;
		if (rect_overlap(blast, sprite_rect_tiles(actor_image(v), v->x, v->y)))
			actor_hit(w, v, HIT_BOMB);
	}
	if (player_in_blast(w, bx, by))
		world_hurt_player(w);
}

/* A lit bomb: falls a tile a frame when nothing holds it, burns BOMB_FUSE_FRAMES frames, explodes. */
void act_bomb(Actor *a, World *w)
{
	if (!actor_on_ground(w, a))
		actor_fall(w, a, 1);
	if (a->timer++ >= BOMB_FUSE_FRAMES)
		explode(a, w);
}

/*
 * The explosion shows its frames 0, 1, 2 (one a frame, the frame chosen
 * here, not by the animation clock) and is gone after EXPLOSION_FRAMES.
 */
void act_explosion(Actor *a, World *w)
{
	(void)w;
	if (a->timer >= EXPLOSION_FRAMES) {
		actor_remove(a);
		return;
	}
	a->anim.frame = (uint8_t)a->timer++;
	a->anim.countdown = 1;                  /* anim_tick leaves the frame alone this frame */
}

/*
 * An idle bomb lying in the level: falls when unsupported; touching it adds
 * a bomb. NOTE: with MAX_BOMBS in hand it stays where it is for later
 * instead of being wasted (our choice).
 */
void act_bomb_pickup(Actor *a, World *w)
{
	if (!actor_on_ground(w, a))
		actor_fall(w, a, 1);
	if (w->bombs < MAX_BOMBS && is_touching_player(w, a)) {
		w->bombs++;
		world_status_changed(w);
		world_request_sound(w, SND_PICKUP);
		actor_remove(a);
	}
}
