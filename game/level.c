/* level.c: validates level files field by field and loads them into the map and a spawn list. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "actor.h"
#include "crc32.h"
#include "gfx.h"
#include "level.h"
#include "map.h"

_Static_assert(LEVEL_MAX_ACTORS == MAX_ACTORS, "level.h and actor.h disagree on the actor limit");
_Static_assert(LEVEL_HEADER_SIZE == 14 + LEVEL_NAME_SIZE, "header layout");

/*
 * A bounded message builder (no snprintf in game/): appends text and
 * numbers, silently truncating, always leaving buf NUL-terminated.
 */
typedef struct Msg {
	char *buf;
	size_t size, len;
} Msg;

static void msg_char(Msg *m, char c)
{
	if (m->len + 1 < m->size) {
		m->buf[m->len++] = c;
		m->buf[m->len] = '\0';
	}
}

static void msg_str(Msg *m, const char *s)
{
	while (*s)
		msg_char(m, *s++);
}

static void msg_dec(Msg *m, size_t v)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		msg_char(m, tmp[--n]);
}

/* 0x followed by exactly `digits` upper-case hex digits. */
static void msg_hex(Msg *m, uint32_t v, int digits)
{
	msg_str(m, "0x");
	while (digits--)
		msg_char(m, "0123456789ABCDEF"[(v >> (4 * digits)) & 0xF]);
}

static void msg_xy(Msg *m, size_t x, size_t y)
{
	msg_char(m, '(');
	msg_dec(m, x);
	msg_char(m, ',');
	msg_dec(m, y);
	msg_char(m, ')');
}

static Msg msg_start(char *err, size_t errlen)
{
	Msg m = { err, errlen, 0 };

	if (err && errlen)
		err[0] = '\0';
	else
		m.size = 0;
	msg_str(&m, "level: ");
	return m;
}

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
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
static bool check_header(const uint8_t *d, size_t len, LevelHeader *h, Msg *m)
{
	uint32_t cells;

	if (!d) {
		msg_str(m, "no data (NULL)");
		return false;
	}
	if (len < LEVEL_HEADER_SIZE) {
		msg_str(m, "file is ");
		msg_dec(m, len);
		msg_str(m, " bytes, shorter than the ");
		msg_dec(m, LEVEL_HEADER_SIZE);
		msg_str(m, "-byte header");
		return false;
	}
	if (d[0] != 'S' || d[1] != 'F' || d[2] != 'L' || d[3] != 'V') {
		msg_str(m, "bad magic \"");
		for (int i = 0; i < 4; i++) {
			if (d[i] >= 0x20 && d[i] <= 0x7E && d[i] != '"' && d[i] != '\\') {
				msg_char(m, (char)d[i]);
			} else {
				msg_str(m, "\\x");
				msg_char(m, "0123456789ABCDEF"[d[i] >> 4]);
				msg_char(m, "0123456789ABCDEF"[d[i] & 0xF]);
			}
		}
		msg_str(m, "\", not \"SFLV\"");
		return false;
	}
	h->version = rd16(d + 4);
	h->w = rd16(d + 6);
	h->h = rd16(d + 8);
	h->actor_count = rd16(d + 10);
	h->flags = rd16(d + 12);
	if (h->version != LEVEL_VERSION) {
		msg_str(m, "version ");
		msg_dec(m, h->version);
		msg_str(m, " not supported (want ");
		msg_dec(m, LEVEL_VERSION);
		msg_char(m, ')');
		return false;
	}
	if (h->flags != 0) {
		msg_str(m, "flags ");
		msg_hex(m, h->flags, 4);
		msg_str(m, " not supported (must be 0)");
		return false;
	}
	if (h->w < 1 || h->w > MAP_MAX_W || h->h < 1 || h->h > MAP_MAX_H) {
		msg_str(m, "size ");
		msg_dec(m, h->w);
		msg_char(m, 'x');
		msg_dec(m, h->h);
		msg_str(m, " outside 1x1 .. ");
		msg_dec(m, MAP_MAX_W);
		msg_char(m, 'x');
		msg_dec(m, MAP_MAX_H);
		return false;
	}
	cells = (uint32_t)h->w * h->h;
	if (cells > MAP_MAX_CELLS) {
		msg_str(m, "size ");
		msg_dec(m, h->w);
		msg_char(m, 'x');
		msg_dec(m, h->h);
		msg_str(m, " is ");
		msg_dec(m, cells);
		msg_str(m, " cells, more than ");
		msg_dec(m, MAP_MAX_CELLS);
		return false;
	}
	if (h->actor_count > LEVEL_MAX_ACTORS) {
		msg_dec(m, h->actor_count);
		msg_str(m, " actors, more than ");
		msg_dec(m, LEVEL_MAX_ACTORS);
		return false;
	}
	return true;
}

/* The name field: printable ASCII, then a NUL within 16 bytes, then only NULs. */
static bool check_name(const uint8_t *p, LevelHeader *h, Msg *m)
{
	int n = 0;

	while (n < LEVEL_NAME_SIZE && p[n] != 0) {
		if (p[n] < 0x20 || p[n] > 0x7E) {
			msg_str(m, "name byte ");
			msg_dec(m, n);
			msg_str(m, " is ");
			msg_hex(m, p[n], 2);
			msg_str(m, ", not printable ASCII");
			return false;
		}
		n++;
	}
	if (n == LEVEL_NAME_SIZE) {
		msg_str(m, "name is not NUL-terminated within 16 bytes");
		return false;
	}
	if (n == 0) {
		msg_str(m, "name is empty");
		return false;
	}
	for (int i = n; i < LEVEL_NAME_SIZE; i++) {
		if (p[i] != 0) {
			msg_str(m, "name padding byte ");
			msg_dec(m, i);
			msg_str(m, " is ");
			msg_hex(m, p[i], 2);
			msg_str(m, ", not NUL");
			return false;
		}
	}
	for (int i = 0; i < LEVEL_NAME_SIZE; i++)
		h->name[i] = (char)p[i];
	return true;
}

static bool check_cells(const uint8_t *p, const LevelHeader *h, Msg *m)
{
	for (uint32_t y = 0; y < h->h; y++) {
		for (uint32_t x = 0; x < h->w; x++) {
			uint16_t c = rd16(p + 2 * (y * h->w + x));
			const char *why = cell_problem(c);

			if (why) {
				msg_str(m, "cell ");
				msg_xy(m, x, y);
				msg_str(m, " has tile ");
				msg_hex(m, c, 4);
				msg_str(m, ", ");
				msg_str(m, why);
				return false;
			}
		}
	}
	return true;
}

static bool check_actors(const uint8_t *p, const LevelHeader *h, Msg *m)
{
	int players = 0, first_player = -1;

	for (int i = 0; i < h->actor_count; i++) {
		const uint8_t *a = p + LEVEL_ACTOR_SIZE * i;
		uint16_t kind = rd16(a), x = rd16(a + 2), y = rd16(a + 4);

		if (kind == ACT_NONE || kind >= ACT_COUNT) {
			msg_str(m, "actor ");
			msg_dec(m, i);
			msg_str(m, " has kind ");
			msg_dec(m, kind);
			msg_str(m, kind == ACT_NONE ? " (ACT_NONE), not an actor" : ", no such actor kind");
			return false;
		}
		if (x >= h->w || y >= h->h) {
			msg_str(m, "actor ");
			msg_dec(m, i);
			msg_str(m, " at ");
			msg_xy(m, x, y);
			msg_str(m, " is outside the ");
			msg_dec(m, h->w);
			msg_char(m, 'x');
			msg_dec(m, h->h);
			msg_str(m, " map");
			return false;
		}
		if (kind == ACT_PLAYER) {
			if (players++ == 0) {
				first_player = i;
			} else {
				msg_str(m, "actors ");
				msg_dec(m, first_player);
				msg_str(m, " and ");
				msg_dec(m, i);
				msg_str(m, " are both PLAYER; want exactly one");
				return false;
			}
		}
	}
	if (players == 0) {
		msg_str(m, "no PLAYER actor; want exactly one");
		return false;
	}
	return true;
}

bool level_check(const uint8_t *data, size_t len, LevelHeader *out, char *err, size_t errlen)
{
	Msg m = msg_start(err, errlen);
	LevelHeader h;
	size_t cells_at = LEVEL_HEADER_SIZE, actors_at, crc_at, want;
	uint32_t file_crc, crc;

	if (!check_header(data, len, &h, &m) || !check_name(data + 14, &h, &m))
		return false;
	actors_at = cells_at + 2 * (size_t)h.w * h.h;
	crc_at = actors_at + LEVEL_ACTOR_SIZE * (size_t)h.actor_count;
	want = crc_at + LEVEL_CRC_SIZE;
	if (len != want) {
		msg_str(&m, "file is ");
		msg_dec(&m, len);
		msg_str(&m, " bytes; a ");
		msg_dec(&m, h.w);
		msg_char(&m, 'x');
		msg_dec(&m, h.h);
		msg_str(&m, " map with ");
		msg_dec(&m, h.actor_count);
		msg_str(&m, " actors needs ");
		msg_dec(&m, want);
		return false;
	}
	file_crc = rd32(data + crc_at);
	crc = crc32_update(0, data, crc_at);
	if (crc != file_crc) {
		msg_str(&m, "CRC mismatch (file ");
		msg_hex(&m, file_crc, 8);
		msg_str(&m, ", computed ");
		msg_hex(&m, crc, 8);
		msg_char(&m, ')');
		return false;
	}
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
		const char *a = game_levels[i].name, *b = name;

		while (*a && *a == *b) {
			a++;
			b++;
		}
		if (*a == *b)
			return &game_levels[i];
	}
	return NULL;
}
