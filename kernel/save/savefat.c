/* savefat.c: a FAT12/16/32 volume read just far enough to find our four files (root or folder SHARDFALL) and prove each contiguous. */
#include <stddef.h>

#include "savefat.h"

#define FILE_MAX_BYTES    (1024u * 1024)  /* larger files are not ours: the volume is refused */
#define DIR_SECTORS_MAX   512             /* the most sectors read of one directory (8192 entries) */
#define CFG_MAX_BYTES     8192            /* grub.cfg larger than this is not ours */

const char *const save_file_names[SAVE_FILES] = {
	"README.TXT", "SAVE.DAT", "SCORES.TXT", "CRASH.TXT", "LOG.TXT", "HWINFO.TXT", "REPLAY.DAT", "CRASHRPL.DAT",
};
const char save_dir_names[SAVE_FILES][12] = {
	"README  TXT", "SAVE    DAT", "SCORES  TXT", "CRASH   TXT", "LOG     TXT", "HWINFO  TXT", "REPLAY  DAT", "CRASHRPLDAT",
};
const char save_folder_long[] = "SHARDFALL";

static bool same(const uint8_t *a, const char *b, size_t n)
{
	while (n--)
		if (*a++ != (uint8_t)*b++)
			return false;
	return true;
}

static bool fat_byte(SaveFat *f, uint32_t off, uint8_t *out)
{
	uint32_t s = off / SAVE_SECTOR;
	uint64_t lba = f->v.lba + f->v.fat_start + s;

	if (s >= f->v.fat_sectors)
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

uint32_t savefat_next(SaveFat *f, uint32_t c)
{
	uint8_t b[4] = { 0 };
	uint32_t off = f->v.bits == 12 ? c + c / 2 : c * (uint32_t)(f->v.bits / 8);
	int n = f->v.bits == 32 ? 4 : 2;

	for (int i = 0; i < n; i++)
		if (!fat_byte(f, off + (uint32_t)i, &b[i]))
			return 0;
	if (f->v.bits == 12)
		return (c & 1) ? save_le16(b) >> 4 : save_le16(b) & 0xFFF;
	if (f->v.bits == 16)
		return save_le16(b);
	return save_le32(b) & 0x0FFFFFFF;
}

bool savefat_is_end(const SaveVolume *v, uint32_t x)
{
	return x >= (v->bits == 12 ? 0xFF8u : v->bits == 16 ? 0xFFF8u : 0x0FFFFFF8u);
}

bool savefat_valid_cluster(const SaveVolume *v, uint32_t c)
{
	return c >= 2 && c - 2 < v->clusters;
}

/* The checksum of a short name that its long-name pieces carry (FAT specification, "LFN"). */
uint8_t savefat_lfn_sum(const uint8_t *name11)
{
	uint8_t sum = 0;

	for (int i = 0; i < 11; i++)
		sum = (uint8_t)(((sum & 1) << 7) + (sum >> 1) + name11[i]);
	return sum;
}

/* A long-name piece that is the whole name "SHARDFALL" (any case): one piece, ordinal 1 and last. */
static bool lfn_is_folder(const uint8_t *e)
{
	static const uint8_t at[13] = { 1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30 };
	size_t n = sizeof save_folder_long - 1;

	if (e[0] != 0x41)
		return false;
	for (size_t i = 0; i < 13; i++) {
		uint16_t ch = save_le16(e + at[i]);

		if (i < n) {
			if (ch >= 'a' && ch <= 'z')
				ch = (uint16_t)(ch - 'a' + 'A');
			if (ch != (uint8_t)save_folder_long[i])
				return false;
		} else if (i == n && ch != 0) {
			return false;
		}
	}
	return true;
}

static uint32_t first_cluster(const SaveFat *f, const uint8_t *e)
{
	return save_le16(e + 26) | (f->v.bits == 32 ? (uint32_t)save_le16(e + 20) << 16 : 0);
}

/* One directory entry into the scan; false at the directory's end. */
static bool dir_entry(const SaveFat *f, const uint8_t *e, SaveScan *s)
{
	uint8_t attr = e[11];
	bool lfn = s->lfn_ours;

	s->lfn_ours = false;
	if (e[0] == 0)
		return false;
	if (e[0] == 0xE5)
		return true;
	if ((attr & 0x3F) == 0x0F) {
		s->lfn_ours = lfn_is_folder(e);
		s->lfn_sum = e[13];
		return true;
	}
	if (attr & 0x08) {
		if (!(attr & 0x10) && same(e, SAVE_LABEL, 11))
			s->label = true;
		return true;
	}
	if ((attr & 0x10) && lfn && savefat_lfn_sum(e) == s->lfn_sum && !s->folder) {
		s->folder = true;
		s->folder_cluster = first_cluster(f, e);
	}
	for (int k = 0; k < s->nwant; k++) {
		if (!s->found[k] && same(e, s->want[k], 11) && (attr & 0x10) == (s->want_dir[k] ? 0x10 : 0)) {
			s->found[k] = true;
			s->first[k] = first_cluster(f, e);
			s->size[k] = save_le32(e + 28);
		}
	}
	return true;
}

SaveFind savefat_scan(SaveFat *f, uint32_t cluster, SaveScan *s)
{
	uint8_t sec[SAVE_SECTOR];
	uint32_t done = 0;
	bool more = true;

	s->lfn_ours = false;
	if (cluster == 0 && f->v.bits != 32) {
		for (uint32_t k = 0; k < f->v.root_sectors && k < DIR_SECTORS_MAX && more; k++) {
			if (!f->rd(f->ctx, f->v.lba + f->v.root_start + k, sec))
				return FIND_READ;
			for (int i = 0; i < SAVE_SECTOR && more; i += 32)
				more = dir_entry(f, sec + i, s);
		}
		return FIND_OK;
	}
	if (cluster == 0)
		cluster = f->v.root_cluster;
	while (more && savefat_valid_cluster(&f->v, cluster) && done < DIR_SECTORS_MAX) {
		for (uint32_t k = 0; k < f->v.spc && more && done < DIR_SECTORS_MAX; k++, done++) {
			if (!f->rd(f->ctx, f->v.lba + f->v.data_start + (uint64_t)(cluster - 2) * f->v.spc + k, sec))
				return FIND_READ;
			for (int i = 0; i < SAVE_SECTOR && more; i += 32)
				more = dir_entry(f, sec + i, s);
		}
		if (more) {
			cluster = savefat_next(f, cluster);
			if (f->read_error)
				return FIND_READ;
		}
	}
	return FIND_OK;
}

bool savefat_extent(SaveFat *f, uint32_t first, uint32_t size, SaveExtent *x)
{
	uint32_t per = f->v.spc * SAVE_SECTOR, n = (size + per - 1) / per;

	if (size == 0 || size > FILE_MAX_BYTES || !savefat_valid_cluster(&f->v, first) || n > f->v.clusters - (first - 2))
		return false;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t v = savefat_next(f, first + k);

		if (k + 1 < n ? v != first + k + 1 : !savefat_is_end(&f->v, v))
			return false;
	}
	x->lba = f->v.lba + f->v.data_start + (uint64_t)(first - 2) * f->v.spc;
	x->sectors = (size + SAVE_SECTOR - 1) / SAVE_SECTOR;
	x->bytes = size;
	return true;
}

SaveFind savefat_mount(SaveReadFn rd, void *ctx, uint64_t lba, uint64_t sectors, SaveFat *f, uint8_t *sec)
{
	uint32_t res, nfats, rootents, tot, fatsz, rootsecs;
	uint64_t meta;
	SaveVolume *v = &f->v;

	*f = (SaveFat){ .rd = rd, .ctx = ctx, .cached = ~0ull };
	if (!rd(ctx, lba, sec))
		return FIND_READ;
	if (sec[510] != 0x55 || sec[511] != 0xAA || save_le16(sec + 11) != SAVE_SECTOR)
		return FIND_NONE;
	v->lba = lba;
	v->spc = sec[13];
	res = save_le16(sec + 14);
	nfats = sec[16];
	rootents = save_le16(sec + 17);
	tot = save_le16(sec + 19) ? save_le16(sec + 19) : save_le32(sec + 32);
	fatsz = save_le16(sec + 22) ? save_le16(sec + 22) : save_le32(sec + 36);
	if (v->spc == 0 || (v->spc & (v->spc - 1)) || res == 0 || nfats == 0 || nfats > 4 || fatsz == 0 ||
	    tot == 0 || tot > sectors)
		return FIND_NONE;
	rootsecs = (rootents * 32u + SAVE_SECTOR - 1) / SAVE_SECTOR;
	meta = res + (uint64_t)nfats * fatsz + rootsecs;
	if (meta >= tot)
		return FIND_NONE;
	v->sectors = tot;
	v->fat_start = res;
	v->fat_sectors = fatsz;
	v->nfats = nfats;
	v->root_start = res + nfats * fatsz;
	v->root_sectors = rootsecs;
	v->data_start = (uint32_t)meta;
	v->clusters = (uint32_t)((tot - meta) / v->spc);
	v->bits = v->clusters < 4085 ? 12 : v->clusters < 65525 ? 16 : 32;
	if (v->clusters == 0 || (uint64_t)fatsz * SAVE_SECTOR * 8 / (uint32_t)v->bits < (uint64_t)v->clusters + 2)
		return FIND_NONE;
	if (v->bits == 32) {
		if (rootents != 0 || save_le16(sec + 22) != 0)
			return FIND_NONE;
		v->root_cluster = save_le32(sec + 44);
		if (!savefat_valid_cluster(v, v->root_cluster))
			return FIND_NONE;
	} else if (rootents == 0) {
		return FIND_NONE;
	}
	return FIND_OK;
}

/*
 * The files found by a scan into a's extents (only those of SAVE_REQUIRED
 * must be there); *missing: the files not there (bit k), *bad: one there but
 * not usable (in pieces, too big, past the volume).
 */
static SaveFind take_files(SaveFat *f, const SaveScan *s, SaveArea *a, uint8_t *missing, bool *bad)
{
	*missing = 0;
	*bad = false;
	for (int k = 0; k < SAVE_FILES; k++) {
		a->file[k] = (SaveExtent){ 0, 0, 0 };
		if (!s->found[k])
			*missing |= (uint8_t)(1u << k);
		else if (!savefat_extent(f, s->first[k], s->size[k], &a->file[k]))
			*bad = *bad || (SAVE_REQUIRED & (1u << k));     /* an optional one: not used, not made again */
		if (f->read_error)
			return FIND_READ;
	}
	return *bad || (*missing & SAVE_REQUIRED) ? FIND_NONE : FIND_OK;
}

static void want_files(SaveScan *s)
{
	*s = (SaveScan){ .nwant = SAVE_FILES };
	for (int k = 0; k < SAVE_FILES; k++)
		s->want[k] = save_dir_names[k];
}

/* /BOOT/GRUB/GRUB.CFG by short names: its extent when it is there, contiguous and small. */
static SaveFind boot_cfg(SaveFat *f, SaveExtent *x)
{
	static const char *const path[3] = { "BOOT       ", "GRUB       ", "GRUB    CFG" };
	uint32_t cluster = 0, size = 0;

	for (int i = 0; i < 3; i++) {
		SaveScan s = { .nwant = 1, .want = { path[i] }, .want_dir = { i < 2 } };
		SaveFind r = savefat_scan(f, cluster, &s);

		if (r != FIND_OK)
			return r;
		if (!s.found[0])
			return FIND_NONE;
		cluster = s.first[0];
		size = s.size[0];
	}
	if (size > CFG_MAX_BYTES || !savefat_extent(f, cluster, size, x))
		return f->read_error ? FIND_READ : FIND_NONE;
	return FIND_OK;
}

SaveFind savefat_open(SaveReadFn rd, void *ctx, uint64_t lba, uint64_t sectors, SaveArea *a)
{
	uint8_t sec[SAVE_SECTOR];
	SaveFat f;
	SaveScan root;
	SaveFind r = savefat_mount(rd, ctx, lba, sectors, &f, sec);
	const uint8_t *lab;
	bool broken = false;
	uint8_t missing = 0;

	a->folder = false;
	if (r != FIND_OK)
		return r;
	lab = f.v.bits == 32 ? (sec[66] == 0x29 ? sec + 71 : NULL) : (sec[38] == 0x29 ? sec + 43 : NULL);
	want_files(&root);
	root.label = lab && same(lab, SAVE_LABEL, 11);
	if ((r = savefat_scan(&f, 0, &root)) != FIND_OK)
		return r;
	if (root.label && root.found[SAVE_DAT]) {
		r = take_files(&f, &root, a, &missing, &broken);        /* the image's own save partition */
		broken = false;
	} else if (root.folder) {
		SaveScan dir;                   /* a copy of the image's files: the files in /SHARDFALL */

		want_files(&dir);
		if ((r = savefat_scan(&f, root.folder_cluster, &dir)) != FIND_OK)
			return r;
		r = take_files(&f, &dir, a, &missing, &broken);
		a->folder = true;
		a->folder_cluster = root.folder_cluster;
	} else {
		r = FIND_NONE;
	}
	if (r == FIND_NONE && a->boot_cfg.sectors == 0) {
		SaveExtent x;
		SaveFind b = boot_cfg(&f, &x);

		if (b == FIND_READ)
			return FIND_READ;
		if (b == FIND_OK) {
			a->boot_cfg = x;
			a->boot_vol = f.v;
			a->broken_folder = root.folder && broken;
			a->boot_folder = root.folder ? root.folder_cluster : 0;
			a->boot_missing = root.folder ? missing : 0;
		}
	}
	if (r != FIND_OK)
		return r;
	a->part_lba = lba;
	a->part_sectors = sectors;
	a->fat_bits = f.v.bits;
	a->vol = f.v;
	a->missing = missing;
	return FIND_OK;
}
