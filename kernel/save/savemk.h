/* savemk.h: the folder SHARDFALL created once on a FAT16/32 copy of the image that has none (docs/save.md). */
#ifndef KERNEL_SAVEMK_H
#define KERNEL_SAVEMK_H

#include <stdbool.h>
#include <stdint.h>

#include "savefmt.h"
#include "saveio.h"
#include "saverec.h"

typedef enum SaveMk {
	MK_OK,                          /* created: savefat_open finds it now */
	MK_NO_ROOM,                     /* no run of free clusters for it, or no free pair of root entries */
	MK_UNSUPPORTED,                 /* FAT12 */
	MK_READ,                        /* a read failed */
	MK_WRITE,                       /* a write failed (its BlockErr in *err) */
} SaveMk;

#define SAVEMK_FREE_SCAN_SECTORS 8192   /* the most FAT sectors looked through for free clusters */
#define SAVEMK_ROOT     1               /* savemk_create's folder: the files go into the root (a save partition) */

/*
 * Creates /SHARDFALL with every file of save_file_names (SAVE.DAT's header with id),
 * each contiguous at the save partition's sizes, on the volume v of
 * io's disk (folder 0); or, in the folder there already (its first cluster)
 * or the root of a save partition (SAVEMK_ROOT, FAT12 too), only the files
 * missing from it (bit k of missing: save_file_names[k]; the optional ones
 * smaller, or the last ones left out, when they do not fit: savemkrun.c).
 * First, for a folder, the half-made folders of power cuts before this boot
 * are undone (savemkfix.c: their intent records in the root, each run freed
 * in every FAT only when exactly the creation's own). Then writes, in this
 * order, only: (FAT32) FSInfo's free count made "unknown"; the new folder's
 * cluster and the new files' clusters (all free until the FAT says
 * otherwise); (a folder) the intent record, a deleted root entry naming the
 * run; flush; each FAT's entries for them; flush; the directory sector with
 * the new entries (the root's: the folder's long and short names, both in
 * one half of the sector, over the intent; or the folder's: the files');
 * flush; (FAT32) FSInfo's free count and hint. Every write goes through io
 * (the guard allows exactly these sectors, then only the three files' again).
 */
SaveMk savemk_create(SaveIo *io, const SaveVolume *v, uint32_t folder, uint8_t missing,
                     const uint8_t id[SAVEREC_ID_BYTES], BlockErr *err);

/*
 * Whether /boot/grub/grub.cfg (its extent x) holds "imageid=" and image_id
 * (16 hex digits): the stick this image booted from. sec: a sector buffer.
 */
bool savemk_cfg_names_us(SaveIo *io, const SaveExtent *x, const char *image_id, uint8_t *sec);

/* The files as tools/mksave.py makes them (savemkfile.c; test_savemk compares them byte for byte). */
#define SAVEMK_SLOTS            4
#define SAVEMK_SLOT_SECTORS     4
#define SAVEMK_README_BYTES     savemk_readme_bytes             /* the text and a '\n' */
#define SAVEMK_DAT_BYTES        ((1 + SAVEMK_SLOTS * SAVEMK_SLOT_SECTORS) * SAVE_SECTOR)
#define SAVEMK_SCORES_BYTES     2048
#define SAVEMK_CRASH_BYTES      4096
#define SAVEMK_LOG_BYTES        65536
#define SAVEMK_HWINFO_BYTES     65536
#define SAVEMK_REPLAY_BYTES     98304
#define SAVEMK_CRASHRPL_BYTES   98304
extern const char savemk_readme[];
extern const uint32_t savemk_readme_bytes;
extern const char savemk_crash_none[];
extern const char savemk_scores_none[];
extern const char savemk_log_none[];
extern const char savemk_hwinfo_none[];
extern const uint32_t savemk_file_bytes[SAVE_FILES];    /* each file's size as the build makes it */
/* Byte i of file k (size bytes): the padded texts ending in '\n'; SAVE.DAT's note at 64, zeros (not its header). */
uint8_t savemk_file_byte(int k, uint32_t size, uint32_t i);
/* SAVE.DAT's header sector's first 40 bytes (version, id, 4 slots of 4 sectors, CRC). */
void savemk_save_header(uint8_t *sec, const uint8_t id[SAVEREC_ID_BYTES]);

#endif
