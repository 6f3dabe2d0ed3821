/* celldiff.c: compares a frame's draw commands with the ones a buffer last got, cell by cell. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "celldiff.h"
#include "frame.h"
#include "gfx.h"
#include "stages.h"

typedef uint32_t __attribute__((may_alias)) word;       /* two grid cells read at once */

#define LOOKAHEAD       32              /* commands added or gone between two matches */

/* The dirty[] being filled, and how many cells it has. */
typedef struct Marks {
	uint8_t *cell;
	int count;
} Marks;

/* Mark the cells of [x0, x1) x [y0, y1), clipped to the screen. */
static void mark_rect(Marks *m, int x0, int y0, int x1, int y1)
{
	if (x0 < 0) x0 = 0;
	if (y0 < 0) y0 = 0;
	if (x1 > SCREEN_W) x1 = SCREEN_W;
	if (y1 > SCREEN_H) y1 = SCREEN_H;
	if (x0 >= x1 || y0 >= y1)
		return;
	for (int cy = y0 >> 3; cy <= (y1 - 1) >> 3; cy++) {
		uint8_t *d = m->cell + cy * CELL_COLS;

		for (int cx = x0 >> 3; cx <= (x1 - 1) >> 3; cx++)
			if (!d[cx]) {
				d[cx] = 1;
				m->count++;
			}
	}
}

static int text_len(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

/* The clip rectangle in force while walking a list (images, masked tiles and text stay inside it). */
typedef struct Clip {
	int x0, y0, x1, y1;
} Clip;

/*
 * Mark where command c (of a list with texts `text`) can put pixels.
 * NOTE: its own switch, not frame_cmd_box (cmdbox.h): grids count here,
 * fills and tiles ignore the clip, and on this path (every changed command
 * of every frame) the shared helper's extra tests cost ~0.5k a frame.
 */
static void mark_cmd(Marks *m, const DrawCmd *c, const char *text, const Clip *k)
{
	int x0 = c->x, y0 = c->y, x1, y1;

	switch (c->kind) {
	case DRAW_FILL:
		mark_rect(m, x0, y0, x0 + c->w, y0 + c->h);
		return;
	case DRAW_TILE:
		mark_rect(m, x0, y0, x0 + 8, y0 + 8);
		return;
	case DRAW_GRID:
	case DRAW_GRID_FRONT:
		mark_rect(m, x0, y0, x0 + c->w * 8, y0 + c->h * 8);
		return;
	case DRAW_IMAGE:
		if (c->id >= gfx_image_count)
			return;
		x0 -= gfx_images[c->id].ox;
		y0 -= gfx_images[c->id].oy;
		x1 = x0 + gfx_images[c->id].w;
		y1 = y0 + gfx_images[c->id].h;
		break;
	case DRAW_MTILE:
		x1 = x0 + 8;
		y1 = y0 + 8;
		break;
	case DRAW_TEXT:
		x1 = x0 + 8 * text_len(&text[c->id]);
		y1 = y0 + 8;
		break;
	default:
		return;                         /* a clip draws nothing itself */
	}
	mark_rect(m, x0 > k->x0 ? x0 : k->x0, y0 > k->y0 ? y0 : k->y0, x1 < k->x1 ? x1 : k->x1,
	    y1 < k->y1 ? y1 : k->y1);
}

static bool same_text(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

bool celldiff_same_cmd(const DrawCmd *a, const char *ta, const DrawCmd *b, const char *tb)
{
	if (a->kind != b->kind || a->color != b->color || a->flags != b->flags || a->x != b->x ||
	    a->y != b->y || a->w != b->w || a->h != b->h)
		return false;
	return a->kind == DRAW_TEXT ? same_text(&ta[a->id], &tb[b->id]) : a->id == b->id;
}

/*
 * The same kind of drawing at the same place, e.g. an animated sprite's
 * next picture: marked on both sides without looking ahead for a partner.
 */
static bool same_place(const DrawCmd *a, const DrawCmd *b)
{
	return a->kind == b->kind && a->x == b->x && a->y == b->y;
}

/* The commands a list has one or two of, in a fixed order: what an actor's commands are matched around. */
static bool anchor(const DrawCmd *c)
{
	return c->kind == DRAW_CLIP || c->kind == DRAW_GRID || c->kind == DRAW_GRID_FRONT;
}

/*
 * Two texts of the same length in the same place and colour (a score that
 * changed): mark the cells of the characters that differ, where the clip
 * lets them show, and say so; anything else: false, nothing marked.
 */
static bool same_text_place(Marks *m, const DrawCmd *a, const char *ta, const DrawCmd *b, const char *tb,
    const Clip *k)
{
	const char *s = &ta[a->id], *t = &tb[b->id];
	int n = 0;

	if (a->kind != DRAW_TEXT || b->kind != DRAW_TEXT || a->x != b->x || a->y != b->y || a->color != b->color ||
	    a->flags != b->flags)
		return false;
	while (s[n] && t[n])
		n++;
	if (s[n] || t[n])
		return false;                   /* (lengths differ) */
	for (int i = 0; i < n; i++)
		if (s[i] != t[i]) {
			int x0 = a->x + 8 * i;

			mark_rect(m, x0 > k->x0 ? x0 : k->x0, a->y > k->y0 ? a->y : k->y0,
			    x0 + 8 < k->x1 ? x0 + 8 : k->x1, a->y + 8 < k->y1 ? a->y + 8 : k->y1);
		}
	return true;
}

static void clip_cmd(Clip *k, const DrawCmd *c)
{
	*k = (Clip){ c->x, c->y, c->x + c->w, c->y + c->h };
}

/* Grid cell k of a row: marked (d[k]) and copied when it changed. */
static inline void diff_cell(Marks *m, const uint16_t *now, uint16_t *was, uint8_t *d, int k)
{
	if (now[k] == was[k])
		return;
	was[k] = now[k];
	if (!d[k]) {
		d[k] = 1;
		m->count++;
	}
}

/* One grid against the page's copy (same place and size): changed cells are marked, the copy updated. */
static void diff_grid(Marks *m, const DrawCmd *c, const uint16_t *now, uint16_t *was)
{
	int cx0 = c->x >> 3, cy0 = c->y >> 3;

	if ((c->x & 7) || (c->y & 7) || c->x < 0 || c->y < 0 || cx0 + c->w > CELL_COLS ||
	    cy0 + c->h > CELL_ROWS || c->w * c->h > FRAME_GRID_CELLS) {
		for (int i = 0; i < c->w * c->h && i < FRAME_GRID_CELLS; i++)
			was[i] = now[i];
		mark_rect(m, c->x, c->y, c->x + c->w * 8, c->y + c->h * 8);   /* off the cell lattice */
		return;
	}
	for (int r = 0; r < c->h; r++, now += c->w, was += c->w) {
		uint8_t *d = m->cell + (cy0 + r) * CELL_COLS + cx0;
		const word *n4 = (const word *)(const void *)now, *w4 = (const word *)(const void *)was;
		int k = 0, pairs = (((uintptr_t)now | (uintptr_t)was) & 3) ? 0 : c->w / 2;

		for (int p = 0; p < pairs; p++)
			if (n4[p] != w4[p])
				for (k = 2 * p; k < 2 * p + 2; k++)
					diff_cell(m, now, was, d, k);
		for (k = 2 * pairs; k < c->w; k++)
			diff_cell(m, now, was, d, k);
	}
}

/*
 * One frame against the list the page holds in slot s; afterwards the slot
 * holds the frame. The lists are matched in order (commands may have been
 * added or removed: as many as the lists' lengths differ by, up to
 * LOOKAHEAD, are looked for on the longer side), so matched commands keep
 * their order; every unmatched command is marked where it was or where it
 * is. After a clip that changed, every command is marked (its pixels are
 * clipped otherwise). Exact whichever commands are paired: a pair that
 * differs is marked on both sides.
 */
static void diff_frame(Marks *m, const Frame *f, const DrawCmd *cmd, int nn, bool grids, CellPage *page, int s,
    bool all)
{
	const DrawCmd *old = page->cmds[s];
	const char *otext = page->text[s];
	int on = all ? 0 : page->count[s], i = 0, j = 0;
	Clip kn = { 0, 0, SCREEN_W, SCREEN_H }, ko = kn;
	bool clip_changed = false;

	while (i < nn || j < on) {
		bool take_new = i < nn, take_old = j < on;
		int extra;

		if (take_new && take_old && !clip_changed) {
			if (celldiff_same_cmd(&cmd[i], f->text, &old[j], otext)) {
				if (cmd[i].kind == DRAW_CLIP) {
					clip_cmd(&kn, &cmd[i]);
					ko = kn;
				} else if (cmd[i].kind == DRAW_GRID && grids) {
					diff_grid(m, &cmd[i], f->grid, page->grid[s]);
				}
				i++;
				j++;
				continue;
			}
			if (same_text_place(m, &cmd[i], f->text, &old[j], otext, &kn)) {
				i++;                    /* (a number that changed: only its changed characters marked) */
				j++;
				continue;
			}
			/*
			 * Not the same: if commands were added from here on, is
			 * old[j] a little further in the new list (cmd[i] is new)?
			 * If some went, is cmd[i] a little further in the old one
			 * (old[j] is gone)? Otherwise the two are a changed pair.
			 */
			extra = (nn - i) - (on - j);
			if (same_place(&cmd[i], &old[j]))
				extra = 0;
			if (anchor(&cmd[i]) != anchor(&old[j])) {
				/* a clip or grid pass stays paired with its own: the sprite beside it went or came */
				take_new = !anchor(&cmd[i]);
				take_old = !anchor(&old[j]);
				extra = 0;
			}
			for (int k = 1; k <= extra && k <= LOOKAHEAD && i + k < nn; k++)
				if (celldiff_same_cmd(&cmd[i + k], f->text, &old[j], otext)) {
					take_old = false;
					break;
				}
			for (int k = 1; k <= -extra && k <= LOOKAHEAD && j + k < on; k++)
				if (celldiff_same_cmd(&cmd[i], f->text, &old[j + k], otext)) {
					take_new = false;
					break;
				}
		}
		if (take_old) {
			mark_cmd(m, &old[j], otext, &ko);
			if (old[j].kind == DRAW_CLIP) {
				clip_cmd(&ko, &old[j]);
				clip_changed = true;
			}
			j++;
		}
		if (take_new) {
			mark_cmd(m, &cmd[i], f->text, &kn);
			if (cmd[i].kind == DRAW_CLIP) {
				clip_cmd(&kn, &cmd[i]);
				clip_changed = true;
			}
			if (cmd[i].kind == DRAW_GRID && grids)
				for (int k = 0; k < cmd[i].w * cmd[i].h && k < FRAME_GRID_CELLS; k++)
					page->grid[s][k] = f->grid[k];
			i++;
		}
	}

	/* The slot now holds these commands and f's texts (the grid cells were copied on the way). */
	for (int i = 0; i < nn; i++)
		page->cmds[s][i] = cmd[i];
	for (int i = 0; i < f->text_used && i < FRAME_TEXT_BYTES; i++)
		page->text[s][i] = f->text[i];
	page->count[s] = (uint16_t)nn;
}

static int diff_frames(const Frame *const *frames, int n, CellPage *page, uint8_t dirty[CELL_COUNT], bool grids,
    int skip_frame, const uint8_t *skip)
{
	bool all = !page->valid || n != page->frames;
	Marks m = { dirty, 0 };

	STAGE_ENTERED(STAGE_DIFF);
	if (!((uintptr_t)dirty & 3))
		for (int i = 0; i < CELL_COUNT / 4; i++)
			((uint32_t *)(void *)dirty)[i] = all ? 0x01010101u : 0;
	else
		for (int i = 0; i < CELL_COUNT; i++)
			dirty[i] = all;
	if (all)
		m.count = CELL_COUNT;
	if (n > CELLDIFF_FRAMES)
		n = CELLDIFF_FRAMES;
	for (int s = 0; s < n; s++) {
		const Frame *f = frames[s];
		static DrawCmd kept[FRAME_MAX_CMDS];   /* (scratch: the commands diffed) */
		int nk = 0;

		if (!all && f->grid_cmd < 0 && page->src[s] == f && page->gen[s] == f->gen)
			continue;               /* not touched since this page got it: the same list */
		page->src[s] = f;
		page->gen[s] = f->gen;
		if (s != skip_frame || !skip) {
			diff_frame(&m, f, f->cmds, f->count, grids, page, s, all);
			continue;
		}
		for (int i = 0; i < f->count; i++)
			if (!skip[i])
				kept[nk++] = f->cmds[i];
		diff_frame(&m, f, kept, nk, false, page, s, all);
	}
	page->frames = (uint8_t)n;
	page->valid = true;
	return m.count;
}

int celldiff_frames(const Frame *const *frames, int n, CellPage *page, uint8_t dirty[CELL_COUNT])
{
	return diff_frames(frames, n, page, dirty, true, -1, NULL);
}

int celldiff_frames_without(const Frame *const *frames, int n, CellPage *page, uint8_t dirty[CELL_COUNT],
    int skip_frame, const uint8_t *skip)
{
	return diff_frames(frames, n, page, dirty, false, skip_frame, skip);
}

bool celldiff_same_copy(const CmdCopy *k, const DrawCmd *const *cmd, const char *const *text, int n)
{
	if (k->n != n)
		return false;
	for (int b = 0; b < n; b++)
		if (!celldiff_same_cmd(cmd[b], text[b], &k->cmd[b], k->text))
			return false;
	return true;
}

void celldiff_keep_copy(CmdCopy *k, const DrawCmd *const *cmd, const char *const *text, int n)
{
	int used = 0;

	k->n = n;
	for (int b = 0; b < n; b++) {
		k->cmd[b] = *cmd[b];
		if (cmd[b]->kind != DRAW_TEXT)
			continue;
		k->cmd[b].id = (uint16_t)used;
		for (const char *t = &text[b][cmd[b]->id]; used < CELLDIFF_COPY_TEXT - 1; t++) {
			k->text[used++] = *t;
			if (!*t)
				break;
		}
		if (used >= CELLDIFF_COPY_TEXT - 1)
			k->n = -1;              /* (too much text to keep: never the same) */
	}
}

void celldiff_cleared(CellPage *page, int color)
{
	page->valid = true;
	page->frames = 1;
	for (int s = 0; s < CELLDIFF_FRAMES; s++) {
		page->src[s] = NULL;            /* no frame of the game's: diffed command by command */
		page->gen[s] = 0;
		page->count[s] = 0;
	}
	page->cmds[0][0] = (DrawCmd){ .kind = DRAW_FILL, .x = 0, .y = 0, .w = SCREEN_W, .h = SCREEN_H,
	    .color = (uint8_t)(color & 15) };   /* as frame_fill makes it */
	page->count[0] = 1;
}

void celldiff_copy(CellPage *to, const CellPage *from)
{
	to->valid = from->valid;
	to->frames = from->frames;
	for (int s = 0; s < CELLDIFF_FRAMES; s++) {
		int text = 0, cells = 0;

		to->count[s] = from->count[s];
		to->src[s] = from->src[s];
		to->gen[s] = from->gen[s];
		for (int i = 0; i < from->count[s]; i++) {
			const DrawCmd *c = &from->cmds[s][i];

			to->cmds[s][i] = *c;
			if (c->kind == DRAW_TEXT && c->id < FRAME_TEXT_BYTES) {
				int end = c->id + text_len(&from->text[s][c->id]) + 1;

				text = end > text ? end : text;
			} else if (c->kind == DRAW_GRID && c->w * c->h > cells) {
				cells = c->w * c->h;
			}
		}
		for (int i = 0; i < text && i < FRAME_TEXT_BYTES; i++)
			to->text[s][i] = from->text[s][i];
		for (int i = 0; i < cells && i < FRAME_GRID_CELLS; i++)
			to->grid[s][i] = from->grid[s][i];
	}
}
