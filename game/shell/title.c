/* title.c: title screen logic and picture, advanced only by ticks and input records. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "frame.h"
#include "gfx.h"
#include "title.h"

#define CRITTER_FRAME_TICKS 12          /* walk animation: 4 frames, 12 ticks each */
#define CRITTER_STEP_TICKS  3           /* one pixel of patrol per 3 ticks */
#define CRITTER_RANGE       (TITLE_ANIM_W - 16)
#define FLOOR_ROW           22          /* grass; dirt below, then the credits line */
#define CREDITS_Y           192

/* Scattered stars: tile columns and rows, clear of the logo and the words. */
static const uint8_t stars[][2] = {
	{ 1, 2 }, { 37, 1 }, { 33, 7 }, { 6, 9 }, { 27, 10 }, { 38, 11 }, { 15, 12 }, { 21, 17 },
	{ 3, 7 }, { 30, 15 }, { 11, 18 }, { 35, 18 },
};
static const uint8_t big_stars[][2] = { { 4, 5 }, { 34, 4 }, { 24, 14 } };

void title_init(TitleState *t)
{
	*t = (TitleState){ .tx = TITLE_START_TX, .ty = TITLE_START_TY };
}

/*
 * One axis of tile stepping: a new press steps at once, a held key steps
 * again after TITLE_REPEAT_DELAY ticks and then every TITLE_REPEAT_RATE.
 * Returns -1, 0 or +1.
 */
static int axis_step(TitleAxis *a, const GameInput *in, int neg, int pos)
{
	uint16_t negb = BTN_BIT(neg), posb = BTN_BIT(pos);
	int dir = 0;

	if (in->pressed & (negb | posb)) {
		dir = !!(in->pressed & posb) - !!(in->pressed & negb);  /* both at once: 0 */
		a->repeat = TITLE_REPEAT_DELAY;
	} else if (in->held & (negb | posb)) {
		if (a->repeat > 0)
			a->repeat--;
		if (a->repeat == 0) {
			dir = (in->held & posb) ? 1 : -1;
			a->repeat = TITLE_REPEAT_RATE;
		}
	}
	if ((in->held & (negb | posb)) == (negb | posb) && !(in->pressed & (negb | posb)))
		dir = 0;                        /* both held: stand still */
	return dir;
}

static int clamp_step(int v, int d, int lo, int hi, bool *bumped)
{
	if (v + d < lo || v + d > hi) {
		*bumped = true;
		return v;
	}
	return v + d;
}

void title_tick(TitleState *t, const GameInput *in, TitleEvents *ev)
{
	int dx = axis_step(&t->h, in, BTN_LEFT, BTN_RIGHT);
	int dy = axis_step(&t->v, in, BTN_UP, BTN_DOWN);
	bool bumped = false;
	int ox = t->tx, oy = t->ty;

	*ev = (TitleEvents){ .sound = SND_NONE };
	t->tick++;
	if (dx)
		t->facing_left = dx < 0;
	t->tx = clamp_step(t->tx, dx, TITLE_MIN_TX, TITLE_MAX_TX, &bumped);
	t->ty = clamp_step(t->ty, dy, TITLE_MIN_TY, TITLE_MAX_TY, &bumped);
	if (t->tx != ox || t->ty != oy) {
		t->steps++;
		ev->moved = true;
		ev->sound = SND_MOVE;
	} else if (bumped) {
		ev->sound = SND_BUMP;
	}
}

/* The patrolling critter's left edge: to and fro inside the animated rect. */
static int critter_x(uint32_t tick)
{
	uint32_t pos = (tick / CRITTER_STEP_TICKS) % (2 * CRITTER_RANGE);

	return TITLE_ANIM_X + (int)(pos < CRITTER_RANGE ? pos : 2 * CRITTER_RANGE - 1 - pos);
}

/* Everything the picture depends on, folded into one number. */
uint32_t title_look(const TitleState *t)
{
	uint32_t k = (uint32_t)critter_x(t->tick);

	k = k * 31 + (t->tick / CRITTER_FRAME_TICKS) % 4;
	k = k * 64 + (uint32_t)t->tx;
	k = k * 32 + (uint32_t)t->ty;
	k = k * 2 + t->facing_left;
	return k * 2 + (t->steps & 1);
}

static int text_w(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n * 8;
}

/* An image standing with its bottom-left pixel on (x, y). */
static void stand(Frame *f, int x, int y, int img)
{
	const GfxImage *g = &gfx_images[img];

	frame_image(f, x + g->ox, y - (g->h - 1) + g->oy, img, 0, 0);
}

/* The meadow: grass and dirt, a tree at the left, a ledge with prizes, the exit at the right. */
static void draw_scene(Frame *f)
{
	for (int x = 0; x < SCREEN_W / GFX_TILE_W; x++) {
		frame_tile(f, x * 8, FLOOR_ROW * 8, TILE_GRASS_TOP);
		frame_tile(f, x * 8, (FLOOR_ROW + 1) * 8, (x * 7) % 5 ? TILE_DIRT : TILE_DIRT_DARK);
	}
	for (int row = 17; row < FLOOR_ROW; row++)
		frame_tile(f, 1 * 8, row * 8, TILE_TRUNK);
	for (int col = 0; col < 4; col++)
		for (int row = 13; row < 17; row++)
			frame_tile(f, col * 8, row * 8, col == 0 ? TILE_LEAVES_L : col == 3 ? TILE_LEAVES_R : TILE_LEAVES);
	for (int col = 9; col < 15; col++)
		frame_tile(f, col * 8, 17 * 8, TILE_PLATFORM_BLUE);
	stand(f, 80, 135, IMG_GOURD);
	stand(f, 96, 135, IMG_DIAMOND);
	stand(f, 236, 120, IMG_SLUG0);
	frame_tile(f, 2 * 8, 21 * 8, TILE_FLOWER);
	frame_tile(f, 12 * 8, 21 * 8, TILE_GRASS_TUFT);
	frame_tile(f, 20 * 8, 21 * 8, TILE_FLOWER);
	frame_tile(f, 37 * 8, 21 * 8, TILE_GRASS_TUFT);
	stand(f, 64, 175, IMG_BARREL);
	stand(f, 136, 175, IMG_TULIP_OPEN);
	stand(f, 252, 175, IMG_BOSS_L0);
	stand(f, 296, 175, IMG_EXIT1);
	stand(f, 176, 135, IMG_HOPPER_L0);
	for (int col = 21; col < 26; col++)
		frame_tile(f, col * 8, 17 * 8, TILE_ROCK_TOP);
}

void title_draw(const TitleState *t, Frame *f)
{
	static const char press[] = "Press Enter to start";
	static const char hint[] = "Arrow keys walk the hero";
	static const char credits[] = "Version " GAME_VERSION "  (c) 2026 Shardfall team";
	const GfxImage *logo = &gfx_images[IMG_LOGO];
	int hero;

	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);
	for (unsigned i = 0; i < sizeof stars / sizeof stars[0]; i++)
		frame_tile(f, stars[i][0] * 8, stars[i][1] * 8, TILE_SKY_STAR);
	for (unsigned i = 0; i < sizeof big_stars / sizeof big_stars[0]; i++)
		frame_tile(f, big_stars[i][0] * 8, big_stars[i][1] * 8, TILE_SKY_STAR_BIG);
	frame_image(f, (SCREEN_W - logo->w) / 2 + logo->ox, 12 + logo->oy, IMG_LOGO, 0, 0);
	frame_text(f, (SCREEN_W - text_w("An EGA platform adventure")) / 2, 46, "An EGA platform adventure", 7);
	frame_text(f, (SCREEN_W - text_w(press)) / 2, 76, press, 14);
	frame_text(f, (SCREEN_W - text_w(hint)) / 2, 90, hint, 8);
	draw_scene(f);
	frame_text(f, (SCREEN_W - text_w(credits)) / 2, CREDITS_Y, credits, 8);

	stand(f, critter_x(t->tick), TITLE_ANIM_Y + TITLE_ANIM_H - 1,
	    IMG_CRITTER0 + (int)(t->tick / CRITTER_FRAME_TICKS) % 4);
	if (t->facing_left)
		hero = (t->steps & 1) ? IMG_PLAYER_L1 : IMG_PLAYER_L0;
	else
		hero = (t->steps & 1) ? IMG_PLAYER_R1 : IMG_PLAYER_R0;
	frame_image(f, t->tx * 8 + gfx_images[hero].ox, t->ty * 8 + gfx_images[hero].oy, hero, 0, 0);
}
