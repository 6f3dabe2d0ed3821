/* savefat.h: the FAT reader's pieces (kernel/save/savefat.c) that the folder's creation (savemk.c) shares. */
#ifndef KERNEL_SAVEFAT_H
#define KERNEL_SAVEFAT_H

#include <stdbool.h>
#include <stdint.h>

#include "savefmt.h"

/* A mounted volume: its layout and a one-sector cache of its first FAT. */
typedef struct SaveFat {
	SaveReadFn rd;
	void *ctx;
	SaveVolume v;
	uint64_t cached;                /* the FAT sector in cache (absolute), or ~0 */
	uint8_t cache[SAVE_SECTOR];
	bool read_error;
} SaveFat;

#define SAVE_SCAN_WANT  8               /* SAVE_FILES */

/* What a directory scan looks for (short names, 11 bytes) and found. */
typedef struct SaveScan {
	const char *want[SAVE_SCAN_WANT];
	bool want_dir[SAVE_SCAN_WANT];  /* a directory (else a file) */
	int nwant;
	bool found[SAVE_SCAN_WANT];
	uint32_t first[SAVE_SCAN_WANT], size[SAVE_SCAN_WANT];
	bool label;                     /* a volume-label entry SHARDFALL */
	bool folder;                    /* a directory whose long name is SHARDFALL (any case) */
	uint32_t folder_cluster;
	bool lfn_ours;                  /* the entry before was SHARDFALL's long name, with this checksum */
	uint8_t lfn_sum;
} SaveScan;

extern const char save_dir_names[SAVE_FILES][12];   /* "SAVE    DAT", ... */
extern const char save_folder_long[];                /* "SHARDFALL" */

/* The BPB at lba (sec: a sector buffer, left holding the boot sector) checked against sectors: FIND_OK and f set. */
SaveFind savefat_mount(SaveReadFn rd, void *ctx, uint64_t lba, uint64_t sectors, SaveFat *f, uint8_t *sec);
/* A directory (cluster 0: the root) scanned, at most 512 sectors of it. */
SaveFind savefat_scan(SaveFat *f, uint32_t cluster, SaveScan *s);
/* A file's clusters from first: contiguous and ending the chain; its extent on the disk. */
bool savefat_extent(SaveFat *f, uint32_t first, uint32_t size, SaveExtent *x);
uint32_t savefat_next(SaveFat *f, uint32_t c);      /* the FAT's entry for c (0 when unreadable: read_error) */
bool savefat_is_end(const SaveVolume *v, uint32_t x);
bool savefat_valid_cluster(const SaveVolume *v, uint32_t c);
uint8_t savefat_lfn_sum(const uint8_t *name11);

#endif
