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

/*
 * Creates /SHARDFALL with README.TXT, SAVE.DAT (its header with id), SCORES.TXT and
 * CRASH.TXT, each contiguous at the save partition's sizes, on the volume v of
 * io's disk. Writes, in this order, only: (FAT32) FSInfo's free count made
 * "unknown"; the new files' clusters and the folder's cluster (all free until
 * the FAT says otherwise); each FAT's entries for them; flush; the root
 * directory sector with the folder's two entries (its long name and short
 * name, both in one half of the sector); flush; (FAT32) FSInfo's free count
 * and hint. Every write goes through io (the guard allows exactly these
 * sectors, then only the three files' again).
 */
SaveMk savemk_create(SaveIo *io, const SaveVolume *v, const uint8_t id[SAVEREC_ID_BYTES], BlockErr *err);

/*
 * Whether /boot/grub/grub.cfg (its extent x) holds "imageid=" and image_id
 * (16 hex digits): the stick this image booted from. sec: a sector buffer.
 */
bool savemk_cfg_names_us(SaveIo *io, const SaveExtent *x, const char *image_id, uint8_t *sec);

/* README.TXT's and CRASH.TXT's first text, as tools/mksave.py writes them (test_savemk compares). */
extern const char savemk_readme[];
extern const char savemk_crash_none[];
extern const char savemk_scores_none[];

#endif
