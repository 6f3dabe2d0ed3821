/* replay.c: replay files — checked field by field around their demo, and built from a recorded one. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crc32.h"
#include "demo.h"
#include "le.h"
#include "replay.h"
#include "textbuf.h"

_Static_assert(REPLAY_MAX_SIZE <= 96 * 1024, "a replay fits REPLAY.DAT and CRASHRPL.DAT (96 KiB)");

/* Header offsets (see replay.h). */
#define AT_VERSION      4
#define AT_FLAGS        6
#define AT_END_TICK     8
#define AT_FRAME_CRC    12
#define AT_EPISODE      16
#define AT_BONUS        17
#define AT_SOURCE       18
#define AT_RESERVED1    19
#define AT_PRIZES       20
#define AT_SECRETS      22
#define AT_FRAMES       24
#define AT_RESERVED2    28
#define AT_DEMO_LEN     32
#define DEMO_MIN_SIZE   (DEMO_HEADER_SIZE + DEMO_CRC_SIZE)

/* "<what> <value> <why>", e.g. "source 7 unknown (want 0 or 1)". */
static bool bad(TextBuf *m, const char *what, uint32_t value, const char *why)
{
	tb_str(m, what);
	tb_char(m, ' ');
	tb_udec(m, value);
	tb_char(m, ' ');
	tb_str(m, why);
	return false;
}

/* The fixed header: magic, version, flags and the episode fields. */
static bool check_header(const uint8_t *d, size_t len, ReplayMeta *h, TextBuf *m)
{
	uint16_t version;

	if (!tb_has_header(m, d, len, REPLAY_HEADER_SIZE))
		return false;
	if (d[0] != 'S' || d[1] != 'F' || d[2] != 'R' || d[3] != 'P') {
		tb_str(m, "bad magic ");
		for (int i = 0; i < 4; i++) {
			tb_str(m, i ? " " : "");
			tb_hex(m, d[i], 2);
		}
		tb_str(m, ", not \"SFRP\" (no replay written here)");
		return false;
	}
	version = le16_get(d + AT_VERSION);
	if (version != REPLAY_VERSION)
		return bad(m, "version", version, "not supported (want 1)");
	h->flags = le16_get(d + AT_FLAGS);
	h->end_tick = le32_get(d + AT_END_TICK);
	h->frame_crc = le32_get(d + AT_FRAME_CRC);
	h->episode_level = d[AT_EPISODE];
	h->bonus = d[AT_BONUS];
	h->source = d[AT_SOURCE];
	h->prizes = le16_get(d + AT_PRIZES);
	h->secrets = le16_get(d + AT_SECRETS);
	h->frames = le32_get(d + AT_FRAMES);
	if (h->flags & ~REPLAY_F_ALL)
		return bad(m, "flags", h->flags, "has unknown bits (known: 1 incomplete, 2 panic, 4 mid-frame)");
	if ((h->flags & REPLAY_F_MIDFRAME) && !(h->flags & REPLAY_F_PANIC))
		return bad(m, "flags", h->flags, "say mid-frame without panic");
	if ((h->flags & REPLAY_F_MIDFRAME) && h->frame_crc != 0)
		return bad(m, "frame_crc", h->frame_crc, "with mid-frame (no picture was finished: want 0)");
	if (h->source > REPLAY_SRC_DEMO)
		return bad(m, "source", h->source, "unknown (want 0 player or 1 demo)");
	if (h->bonus > 1 || (h->bonus && h->episode_level == REPLAY_NO_EPISODE))
		return bad(m, "bonus", h->bonus, "wrong (want 0, or 1 with an episode level)");
	if (h->source == REPLAY_SRC_DEMO && h->episode_level != REPLAY_NO_EPISODE)
		return bad(m, "episode level", h->episode_level, "with a demo's input (want 255: none)");
	if (d[AT_RESERVED1] != 0)
		return bad(m, "reserved byte 19 is", d[AT_RESERVED1], "(want 0)");
	if (le32_get(d + AT_RESERVED2) != 0)
		return bad(m, "reserved u32 at 28 is", le32_get(d + AT_RESERVED2), "(want 0)");
	return true;
}

/* The demo's ticks against end_tick and the flags. */
static bool check_ticks(const ReplayMeta *h, const DemoHeader *demo, TextBuf *m)
{
	bool short_demo = demo->ticks < h->end_tick;

	if (demo->ticks > h->end_tick) {
		tb_str(m, "the demo has ");
		tb_udec(m, demo->ticks);
		tb_str(m, " ticks, past end_tick ");
		tb_udec(m, h->end_tick);
		return false;
	}
	if (short_demo != !!(h->flags & REPLAY_F_INCOMPLETE)) {
		tb_str(m, "the demo has ");
		tb_udec(m, demo->ticks);
		tb_str(m, " of end_tick's ");
		tb_udec(m, h->end_tick);
		tb_str(m, short_demo ? " ticks but the incomplete flag is not set" : " ticks but the incomplete flag is set");
		return false;
	}
	if ((h->flags & REPLAY_F_MIDFRAME) && h->end_tick == 0)
		return bad(m, "end_tick", 0, "with mid-frame (no frame had begun)");
	return true;
}

bool replay_check(const uint8_t *data, size_t len, ReplayInfo *out, char *err, size_t errlen)
{
	char demo_err[DEMO_ERR_SIZE];
	TextBuf m;
	ReplayInfo r = { .size = 0 };
	size_t crc_at;

	tb_init(&m, err, errlen);
	tb_str(&m, "replay: ");
	if (!check_header(data, len, &r.m, &m))
		return false;
	r.demo_len = le32_get(data + AT_DEMO_LEN);
	if (r.demo_len < DEMO_MIN_SIZE || r.demo_len > DEMO_MAX_SIZE) {
		tb_str(&m, "demo_len ");
		tb_udec(&m, r.demo_len);
		tb_str(&m, " outside ");
		tb_udec(&m, DEMO_MIN_SIZE);
		tb_str(&m, "..");
		tb_udec(&m, DEMO_MAX_SIZE);
		return false;
	}
	crc_at = REPLAY_HEADER_SIZE + (size_t)r.demo_len;
	if (len < crc_at + REPLAY_CRC_SIZE) {
		tb_str(&m, "file is ");
		tb_udec(&m, len);
		tb_str(&m, " bytes; a demo of ");
		tb_udec(&m, r.demo_len);
		tb_str(&m, " needs ");
		tb_udec(&m, crc_at + REPLAY_CRC_SIZE);
		return false;
	}
	if (!tb_crc_matches(&m, data, crc_at))
		return false;
	r.demo_bytes = data + REPLAY_HEADER_SIZE;
	if (!demo_check(r.demo_bytes, r.demo_len, &r.demo, demo_err, sizeof demo_err)) {
		tb_str(&m, "the ");
		tb_str(&m, demo_err);
		return false;
	}
	if (!check_ticks(&r.m, &r.demo, &m))
		return false;
	r.size = crc_at + REPLAY_CRC_SIZE;
	if (out)
		*out = r;
	if (err && errlen)
		err[0] = '\0';
	return true;
}

void replay_build(ReplayParts *p, const ReplayMeta *m, const uint8_t *demo, uint32_t demo_len)
{
	uint8_t *d = p->head;
	uint32_t crc;

	d[0] = 'S';
	d[1] = 'F';
	d[2] = 'R';
	d[3] = 'P';
	le16_put(d + AT_VERSION, REPLAY_VERSION);
	le16_put(d + AT_FLAGS, m->flags);
	le32_put(d + AT_END_TICK, m->end_tick);
	le32_put(d + AT_FRAME_CRC, m->frame_crc);
	d[AT_EPISODE] = m->episode_level;
	d[AT_BONUS] = m->bonus;
	d[AT_SOURCE] = m->source;
	d[AT_RESERVED1] = 0;
	le16_put(d + AT_PRIZES, m->prizes);
	le16_put(d + AT_SECRETS, m->secrets);
	le32_put(d + AT_FRAMES, m->frames);
	le32_put(d + AT_RESERVED2, 0);
	le32_put(d + AT_DEMO_LEN, demo_len);
	p->demo = demo;
	p->demo_len = demo_len;
	crc = crc32_update(0, p->head, REPLAY_HEADER_SIZE);
	crc = crc32_update(crc, demo, demo_len);
	le32_put(p->tail, crc);
	p->size = REPLAY_HEADER_SIZE + demo_len + REPLAY_CRC_SIZE;
}

size_t replay_flatten(const ReplayParts *p, uint8_t *out, size_t cap)
{
	if (cap < p->size)
		return 0;
	for (size_t i = 0; i < REPLAY_HEADER_SIZE; i++)
		out[i] = p->head[i];
	for (size_t i = 0; i < p->demo_len; i++)
		out[REPLAY_HEADER_SIZE + i] = p->demo[i];
	for (size_t i = 0; i < REPLAY_CRC_SIZE; i++)
		out[REPLAY_HEADER_SIZE + p->demo_len + i] = p->tail[i];
	return p->size;
}
