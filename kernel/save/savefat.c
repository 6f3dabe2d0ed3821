/* savefat.c: a FAT12/16/32 volume read just far enough to find our four files and prove each contiguous. */
#include <stddef.h>

#include "savefmt.h"

#define FILE_MAX_BYTES    (1024u * 1024)  /* larger files are not ours: the volume is refused */
#define ROOT32_CLUSTERS   64              /* FAT32: the most root-directory clusters read */

const char *const save_file_names[SAVE_FILES] = { "README.TXT", "SAVE.DAT", "SCORES.TXT", "CRASH.TXT" };
static const char dir_names[SAVE_FILES][12] = { "README  TXT", "SAVE    DAT", "SCORES  TXT", "CRASH   TXT" };

typedef struct Fat {
	SaveReadFn rd;
	void *ctx;
	uint64_t lba;                   /* the volume's first sector on the disk */
	uint32_t fat_start, fat_sectors, data_start, spc, clusters;
	int bits;
	uint64_t cached;                /* the FAT sector in cache (absolute), or ~0 */
	uint8_t cache[SAVE_SECTOR];
	bool read_error;
} Fat;

static bool same(const uint8_t *a, const char *b, size_t n)
{
	while (n--)
		if (*a++ != (uint8_t)*b++)
			return false;
	return true;
}

static bool fat_byte(Fat *f, uint32_t off, uint8_t *out)
{
	uint32_t s = off / SAVE_SECTOR;
	uint64_t lba = f->lba + f->fat_start + s;

	if (s >= f->fat_sectors)
		return false;
	if (f->cached != lba) {
		if (!f->rd(f->ctx, lba, f->cache)) {
			f->read_error = true;
			f->cached = ~0ull;
			return false;
		}
		f->cached = lba;
	}
	*out = f->cache[off % SAVE_SECTOR];
	return true;
}

/* The FAT's entry for cluster c (masked to its width), or 0 when it cannot be read. */
static uint32_t fat_next(Fat *f, uint32_t c)
{
	uint8_t b[4] = { 0 };
	uint32_t off = f->bits == 12 ? c + c / 2 : c * (uint32_t)(f->bits / 8);
	int n = f->bits == 32 ? 4 : 2;

	for (int i = 0; i < n; i++)
		if (!fat_byte(f, off + (uint32_t)i, &b[i]))
			return 0;
	if (f->bits == 12)
		return (c & 1) ? save_le16(b) >> 4 : save_le16(b) & 0xFFF;
	if (f->bits == 16)
		return save_le16(b);
	return save_le32(b) & 0x0FFFFFFF;
}

static bool is_end(const Fat *f, uint32_t v)
{
	return v >= (f->bits == 12 ? 0xFF8u : f->bits == 16 ? 0xFFF8u : 0x0FFFFFF8u);
}

static bool valid_cluster(const Fat *f, uint32_t c)
{
	return c >= 2 && c - 2 < f->clusters;
}

/* One directory sector: the label and our files' (first cluster, size); false at the directory's end. */
static bool dir_sector(const Fat *f, const uint8_t *sec, bool *label, uint32_t first[], uint32_t size[], bool found[])
{
	for (int i = 0; i < SAVE_SECTOR; i += 32) {
		const uint8_t *e = sec + i;
		uint8_t attr = e[11];

		if (e[0] == 0)
			return false;
		if (e[0] == 0xE5 || (attr & 0x3F) == 0x0F)
			continue;               /* deleted, or a long-name piece */
		if (attr & 0x08) {
			if (!(attr & 0x10) && same(e, SAVE_LABEL, 11))
				*label = true;
			continue;
		}
		if (attr & 0x10)
			continue;
		for (int k = 0; k < SAVE_FILES; k++) {
			if (!found[k] && same(e, dir_names[k], 11)) {
				found[k] = true;
				first[k] = save_le16(e + 26) | (f->bits == 32 ? (uint32_t)save_le16(e + 20) << 16 : 0);
				size[k] = save_le32(e + 28);
			}
		}
	}
	return true;
}

/* A file's clusters first.. must follow one another and end the chain: its extent on the disk. */
static bool extent(Fat *f, uint32_t first, uint32_t size, SaveExtent *x)
{
	uint32_t per = f->spc * SAVE_SECTOR, n = (size + per - 1) / per;

	if (size == 0 || size > FILE_MAX_BYTES || !valid_cluster(f, first) || n > f->clusters - (first - 2))
		return false;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t v = fat_next(f, first + k);

		if (k + 1 < n ? v != first + k + 1 : !is_end(f, v))
			return false;
	}
	x->lba = f->lba + f->data_start + (uint64_t)(first - 2) * f->spc;
	x->sectors = (size + SAVE_SECTOR - 1) / SAVE_SECTOR;
	x->bytes = size;
	return true;
}

SaveFind savefat_open(SaveReadFn rd, void *ctx, uint64_t lba, uint64_t sectors, SaveArea *a)
{
	uint8_t sec[SAVE_SECTOR];
	Fat f = { .rd = rd, .ctx = ctx, .lba = lba, .cached = ~0ull };
	uint32_t res, nfats, rootents, tot, fatsz, rootsecs, root_cluster = 0;
	uint64_t meta;
	bool label = false, more = true, found[SAVE_FILES] = { false };
	uint32_t first[SAVE_FILES] = { 0 }, size[SAVE_FILES] = { 0 };
	const uint8_t *lab;

	if (!rd(ctx, lba, sec))
		return FIND_READ;
	if (sec[510] != 0x55 || sec[511] != 0xAA || save_le16(sec + 11) != SAVE_SECTOR)
		return FIND_NONE;
	f.spc = sec[13];
	res = save_le16(sec + 14);
	nfats = sec[16];
	rootents = save_le16(sec + 17);
	tot = save_le16(sec + 19) ? save_le16(sec + 19) : save_le32(sec + 32);
	fatsz = save_le16(sec + 22) ? save_le16(sec + 22) : save_le32(sec + 36);
	if (f.spc == 0 || (f.spc & (f.spc - 1)) || res == 0 || nfats == 0 || nfats > 4 || fatsz == 0 ||
	    tot == 0 || tot > sectors)
		return FIND_NONE;
	rootsecs = (rootents * 32u + SAVE_SECTOR - 1) / SAVE_SECTOR;
	meta = res + (uint64_t)nfats * fatsz + rootsecs;
	if (meta >= tot)
		return FIND_NONE;
	f.fat_start = res;
	f.fat_sectors = fatsz;
	f.data_start = (uint32_t)meta;
	f.clusters = (uint32_t)((tot - meta) / f.spc);
	f.bits = f.clusters < 4085 ? 12 : f.clusters < 65525 ? 16 : 32;
	if (f.clusters == 0 || (uint64_t)fatsz * SAVE_SECTOR * 8 / (uint32_t)f.bits < (uint64_t)f.clusters + 2)
		return FIND_NONE;
	if (f.bits == 32) {
		if (rootents != 0 || save_le16(sec + 22) != 0)
			return FIND_NONE;
		root_cluster = save_le32(sec + 44);
		lab = sec[66] == 0x29 ? sec + 71 : NULL;
	} else {
		if (rootents == 0)
			return FIND_NONE;
		lab = sec[38] == 0x29 ? sec + 43 : NULL;
	}
	label = lab && same(lab, SAVE_LABEL, 11);
	if (f.bits != 32) {
		for (uint32_t s = 0; s < rootsecs && more; s++) {
			if (!rd(ctx, lba + res + (uint64_t)nfats * fatsz + s, sec))
				return FIND_READ;
			more = dir_sector(&f, sec, &label, first, size, found);
		}
	} else {
		uint32_t c = root_cluster;

		for (int k = 0; k < ROOT32_CLUSTERS && more && valid_cluster(&f, c); k++) {
			for (uint32_t s = 0; s < f.spc && more; s++) {
				if (!rd(ctx, lba + f.data_start + (uint64_t)(c - 2) * f.spc + s, sec))
					return FIND_READ;
				more = dir_sector(&f, sec, &label, first, size, found);
			}
			c = fat_next(&f, c);
			if (f.read_error)
				return FIND_READ;
		}
	}
	if (!label)
		return FIND_NONE;
	for (int k = 0; k < SAVE_FILES; k++) {
		a->file[k] = (SaveExtent){ 0, 0, 0 };
		if (!found[k] && k == SAVE_README)
			continue;
		if (!found[k] || !extent(&f, first[k], size[k], &a->file[k]))
			return f.read_error ? FIND_READ : FIND_NONE;
	}
	a->part_lba = lba;
	a->part_sectors = sectors;
	a->fat_bits = f.bits;
	return FIND_OK;
}
