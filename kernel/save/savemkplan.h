/* savemkplan.h: the folder's creation plan (savemk.c), shared with its repair after a power cut (savemkfix.c); private to kernel/save. */
#ifndef KERNEL_SAVEMKPLAN_H
#define KERNEL_SAVEMKPLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "savefat.h"
#include "savemk.h"

typedef struct SaveMkPlan {
	SaveFat f;
	uint32_t cluster_bytes;
	uint32_t folder;                /* the folder's cluster when it is there (only files are made), SAVEMK_ROOT, else 0 */
	uint8_t make;                   /* the files made (bit k) */
	uint32_t shrink;                /* the optional files (LOG.TXT on) at 1/shrink of their size: 1, 2, 4, 8 */
	uint32_t first;                 /* the run of free clusters: the folder's (when made), then each file's */
	uint32_t count;
	uint32_t file_first[SAVE_FILES], file_bytes[SAVE_FILES], file_clusters[SAVE_FILES];
	uint64_t root_lba;              /* the directory sector that gets the entries: the root's, or the folder's */
	int slot;                       /* the folder's: its first entry of the two */
	int file_slot[SAVE_FILES];      /* the files': their entries in the folder's sector */
	bool mark_same;                 /* entries mark_from..7 of root_lba (the end marker on) become deleted entries */
	int mark_from;
	uint64_t mark_lba;              /* or: entry 15 of this sector does, after root_lba is written */
	char short_name[12];
	uint64_t fsinfo_lba;            /* FAT32: 0 when none */
	uint32_t free_count;            /* FSInfo's count before, 0xFFFFFFFF when unknown */
	uint8_t sec[SAVE_SECTOR];
	uint8_t want[SAVE_SECTOR];      /* the repair's: a run sector as the creation writes it */
} SaveMkPlan;

#define SAVEMK_INTENT_NAME      "SFMKINTENT"    /* bytes 1..10 of the intent entry (byte 0: 0xE5, deleted) */
#define SAVEMK_INTENT_VERSION   1
#define SAVEMK_INTENTS_MAX      4               /* the most intent entries one boot repairs */
#define SAVEMK_TREE_DIRS        256             /* the most directories a repair walks (else it leaves the run alone) */
#define SAVEMK_TREE_SECTORS     8192            /* the most directory sectors it reads */

uint64_t savemk_cluster_lba(const SaveMkPlan *p, uint32_t c);

/* A walk through one directory's sectors (savemkdir.c): the creation's slot searches and the repair's walks. */
typedef struct SaveMkDir {
	bool fixed;                     /* the FAT12/16 root: its fixed sectors */
	uint32_t cluster;               /* else the cluster being read */
	uint32_t k;                     /* the next sector in it (fixed: in the root) */
} SaveMkDir;

/* The walk's start: dir a directory's first cluster, or 0 / SAVEMK_ROOT for the root. */
void savemk_dir_start(const SaveMkPlan *p, SaveMkDir *d, uint32_t dir);
/* The next sector read into p->sec, its address in *lba; MK_NO_ROOM past the directory's end, MK_READ. */
SaveMk savemk_dir_next(SaveMkPlan *p, SaveMkDir *d, uint64_t *lba);
/* Cluster c's entry in FAT sector s (from the FAT's start) of sec set to v: only its bits lying in s (FAT12 shares bytes). */
void savemk_fat_put(const SaveMkPlan *p, uint8_t *sec, uint32_t s, uint32_t c, uint32_t v);
/* Whether v, c's entry as read, is free or the creation's own in each of its bytes (a FAT12 entry torn across two writes). */
bool savemk_fat_ours(const SaveMkPlan *p, uint32_t c, uint32_t v);
#define SAVEMK_SHRINK_MAX       8       /* the optional files' smallest: 1/8 of their size (LOG.TXT 8 KiB, REPLAY.DAT 12 KiB) */

/* Sizes, clusters, count and each file's first cluster from p->first, p->folder, p->make, p->shrink and the cluster size. */
void savemk_layout(SaveMkPlan *p);
/*
 * A run of free clusters for the files to make (p->make), from hint round
 * the volume: at their sizes, else the optional files smaller, else fewer
 * of them (savemkrun.c); p->first and the layout set. MK_NO_ROOM: none.
 */
SaveMk savemk_fit_run(SaveMkPlan *p, uint32_t hint);
/* The FAT entry of cluster c in the run: the next cluster of its file (or folder), end of chain, or 0 outside the run. */
uint32_t savemk_chain_value(const SaveMkPlan *p, uint32_t c);
/* Sector s of the run (from the first cluster) exactly as the creation writes it. */
void savemk_run_sector(const SaveMkPlan *p, uint32_t s, const uint8_t id[SAVEREC_ID_BYTES], uint8_t *out);
/* The FAT sectors (from the FAT's start) holding the run's entries: s0..s1. */
void savemk_fat_span(const SaveMkPlan *p, uint32_t *s0, uint32_t *s1);
/*
 * The intent record written (no flush): a deleted root entry (first byte
 * 0xE5, which every FAT reader skips) naming the run (first cluster, count),
 * in the entry the folder's long name later takes (files missing from the
 * folder: in the folder's directory, in the first of their entries).
 */
BlockErr savemk_write_intent(SaveMkPlan *p, SaveIo *io);
/*
 * The half-made folders of power cuts before this boot (intent records in
 * the root, no live folder: the caller's case), or the half-made files of
 * p->folder (records in its directory, the files missing), undone: each run's entries
 * freed in every FAT and its record cleared, only when no directory entry of
 * the volume points into the run, every entry of the run in every FAT is free
 * or the creation's own, and the run's data is exactly the creation's; else
 * nothing touched and a COM1 line says why. p: mounted.
 * MK_WRITE: a write failed (its BlockErr in *err).
 */
SaveMk savemk_repair(SaveIo *io, SaveMkPlan *p, const uint8_t id[SAVEREC_ID_BYTES], BlockErr *err);

#endif
