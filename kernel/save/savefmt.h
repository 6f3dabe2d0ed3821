/* savefmt.h: finding the save area on a disk — the partition table (MBR, GPT) and the FAT volume in it. */
#ifndef KERNEL_SAVEFMT_H
#define KERNEL_SAVEFMT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Pure code over a sector reader, so it runs on the host and under the
 * fuzzer. Nothing read from the disk is trusted: every number is checked
 * against the disk's size, the partition's and the volume's before use.
 */
#define SAVE_SECTOR     512
#define SAVE_LABEL      "SHARDFALL  "   /* the FAT volume label, 11 characters */

/* Reads one 512-byte sector at lba (absolute on the disk); false: a read error. */
typedef bool (*SaveReadFn)(void *ctx, uint64_t lba, uint8_t *sector);

/* A file's data: its first sector on the disk, how many sectors it covers and its size in bytes. */
typedef struct SaveExtent {
	uint64_t lba;
	uint32_t sectors;               /* ceil(bytes / 512), all inside the file's clusters */
	uint32_t bytes;
} SaveExtent;

/*
 * The save area's files, in the order the build lays them out (docs/save.md).
 * SAVE.DAT, SCORES.TXT and CRASH.TXT must be there; the others are optional
 * (README.TXT is never written; LOG.TXT, HWINFO.TXT, REPLAY.DAT and
 * CRASHRPL.DAT are missing on a stick made before issue 33, and the kernel
 * makes them where there is room, in this order).
 */
enum {
	SAVE_README, SAVE_DAT, SAVE_SCORES, SAVE_CRASH,
	SAVE_LOG, SAVE_HWINFO, SAVE_REPLAY, SAVE_CRASHRPL,
	SAVE_FILES
};
#define SAVE_FILES_V1   4               /* the files of a save area made before issue 33 */
#define SAVE_REQUIRED   ((1u << SAVE_DAT) | (1u << SAVE_SCORES) | (1u << SAVE_CRASH))
extern const char *const save_file_names[SAVE_FILES];  /* "README.TXT", "SAVE.DAT", ... */

/* A FAT volume's layout, every number checked against the volume's size. */
typedef struct SaveVolume {
	uint64_t lba;                   /* its boot sector on the disk */
	uint32_t sectors;
	uint32_t fat_start, fat_sectors, nfats; /* sectors from lba */
	uint32_t data_start, spc, clusters;     /* cluster 2 at lba + data_start */
	uint32_t root_cluster;          /* FAT32; 0 on FAT12/16 (the fixed root directory) */
	uint32_t root_start, root_sectors;      /* FAT12/16's fixed root directory */
	int bits;                       /* 12, 16 or 32 */
} SaveVolume;

typedef struct SaveArea {
	int partition;                  /* its number in the table it was found in (1-based); 0: no table */
	bool gpt;                       /* found through the GPT (else the MBR) */
	uint64_t part_lba, part_sectors;
	int fat_bits;                   /* 12, 16 or 32 */
	bool folder;                    /* the files are in the root's folder SHARDFALL (a FAT32 copy of the image) */
	uint32_t folder_cluster;        /* FIND_OK with folder: its first cluster (where missing files are made) */
	SaveExtent file[SAVE_FILES];    /* a file missing: sectors 0 (only those outside SAVE_REQUIRED may be) */
	uint8_t missing;                /* FIND_OK: the optional files not there (bit k: save_file_names[k]) */
	SaveVolume vol;
	/*
	 * FIND_NONE: the first FAT volume seen holding /boot/grub/grub.cfg
	 * (boot_cfg.sectors > 0), whose text save.c checks for this image's
	 * imageid=: the stick we booted from, without a SHARDFALL folder.
	 */
	int boot_partition;
	SaveVolume boot_vol;
	SaveExtent boot_cfg;
	bool broken_folder;             /* FIND_NONE: that volume's folder SHARDFALL has a file in pieces or too big */
	uint32_t boot_folder;           /* FIND_NONE: that volume's folder SHARDFALL (its first cluster; 0: none) */
	uint8_t boot_missing;           /* ... and the files missing from it (bit k: save_file_names[k]) */
} SaveArea;

typedef enum SaveFind {
	FIND_OK,
	FIND_NONE,                      /* no partition of ours: no table, no FAT partition labelled SHARDFALL */
	FIND_READ,                      /* a read failed */
} SaveFind;

/*
 * The first partition (GPT first, then the MBR), then the whole disk (a
 * volume with no partition table), that is a FAT volume labelled SHARDFALL
 * holding our files in its root, or any FAT volume holding them in its
 * folder SHARDFALL.
 */
SaveFind savepart_find(SaveReadFn rd, void *ctx, uint64_t disk_sectors, SaveArea *a);

/* The FAT volume in [lba, lba + sectors): BPB, label, root directory (and folder SHARDFALL), each file contiguous. */
SaveFind savefat_open(SaveReadFn rd, void *ctx, uint64_t lba, uint64_t sectors, SaveArea *a);

/* Little-endian fields from on-disk bytes. */
static inline uint16_t save_le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint32_t save_le32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static inline uint64_t save_le64(const uint8_t *p) { return save_le32(p) | (uint64_t)save_le32(p + 4) << 32; }

#endif
