/* screens.c: the session's pictures — menu, instructions, pause box, interstitials, error, system info's frame, halt. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "controls.h"
#include "ctlmenu.h"
#include "episode.h"
#include "frame.h"
#include "gfx.h"
#include "render.h"
#include "session.h"
#include "sysinfo.h"
#include "textbuf.h"
#include "title.h"
#include "world.h"

#define CHAR_W          8
#define FLOOR_Y         176             /* grass and dirt along the bottom, as on the title */
#define CURSOR_STEP_TICKS 10            /* the menu hero's stride: one frame per 10 ticks */

/* The menu box and its rows. */
#define MENU_X          72
#define MENU_Y          50
#define MENU_W          176
#define MENU_ROW_H      13
#define MENU_TEXT_X     (MENU_X + 36)

/* The pause box, centred on the view. */
#define PAUSE_W         144
#define PAUSE_H         72
#define PAUSE_X         (VIEW_PX + (VIEW_W * 8 - PAUSE_W) / 2)
#define PAUSE_Y         (VIEW_PY + (VIEW_H * 8 - PAUSE_H) / 2)

static const uint8_t stars[][2] = {     /* tile column, row */
	{ 1, 6 }, { 36, 5 }, { 5, 12 }, { 33, 15 }, { 2, 19 }, { 38, 10 }, { 30, 2 }, { 8, 3 },
};

static int text_len(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

static void text_centered(Frame *f, int y, const char *s, int color)
{
	frame_text(f, (SCREEN_W - text_len(s) * CHAR_W) / 2, y, s, color);
}

/*
 * Text from the 8x8 font, each pixel a scale x scale block (runs of set
 * pixels in a glyph row become one fill), for headings.
 */
static void big_text(Frame *f, int x, int y, const char *s, int color, int scale)
{
	for (; *s; s++, x += CHAR_W * scale) {
		const uint8_t *g = gfx_font[(uint8_t)*s & 0x7F];

		for (int row = 0; row < 8; row++) {
			for (int col = 0; col < 8;) {
				int run = 0;

				while (col + run < 8 && (g[row] & (0x80 >> (col + run))))
					run++;
				if (run) {
					frame_fill(f, x + col * scale, y + row * scale, run * scale, scale, color);
					col += run;
				} else {
					col++;
				}
			}
		}
	}
}

/* A centred heading with a drop shadow one block down and right. */
static void heading(Frame *f, int y, const char *s, int color, int shadow, int scale)
{
	int x = (SCREEN_W - text_len(s) * CHAR_W * scale) / 2;

	big_text(f, x + scale, y + scale, s, shadow, scale);
	big_text(f, x, y, s, color, scale);
}

/* "Label 0001234": a label and a zero-padded number in one line. */
/* How many decimal digits v has (1 for 0). */
static int digits_of(uint32_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static void label_number(char *buf, int size, const char *label, uint32_t v, int digits)
{
	TextBuf t;
	char num[11];

	for (int i = digits - 1; i >= 0; i--) {
		num[i] = (char)('0' + v % 10);
		v /= 10;
	}
	num[digits] = '\0';
	tb_init(&t, buf, (size_t)size);
	tb_str(&t, label);
	tb_str(&t, num);
}

/* A framed box: outer line, a lighter border, the fill. */
static void box(Frame *f, int x, int y, int w, int h, int line, int border, int fill)
{
	frame_fill(f, x, y, w, h, line);
	frame_fill(f, x + 1, y + 1, w - 2, h - 2, border);
	frame_fill(f, x + 3, y + 3, w - 6, h - 6, fill);
}

/* Night sky with stars and the title's grass-and-dirt floor. */
static void backdrop(Frame *f, bool floor)
{
	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);
	for (unsigned i = 0; i < sizeof stars / sizeof stars[0]; i++)
		frame_tile(f, stars[i][0] * 8, stars[i][1] * 8, TILE_SKY_STAR);
	if (!floor)
		return;
	for (int x = 0; x < SCREEN_W / GFX_TILE_W; x++) {
		frame_tile(f, x * 8, FLOOR_Y, TILE_GRASS_TOP);
		for (int y = FLOOR_Y + 8; y < SCREEN_H; y += 8)
			frame_tile(f, x * 8, y, (x * 7 + y / 8 * 3) % 5 ? TILE_DIRT : TILE_DIRT_DARK);
	}
}

/* An image standing with its bottom-left pixel on (x, y). */
static void image_at(Frame *f, int x, int y, int img)
{
	const GfxImage *g = &gfx_images[img];

	frame_image(f, x + g->ox, y - (g->h - 1) + g->oy, img, 0, 0);
}

static void logo(Frame *f, int y)
{
	const GfxImage *g = &gfx_images[IMG_LOGO];

	frame_image(f, (SCREEN_W - g->w) / 2 + g->ox, y + g->oy, IMG_LOGO, 0, 0);
}

static void draw_menu(const Session *s, Frame *f)
{
	int stride = (int)(s->mode_ticks / CURSOR_STEP_TICKS) & 1;
	char label[32];

	backdrop(f, true);
	logo(f, 6);
	text_centered(f, 38, "An EGA platform adventure", 7);
	box(f, MENU_X, MENU_Y, MENU_W, MENU_COUNT * MENU_ROW_H + 10, 0, 9, 1);
	for (int i = 0; i < MENU_COUNT; i++) {
		int y = MENU_Y + 7 + i * MENU_ROW_H;

		if (i == s->cursor) {
			frame_fill(f, MENU_X + 4, y - 2, MENU_W - 8, 12, 9);
			image_at(f, MENU_X + 12, y + 9, stride ? IMG_PLAYER_R1 : IMG_PLAYER_R0);
		}
		session_menu_label(s, i, label, sizeof label);
		frame_text(f, MENU_TEXT_X, y + 1, label, i == s->cursor ? 14 : 7);
	}
	text_centered(f, 164, "Up/Down choose, Enter selects", 7);
	image_at(f, 24, FLOOR_Y - 1, IMG_BARREL);
	image_at(f, 280, FLOOR_Y - 1, IMG_EXIT0);
}

/* The instructions' key column: 15 characters from x 16, the words from x 144. */
#define KEYS_COL_CHARS  15

static const struct {
	int8_t a, b;                    /* Control(s) named in the key column; -1: the fixed text */
	const char *keys, *what;
} how_rows[] = {
	{ CTL_LEFT, CTL_RIGHT, NULL, "run" },
	{ CTL_JUMP, -1, NULL, "jump (hold: higher)" },
	{ CTL_UP, CTL_DOWN, NULL, "look up and down" },
	{ CTL_FIRE, -1, NULL, "fire" },
	{ CTL_KICK, -1, NULL, "kick" },
	{ CTL_BOMB, -1, NULL, "drop a bomb" },
	{ CTL_PAUSE, -1, NULL, "pause (Esc too)" },
	{ -1, -1, "Esc or Q", "in the pause: menu" },
	{ -1, -1, "M", "music on or off" },
	{ -1, -1, "Enter", "choose in the menu" },
};

static const struct {
	int image;
	const char *text[2];
} things[] = {
	{ IMG_CRITTER0, { "Critters hurt when they touch", "you. Land on them from above." } },
	{ IMG_BARREL, { "Land on a barrel: it bursts", "and a prize jumps out." } },
	{ IMG_DIAMOND, { "Prizes score: gourd, tomato", "200, emerald 500, diamond 1000." } },
	{ IMG_HAMBURGER, { "A hamburger heals one health", "point (100 points)." } },
	{ IMG_STATUS_BOMB, { "Bombs: collect them, drop them", NULL } },     /* bomb_line() */
	{ IMG_EXIT0, { "Reach the EXIT door to finish", "the level. Lives carry over." } },
};

/* "with B. They blast what is near.", naming the first bomb key (shorter if that is long). */
static void bomb_line(const Controls *c, char *buf, int size)
{
	TextBuf t;

	tb_init(&t, buf, (size_t)size);
	tb_str(&t, "with ");
	tb_str(&t, key_name(c->keys[CTL_BOMB][0]));
	tb_str(&t, text_len(buf) <= 7 ? ". They blast what is near." : ": they blast.");
}

static void draw_instructions(const Session *s, Frame *f)
{
	char line[40];

	backdrop(f, false);
	if (s->page == 0) {
		heading(f, 8, "HOW TO PLAY", 11, 1, 2);
		for (unsigned i = 0; i < sizeof how_rows / sizeof how_rows[0]; i++) {
			int y = 34 + (int)i * 12;

			if (how_rows[i].keys)
				frame_text(f, 16, y, how_rows[i].keys, 14);
			else {
				controls_keys_fit(&s->controls, how_rows[i].a, how_rows[i].b, KEYS_COL_CHARS, line,
				    sizeof line);
				frame_text(f, 16, y, line, 14);
			}
			frame_text(f, 144, y, how_rows[i].what, 15);
		}
		text_centered(f, 160, "Your score, health, lives and", 7);
		text_centered(f, 170, "bombs are shown under the view.", 7);
	} else {
		heading(f, 8, "WHAT IS WHAT", 11, 1, 2);
		for (unsigned i = 0; i < sizeof things / sizeof things[0]; i++) {
			int y = 32 + (int)i * 25;
			const GfxImage *g = &gfx_images[things[i].image];

			image_at(f, 24 + (16 - g->w) / 2, y + 17 - (24 - g->h) / 2, things[i].image);
			frame_text(f, 48, y + 2, things[i].text[0], 15);
			if (things[i].text[1])
				frame_text(f, 48, y + 12, things[i].text[1], 15);
			else {
				bomb_line(&s->controls, line, sizeof line);
				frame_text(f, 48, y + 12, line, 15);
			}
		}
	}
	frame_text(f, 8, 188, s->page + 1 < INSTRUCTION_PAGES ? "Page 1/2  any key: next" : "Page 2/2  any key: menu",
	    8);
}

/* "P: play on" with the pause keys; Enter (which always plays on) when they are too long for the box. */
static void draw_pause(const Session *s, Frame *f)
{
	char line[40];
	TextBuf t;

	frame_clip(f, 0, 0, SCREEN_W, SCREEN_H);
	box(f, PAUSE_X, PAUSE_Y, PAUSE_W, PAUSE_H, 0, 15, 1);
	big_text(f, PAUSE_X + (PAUSE_W - 6 * 16) / 2, PAUSE_Y + 10, "PAUSED", 14, 2);
	controls_keys_text(&s->controls, CTL_PAUSE, "/", line, sizeof line);
	if (text_len(line) > 5) {
		tb_init(&t, line, sizeof line);
		tb_str(&t, "Enter");
	}
	tb_init(&t, line + text_len(line), sizeof line - (size_t)text_len(line));
	tb_str(&t, ": play on");
	frame_text(f, PAUSE_X + 16, PAUSE_Y + 36, line, 15);
	frame_text(f, PAUSE_X + 16, PAUSE_Y + 50, "Esc or Q: menu", 7);
}

void session_draw_demo_label(Frame *f)
{
	frame_clip(f, 0, 0, SCREEN_W, SCREEN_H);
	box(f, 104, VIEW_PY + 4, 112, 14, 0, 9, 1);
	text_centered(f, VIEW_PY + 7, "DEMO", 14);
}

static void draw_level_done(const Session *s, Frame *f)
{
	char line[40];
	bool last = !s->single && s->level + 1 >= episode_level_count;

	backdrop(f, true);
	label_number(line, sizeof line, "LEVEL ", (uint32_t)s->level + 1, digits_of((uint32_t)s->level + 1));
	heading(f, 16, s->bonus ? "BONUS" : line, 14, 6, 3);
	heading(f, 48, "COMPLETE", 15, 8, 2);
	text_centered(f, 76, s->level_title, 7);
	label_number(line, sizeof line, "Score  ", s->stats.score, 7);
	text_centered(f, 96, line, 15);
	label_number(line, sizeof line, "Lives ", s->stats.lives, 1);
	label_number(line + text_len(line), (int)sizeof line - text_len(line), "   Bombs ", s->stats.bombs, 2);
	text_centered(f, 110, line, 15);
	if (s->single)
		text_centered(f, 126, "Back to the title next.", 11);
	else if (!s->bonus && s->world.bonus_exit && s->level == episode_bonus_from)
		text_centered(f, 126, "A secret way: the bonus level!", 11);
	else if (last)
		text_centered(f, 126, "That was the last level!", 11);
	else {
		label_number(line, sizeof line, "Get ready for level ", (uint32_t)s->level + 2,
		    digits_of((uint32_t)s->level + 2));
		text_centered(f, 126, line, 11);
	}
	text_centered(f, 140, "Press a key", 7);
	image_at(f, 136, FLOOR_Y - 1, IMG_EXIT1);
	image_at(f, 160, FLOOR_Y - 1, IMG_PLAYER_R0);
}

static void draw_game_over(const Session *s, Frame *f)
{
	char line[40];

	backdrop(f, true);
	heading(f, 48, "GAME OVER", 12, 4, 3);
	label_number(line, sizeof line, "Final score ", s->stats.score, 7);
	text_centered(f, 100, line, 15);
	text_centered(f, 140, "Press a key", 7);
	image_at(f, 152, FLOOR_Y - 1, IMG_CRITTER0);
}

static void draw_episode_end(const Session *s, Frame *f)
{
	static const int prizes[] = { IMG_GOURD, IMG_TOMATO, IMG_EMERALD, IMG_DIAMOND, IMG_HAMBURGER };
	char line[40];
	uint32_t secs = s->stats.frames * WORLD_PIT_TICKS_PER_FRAME / 140;      /* world frames at 140 Hz PIT */

	backdrop(f, true);
	logo(f, 6);
	heading(f, 42, "WELL DONE!", 14, 6, 3);
	text_centered(f, 72, "You have finished the episode.", 15);
	label_number(line, sizeof line, "Final score ", s->stats.score, 7);
	text_centered(f, 88, line, 14);
	label_number(line, sizeof line, "Prizes ", s->stats.prizes, digits_of(s->stats.prizes));
	label_number(line + text_len(line), (int)sizeof line - text_len(line), "   Secrets ", s->stats.secrets,
	    digits_of(s->stats.secrets));
	text_centered(f, 100, line, 15);
	label_number(line, sizeof line, "Time ", secs / 60, digits_of(secs / 60));
	label_number(line + text_len(line), (int)sizeof line - text_len(line), ":", secs % 60, 2);
	label_number(line + text_len(line), (int)sizeof line - text_len(line), "   Lives left ", s->stats.lives, 1);
	text_centered(f, 112, line, 15);
	text_centered(f, 130, "Thank you for playing Shardfall!", 11);
	text_centered(f, 146, "Press a key", 7);
	for (unsigned i = 0; i < sizeof prizes / sizeof prizes[0]; i++)
		image_at(f, 104 + (int)i * 24, FLOOR_Y - 1, prizes[i]);
}

/*
 * Red screen: what went wrong, the detail wrapped at 38 characters (at a
 * space when there is one, and at each '\n'), how to go on.
 */
static void draw_error(const Session *s, Frame *f)
{
	const char *d = s->error_detail;

	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 4);
	frame_text(f, 8, 8, s->error_what, 15);
	for (int i = 0, y = 24; d[i] && y < 170; y += 10) {
		char line[40];
		int n = 0, cut = 0, skip = 0;

		while (d[i + n] && d[i + n] != '\n' && n < 38)
			n++;
		if (d[i + n] == '\n')
			skip = 1;               /* the line ends here; the '\n' is not drawn */
		else if (d[i + n])              /* more to come: break after the last space, if any */
			for (int k = n; k > 0 && !cut; k--)
				if (d[i + k - 1] == ' ')
					cut = k;
		if (cut)
			n = cut;
		for (int k = 0; k < n; k++)
			line[k] = d[i + k];
		line[n] = '\0';
		i += n + skip;
		frame_text(f, 8, y, line, 14);
	}
	frame_text(f, 8, 184, "Press Enter to go back.", 15);
}

/* The Controls screen: a row per action with its keys, Restore defaults, Back; the prompt and note below. */
#define CTL_BOX_Y       23
#define CTL_ROW_Y       (CTL_BOX_Y + 6)
#define CTL_ROW_H       11
#define CTL_GAP         4               /* between the actions and the two other rows */
#define CTL_LABEL_X     48
#define CTL_KEYS_X      152

static void draw_controls(const Session *s, Frame *f)
{
	static const char *const footers[] = {
		[CTLS_BROWSE] = "Enter: change a key  Esc: back",
		[CTLS_FIRST] = "Esc: cancel",
		[CTLS_SECOND] = "Enter or Esc: keep one key",
	};
	const CtlMenu *m = &s->ctl;
	char prompt[48], note[48], keys[32];

	backdrop(f, false);
	heading(f, 4, "CONTROLS", 11, 1, 2);
	box(f, 24, CTL_BOX_Y, 272, CTLROW_COUNT * CTL_ROW_H + CTL_GAP + 10, 0, 9, 1);
	for (int r = 0; r < CTLROW_COUNT; r++) {
		int y = CTL_ROW_Y + r * CTL_ROW_H + (r >= CTL_COUNT ? CTL_GAP : 0);
		bool cur = r == m->row;

		if (cur) {
			frame_fill(f, 28, y - 2, 264, CTL_ROW_H, 9);
			frame_text(f, 32, y, ">", 15);
		}
		frame_text(f, CTL_LABEL_X, y, ctlmenu_row_label(r), cur ? 14 : 7);
		if (r >= CTL_COUNT)
			continue;
		controls_keys_text(&s->controls, (Control)r, ", ", keys, sizeof keys);
		if (cur && m->stage == CTLS_FIRST)
			frame_text(f, CTL_KEYS_X, y, "...", 14);
		else if (cur && m->stage == CTLS_SECOND) {
			TextBuf t;

			tb_init(&t, keys + text_len(keys), sizeof keys - (size_t)text_len(keys));
			tb_str(&t, ", ...");
			frame_text(f, CTL_KEYS_X, y, keys, 14);
		} else
			frame_text(f, CTL_KEYS_X, y, keys, cur ? 15 : 11);
	}
	ctlmenu_text(m, &s->controls, prompt, note, sizeof prompt);
	text_centered(f, 161, prompt, 14);
	text_centered(f, 171, note, m->note == CTLN_TAKEN || m->note == CTLN_RESERVED || m->note == CTLN_UNNAMED ? 12 : 10);
	text_centered(f, 181, footers[m->stage < CTLS_SECOND + 1 ? m->stage : CTLS_BROWSE], 7);
	text_centered(f, 191, "Esc always pauses, Enter chooses", 8);
}

static void draw_halted(Frame *f)
{
	frame_clear(f);
	frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);
	text_centered(f, 80, "Thank you for playing Shardfall.", 7);
	text_centered(f, 104, "You may now turn off your PC.", 6);
	text_centered(f, 120, "(or press Ctrl+Alt+Del to restart)", 8);
}

void session_draw(const Session *s, Frame *f)
{
	switch (s->mode) {
	case SESSION_TITLE:
		title_draw(&s->title, f);
		if (s->notice[0]) {             /* on a black band over the floor's sky */
			frame_fill(f, 0, 138, SCREEN_W, 12, 0);
			text_centered(f, 140, s->notice, 12);
		}
		break;
	case SESSION_MENU:
		draw_menu(s, f);
		break;
	case SESSION_INSTRUCTIONS:
		draw_instructions(s, f);
		break;
	case SESSION_PLAYING:
		render_view(&s->world, f);
		if (s->demo)
			session_draw_demo_label(f);
		break;
	case SESSION_PAUSED:
		render_view(&s->world, f);
		draw_pause(s, f);
		break;
	case SESSION_LEVEL_DONE:
		draw_level_done(s, f);
		break;
	case SESSION_GAME_OVER:
		draw_game_over(s, f);
		break;
	case SESSION_EPISODE_END:
		draw_episode_end(s, f);
		break;
	case SESSION_ERROR:
		draw_error(s, f);
		break;
	case SESSION_CONTROLS:
		draw_controls(s, f);
		break;
	case SESSION_SYSINFO:
		frame_clear(f);
		frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);     /* no stars: nothing between the lines */
		heading(f, 4, "SYSTEM INFO", 11, 1, 2);
		sysscreen_draw(s->hooks.sysinfo, f);
		break;
	case SESSION_HALTED:
	case SESSION_MODE_COUNT:
		draw_halted(f);
		break;
	}
}

uint32_t session_look(const Session *s)
{
	uint32_t k = s->epoch * 64u + (uint32_t)s->mode;

	switch (s->mode) {
	case SESSION_TITLE:
		return k * 2654435761u + title_look(&s->title);
	case SESSION_MENU:
		return (k * 8 + s->cursor) * 2 + ((s->mode_ticks / CURSOR_STEP_TICKS) & 1);
	case SESSION_PLAYING:
		return k * 2654435761u + s->world.tick;
	default:
		return k;                       /* still pictures: they change with the mode only */
	}
}
