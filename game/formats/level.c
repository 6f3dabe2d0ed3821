/* level.c: validates level files field by field and loads them into the map and a spawn list. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "actor.h"
#include "crc32.h"
#include "gfx.h"
#include "level.h"
#include "lzunpack.h"
#include "map.h"
#include "textbuf.h"

_Static_assert(LEVEL_MAX_ACTORS == MAX_ACTORS, "level.h and actor.h disagree on the actor limit");
_Static_assert(LEVEL_HEADER_SIZE == 14 + LEVEL_NAME_SIZE, "header layout");

static void msg_xy(TextBuf *m, size_t x, size_t y)
{
	tb_char(m, '(');
	tb_udec(m, x);
	tb_char(m, ',');
	tb_udec(m, y);
	tb_char(m, ')');
}

/* Error messages go through the shared text builder, prefixed "level: ". */
static void msg_start(TextBuf *m, char *err, size_t errlen)
{
	tb_init(m, err, errlen);
	tb_str(m, "level: ");
}

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/*
 * Why a cell value is invalid, or NULL when it is fine. Cells 9.. are solid
 * tiles 1..; solid tile 0 (EMPTY) would be cell 8, which is a path step.
 */
static const char *cell_problem(uint16_t c)
{
	if (c <= MAP_PATH_LAST)
		return NULL;                    /* air or a platform path step */
	if (c & MAP_MASKED_FLAG)
		return (c & (uint16_t)~MAP_MASKED_FLAG) < gfx_mtile_count ? NULL : "no such masked tile";
	return c - MAP_SOLID_BASE < gfx_tile_count ? NULL : "no such solid tile";
}

/* Header fields that do not need the rest of the file. */
static bool check_header(const uint8_t *d, size_t len, LevelHeader *h, TextBuf *m)
{
	uint32_t cells;

	if (!tb_has_header(m, d, len, LEVEL_HEADER_SIZE))
		return false;
	if (d[0] != 'S' || d[1] != 'F' || d[2] != 'L' || d[3] != 'V') {
		tb_str(m, "bad magic \"");
		for (int i = 0; i < 4; i++) {
			if (d[i] >= 0x20 && d[i] <= 0x7E && d[i] != '"' && d[i] != '\\') {
				tb_char(m, (char)d[i]);
			} else {
				tb_str(m, "\\x");
				tb_char(m, "0123456789ABCDEF"[d[i] >> 4]);
				tb_char(m, "0123456789ABCDEF"[d[i] & 0xF]);
			}
		}
		tb_str(m, "\", not \"SFLV\"");
		return false;
	}
	h->version = rd16(d + 4);
	h->w = rd16(d + 6);
	h->h = rd16(d + 8);
	h->actor_count = rd16(d + 10);
	h->flags = rd16(d + 12);
	if (h->version != LEVEL_VERSION) {
		tb_str(m, "version ");
		tb_udec(m, h->version);
		tb_str(m, " not supported (want ");
		tb_udec(m, LEVEL_VERSION);
		tb_char(m, ')');
		return false;
	}
	if (h->flags != 0) {
		tb_str(m, "flags ");
		tb_hex(m, h->flags, 4);
		tb_str(m, " not supported (must be 0)");
		return false;
	}
	if (h->w < 1 || h->w > MAP_MAX_W || h->h < 1 || h->h > MAP_MAX_H) {
		tb_str(m, "size ");
		tb_udec(m, h->w);
		tb_char(m, 'x');
		tb_udec(m, h->h);
		tb_str(m, " outside 1x1 .. ");
		tb_udec(m, MAP_MAX_W);
		tb_char(m, 'x');
		tb_udec(m, MAP_MAX_H);
		return false;
	}
	cells = (uint32_t)h->w * h->h;
	if (cells > MAP_MAX_CELLS) {
		tb_str(m, "size ");
		tb_udec(m, h->w);
		tb_char(m, 'x');
		tb_udec(m, h->h);
		tb_str(m, " is ");
		tb_udec(m, cells);
		tb_str(m, " cells, more than ");
		tb_udec(m, MAP_MAX_CELLS);
		return false;
	}
	if (h->actor_count > LEVEL_MAX_ACTORS) {
		tb_udec(m, h->actor_count);
		tb_str(m, " actors, more than ");
		tb_udec(m, LEVEL_MAX_ACTORS);
		return false;
	}
	return true;
}

static bool printable(uint8_t c)
{
	return c >= 0x20 && c <= 0x7E;
}

/* The name field: printable ASCII, then a NUL within 16 bytes, then only NULs. */
static const NameField level_name = {
	.what = "name", .size = LEVEL_NAME_SIZE, .allowed = printable, .bad_byte = "not printable ASCII",
};

static bool check_cells(const uint8_t *p, const LevelHeader *h, TextBuf *m)
{
	for (uint32_t y = 0; y < h->h; y++) {
		for (uint32_t x = 0; x < h->w; x++) {
			uint16_t c = rd16(p + 2 * (y * h->w + x));
			const char *why = cell_problem(c);

			if (why) {
				tb_str(m, "cell ");
				msg_xy(m, x, y);
				tb_str(m, " has tile ");
				tb_hex(m, c, 4);
				tb_str(m, ", ");
				tb_str(m, why);
				return false;
			}
		}
	}
	return true;
}

static bool check_actors(const uint8_t *p, const LevelHeader *h, TextBuf *m)
{
	int players = 0, first_player = -1;

	for (int i = 0; i < h->actor_count; i++) {
		const uint8_t *a = p + LEVEL_ACTOR_SIZE * i;
		uint16_t kind = rd16(a), x = rd16(a + 2), y = rd16(a + 4);

		if (kind == ACT_NONE || kind >= ACT_COUNT) {
			tb_str(m, "actor ");
			tb_udec(m, i);
			tb_str(m, " has kind ");
			tb_udec(m, kind);
			tb_str(m, kind == ACT_NONE ? " (ACT_NONE), not an actor" : ", no such actor kind");
			return false;
		}
		if (x >= h->w || y >= h->h) {
			tb_str(m, "actor ");
			tb_udec(m, i);
			tb_str(m, " at ");
			msg_xy(m, x, y);
			tb_str(m, " is outside the ");
			tb_udec(m, h->w);
			tb_char(m, 'x');
			tb_udec(m, h->h);
			tb_str(m, " map");
			return false;
		}
		if (kind == ACT_PLAYER) {
			if (players++ == 0) {
				first_player = i;
			} else {
				tb_str(m, "actors ");
				tb_udec(m, first_player);
				tb_str(m, " and ");
				tb_udec(m, i);
				tb_str(m, " are both PLAYER; want exactly one");
				return false;
			}
		}
	}
	if (players == 0) {
		tb_str(m, "no PLAYER actor; want exactly one");
		return false;
	}
	return true;
}

bool level_check(const uint8_t *data, size_t len, LevelHeader *out, char *err, size_t errlen)
{
	TextBuf m;
	LevelHeader h;
	size_t cells_at = LEVEL_HEADER_SIZE, actors_at, crc_at, want;

	msg_start(&m, err, errlen);
	if (!check_header(data, len, &h, &m) || !tb_name_field(&m, &level_name, data + 14, h.name))
		return false;
	actors_at = cells_at + 2 * (size_t)h.w * h.h;
	crc_at = actors_at + LEVEL_ACTOR_SIZE * (size_t)h.actor_count;
	want = crc_at + LEVEL_CRC_SIZE;
	if (len != want) {
		tb_str(&m, "file is ");
		tb_udec(&m, len);
		tb_str(&m, " bytes; a ");
		tb_udec(&m, h.w);
		tb_char(&m, 'x');
		tb_udec(&m, h.h);
		tb_str(&m, " map with ");
		tb_udec(&m, h.actor_count);
		tb_str(&m, " actors needs ");
		tb_udec(&m, want);
		return false;
	}
	if (!tb_crc_matches(&m, data, crc_at))
		return false;
	if (!check_cells(data + cells_at, &h, &m) || !check_actors(data + actors_at, &h, &m))
		return false;
	if (out)
		*out = h;
	if (err && errlen)
		err[0] = '\0';
	return true;
}

bool level_load(Map *m, LevelSpawn spawns[LEVEL_MAX_ACTORS], int *spawn_count,
    const uint8_t *data, size_t len, char *err, size_t errlen)
{
	LevelHeader h;
	const uint8_t *p;
	uint32_t n;

	if (!level_check(data, len, &h, err, errlen))
		return false;
	n = (uint32_t)h.w * h.h;
	p = data + LEVEL_HEADER_SIZE;
	m->w = h.w;
	m->h = h.h;
	for (uint32_t i = 0; i < n; i++, p += 2)
		m->cells[i] = rd16(p);
	for (int i = 0; i < h.actor_count; i++, p += LEVEL_ACTOR_SIZE)
		spawns[i] = (LevelSpawn){ .kind = rd16(p), .x = rd16(p + 2), .y = rd16(p + 4) };
	*spawn_count = h.actor_count;
	return true;
}

const LevelBlob *level_find(const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < game_level_count; i++) {
		const LevelBlob *b = &game_levels[i];

		if (!text_equal(b->name, name))
			continue;
		/* NOTE: unpacked on every find (at a level's start, ~20 K instructions): no state to keep. */
		if (b->packed && !lz_unpack(b->packed, b->packed_len, b->room, b->len))
			return NULL;
		return b;
	}
	return NULL;
}
