/* savestate.h: the save service's state, shared by save.c (open, records) and savefile.c (the files by name); private to kernel/save. */
#ifndef KERNEL_SAVESTATE_H
#define KERNEL_SAVESTATE_H

#include <stddef.h>

#include "save.h"
#include "savefmt.h"
#include "saveio.h"
#include "saverec.h"

#define PAYLOAD_MAX     ((SAVEREC_SLOT_SECTORS_MAX - 1) * SAVE_SECTOR)

typedef struct SaveState {
	SaveStatus st;
	BlockDev *dev;
	SaveArea area;
	SaveHeader hdr;
	SaveSlots slots;
	SaveIo io;
	volatile bool busy;             /* inside a save or a file's write: the panic's writes stay out */
	volatile bool panic_busy;       /* inside a panic's write: a fault there does not come back to it */
	bool crash_done;                /* save_crash ran (it runs once a boot) */
	char image_id[2 * SAVEREC_ID_BYTES + 1];
	BlockDev *mine;                 /* a FAT copy of this image without the folder SHARDFALL */
	SaveVolume mine_vol;
	bool mine_broken;               /* its folder SHARDFALL has a file in pieces: left alone */
	uint32_t mine_folder;           /* its folder SHARDFALL (first cluster; 0: none) ... */
	uint8_t mine_missing;           /* ... and the files missing from it */
	uint8_t sec[SAVE_SECTOR], back[SAVE_SECTOR];
	uint8_t payload[PAYLOAD_MAX];
} SaveState;

extern SaveState save_state;

/* A failed write or read-back: saves off with the reason the title shows (what: "write", "read"); false. */
bool save_failed(BlockErr e, const char *what);

static inline bool save_streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

static inline bool save_same(const uint8_t *a, const uint8_t *b, size_t n)
{
	while (n--)
		if (*a++ != *b++)
			return false;
	return true;
}

#endif
