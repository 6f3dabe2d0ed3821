/* savescreens.c: the pictures of progress — the high-score table, the name prompt, the save slots, the title's save lines. */
#include <stdbool.h>
#include <stdint.h>

#include "assets.h"
#include "episode.h"
#include "frame.h"
#include "progress.h"
#include "screens_int.h"
#include "session.h"
#include "textbuf.h"

#define TABLE_Y         30              /* the first row of the table */
#define TABLE_ROW_H     12
#define SLOT_Y          38
#define SLOT_ROW_H      12

/* v right-aligned in `width` characters. */
static void tb_right(TextBuf *t, uint32_t v, int width)
{
	for (int d = scr_digits(v); d < width; d++)
		tb_char(t, ' ');
	tb_udec(t, v);
}

/* The Hall of Fame: " 1.  1000000  BART", the new entry (s->hs_mark) on a bar. */
void screens_hiscores(const Session *s, Frame *f)
{
	char line[40];
	TextBuf t;

	scr_backdrop(f, true);
	scr_heading(f, 6, "HALL OF FAME", 14, 6, 2);
	scr_box(f, 40, TABLE_Y - 6, 240, HISCORE_COUNT * TABLE_ROW_H + 10, 0, 9, 1);
	for (int i = 0; i < HISCORE_COUNT; i++) {
		const HiScore *h = &s->progress.scores[i];
		int y = TABLE_Y + i * TABLE_ROW_H;
		bool mark = i == s->hs_mark;

		if (mark)
			frame_fill(f, 44, y - 2, 232, TABLE_ROW_H, 9);
		tb_init(&t, line, sizeof line);
		tb_right(&t, (uint32_t)i + 1, 2);
		tb_str(&t, ". ");
		tb_right(&t, h->score, 8);
		tb_str(&t, "  ");
		tb_str(&t, h->name);
		frame_text(f, 56, y, line, mark ? 14 : 15);
	}
	scr_centered(f, 156, s->after_table == SESSION_MENU ? "Any key: menu" : "Press a key", 7);
}

void screens_name(const Session *s, Frame *f)
{
	char line[40];
	TextBuf t;
	int x;

	scr_backdrop(f, true);
	scr_heading(f, 12, "HIGH SCORE!", 14, 6, 2);
	scr_centered(f, 40, "You made it into the hall of fame!", 15);
	scr_label_number(line, sizeof line, "Score ", s->stats.score, scr_digits(s->stats.score));
	scr_centered(f, 54, line, 11);
	scr_centered(f, 76, "Enter your name:", 15);
	scr_box(f, 92, 88, 136, 18, 0, 9, 1);
	tb_init(&t, line, sizeof line);
	tb_str(&t, s->name);
	if (scr_text_len(s->name) < HISCORE_NAME - 1)
		tb_char(&t, '_');
	x = 100;
	frame_text(f, x, 93, line, 14);
	scr_centered(f, 118, "Letters, digits, space; Backspace", 7);
	scr_centered(f, 130, "Enter keeps it", 7);
}

/* One slot's row in 33 characters: "3  Level 4      1200 pts  2 lives", "3  Bonus   ...", or "3  empty". */
static void slot_row(const SavedGame *g, int i, char *buf, int size)
{
	TextBuf t;

	tb_init(&t, buf, (size_t)size);
	tb_udec(&t, (uint64_t)i + 1);
	tb_str(&t, "  ");
	if (!g->used) {
		tb_str(&t, "empty");
		return;
	}
	if (g->bonus)
		tb_str(&t, "Bonus   ");
	else {
		tb_str(&t, "Level ");
		tb_udec(&t, (uint64_t)g->level + 1);
		tb_str(&t, g->level + 1 < 10 ? "  " : " ");
	}
	tb_right(&t, g->stats.score, 9);
	tb_str(&t, " pts  ");
	tb_udec(&t, g->stats.lives);
	tb_str(&t, g->stats.lives == 1 ? " life" : " lives");
}

void screens_slots(const Session *s, Frame *f)
{
	char line[48];

	scr_backdrop(f, false);
	scr_heading(f, 6, s->slot_saving ? "SAVE GAME" : "RESTORE GAME", 11, 1, 2);
	scr_centered(f, 24, "A save holds the start of the level", 7);
	scr_box(f, 16, SLOT_Y - 6, 288, SAVE_SLOTS * SLOT_ROW_H + 10, 0, 9, 1);
	for (int i = 0; i < SAVE_SLOTS; i++) {
		int y = SLOT_Y + i * SLOT_ROW_H;
		bool cur = i == s->slot;

		if (cur)
			frame_fill(f, 20, y - 2, 280, SLOT_ROW_H, 9);
		slot_row(&s->progress.games[i], i, line, sizeof line);
		frame_text(f, 28, y, line, cur ? 14 : s->progress.games[i].used ? 15 : 8);
	}
	if (s->slot_note[0])
		scr_centered(f, 160, s->slot_note, 10);
	scr_centered(f, 176, "1-9, or Up/Down and Enter", 7);
	scr_centered(f, 188, s->slot_back == SESSION_PAUSED ? "Esc: back to the game" : "Esc: back to the menu", 7);
}

/* WAITING: Restore game or High scores chosen before the kernel knows where the save area is. */
void screens_waiting(Frame *f)
{
	scr_backdrop(f, false);
	scr_heading(f, 6, "PLEASE WAIT", 11, 1, 2);
	scr_centered(f, 96, "Looking for the stick...", 15);
	scr_centered(f, 188, "Esc: back to the menu", 7);
}

/*
 * On black bands over the title, between the hints and the notice: a
 * crash report waiting on the stick (two lines), else a start that did not
 * finish (two lines), and saves off (one line, or two when the reason is long).
 */
void screens_title_lines(const Session *s, Frame *f)
{
	char line[64];
	TextBuf t;

	if (s->crash_saved) {
		frame_fill(f, 0, 99, SCREEN_W, 20, 0);
		scr_centered(f, 100, "A crash report was saved on the stick:", 14);
		scr_centered(f, 110, "CRASH.TXT", 14);
	} else if (s->start_unfinished) {      /* a crash says more: its report names the fault */
		frame_fill(f, 0, 99, SCREEN_W, 20, 0);
		scr_centered(f, 100, "The last start did not finish:", 14);
		scr_centered(f, 110, "LOG.TXT has its log", 14);
	}
	if (s->saves_on)
		return;
	tb_init(&t, line, sizeof line);
	tb_str(&t, "Progress is not saved: ");
	tb_str(&t, s->saves_why);
	if (scr_text_len(line) * CHAR_W <= SCREEN_W) {
		frame_fill(f, 0, 120, SCREEN_W, 10, 0);
		scr_centered(f, 121, line, 12);
	} else {
		frame_fill(f, 0, 120, SCREEN_W, 19, 0);
		scr_centered(f, 121, "Progress is not saved:", 12);
		line[0] = '\0';
		tb_init(&t, line, SCREEN_W / CHAR_W + 1);       /* what fits on the line */
		tb_str(&t, s->saves_why);
		scr_centered(f, 130, line, 12);
	}
}
