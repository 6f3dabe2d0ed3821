/* demo.c: demo files — validated byte by byte, played back tick by tick, recorded into a fixed buffer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"
#include "demo.h"
#include "input.h"
#include "le.h"
#include "player.h"
#include "textbuf.h"
#include "world.h"

_Static_assert(DEMO_HEADER_SIZE == 24 + DEMO_LEVEL_SIZE + 8, "header layout");
_Static_assert(BTN_COUNT <= 16, "buttons must fit the u16 fields");
_Static_assert(DEMO_MAX_RUNS <= 0xFFFFFFFFu / DEMO_RUN_SIZE, "size arithmetic fits 32 bits");

/* Header offsets (see demo.h). */
#define AT_VERSION      4
#define AT_FLAGS        6
#define AT_LEVEL        8
#define AT_LEVEL_CRC    40
#define AT_SEED         44
#define AT_SCORE        48
#define AT_LIVES        52
#define AT_HEALTH       53
#define AT_BOMBS        54
#define AT_RESERVED     55
#define AT_TICKS        56
#define AT_RUNS         60

static bool name_char(uint8_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* The level field: a name level=NAME accepts, then a NUL within 32 bytes, then only NULs. */
static const NameField level_field = {
	.what = "level name", .size = DEMO_LEVEL_SIZE, .allowed = name_char, .bad_byte = "want a-z 0-9 _ -",
};

/* Everything in the fixed 64-byte header. */
static bool check_header(const uint8_t *d, size_t len, DemoHeader *h, TextBuf *m)
{
	uint16_t flags;

	if (!tb_has_header(m, d, len, DEMO_HEADER_SIZE))
		return false;
	if (d[0] != 'S' || d[1] != 'F' || d[2] != 'D' || d[3] != 'M') {
		tb_str(m, "bad magic ");
		for (int i = 0; i < 4; i++) {
			tb_str(m, i ? " " : "");
			tb_hex(m, d[i], 2);
		}
		tb_str(m, ", not \"SFDM\"");
		return false;
	}
	h->version = le16_get(d + AT_VERSION);
	flags = le16_get(d + AT_FLAGS);
	if (h->version != DEMO_VERSION) {
		tb_str(m, "version ");
		tb_udec(m, h->version);
		tb_str(m, " not supported (want ");
		tb_udec(m, DEMO_VERSION);
		tb_char(m, ')');
		return false;
	}
	if (flags != 0) {
		tb_str(m, "flags ");
		tb_hex(m, flags, 4);
		tb_str(m, " not supported (must be 0)");
		return false;
	}
	if (!tb_name_field(m, &level_field, d + AT_LEVEL, h->level))
		return false;
	h->level_crc = le32_get(d + AT_LEVEL_CRC);
	h->seed = le32_get(d + AT_SEED);
	h->score = le32_get(d + AT_SCORE);
	h->lives = d[AT_LIVES];
	h->health = d[AT_HEALTH];
	h->bombs = d[AT_BOMBS];
	h->ticks = le32_get(d + AT_TICKS);
	h->runs = le32_get(d + AT_RUNS);
	if (h->lives == 0 || h->lives > PLAYER_START_LIVES) {      /* lives are only ever lost */
		tb_str(m, "starting lives ");
		tb_udec(m, h->lives);
		tb_str(m, " outside 1..");
		tb_udec(m, PLAYER_START_LIVES);
		return false;
	}
	if (h->bombs > MAX_BOMBS) {
		tb_str(m, "starting bombs ");
		tb_udec(m, h->bombs);
		tb_str(m, " outside 0..");
		tb_udec(m, MAX_BOMBS);
		return false;
	}
	if (h->score > DEMO_MAX_SCORE) {
		tb_str(m, "starting score ");
		tb_udec(m, h->score);
		tb_str(m, " over ");
		tb_udec(m, DEMO_MAX_SCORE);
		return false;
	}
	if (h->health == 0 || h->health > PLAYER_MAX_HEALTH) {
		tb_str(m, "starting health ");
		tb_udec(m, h->health);
		tb_str(m, " outside 1..");
		tb_udec(m, PLAYER_MAX_HEALTH);
		return false;
	}
	if (d[AT_RESERVED] != 0) {
		tb_str(m, "reserved byte 55 is ");
		tb_hex(m, d[AT_RESERVED], 2);
		tb_str(m, ", not 0");
		return false;
	}
	if (h->runs > DEMO_MAX_RUNS) {
		tb_udec(m, h->runs);
		tb_str(m, " runs, more than ");
		tb_udec(m, DEMO_MAX_RUNS);
		return false;
	}
	return true;
}

/* Each run: a count of 1..255 and known buttons only; the counts add up to exactly h->ticks. */
static bool check_runs(const uint8_t *p, const DemoHeader *h, TextBuf *m)
{
	uint32_t total = 0;

	for (uint32_t i = 0; i < h->runs; i++, p += DEMO_RUN_SIZE) {
		uint16_t held = le16_get(p + 1), pressed = le16_get(p + 3);
		uint16_t unknown = (uint16_t)((held | pressed) & ~DEMO_BUTTONS);

		if (p[0] == 0) {
			tb_str(m, "run ");
			tb_udec(m, i);
			tb_str(m, " has count 0");
			return false;
		}
		if (unknown) {
			tb_str(m, "run ");
			tb_udec(m, i);
			tb_str(m, held & ~DEMO_BUTTONS ? " holds" : " presses");
			tb_str(m, " unknown buttons ");
			tb_hex(m, unknown, 4);
			return false;
		}
		total += p[0];          /* <= 255 * DEMO_MAX_RUNS: no overflow */
		if (total > h->ticks) {
			tb_str(m, "run ");
			tb_udec(m, i);
			tb_str(m, " overflows: runs reach tick ");
			tb_udec(m, total);
			tb_str(m, ", the header says ");
			tb_udec(m, h->ticks);
			tb_str(m, " ticks");
			return false;
		}
	}
	if (total != h->ticks) {
		tb_str(m, "runs add up to ");
		tb_udec(m, total);
		tb_str(m, " ticks, the header says ");
		tb_udec(m, h->ticks);
		return false;
	}
	return true;
}

bool demo_check(const uint8_t *data, size_t len, DemoHeader *out, char *err, size_t errlen)
{
	TextBuf m;
	DemoHeader h = { 0 };
	size_t crc_at, want;

	tb_init(&m, err, errlen);
	tb_str(&m, "demo: ");
	if (!check_header(data, len, &h, &m))
		return false;
	crc_at = DEMO_HEADER_SIZE + (size_t)DEMO_RUN_SIZE * h.runs;
	want = crc_at + DEMO_CRC_SIZE;
	if (len != want) {
		tb_str(&m, "file is ");
		tb_udec(&m, len);
		tb_str(&m, " bytes; ");
		tb_udec(&m, h.runs);
		tb_str(&m, " runs need ");
		tb_udec(&m, want);
		return false;
	}
	if (!tb_crc_matches(&m, data, crc_at))
		return false;
	if (!check_runs(data + DEMO_HEADER_SIZE, &h, &m))
		return false;
	if (out)
		*out = h;
	if (err && errlen)
		err[0] = '\0';
	return true;
}

bool demo_open(DemoPlayer *p, const uint8_t *data, size_t len, char *err, size_t errlen)
{
	*p = (DemoPlayer){ .runs = NULL };
	if (!demo_check(data, len, &p->h, err, errlen))
		return false;
	p->runs = data + DEMO_HEADER_SIZE;
	p->left = p->h.runs ? p->runs[0] : 0;
	return true;
}

bool demo_ended(const DemoPlayer *p)
{
	return p->played >= p->h.ticks;
}

bool demo_next(DemoPlayer *p, GameInput *in)
{
	const uint8_t *r;

	*in = (GameInput){ 0, 0 };
	if (!p->runs || demo_ended(p))
		return false;
	while (p->left == 0) {          /* checked: a later run exists while ticks are left */
		p->run++;
		p->left = p->runs[DEMO_RUN_SIZE * p->run];
	}
	r = p->runs + DEMO_RUN_SIZE * p->run;
	in->held = le16_get(r + 1);
	in->pressed = le16_get(r + 3);
	p->left--;
	p->played++;
	return true;
}

void demo_apply_start(const DemoHeader *h, World *w)
{
	w->score = h->score;
	w->lives = h->lives;
	w->health = h->health;
	w->bombs = h->bombs;
	world_status_changed(w);
}

uint32_t demo_level_crc(const uint8_t *level, size_t len)
{
	return level && len >= 4 ? le32_get(level + len - 4) : 0;
}

void demo_rec_begin(DemoRecorder *r, const char *level, uint32_t level_crc, uint32_t seed, const World *w)
{
	r->h = (DemoHeader){
		.version = DEMO_VERSION,
		.level_crc = level_crc,
		.seed = seed,
		.score = w->score,
		.lives = w->lives,
		.health = w->health,
		.bombs = w->bombs,
	};
	for (int i = 0; i < DEMO_LEVEL_SIZE - 1 && level && level[i]; i++)
		r->h.level[i] = level[i];
	r->full = false;
}

/* Same input as the last record and room in its count: count it there; else a new record. */
bool demo_rec_add(DemoRecorder *r, const GameInput *in)
{
	uint8_t *last = r->h.runs ? r->bytes + DEMO_HEADER_SIZE + DEMO_RUN_SIZE * (r->h.runs - 1) : NULL;
	uint8_t *rec;

	if (r->full)
		return false;           /* never skip a tick and go on: the stream would shift */
	if (last && last[0] < DEMO_RUN_MAX && le16_get(last + 1) == in->held && le16_get(last + 3) == in->pressed) {
		last[0]++;
		r->h.ticks++;
		return true;
	}
	if (r->h.runs >= DEMO_MAX_RUNS) {
		r->full = true;
		return false;
	}
	rec = r->bytes + DEMO_HEADER_SIZE + DEMO_RUN_SIZE * r->h.runs;
	rec[0] = 1;
	le16_put(rec + 1, in->held);
	le16_put(rec + 3, in->pressed);
	r->h.runs++;
	r->h.ticks++;
	return true;
}

size_t demo_rec_finish(DemoRecorder *r)
{
	uint8_t *d = r->bytes;
	size_t crc_at = DEMO_HEADER_SIZE + (size_t)DEMO_RUN_SIZE * r->h.runs;

	d[0] = 'S';
	d[1] = 'F';
	d[2] = 'D';
	d[3] = 'M';
	le16_put(d + AT_VERSION, DEMO_VERSION);
	le16_put(d + AT_FLAGS, 0);
	for (int i = 0; i < DEMO_LEVEL_SIZE; i++)
		d[AT_LEVEL + i] = (uint8_t)r->h.level[i];
	le32_put(d + AT_LEVEL_CRC, r->h.level_crc);
	le32_put(d + AT_SEED, r->h.seed);
	le32_put(d + AT_SCORE, r->h.score);
	d[AT_LIVES] = r->h.lives;
	d[AT_HEALTH] = r->h.health;
	d[AT_BOMBS] = r->h.bombs;
	d[AT_RESERVED] = 0;
	le32_put(d + AT_TICKS, r->h.ticks);
	le32_put(d + AT_RUNS, r->h.runs);
	le32_put(d + crc_at, crc32_update(0, d, crc_at));
	return crc_at + DEMO_CRC_SIZE;
}

const DemoBlob *demo_find(const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < game_demo_count; i++) {
		if (text_equal(game_demos[i].name, name))
			return &game_demos[i];
	}
	return NULL;
}
