/* saverec.h: SAVE.DAT — its header sector (made by the build) and the record slots behind it (docs/save.md). */
#ifndef KERNEL_SAVEREC_H
#define KERNEL_SAVEREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "savefmt.h"

/*
 * Sector 0 of SAVE.DAT (tools/mksave.py writes it; the kernel never does):
 *   0 "SHRDSAVE"  8 u32 version (1)  12 u8[8] image id  20 u32 slot count  24 u32 sectors per slot
 *  28 u32 first slot's sector  32 u32 0  36 u32 CRC-32 of bytes 0..35
 * Each slot: a record header sector, then its payload sectors. Record header:
 *   0 "SREC"  4 u16 version (1)  6 u16 header bytes (32)  8 u32 sequence number  12 u32 payload bytes
 *  16 u32 slot index  20 u32 0  24 u32 0  28 u32 CRC-32 of bytes 0..27 and the payload
 * and the rest of the sector zero. All numbers little-endian.
 */
#define SAVEREC_VERSION         1
#define SAVEREC_ID_BYTES        8
#define SAVEREC_SLOTS_MIN       3
#define SAVEREC_SLOTS_MAX       16
#define SAVEREC_SLOT_SECTORS_MAX 16
#define SAVEREC_HEADER_BYTES    32

typedef struct SaveHeader {
	uint8_t id[SAVEREC_ID_BYTES];
	uint32_t slots, slot_sectors, first_slot;
} SaveHeader;

/* SAVE.DAT's sector 0, checked against the file's size in sectors. */
bool saverec_header(const uint8_t *sec, uint32_t file_sectors, SaveHeader *h);
/* "0123456789abcdef" (16 hex digits) -> 8 bytes; false when it is not that. */
bool saverec_parse_id(const char *hex, uint8_t id[SAVEREC_ID_BYTES]);

static inline uint32_t saverec_capacity(const SaveHeader *h) { return (h->slot_sectors - 1) * SAVE_SECTOR; }
/* The slot's first sector, counted from SAVE.DAT's first sector. */
static inline uint32_t saverec_slot_sector(const SaveHeader *h, uint32_t slot) { return h->first_slot + slot * h->slot_sectors; }

typedef struct SaveSlots {
	bool valid[SAVEREC_SLOTS_MAX];
	uint32_t seq[SAVEREC_SLOTS_MAX], len[SAVEREC_SLOTS_MAX];
	int count;                      /* valid records */
	int newest;                     /* its slot, -1 when none */
	uint32_t newest_seq;            /* 0 when none */
	bool read_error;
} SaveSlots;

/*
 * Every slot read and checked through rd (lba relative to base: SAVE.DAT's
 * first sector). When payload is not NULL, the newest valid record's payload
 * is left there (cap bytes at least saverec_capacity) and *len set.
 */
void saverec_scan(SaveReadFn rd, void *ctx, uint64_t base, const SaveHeader *h, SaveSlots *s,
                  uint8_t *payload, size_t cap, size_t *len);

/* Where the next record goes: an invalid slot, else the oldest valid one; never the newest valid. */
int saverec_target(const SaveHeader *h, const SaveSlots *s);

/* The record header sector for payload[len] as record seq in slot. */
void saverec_make(uint8_t *sec, uint32_t seq, uint32_t slot, const uint8_t *payload, uint32_t len);

#endif
