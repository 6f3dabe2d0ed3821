/* saverec.c: SAVE.DAT's header sector and records — checking, choosing the slot, making a header. */
#include "saverec.h"
#include "savecrc.h"

static const char save_magic[8] = { 'S', 'H', 'R', 'D', 'S', 'A', 'V', 'E' };
static const char rec_magic[4] = { 'S', 'R', 'E', 'C' };

static bool same(const uint8_t *a, const char *b, size_t n)
{
	while (n--)
		if (*a++ != (uint8_t)*b++)
			return false;
	return true;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

bool saverec_header(const uint8_t *sec, uint32_t file_sectors, SaveHeader *h)
{
	if (!same(sec, save_magic, 8) || save_le32(sec + 8) != SAVEREC_VERSION ||
	    save_crc32(0, sec, 36) != save_le32(sec + 36))
		return false;
	for (int i = 0; i < SAVEREC_ID_BYTES; i++)
		h->id[i] = sec[12 + i];
	h->slots = save_le32(sec + 20);
	h->slot_sectors = save_le32(sec + 24);
	h->first_slot = save_le32(sec + 28);
	if (h->slots < SAVEREC_SLOTS_MIN || h->slots > SAVEREC_SLOTS_MAX || h->slot_sectors < 2 ||
	    h->slot_sectors > SAVEREC_SLOT_SECTORS_MAX || h->first_slot < 1 || h->first_slot > file_sectors)
		return false;
	return h->slots * h->slot_sectors <= file_sectors - h->first_slot;
}

bool saverec_parse_id(const char *hex, uint8_t id[SAVEREC_ID_BYTES])
{
	for (int i = 0; i < 2 * SAVEREC_ID_BYTES; i++) {
		char c = hex[i];
		int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (v < 0)
			return false;
		if (i % 2 == 0)
			id[i / 2] = (uint8_t)(v << 4);
		else
			id[i / 2] |= (uint8_t)v;
	}
	return hex[2 * SAVEREC_ID_BYTES] == '\0';
}

/* One slot: valid when its header is ours and the CRC over the header and payload holds. */
static bool check_slot(SaveReadFn rd, void *ctx, uint64_t base, const SaveHeader *h, uint32_t slot,
                       SaveSlots *s, uint8_t *payload)
{
	uint8_t sec[SAVE_SECTOR];
	uint64_t at = base + saverec_slot_sector(h, slot);
	uint32_t len, crc, want;

	if (!rd(ctx, at, sec)) {
		s->read_error = true;
		return false;
	}
	len = save_le32(sec + 12);
	want = save_le32(sec + 28);
	if (!same(sec, rec_magic, 4) || save_le16(sec + 4) != SAVEREC_VERSION ||
	    save_le16(sec + 6) != SAVEREC_HEADER_BYTES || save_le32(sec + 16) != slot || len > saverec_capacity(h))
		return false;
	s->seq[slot] = save_le32(sec + 8);
	s->len[slot] = len;
	crc = save_crc32(0, sec, 28);
	for (uint32_t done = 0, k = 1; done < len; k++) {
		uint32_t part = len - done < SAVE_SECTOR ? len - done : SAVE_SECTOR;

		if (!rd(ctx, at + k, sec)) {
			s->read_error = true;
			return false;
		}
		crc = save_crc32(crc, sec, part);
		if (payload)
			for (uint32_t i = 0; i < part; i++)
				payload[done + i] = sec[i];
		done += part;
	}
	return crc == want;
}

void saverec_scan(SaveReadFn rd, void *ctx, uint64_t base, const SaveHeader *h, SaveSlots *s,
                  uint8_t *payload, size_t cap, size_t *len)
{
	*s = (SaveSlots){ .newest = -1 };
	for (uint32_t i = 0; i < h->slots && i < SAVEREC_SLOTS_MAX; i++) {
		s->valid[i] = check_slot(rd, ctx, base, h, i, s, NULL);
		if (!s->valid[i])
			continue;
		s->count++;
		if (s->newest < 0 || s->seq[i] > s->newest_seq) {
			s->newest = (int)i;
			s->newest_seq = s->seq[i];
		}
	}
	if (len)
		*len = 0;
	if (payload && s->newest >= 0 && cap >= saverec_capacity(h)) {
		/* Read again into the caller's buffer, checked again: only what was just proven goes out. */
		if (check_slot(rd, ctx, base, h, (uint32_t)s->newest, s, payload) && len)
			*len = s->len[s->newest];
	}
}

int saverec_target(const SaveHeader *h, const SaveSlots *s)
{
	int oldest = -1;

	for (uint32_t i = 0; i < h->slots && i < SAVEREC_SLOTS_MAX; i++) {
		if (!s->valid[i])
			return (int)i;
		if ((int)i != s->newest && (oldest < 0 || s->seq[i] < s->seq[oldest]))
			oldest = (int)i;
	}
	return oldest;
}

void saverec_make(uint8_t *sec, uint32_t seq, uint32_t slot, const uint8_t *payload, uint32_t len)
{
	for (int i = 0; i < SAVE_SECTOR; i++)
		sec[i] = 0;
	for (int i = 0; i < 4; i++)
		sec[i] = (uint8_t)rec_magic[i];
	sec[4] = SAVEREC_VERSION;
	sec[6] = SAVEREC_HEADER_BYTES;
	put32(sec + 8, seq);
	put32(sec + 12, len);
	put32(sec + 16, slot);
	put32(sec + 28, save_crc32(save_crc32(0, sec, 28), payload, len));
}
