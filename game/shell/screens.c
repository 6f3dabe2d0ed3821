/* screens.c: the session's pictures — menu, instructions, pause box, controls, system info's frame; session_draw picks one. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "controls.h"
#include "ctlmenu.h"
#include "episode.h"
#include "frame.h"
#include "gfx.h"
#include "render.h"
#include "screens_int.h"
#include "session.h"
#include "sysinfo.h"
#include "textbuf.h"
#include "title.h"
#include "world.h"

#define CURSOR_STEP_TICKS 10            /* the menu hero's stride: one frame per 10 ticks */

/* The menu box and its rows. */
#define MENU_X          72
#define MENU_Y          46
#define MENU_W          176
#define MENU_ROW_H      11
#define MENU_TEXT_X     (MENU_X + 36)

/* The pause box, centred on the view; taller in a game that can be saved (S and R). Two rows for the report's note. */
#define PAUSE_W         208
#define PAUSE_H         120
#define PAUSE_SAVES_H   144
#define PAUSE_NOTE_CHARS 24             /* a note line: (PAUSE_W - 16) / 8 */
#define PAUSE_X         (VIEW_PX + (VIEW_W * 8 - PAUSE_W) / 2)

static void draw_menu(const Session *s, Frame *f)
{
	int stride = (int)(s->mode_ticks / CURSOR_STEP_TICKS) & 1;
	char label[32];

	scr_backdrop(f, true);
	scr_logo(f, 6);
	scr_centered(f, 38, "An EGA platform adventure", 7);
	scr_box(f, MENU_X, MENU_Y, MENU_W, MENU_COUNT * MENU_ROW_H + 10, 0, 9, 1);
	for (int i = 0; i < MENU_COUNT; i++) {
		int y = MENU_Y + 7 + i * MENU_ROW_H;

		if (i == s->cursor) {
			frame_fill(f, MENU_X + 4, y - 2, MENU_W - 8, MENU_ROW_H, 9);
			scr_image_at(f, MENU_X + 12, y + 9, stride ? IMG_PLAYER_R1 : IMG_PLAYER_R0);
		}
		session_menu_label(s, i, label, sizeof label);
		frame_text(f, MENU_TEXT_X, y + 1, label, i == s->cursor ? 14 : 7);
	}
	scr_centered(f, 167, "Up/Down choose, Enter selects", 7);
	scr_image_at(f, 24, FLOOR_Y - 1, IMG_BARREL);
	scr_image_at(f, 280, FLOOR_Y - 1, IMG_EXIT0);
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
	tb_str(&t, scr_text_len(buf) <= 7 ? ". They blast what is near." : ": they blast.");
}

static void draw_instructions(const Session *s, Frame *f)
{
	char line[40];

	scr_backdrop(f, false);
	if (s->page == 0) {
		scr_heading(f, 8, "HOW TO PLAY", 11, 1, 2);
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
		scr_centered(f, 160, "Your score, health, lives and", 7);
		scr_centered(f, 170, "bombs are shown under the view.", 7);
	} else {
		scr_heading(f, 8, "WHAT IS WHAT", 11, 1, 2);
		for (unsigned i = 0; i < sizeof things / sizeof things[0]; i++) {
			int y = 32 + (int)i * 25;
			const GfxImage *g = &gfx_images[things[i].image];

			scr_image_at(f, 24 + (16 - g->w) / 2, y + 17 - (24 - g->h) / 2, things[i].image);
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

/* The report's reason on two rows of the pause box, broken at the last space that fits. */
static void note_lines(Frame *f, int y, const char *text)
{
	char line[PAUSE_NOTE_CHARS + 1];
	int n = 0, cut = 0;

	while (text[n] && n < PAUSE_NOTE_CHARS)
		n++;
	cut = n;
	if (text[n])
		for (int i = n; i > 0; i--)
			if (text[i] == ' ') {
				cut = i;
				break;
			}
	for (int i = 0; i < cut; i++)
		line[i] = text[i];
	line[cut] = '\0';
	frame_text(f, PAUSE_X + 8, y, line, 14);
	text += cut + (text[cut] == ' ');
	for (n = 0; text[n] && n < PAUSE_NOTE_CHARS; n++)
		line[n] = text[n];
	line[n] = '\0';
	frame_text(f, PAUSE_X + 8, y + 11, line, 14);
}

/* "P: play on" with the pause keys; Enter (which always plays on) when they are too long for the box. */
static void draw_pause(const Session *s, Frame *f)
{
	char line[40];
	TextBuf t;

	bool saves = session_can_save(s);
	int h = saves ? PAUSE_SAVES_H : PAUSE_H, y = VIEW_PY + (VIEW_H * 8 - h) / 2;

	frame_clip(f, 0, 0, SCREEN_W, SCREEN_H);
	scr_box(f, PAUSE_X, y, PAUSE_W, h, 0, 15, 1);
	scr_big_text(f, PAUSE_X + (PAUSE_W - 6 * 16) / 2, y + 10, "PAUSED", 14, 2);
	controls_keys_text(&s->controls, CTL_PAUSE, "/", line, sizeof line);
	if (scr_text_len(line) > 5) {
		tb_init(&t, line, sizeof line);
		tb_str(&t, "Enter");
	}
	tb_init(&t, line + scr_text_len(line), sizeof line - (size_t)scr_text_len(line));
	tb_str(&t, ": play on");
	frame_text(f, PAUSE_X + 16, y + 36, line, 15);
	if (saves) {
		frame_text(f, PAUSE_X + 16, y + 48, "S: save game", 15);
		frame_text(f, PAUSE_X + 16, y + 60, "R: restore game", 15);
	}
	frame_text(f, PAUSE_X + 16, y + h - 70, "F: report a problem", 15);
	frame_text(f, PAUSE_X + 16, y + h - 58, "Esc or Q: menu", 7);
	frame_text(f, PAUSE_X + 8, y + h - 41, s->replay_note[0], 14);
	note_lines(f, y + h - 30, s->replay_note[1]);
}

void session_draw_demo_label(Frame *f)
{
	frame_clip(f, 0, 0, SCREEN_W, SCREEN_H);
	scr_box(f, 104, VIEW_PY + 4, 112, 14, 0, 9, 1);
	scr_centered(f, VIEW_PY + 7, "DEMO", 14);
}

/* The Controls screen: a row per action with its keys, Restore defaults, Back; the prompt and note below. */
#define CTL_BOX_Y       23
#define CTL_ROW_Y       (CTL_BOX_Y + 6)
#define CTL_ROW_H       11
#define CTL_GAP         4               /* between the actions and the two other rows */
#define CTL_LABEL_X     48
#define CTL_KEYS_X      152
#define CTL_PAD_X       244             /* the pad button: "Joy 10" ends at the box's edge */

static void draw_controls(const Session *s, Frame *f)
{
	static const char *const footers[] = {
		[CTLS_BROWSE] = "Enter: change a key  Esc: back",
		[CTLS_FIRST] = "Esc: cancel",
		[CTLS_SECOND] = "Enter or Esc: keep one key",
	};
	const CtlMenu *m = &s->ctl;
	char prompt[48], note[48], keys[32], pad[8];

	scr_backdrop(f, false);
	scr_heading(f, 4, "CONTROLS", 11, 1, 2);
	scr_box(f, 24, CTL_BOX_Y, 272, CTLROW_COUNT * CTL_ROW_H + CTL_GAP + 10, 0, 9, 1);
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
		ctlmenu_row_keys(&s->controls, r, keys, sizeof keys, pad, sizeof pad);
		if (!(cur && m->stage == CTLS_SECOND))  /* "Ctrl, ..." may reach its column */
			frame_text(f, CTL_PAD_X, y, pad, cur ? 15 : 11);
		if (cur && m->stage == CTLS_FIRST)
			frame_text(f, CTL_KEYS_X, y, "...", 14);
		else if (cur && m->stage == CTLS_SECOND) {
			TextBuf t;

			tb_init(&t, keys + scr_text_len(keys), sizeof keys - (size_t)scr_text_len(keys));
			tb_str(&t, ", ...");
			frame_text(f, CTL_KEYS_X, y, keys, 14);
		} else
			frame_text(f, CTL_KEYS_X, y, keys, cur ? 15 : 11);
	}
	ctlmenu_text(m, &s->controls, prompt, note, sizeof prompt);
	scr_centered(f, 161, prompt, 14);
	scr_centered(f, 171, note, m->note == CTLN_TAKEN || m->note == CTLN_RESERVED || m->note == CTLN_UNNAMED ? 12 : 10);
	scr_centered(f, 181, footers[m->stage < CTLS_SECOND + 1 ? m->stage : CTLS_BROWSE], 7);
	scr_centered(f, 191, "Esc always pauses, Enter chooses", 8);
}

void session_draw(const Session *s, Frame *f)
{
	switch (s->mode) {
	case SESSION_TITLE:
		title_draw(&s->title, f);
		screens_title_lines(s, f);
		if (s->notice[0]) {             /* on a black band over the floor's sky */
			frame_fill(f, 0, 138, SCREEN_W, 12, 0);
			scr_centered(f, 140, s->notice, 12);
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
		screens_level_done(s, f);
		break;
	case SESSION_GAME_OVER:
		screens_game_over(s, f);
		break;
	case SESSION_EPISODE_END:
		screens_episode_end(s, f);
		break;
	case SESSION_ERROR:
		screens_error(s, f);
		break;
	case SESSION_CONTROLS:
		draw_controls(s, f);
		break;
	case SESSION_SYSINFO:
		frame_clear(f);
		frame_fill(f, 0, 0, SCREEN_W, SCREEN_H, 0);     /* no stars: nothing between the lines */
		scr_heading(f, 4, "SYSTEM INFO", 11, 1, 2);
		sysscreen_draw(s->hooks.sysinfo, s->report_note, s->report_ok, f);
		break;
	case SESSION_HISCORES:
		screens_hiscores(s, f);
		break;
	case SESSION_NAME:
		screens_name(s, f);
		break;
	case SESSION_SLOTS:
		screens_slots(s, f);
		break;
	case SESSION_WAITING:
		screens_waiting(f);
		break;
	case SESSION_HALTED:
	case SESSION_MODE_COUNT:
		screens_halted(f);
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
