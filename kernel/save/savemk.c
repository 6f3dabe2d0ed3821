/* savemk.c: the folder SHARDFALL and its four files created once on a FAT16/32 copy of the image, in a power-cut-safe order. */
#include <stddef.h>

#include "klog.h"
#include "savefat.h"
#include "savemk.h"
#include "savemkplan.h"

#define FAT_DATE        ((2026 - 1980) << 9 | 1 << 5 | 1)      /* 2026-01-01, as mksave.py: no clock */
#define SHORT_TRIES     4                                       /* SHARDF~1 .. SHARDF~4 */

static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v), put16(p + 2, v >> 16); }

static bool read_fn(void *ctx, uint64_t lba, uint8_t *sec)
{
	return saveio_read(ctx, lba, 1, sec) == BLK_OK;
}

/* A short name no root entry has yet: SHARDF~1 .. SHARDF~4 (a file or a folder). */
static SaveMk pick_short_name(SaveMkPlan *p)
{
	static const char *const names[SHORT_TRIES] = { "SHARDF~1   ", "SHARDF~2   ", "SHARDF~3   ", "SHARDF~4   " };
	SaveScan dirs = { .nwant = SHORT_TRIES }, files = { .nwant = SHORT_TRIES };

	for (int i = 0; i < SHORT_TRIES; i++) {
		dirs.want[i] = files.want[i] = names[i];
		dirs.want_dir[i] = true;
	}
	if (savefat_scan(&p->f, 0, &dirs) != FIND_OK || savefat_scan(&p->f, 0, &files) != FIND_OK)
		return MK_READ;
	for (int i = 0; i < SHORT_TRIES; i++) {
		if (!dirs.found[i] && !files.found[i]) {
			for (int b = 0; b < 12; b++)
				p->short_name[b] = names[i][b];
			return MK_OK;
		}
	}
	return MK_NO_ROOM;
}

/*
 * Two root entries for the folder, both in one half of one sector (a torn
 * write leaves both old or both new): two deleted ones, or the end marker
 * and the one after it. An end marker in a half's last entry is turned into
 * a deleted entry and the pair goes after it: in the same sector's second
 * half, or at the next root sector's start (the marker's entry becomes the
 * intent record, then the pair's sector is the commit). The root is never
 * grown.
 */
static SaveMk find_slot(SaveMkPlan *p)
{
	SaveMkDir d;
	SaveMk r;

	p->mark_lba = 0;
	savemk_dir_start(p, &d, 0);
	for (uint32_t done = 0; done < 512; done++) {
		uint64_t lba;

		if ((r = savemk_dir_next(p, &d, &lba)) != MK_OK)
			return r;
		if (p->mark_lba) {
			p->root_lba = lba;
			p->slot = 0;
			return MK_OK;
		}
		for (int i = 0; i < 16; i++) {
			uint8_t a = p->sec[32 * i];

			if (a == 0 && i == 15) {
				p->mark_lba = lba;      /* the pair goes into the next root sector */
				break;
			}
			if (a == 0 && i == 7) {
				p->mark_same = true;    /* entry 7 deleted, the pair at 8 and 9 */
				p->mark_from = 7;
				p->root_lba = lba;
				p->slot = 8;
				return MK_OK;
			}
			if (i % 8 < 7 && (a == 0 || (a == 0xE5 && p->sec[32 * (i + 1)] == 0xE5))) {
				p->root_lba = lba;
				p->slot = i;
				return MK_OK;
			}
			if (a == 0)
				return MK_NO_ROOM;      /* not reached: an end marker is handled above */
		}
	}
	return MK_NO_ROOM;
}

/*
 * Free entries in one half (256 bytes) of one sector of the folder's
 * directory (or the root) for each file to make (deleted ones, or the end
 * marker and the zeros after it): one sector write then adds them all, and a
 * torn write leaves them all old or all new (the first of them holds the
 * intent record until then). When the end marker's half has too few, the
 * files go into that sector's second half and the first half's entries from
 * the end marker on become deleted ones (with the intent write, so the
 * record is not behind an end marker).
 */
static SaveMk find_file_slots(SaveMkPlan *p)
{
	uint32_t want = 0;
	SaveMkDir d;
	SaveMk r;

	for (int f = 0; f < SAVE_FILES; f++)
		want += (p->make >> f) & 1u;
	savemk_dir_start(p, &d, p->folder);
	for (uint32_t done = 0; done < 512; done++) {
		uint64_t lba;
		int end = -1;

		if ((r = savemk_dir_next(p, &d, &lba)) != MK_OK)
			return r;
		for (int half = 0; half < 2; half++) {
			uint32_t got = 0;

			for (int i = 8 * half, f = 0; i < 8 * half + 8 && got < want; i++) {
				if (end < 0 && p->sec[32 * i] == 0)
					end = i;
				if (end < 0 && p->sec[32 * i] != 0xE5)
					continue;
				while (!(p->make & (1u << f)))
					f++;
				p->file_slot[f++] = i;
				got++;
			}
			if (got == want) {
				p->root_lba = lba;
				return MK_OK;
			}
			if (end >= 8)
				return MK_NO_ROOM;      /* the end marker's half has too few: the directory ends there */
			if (end >= 0) {
				p->mark_same = true;    /* end..7 deleted, the files from entry 8 */
				p->mark_from = end;
				end = 8;
			}
		}
	}
	return MK_NO_ROOM;
}

static void dirent(uint8_t *e, const char *name11, uint8_t attr, uint32_t cluster, uint32_t size)
{
	for (int i = 0; i < 32; i++)
		e[i] = 0;
	for (int i = 0; i < 11; i++)
		e[i] = (uint8_t)name11[i];
	e[11] = attr;
	put16(e + 16, FAT_DATE);
	put16(e + 18, FAT_DATE);
	put16(e + 20, cluster >> 16);
	put16(e + 24, FAT_DATE);
	put16(e + 26, cluster);
	put32(e + 28, size);
}

/* The long-name piece for "SHARDFALL" before the short entry: one piece, ordinal 1, last. */
static void lfn_entry(uint8_t *e, const char *short11)
{
	static const uint8_t at[13] = { 1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30 };
	uint32_t n = 0;

	while (save_folder_long[n])
		n++;
	for (int i = 0; i < 32; i++)
		e[i] = 0;
	e[0] = 0x41;
	e[11] = 0x0F;
	e[13] = savefat_lfn_sum((const uint8_t *)short11);
	for (uint32_t i = 0; i < 13; i++)
		put16(e + at[i], i < n ? (uint8_t)save_folder_long[i] : i == n ? 0 : 0xFFFF);
}

static BlockErr write_sector(SaveIo *io, uint64_t lba, const uint8_t *sec)
{
	return saveio_write(io, lba, 1, sec);
}

/* Sector s of the run as the creation writes it: the folder's directory cluster (when made), then each file's. */
void savemk_run_sector(const SaveMkPlan *p, uint32_t s, const uint8_t id[SAVEREC_ID_BYTES], uint8_t *out)
{
	uint32_t c = p->first + s / p->f.v.spc, k0 = s % p->f.v.spc;

	for (int i = 0; i < SAVE_SECTOR; i++)
		out[i] = 0;
	if (!p->folder && c == p->first) {
		if (k0 == 0) {
			dirent(out, ".          ", 0x10, p->first, 0);
			dirent(out + 32, "..         ", 0x10, 0, 0);
			for (int k = 0; k < SAVE_FILES; k++)
				dirent(out + 64 + 32 * k, save_dir_names[k], 0x20, p->file_first[k], p->file_bytes[k]);
		}
		return;
	}
	for (int k = 0; k < SAVE_FILES; k++) {
		uint32_t at;

		if (!(p->make & (1u << k)) || c < p->file_first[k] || c >= p->file_first[k] + p->file_clusters[k])
			continue;
		at = (c - p->file_first[k]) * p->f.v.spc + k0;
		for (uint32_t i = 0; i < SAVE_SECTOR; i++)
			out[i] = savemk_file_byte(k, p->file_bytes[k], at * SAVE_SECTOR + i);
		if (k == SAVE_DAT && at == 0)
			savemk_save_header(out, id);
	}
}

#define DATA_CHUNK      16              /* sectors a write of the run's data (the power-cut layer still counts each) */
static uint8_t chunk[DATA_CHUNK * SAVE_SECTOR];

/* The new files' and the folder's clusters (free until the FAT is written), in the run's order, DATA_CHUNK sectors a write. */
static BlockErr write_data(SaveMkPlan *p, SaveIo *io, const uint8_t *id)
{
	uint32_t total = p->count * p->f.v.spc;
	BlockErr e;

	for (uint32_t s = 0; s < total; s += DATA_CHUNK) {
		uint32_t n = total - s < DATA_CHUNK ? total - s : DATA_CHUNK;

		for (uint32_t i = 0; i < n; i++)
			savemk_run_sector(p, s + i, id, chunk + i * SAVE_SECTOR);
		if ((e = saveio_write(io, savemk_cluster_lba(p, p->first) + s, n, chunk)) != BLK_OK)
			return e;
	}
	return BLK_OK;
}

/* Each FAT's sectors holding the run, the run's entries set (the rest of each sector as it was). */
static BlockErr write_fats(SaveMkPlan *p, SaveIo *io)
{
	uint32_t s0, s1;
	BlockErr e;

	savemk_fat_span(p, &s0, &s1);
	for (uint32_t copy = 0; copy < p->f.v.nfats; copy++) {
		for (uint32_t s = s0; s <= s1; s++) {
			uint64_t lba = p->f.v.lba + p->f.v.fat_start + (uint64_t)copy * p->f.v.fat_sectors + s;

			if ((e = saveio_read(io, lba, 1, p->sec)) != BLK_OK)
				return e;
			for (uint32_t c = p->first; c < p->first + p->count; c++)
				savemk_fat_put(p, p->sec, s, c, savemk_chain_value(p, c));
			if ((e = write_sector(io, lba, p->sec)) != BLK_OK)
				return e;
		}
	}
	return BLK_OK;
}

static BlockErr write_fsinfo(SaveMkPlan *p, SaveIo *io, uint32_t count, uint32_t hint)
{
	BlockErr e;

	if (!p->fsinfo_lba)
		return BLK_OK;
	if ((e = saveio_read(io, p->fsinfo_lba, 1, p->sec)) != BLK_OK)
		return e;
	put32(p->sec + 488, count);
	if (hint)
		put32(p->sec + 492, hint);
	return write_sector(io, p->fsinfo_lba, p->sec);
}

/*
 * What to write and where: the volume mounted, FSInfo read, the half-made
 * folders of earlier power cuts undone (savemkfix.c), the directory slot and
 * a run of free clusters found.
 */
static SaveMk plan(SaveMkPlan *p, SaveIo *io, uint32_t *hint, const uint8_t *id, BlockErr *err)
{
	SaveMk r;

	if (savefat_mount(read_fn, io, p->f.v.lba, p->f.v.sectors, &p->f, p->sec) != FIND_OK)
		return MK_READ;
	if (p->f.v.bits == 12 && p->folder != SAVEMK_ROOT)
		return MK_UNSUPPORTED;          /* a FAT12 copy gets no folder; a FAT12 save partition its missing files */
	*hint = 0;
	p->free_count = 0xFFFFFFFF;
	if (p->f.v.bits == 32) {
		uint32_t at = save_le16(p->sec + 48);

		if (at >= 1 && at < p->f.v.fat_start) {
			p->fsinfo_lba = p->f.v.lba + at;
			if (!read_fn(io, p->fsinfo_lba, p->sec))
				return MK_READ;
			if (save_le32(p->sec) == 0x41615252 && save_le32(p->sec + 484) == 0x61417272) {
				p->free_count = save_le32(p->sec + 488);
				*hint = save_le32(p->sec + 492);
			} else {
				p->fsinfo_lba = 0;      /* not an FSInfo sector: left alone */
			}
		}
	}
	if (p->folder && p->folder != SAVEMK_ROOT && !savefat_valid_cluster(&p->f.v, p->folder))
		return MK_UNSUPPORTED;
	if ((r = savemk_repair(io, p, id, err)) != MK_OK)
		return r;
	p->first = 0;
	savemk_layout(p);
	r = p->folder ? find_file_slots(p) : pick_short_name(p);
	if (r != MK_OK || (!p->folder && (r = find_slot(p)) != MK_OK))
		return r;
	return savemk_fit_run(p, *hint);
}

/* The guard's extents for the creation: the run, each FAT's sectors of it, the root sector, FSInfo. */
static bool allow(SaveMkPlan *p, SaveIo *io)
{
	uint32_t s0, s1;
	bool ok;

	savemk_fat_span(p, &s0, &s1);
	ok = saveio_allow(io, savemk_cluster_lba(p, p->first), p->count * p->f.v.spc) && saveio_allow(io, p->root_lba, 1) &&
	          (!p->mark_lba || saveio_allow(io, p->mark_lba, 1));

	for (uint32_t copy = 0; copy < p->f.v.nfats && ok; copy++)
		ok = saveio_allow(io, p->f.v.lba + p->f.v.fat_start + (uint64_t)copy * p->f.v.fat_sectors + s0, s1 - s0 + 1);
	if (ok && p->fsinfo_lba)
		ok = saveio_allow(io, p->fsinfo_lba, 1);
	return ok;
}

/* One COM1 line with the plan's writes in order (the QEMU tests pick their power cuts from it). */
static void log_plan(const SaveMkPlan *p)
{
	uint32_t data = p->folder ? 0 : p->f.v.spc, s0, s1, fat;
	uint32_t fsinfo = p->fsinfo_lba ? 1 : 0, dir = p->mark_lba ? 2 : 1, intent = 1;

	savemk_fat_span(p, &s0, &s1);
	fat = (s1 - s0 + 1) * p->f.v.nfats;
	for (int k = 0; k < SAVE_FILES; k++)
		if (p->make & (1u << k))
			data += p->file_clusters[k] * p->f.v.spc;
	klog("save: creating %u clusters at %u: writes fsinfo=%u data=%u intent=%u fat=%u dir=%u fsinfo=%u\n",
	     (unsigned)p->count, (unsigned)p->first, (unsigned)fsinfo, (unsigned)data, (unsigned)intent, (unsigned)fat,
	     (unsigned)dir, (unsigned)fsinfo);
}

/* The creation's work area (two sector buffers): static, off the kernel stack; used only inside savemk_create. */
static SaveMkPlan P;

SaveMk savemk_create(SaveIo *io, const SaveVolume *v, uint32_t folder, uint8_t missing,
                     const uint8_t id[SAVEREC_ID_BYTES], BlockErr *err)
{
	uint32_t hint;
	SaveMk r;
	BlockErr e = BLK_OK;

	P = (SaveMkPlan){ 0 };
	P.f.v = *v;
	P.folder = folder;
	P.make = folder ? missing & ((1u << SAVE_FILES) - 1) : (1u << SAVE_FILES) - 1;
	*err = BLK_OK;
	if (!P.make)
		return MK_UNSUPPORTED;
	*err = BLK_OK;
	if ((r = plan(&P, io, &hint, id, err)) != MK_OK)
		return r;
	if (!allow(&P, io))
		return MK_NO_ROOM;              /* more FAT copies than the guard holds */
	log_plan(&P);
	if ((e = write_fsinfo(&P, io, 0xFFFFFFFF, 0)) != BLK_OK || (e = write_data(&P, io, id)) != BLK_OK ||
	    (e = savemk_write_intent(&P, io)) != BLK_OK || (e = saveio_flush(io)) != BLK_OK ||
	    (e = write_fats(&P, io)) != BLK_OK || (e = saveio_flush(io)) != BLK_OK)
		goto failed;
	if ((e = saveio_read(io, P.root_lba, 1, P.sec)) != BLK_OK)
		goto failed;
	if (P.folder) {                 /* the missing files' entries in the folder: the commit */
		for (int k = 0; k < SAVE_FILES; k++)
			if (P.make & (1u << k))
				dirent(P.sec + 32 * P.file_slot[k], save_dir_names[k], 0x20, P.file_first[k], P.file_bytes[k]);
	} else {                        /* the folder's long name (over the intent) and short entry in the root: the commit */
		lfn_entry(P.sec + 32 * P.slot, P.short_name);
		dirent(P.sec + 32 * (P.slot + 1), P.short_name, 0x10, P.first, 0);
	}
	for (int i = P.mark_same ? P.mark_from : 8; i < 8; i++)
		P.sec[32 * i] = 0xE5;
	if ((e = write_sector(io, P.root_lba, P.sec)) != BLK_OK || (e = saveio_flush(io)) != BLK_OK)
		goto failed;
	if (P.mark_lba) {               /* the intent before the pair, now done, made a plain deleted entry */
		if ((e = saveio_read(io, P.mark_lba, 1, P.sec)) != BLK_OK)
			goto failed;
		for (int i = 0; i < 32; i++)
			P.sec[32 * 15 + i] = 0;
		P.sec[32 * 15] = 0xE5;
		if ((e = write_sector(io, P.mark_lba, P.sec)) != BLK_OK || (e = saveio_flush(io)) != BLK_OK)
			goto failed;
	}
	if ((e = write_fsinfo(&P, io, P.free_count == 0xFFFFFFFF || P.free_count < P.count ? 0xFFFFFFFF :
	                      P.free_count - P.count, P.first + P.count)) != BLK_OK || (e = saveio_flush(io)) != BLK_OK)
		goto failed;
	return MK_OK;
failed:
	*err = e;
	return MK_WRITE;
}

