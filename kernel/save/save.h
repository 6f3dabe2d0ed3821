/* save.h: the kernel's save service — the save area on the stick we booted from (docs/save.md). */
#ifndef KERNEL_SAVE_H
#define KERNEL_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blockdev.h"

typedef struct SaveStatus {
	bool on;                        /* saves work */
	char why[64];                   /* when off, for the title: "booted from a CD", ... */
	char device[BLOCKDEV_NAME];     /* the disk holding the save area ("" when none) */
	int partition;                  /* its partition number (0: a volume with no partition table) */
	bool folder;                    /* in the folder SHARDFALL of a FAT volume (a copy of the image's files) */
	int valid_records;
	uint32_t newest_seq;
	bool crash_pending;             /* CRASH.TXT holds a report not yet shown (its first line SAVE_CRASH_NEW) */
} SaveStatus;

/*
 * CRASH.TXT's first line when it holds a report: NEW as the panic writes
 * it, SHOWN once a later boot has told the player (save_crash_seen: the
 * same length, so only the file's first sector is rewritten).
 */
#define SAVE_CRASH_MARK  "Shardfall crash report"
#define SAVE_CRASH_NEW   SAVE_CRASH_MARK " (not yet shown)"
#define SAVE_CRASH_SHOWN SAVE_CRASH_MARK " (shown at boot)"

/*
 * Looks through blockdev_at() for the save area whose SAVE.DAT carries
 * image_id (16 hex digits, the boot option imageid=; NULL or "" takes the
 * first save area found). One COM1 line: `save: <device>, partition <n>,
 * <k> valid records, newest seq=S` or `save: none (<reason>)`.
 */
bool save_open(const char *image_id, SaveStatus *st);
/*
 * The same open in steps (saveopen.c): save_open_begin, then save_open_step
 * until it returns true; a step reads one sector, and more while it has
 * taken less than budget_us (its reads are cached, the open is run again
 * over them).
 */
void save_open_begin(void);
bool save_open_step(const char *image_id, uint32_t budget_us);

/*
 * What the loader said it booted from, for save_open's reason when no save
 * area is found: a CD says "booted from a CD"; a disk (BIOS drive 80h-DFh)
 * "no save area on this stick" even with an empty CD drive in the PC;
 * unknown (UEFI, multiboot2): a CD drive with nothing else found counts as a CD.
 */
typedef enum SaveBoot { SAVE_BOOT_UNKNOWN, SAVE_BOOT_CD, SAVE_BOOT_DISK } SaveBoot;
void save_boot_medium(SaveBoot medium);
bool save_status(SaveStatus *st);       /* the state now (false: saves are off) */

/* The newest valid record's payload (false: none, or it does not fit cap). */
bool save_load(uint8_t *payload, size_t cap, size_t *len);
/*
 * A new record (what: "settings", "scores", ... for the log line `save:
 * wrote seq=S (what) in T ms`): into an invalid or the oldest slot, payload
 * sectors, flush, header sector, flush, read back and compared. An error
 * turns saves off ("write error on <device>").
 */
bool save_write(const uint8_t *payload, size_t len, const char *what);
/*
 * A text file ("SCORES.TXT", "CRASH.TXT", "LOG.TXT", "HWINFO.TXT") rewritten
 * in place: text, spaces to the file's size - 1, '\n'; flushed, read back.
 */
bool save_text(const char *file, const char *text);

/*
 * The save area's files by name (save_file_names: "LOG.TXT", "HWINFO.TXT",
 * "REPLAY.DAT", "CRASHRPL.DAT", ...), each at its fixed size.
 * save_file_size: its bytes in the open save area; 0 when it is absent (a
 * stick made by an older version) or saves are off.
 * save_file_write: len bytes at offset, inside the file, in place (a
 * partial sector read, changed, written back), flushed, read back and
 * compared; never README.TXT or SAVE.DAT. false with a COM1 line: saves off,
 * the file absent, outside it, or a save in progress; an I/O error turns
 * saves off as save_write's. save_file_read: the same bytes back.
 */
uint32_t save_file_size(const char *file);
bool save_file_write(const char *file, uint32_t offset, const void *buf, uint32_t len);
bool save_file_read(const char *file, uint32_t offset, void *buf, uint32_t len);
/*
 * The panic's path (as save_crash): the same write without the read-back or
 * a COM1 line; static buffers, bounded, interrupts off. Refused when saves
 * are off or a save or another panic write was in progress (a fault inside
 * one does not come back to it).
 */
bool save_file_write_panic(const char *file, uint32_t offset, const void *buf, uint32_t len);
/*
 * The panic's path: CRASH.TXT as SAVE_CRASH_NEW, a newline and report.
 * Bounded, no allocation, static buffers, works with interrupts off; refused
 * when saves are off or a save was in progress (the fault may have come from
 * the storage path itself), and after it ran once (a fault inside it).
 */
bool save_crash(const char *report);
void save_lost(void);                   /* the device went away: saves off, `save: off (...)` */
bool save_device_present(void);         /* saves on and their disk not unplugged */
/* The report was shown: its first line becomes SAVE_CRASH_SHOWN (one sector; false if there is none). */
bool save_crash_seen(void);

/* Boot options savecut=N and savetear=N, logcut=N and logtear=N (LOG.TXT's writes, counted apart; saveio.h): 0 = off. */
void save_powercut(uint32_t cut, uint32_t tear);
void save_powercut_log(uint32_t cut, uint32_t tear);

#endif
