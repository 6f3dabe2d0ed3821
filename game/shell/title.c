/* title.c: title screen logic and picture, advanced only by ticks and input records. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "frame.h"
#include "gfx.h"
#include "title.h"

#define CRITTER_FRAME_TICKS 12          /* animation: 4 frames, 12 ticks each */
#define CRITTER_BOB_TICKS   6           /* one bob step per 6 ticks */
#define TICKS_PER_TENTH     14          /* 140 Hz clock shown in tenths of a second */
#define FLOOR_ROW           22

static const int8_t bob[8] = { 0, -1, -2, -3, -3, -2, -1, 0 };

/* Scattered stars: tile columns and rows, clear of the text and the floor. */
static const uint8_t stars[][2] = {
	{ 1, 8 }, { 29, 9 }, { 33, 17 }, { 2, 15 }, { 26, 19 }, { 37, 8 }, { 19, 16 }, { 9, 18 },
};

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

/* Everything the picture depends on, folded into one number. */
uint32_t title_look(const TitleState *t)
{
	uint32_t k = t->tick / TICKS_PER_TENTH;

	k = k * 31 + t->tick / CRITTER_FRAME_TICKS;
	k = k * 31 + t->tick / CRITTER_BOB_TICKS;
	k = k * 64 + (uint32_t)t->tx;
	k = k * 32 + (uint32_t)t->ty;
	k = k * 2 + t->facing_left;
	return k * 2 + (t->steps & 1);
}

/* "12345.6" for a tick count, right-aligned in 7 characters. */
static void format_tenths(uint32_t tick, char out[8])
{
	uint32_t tenths = tick / TICKS_PER_TENTH;
	int i;

	out[7] = '\0';
	out[6] = (char)('0' + tenths % 10);
	out[5] = '.';
	tenths /= 10;
	for (i = 4; i >= 0; i--) {
		out[i] = (i == 4 || tenths) ? (char)('0' + tenths % 10) : ' ';
		tenths /= 10;
	}
}

static void draw_swatches(Frame *f)
{
	static const char hex[] = "0123456789ABCDEF";
	char label[2] = { 0, 0 };

	frame_fill(f, 14, 38, 292, 16, 8);
	for (int i = 0; i < GFX_COLORS; i++) {
		frame_fill(f, 16 + i * 18, 40, 16, 12, i);
		label[0] = hex[i];
		frame_text(f, 20 + i * 18, 56, label, 7);
	}
}

static void draw_floor(Frame *f)
{
	for (int x = 0; x < SCREEN_W / GFX_TILE_W; x++) {
		frame_tile(f, x * 8, FLOOR_ROW * 8, TILE_GRASS_TOP);
		for (int row = FLOOR_ROW + 1; row < SCREEN_H / GFX_TILE_H; row++)
			frame_tile(f, x * 8, row * 8, (x * 7 + row * 3) % 5 ? TILE_DIRT : TILE_DIRT_DARK);
	}
}

void title_draw(const TitleState *t, Frame *f)
{
	const GfxImage *logo = &gfx_images[IMG_LOGO];
	int frame = (int)(t->tick / CRITTER_FRAME_TICKS) % 4;
	int hero;
	char clock[8];

	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);
	for (unsigned i = 0; i < sizeof stars / sizeof stars[0]; i++)
		frame_tile(f, stars[i][0] * 8, stars[i][1] * 8, TILE_SKY_STAR);
	frame_image(f, (SCREEN_W - logo->w) / 2 + logo->ox, 4 + logo->oy, IMG_LOGO, 0, 0);
	draw_swatches(f);
	frame_text(f, 16, 72, "Arrow keys move the hero", 14);
	frame_text(f, 16, 84, "VGA mode 0Dh, 16 colours", 11);
	frame_text(f, 16, 96, "PIT 140 Hz, log on COM1", 10);
	frame_text(f, 16, 108, "Bare metal, no OS below", 13);
	frame_text(f, 16, 124, "Press Enter for the menu", 15);
	draw_floor(f);

	frame_fill(f, TITLE_ANIM_X, TITLE_ANIM_Y, TITLE_ANIM_W, TITLE_ANIM_H, 9);
	frame_fill(f, TITLE_ANIM_X + 2, TITLE_ANIM_Y + 2, TITLE_ANIM_W - 4, TITLE_ANIM_H - 4, 1);
	frame_image(f, TITLE_ANIM_X + 32, TITLE_ANIM_Y + 44 + bob[(t->tick / CRITTER_BOB_TICKS) % 8],
	    IMG_CRITTER0 + frame, 0, 0);
	format_tenths(t->tick, clock);
	frame_text(f, TITLE_ANIM_X + 4, TITLE_ANIM_Y + 54, clock, 15);
	frame_text(f, TITLE_ANIM_X + 60, TITLE_ANIM_Y + 54, "s", 7);

	if (t->facing_left)
		hero = (t->steps & 1) ? IMG_PLAYER_L1 : IMG_PLAYER_L0;
	else
		hero = (t->steps & 1) ? IMG_PLAYER_R1 : IMG_PLAYER_R0;
	frame_image(f, t->tx * 8 + gfx_images[hero].ox, t->ty * 8 + gfx_images[hero].oy, hero, 0, 0);
}
