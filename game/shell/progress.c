/* progress.c: the payload that survives power-off — defaults, the checked little-endian encoding, the high-score table. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "weapons.h"
#include "controls.h"
#include "episode.h"
#include "keys.h"
#include "progress.h"
#include "textbuf.h"
#include "world.h"

#define AT_CONTROLS     4
#define AT_FLAGS        (AT_CONTROLS + CTL_COUNT * CONTROL_KEYS)
#define AT_SCORES       (AT_FLAGS + 1)
#define SCORE_BYTES     (HISCORE_NAME + 4)
#define AT_GAMES        (AT_SCORES + HISCORE_COUNT * SCORE_BYTES)
#define GAME_BYTES      18
#define AT_PAD          (AT_GAMES + SAVE_SLOTS * GAME_BYTES)
#define END             (AT_PAD + CTL_COUNT)

#define FLAG_MUSIC      0x01
#define FLAG_SFX        0x02
#define FLAG_CRASH      0x04

_Static_assert(END == PROGRESS_BYTES, "PROGRESS_BYTES is the layout's end");
_Static_assert(AT_PAD == PROGRESS_V1_BYTES, "version 2 appends to version 1");
_Static_assert(PROGRESS_BYTES <= PROGRESS_MAX_BYTES, "the save area's slot holds the payload");

/* The original's table when it has no config file (cosmore, game2.c): nine names, the tenth row empty. */
static const HiScore default_scores[HISCORE_COUNT] = {
	{ "BART", 1000000 }, { "LISA", 900000 }, { "MARGE", 800000 }, { "ITCHY", 700000 },
	{ "SCRATCHY", 600000 }, { "MR. BURNS", 500000 }, { "MAGGIE", 400000 }, { "KRUSTY", 300000 },
	{ "HOMER", 200000 }, { "", 0 },
};

void progress_defaults(Progress *p)
{
	*p = (Progress){ .music_on = true, .sfx_on = true };
	controls_defaults(&p->controls);
	for (int i = 0; i < HISCORE_COUNT; i++)
		p->scores[i] = default_scores[i];
}

static void put16(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *b, uint32_t v)
{
	put16(b, v);
	put16(b + 2, v >> 16);
}

static uint32_t get16(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8;
}

static uint32_t get32(const uint8_t *b)
{
	return get16(b) | get16(b + 2) << 16;
}

size_t progress_encode(const Progress *p, uint8_t *buf, size_t cap)
{
	if (cap < PROGRESS_BYTES)
		return 0;
	for (size_t i = 0; i < PROGRESS_BYTES; i++)
		buf[i] = 0;
	put16(buf, PROGRESS_VERSION);
	put16(buf + 2, PROGRESS_BYTES);
	for (int a = 0; a < CTL_COUNT; a++)
		for (int k = 0; k < CONTROL_KEYS; k++)
			buf[AT_CONTROLS + a * CONTROL_KEYS + k] = p->controls.keys[a][k];
	buf[AT_FLAGS] = (uint8_t)((p->music_on ? FLAG_MUSIC : 0) | (p->sfx_on ? FLAG_SFX : 0) |
	    (p->crash_report ? FLAG_CRASH : 0));
	for (int i = 0; i < HISCORE_COUNT; i++) {
		uint8_t *r = buf + AT_SCORES + i * SCORE_BYTES;

		for (int c = 0; c < HISCORE_NAME - 1 && p->scores[i].name[c]; c++)
			r[c] = (uint8_t)p->scores[i].name[c];
		put32(r + HISCORE_NAME, p->scores[i].score);
	}
	for (int i = 0; i < SAVE_SLOTS; i++) {
		const SavedGame *g = &p->games[i];
		uint8_t *r = buf + AT_GAMES + i * GAME_BYTES;

		if (!g->used)
			continue;
		r[0] = 1;
		r[1] = g->level;
		r[2] = g->bonus;
		r[3] = g->stats.health;
		r[4] = g->stats.lives;
		r[5] = g->stats.bombs;
		put32(r + 6, g->stats.score);
		put16(r + 10, g->stats.prizes);
		put16(r + 12, g->stats.secrets);
		put32(r + 14, g->stats.frames);
	}
	for (int a = 0; a < CTL_COUNT; a++)
		buf[AT_PAD + a] = p->controls.pad[a];
	return PROGRESS_BYTES;
}

/*
 * Every action has a first key; no key is reserved, outside the table, or
 * given twice; gaps only at the end; keyboard slots hold keyboard keys, the
 * pad slot a pad button or none.
 */
static bool controls_valid(const Controls *c)
{
	bool seen[GK_COUNT] = { false };

	for (int a = 0; a < CTL_COUNT; a++) {
		for (int k = 0; k < CONTROL_KEYS; k++) {
			uint8_t key = c->keys[a][k];

			if (key == GK_NONE) {
				if (k == 0)
					return false;
				continue;
			}
			if (controls_reserved(key) || key_is_pad(key) || seen[key] || c->keys[a][k - (k > 0)] == GK_NONE)
				return false;
			seen[key] = true;
		}
		if (c->pad[a] == GK_NONE)
			continue;
		if (!key_is_pad(c->pad[a]) || controls_reserved(c->pad[a]) || seen[c->pad[a]])
			return false;
		seen[c->pad[a]] = true;
	}
	return true;
}

static bool all_zero(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* A name field: printable characters, a NUL, NULs to the end (so at most 15 characters). */
static bool name_field(const uint8_t *r, char *name)
{
	int n = 0;

	while (n < HISCORE_NAME && r[n])
		n++;
	if (n == HISCORE_NAME || !all_zero(r + n, (size_t)(HISCORE_NAME - n)))
		return false;
	for (int i = 0; i < HISCORE_NAME; i++)
		name[i] = (char)r[i];
	return hiscore_name_ok(name);
}

static bool game_field(const uint8_t *r, SavedGame *g)
{
	*g = (SavedGame){ .used = false };
	if (r[0] == 0)
		return all_zero(r, GAME_BYTES);
	if (r[0] != 1 || r[1] >= episode_level_count || r[2] > 1 || (r[2] && r[1] != episode_bonus_from))
		return false;
	if (r[3] > PLAYER_MAX_HEALTH || r[4] < 1 || r[4] > SAVED_LIVES_MAX || r[5] > MAX_BOMBS)
		return false;
	g->used = true;
	g->level = r[1];
	g->bonus = r[2] != 0;
	g->stats = (PlayerStats){
		.health = r[3], .lives = r[4], .bombs = r[5], .score = get32(r + 6),
		.prizes = (uint16_t)get16(r + 10), .secrets = (uint16_t)get16(r + 12), .frames = get32(r + 14),
	};
	return true;
}

bool progress_decode(Progress *p, const uint8_t *buf, size_t len)
{
	Progress q;                     /* built aside: *p changes only when all of it is good */

	bool v1;

	if (!buf || len < 4)
		return false;
	v1 = get16(buf) == 1 && len == PROGRESS_V1_BYTES && get16(buf + 2) == PROGRESS_V1_BYTES;
	if (!v1 && (len != PROGRESS_BYTES || get16(buf) != PROGRESS_VERSION || get16(buf + 2) != PROGRESS_BYTES))
		return false;
	q = (Progress){ .music_on = false };
	for (int a = 0; a < CTL_COUNT; a++) {
		for (int k = 0; k < CONTROL_KEYS; k++)
			q.controls.keys[a][k] = buf[AT_CONTROLS + a * CONTROL_KEYS + k];
		q.controls.pad[a] = v1 ? control_defs[a].pad : buf[AT_PAD + a];    /* version 1: no pads yet */
	}
	if (!controls_valid(&q.controls) || (buf[AT_FLAGS] & ~(FLAG_MUSIC | FLAG_SFX | FLAG_CRASH)))
		return false;
	q.music_on = (buf[AT_FLAGS] & FLAG_MUSIC) != 0;
	q.sfx_on = (buf[AT_FLAGS] & FLAG_SFX) != 0;
	q.crash_report = (buf[AT_FLAGS] & FLAG_CRASH) != 0;
	for (int i = 0; i < HISCORE_COUNT; i++) {
		const uint8_t *r = buf + AT_SCORES + i * SCORE_BYTES;

		if (!name_field(r, q.scores[i].name))
			return false;
		q.scores[i].score = get32(r + HISCORE_NAME);
		if (i > 0 && q.scores[i].score > q.scores[i - 1].score)
			return false;           /* best first */
	}
	for (int i = 0; i < SAVE_SLOTS; i++)
		if (!game_field(buf + AT_GAMES + i * GAME_BYTES, &q.games[i]))
			return false;
	*p = q;
	return true;
}

int hiscore_rank(const HiScore *table, uint32_t score)
{
	for (int i = 0; i < HISCORE_COUNT; i++)
		if (score > table[i].score)
			return i;
	return -1;
}

void hiscore_insert(HiScore *table, int rank, const char *name, uint32_t score)
{
	int n = 0;

	if (rank < 0 || rank >= HISCORE_COUNT)
		return;
	for (int i = HISCORE_COUNT - 1; i > rank; i--)
		table[i] = table[i - 1];
	table[rank] = (HiScore){ .score = score };
	for (; name && name[n] && n < HISCORE_NAME - 1; n++)
		table[rank].name[n] = name[n];
}

bool hiscore_name_ok(const char *name)
{
	int n = 0;

	for (; n < HISCORE_NAME && name[n]; n++)
		if (name[n] < ' ' || name[n] > '~')
			return false;
	return n < HISCORE_NAME;
}

char hiscore_key_char(uint8_t key)
{
	static const char letters[] = "QWERTYUIOPASDFGHJKLZXCVBNM";
	static const uint8_t letter_keys[] = {
		GK_Q, GK_W, GK_E, GK_R, GK_T, GK_Y, GK_U, GK_I, GK_O, GK_P, GK_A, GK_S, GK_D, GK_F, GK_G, GK_H,
		GK_J, GK_K, GK_L, GK_Z, GK_X, GK_C, GK_V, GK_B, GK_N, GK_M,
	};

	for (unsigned i = 0; i < sizeof letter_keys; i++)
		if (letter_keys[i] == key)
			return letters[i];
	if (key >= GK_1 && key <= GK_9)
		return (char)('1' + (key - GK_1));
	if (key == GK_0)
		return '0';
	if (key == GK_SPACE)
		return ' ';
	if (key == GK_PERIOD)
		return '.';
	if (key == GK_MINUS)
		return '-';
	return 0;
}

void hiscore_line(const HiScore *h, int rank, char *buf, size_t size)
{
	TextBuf t;

	tb_init(&t, buf, size);
	tb_udec(&t, (uint64_t)rank + 1);
	tb_str(&t, ". ");
	tb_str(&t, h->name);
	tb_char(&t, ' ');
	tb_udec(&t, h->score);
}

size_t progress_scores_text(const Progress *p, char *buf, size_t cap)
{
	static const char title[] = "Shardfall - Hall of Fame\r\n\r\n";
	TextBuf t;

	if (cap < PROGRESS_SCORES_TEXT_MAX)
		return 0;
	tb_init(&t, buf, cap);
	tb_str(&t, title);
	for (int i = 0; i < HISCORE_COUNT; i++) {
		char score[12];
		TextBuf n;
		int len;

		tb_init(&n, score, sizeof score);
		tb_udec(&n, p->scores[i].score);
		for (len = 0; score[len]; len++)
			;
		tb_str(&t, i + 1 < 10 ? " " : "");
		tb_udec(&t, (uint64_t)i + 1);
		tb_str(&t, ". ");
		for (; len < 10; len++)
			tb_char(&t, ' ');
		tb_str(&t, score);
		tb_str(&t, "  ");
		tb_str(&t, p->scores[i].name);
		tb_str(&t, "\r\n");
	}
	for (cap = 0; buf[cap]; cap++)
		;
	return cap;
}
