/* savemkfix.c: the folder's intent record, and the half-made folder of a power cut undone at the next boot (docs/save.md). */
#include <stddef.h>

#include "klog.h"
#include "savecrc.h"
#include "savemkplan.h"

#define DIR_SECTORS_MAX 512             /* the most root sectors looked through, as savefat_scan */

typedef struct Intent {
	uint64_t lba;                   /* the root sector holding it */
	int index;                      /* its entry there */
	uint32_t first, count;
	uint8_t make;                   /* the files made (bit k) */
} Intent;

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/*
 * 32 bytes: 0xE5 (deleted), "SFMKINTENT", attribute 0, the files made (bit
 * k), the version, the run's first cluster and count, what it makes (0: the
 * folder and its files, in the root; 1: files missing from the folder, in
 * its directory), 5 zeros, CRC-32 of bytes 0..27. A deleted entry's other
 * bytes mean nothing to any FAT reader.
 */
static void intent_entry(const SaveMkPlan *p, uint8_t *e)
{
	for (int i = 0; i < 32; i++)
		e[i] = 0;
	e[0] = 0xE5;
	for (int i = 0; i < 10; i++)
		e[1 + i] = (uint8_t)SAVEMK_INTENT_NAME[i];
	e[12] = p->make;
	e[13] = SAVEMK_INTENT_VERSION;
	put32(e + 14, p->first);
	put32(e + 18, p->count);
	e[22] = p->folder ? 1 : 0;
	put32(e + 28, save_crc32(0, e, 28));
}

/*
 * The intent record, after the data and before any FAT write: in the root
 * entry that the folder's long name later takes (entry 7, the end marker,
 * made deleted with it), or, when the pair goes into the next root sector,
 * in the end marker's entry 15 (then the pair is the commit, and that entry
 * is made a plain deleted one after it); for files missing from the folder,
 * in the first of their entries.
 */
BlockErr savemk_write_intent(SaveMkPlan *p, SaveIo *io)
{
	uint64_t lba = p->mark_lba ? p->mark_lba : p->root_lba;
	int at = p->mark_lba ? 15 : p->slot;
	BlockErr e;

	for (int k = SAVE_FILES - 1; k >= 0 && p->folder; k--)
		if (p->make & (1u << k))
			at = p->file_slot[k];
	if ((e = saveio_read(io, lba, 1, p->sec)) != BLK_OK)
		return e;
	intent_entry(p, p->sec + 32 * at);
	for (int i = p->mark_same ? p->mark_from : 8; i < 8; i++)
		p->sec[32 * i] = 0xE5;          /* before the record: no end marker hides it */
	return saveio_write(io, lba, 1, p->sec);
}

/* An intent entry (files: of files missing from the folder, else of the folder), every field checked: its run into *x. */
static bool intent_parse(const uint8_t *e, bool files, Intent *x)
{
	uint8_t all = (1u << SAVE_FILES) - 1;

	if (e[0] != 0xE5 || e[11] != 0 || e[13] != SAVEMK_INTENT_VERSION || e[22] != (files ? 1 : 0))
		return false;
	if (files ? (e[12] == 0 || (e[12] & ~all)) : e[12] != all)
		return false;
	for (int i = 0; i < 10; i++)
		if (e[1 + i] != (uint8_t)SAVEMK_INTENT_NAME[i])
			return false;
	for (int i = 23; i < 28; i++)
		if (e[i] != 0)
			return false;
	if (save_le32(e + 28) != save_crc32(0, e, 28))
		return false;
	x->first = save_le32(e + 14);
	x->count = save_le32(e + 18);
	x->make = e[12];
	return true;
}

/* One directory entry before the end marker, at entry i of the sector lba; false: stop the walk. */
typedef bool (*DirVisit)(const uint8_t *e, uint64_t lba, int i, void *ctx);

/* A directory's entries (cluster 0: the root) up to its end marker, at most *budget sectors (counted down), each to visit. */
static SaveMk dir_walk(SaveMkPlan *p, uint32_t cluster, uint32_t *budget, DirVisit visit, void *ctx)
{
	SaveMkDir d;

	savemk_dir_start(p, &d, cluster);
	for (; *budget > 0; (*budget)--) {
		uint64_t lba;
		SaveMk r = savemk_dir_next(p, &d, &lba);

		if (r != MK_OK)
			return r == MK_NO_ROOM ? MK_OK : r;     /* the directory's end */
		for (int i = 0; i < 16; i++)
			if (p->sec[32 * i] == 0 || !visit(p->sec + 32 * i, lba, i, ctx))
				return MK_OK;
	}
	return MK_OK;
}

typedef struct Found {
	bool files;                     /* records of files missing from the folder (else of the folder) */
	Intent x[SAVEMK_INTENTS_MAX];
	int n;
} Found;

static bool visit_intent(const uint8_t *e, uint64_t lba, int i, void *ctx)
{
	Found *f = ctx;

	if (f->n < SAVEMK_INTENTS_MAX && intent_parse(e, f->files, &f->x[f->n])) {
		f->x[f->n].lba = lba;
		f->x[f->n].index = i;
		f->n++;
	}
	return true;
}

/* The walk of the whole tree for an entry pointing into a run: the directories still to walk, and what was found. */
typedef struct Tree {
	uint32_t first, count;          /* the run */
	int bits;
	uint32_t dirs[SAVEMK_TREE_DIRS];
	uint32_t ndirs;
	bool hit;                       /* a live entry's first cluster inside the run */
	bool too_big;                   /* more directories or sectors than the walk looks at */
} Tree;

static bool visit_tree(const uint8_t *e, uint64_t lba, int i, void *ctx)
{
	Tree *t = ctx;
	uint32_t c = save_le16(e + 26) | (t->bits == 32 ? (uint32_t)save_le16(e + 20) << 16 : 0);

	(void)lba, (void)i;
	if (e[0] == 0xE5 || (e[11] & 0x3F) == 0x0F || (e[11] & 0x08) || e[0] == '.')
		return true;            /* deleted, a long-name piece, the label, "." and ".." */
	if (c >= t->first && c - t->first < t->count)
		t->hit = true;
	else if ((e[11] & 0x10) && c != 0 && t->ndirs < SAVEMK_TREE_DIRS)
		t->dirs[t->ndirs++] = c;
	else if (e[11] & 0x10)
		t->too_big = true;
	return !t->hit && !t->too_big;
}

/* Whether any directory entry of the volume (the tree from the root, bounded) points into the run. */
static SaveMk tree_points_into(SaveMkPlan *p, Tree *t)
{
	uint32_t budget = SAVEMK_TREE_SECTORS;
	SaveMk r = dir_walk(p, 0, &budget, visit_tree, t);

	for (uint32_t d = 0; d < t->ndirs && r == MK_OK && !t->hit && !t->too_big; d++)
		r = dir_walk(p, t->dirs[d], &budget, visit_tree, t);
	if (budget == 0)
		t->too_big = true;
	return r;
}

static uint64_t fat_lba(const SaveMkPlan *p, uint32_t copy, uint32_t s)
{
	return p->f.v.lba + p->f.v.fat_start + (uint64_t)copy * p->f.v.fat_sectors + s;
}

/* Every FAT's entries of the run: *used when any is not free; *ours false when one is neither free nor the creation's own value. */
static SaveMk fats_ours(SaveMkPlan *p, SaveIo *io, bool *ours, bool *used)
{
	*ours = true;
	*used = false;
	(void)io;
	for (uint32_t copy = 0; copy < p->f.v.nfats; copy++) {
		SaveFat f = p->f;               /* this copy read as the first: savefat_next knows every FAT width */

		f.v.fat_start += copy * p->f.v.fat_sectors;
		f.cached = ~0ull;
		f.read_error = false;
		for (uint32_t c = p->first; c < p->first + p->count; c++) {
			uint32_t v = savefat_next(&f, c);

			if (f.read_error)
				return MK_READ;
			*used = *used || v != 0;
			*ours = *ours && savemk_fat_ours(p, c, v);
		}
	}
	return MK_OK;
}

/* Whether every sector of the run still holds exactly what the creation wrote there. */
static SaveMk data_ours(SaveMkPlan *p, SaveIo *io, const uint8_t *id, bool *ours)
{
	*ours = true;
	for (uint32_t s = 0; s < p->count * p->f.v.spc && *ours; s++) {
		savemk_run_sector(p, s, id, p->want);
		if (saveio_read(io, savemk_cluster_lba(p, p->first) + s, 1, p->sec) != BLK_OK)
			return MK_READ;
		for (int i = 0; i < SAVE_SECTOR; i++)
			*ours = *ours && p->sec[i] == p->want[i];
	}
	return MK_OK;
}

/* The run's entries freed in every FAT (the rest of each sector as it is), then the intent made a plain deleted entry. */
static BlockErr undo(SaveMkPlan *p, SaveIo *io, const Intent *x, bool used)
{
	Intent again;
	uint32_t s0, s1;
	BlockErr e;

	savemk_fat_span(p, &s0, &s1);
	for (uint32_t copy = 0; copy < p->f.v.nfats && used; copy++) {
		for (uint32_t s = s0; s <= s1; s++) {
			if ((e = saveio_read(io, fat_lba(p, copy, s), 1, p->sec)) != BLK_OK)
				return e;
			for (uint32_t c = p->first; c < p->first + p->count; c++)
				savemk_fat_put(p, p->sec, s, c, 0);
			if ((e = saveio_write(io, fat_lba(p, copy, s), 1, p->sec)) != BLK_OK)
				return e;
		}
	}
	if (used && (e = saveio_flush(io)) != BLK_OK)
		return e;
	if ((e = saveio_read(io, x->lba, 1, p->sec)) != BLK_OK)
		return e;
	if (!intent_parse(p->sec + 32 * x->index, p->folder != 0, &again) || again.first != x->first || again.count != x->count)
		return BLK_OK;          /* not the record found (not reached: nothing else writes the root meanwhile) */
	for (int i = 0; i < 32; i++)
		p->sec[32 * x->index + i] = 0;
	p->sec[32 * x->index] = 0xE5;
	if ((e = saveio_write(io, x->lba, 1, p->sec)) != BLK_OK)
		return e;
	return saveio_flush(io);
}

/* The guard for one repair: each FAT's sectors of the run and the intent's root sector, nothing else. */
static bool allow_undo(SaveMkPlan *p, SaveIo *io, const Intent *x)
{
	uint32_t s0, s1;
	bool ok;

	saveio_init(io, io->dev);
	savemk_fat_span(p, &s0, &s1);
	ok = saveio_allow(io, x->lba, 1);
	for (uint32_t copy = 0; copy < p->f.v.nfats && ok; copy++)
		ok = saveio_allow(io, fat_lba(p, copy, s0), s1 - s0 + 1);
	return ok;
}

/* The tree walk's list of directories (1 KiB): static, off the kernel stack; used only inside repair_one. */
static Tree T;

/* One intent: its run checked, then undone, or left alone with the reason on COM1. */
static SaveMk repair_one(SaveIo *io, SaveMkPlan *p, const Intent *x, const uint8_t *id, BlockErr *err)
{
	bool fats = true, used = false, data = true;
	SaveMk r;
	BlockErr e;
	const char *why = NULL;

	T = (Tree){ .first = x->first, .count = x->count, .bits = p->f.v.bits };
	p->make = x->make;
	p->first = x->first;
	for (p->shrink = 1; p->shrink <= SAVEMK_SHRINK_MAX; p->shrink *= 2) {
		savemk_layout(p);               /* the sizes the creation chose: the one whose run is the record's */
		if (p->count == x->count)
			break;
	}
	if (!savefat_valid_cluster(&p->f.v, x->first) || p->count != x->count ||
	    !savefat_valid_cluster(&p->f.v, x->first + x->count - 1) || x->first + x->count - 1 < x->first)
		why = "its record does not fit this volume";
	else if ((r = tree_points_into(p, &T)) != MK_OK)
		return r;
	else if (T.hit)
		why = "a directory entry points into its clusters";
	else if (T.too_big)
		why = "too many directories to prove nothing points into it";
	else if ((r = fats_ours(p, io, &fats, &used)) != MK_OK)
		return r;
	else if (!fats)
		why = "a FAT gives its clusters to something else";
	else if (used && (r = data_ours(p, io, id, &data)) != MK_OK)
		return r;
	else if (!data)
		why = "its clusters hold other data";
	if (why) {
		klog("save: left alone the half-made %s at clusters %u..%u: %s\n", p->folder ? "files" : "folder",
		     (unsigned)x->first, (unsigned)(x->first + x->count - 1), why);
		return MK_OK;
	}
	if (!allow_undo(p, io, x))
		return MK_NO_ROOM;      /* more FAT copies than the guard holds */
	if ((e = undo(p, io, x, used)) != BLK_OK) {
		*err = e;
		return MK_WRITE;
	}
	klog("save: undid the half-made %s of a power cut at clusters %u..%u (%s)\n", p->folder ? "files" : "folder",
	     (unsigned)x->first, (unsigned)(x->first + x->count - 1), used ? "freed in every FAT" : "never in a FAT");
	return MK_OK;
}

SaveMk savemk_repair(SaveIo *io, SaveMkPlan *p, const uint8_t id[SAVEREC_ID_BYTES], BlockErr *err)
{
	Found f = { .files = p->folder != 0, .n = 0 };
	uint32_t budget = DIR_SECTORS_MAX;
	uint8_t make = p->make;
	SaveMk r = dir_walk(p, p->folder, &budget, visit_intent, &f);

	for (int i = 0; i < f.n && r == MK_OK; i++)
		r = repair_one(io, p, &f.x[i], id, err);
	p->make = make;
	p->shrink = 1;
	saveio_init(io, io->dev);       /* the creation allows its own sectors */
	p->f.cached = ~0ull;            /* the FAT as read before the repair */
	p->f.read_error = false;
	return r;
}
