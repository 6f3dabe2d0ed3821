/* fuzz_saverec.c: libFuzzer target — SAVE.DAT's record loader (kernel/save/saverec.c) on any file. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzkit.h"
#include "savecrc.h"
#include "saverec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct File {
	const uint8_t *data;
	size_t sectors;
} File;

static bool file_read(void *ctx, uint64_t lba, uint8_t *sec)
{
	File *f = ctx;

	expect(lba < f->sectors);       /* the loader never reads past the file */
	memcpy(sec, f->data + lba * SAVE_SECTOR, SAVE_SECTOR);
	return true;
}

/* For tests/fuzz/replay.c: *.sav seeds hold a valid header and at least one valid record. */
#define FUZZ_VALID_EXT ".sav"
__attribute__((unused)) static bool fuzz_accepts(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	File f = { data, size / SAVE_SECTOR };
	SaveHeader h;
	SaveSlots s;

	if (f.sectors == 0 || !saverec_header(data, (uint32_t)f.sectors, &h)) {
		snprintf(err, errlen, "no valid header");
		return false;
	}
	saverec_scan(file_read, &f, 0, &h, &s, NULL, 0, NULL);
	snprintf(err, errlen, "%d valid records", s.count);
	return s.count > 0;
}

/* The CRCs put right (header sector, every slot whose length fits), so mutations reach the checks behind them. */
static void fix_crcs(uint8_t *d, size_t sectors)
{
	SaveHeader h;
	uint32_t crc = save_crc32(0, d, 36);

	for (int i = 0; i < 4; i++)
		d[36 + i] = (uint8_t)(crc >> (8 * i));
	if (!saverec_header(d, (uint32_t)sectors, &h))
		return;
	for (uint32_t i = 0; i < h.slots; i++) {
		uint8_t *r = d + (size_t)saverec_slot_sector(&h, i) * SAVE_SECTOR;
		uint32_t len = save_le32(r + 12);

		if (len > saverec_capacity(&h))
			continue;
		crc = save_crc32(save_crc32(0, r, 28), r + SAVE_SECTOR, len);
		for (int k = 0; k < 4; k++)
			r[28 + k] = (uint8_t)(crc >> (8 * k));
	}
}

/*
 * The newest record loaded is one whose CRC holds over exactly its header
 * and payload (checked here again, independently), in range, with the
 * highest sequence number of the valid ones; the next write's slot is
 * never it.
 */
static void check(const uint8_t *data, size_t sectors)
{
	File f = { data, sectors };
	SaveHeader h;
	SaveSlots s;
	static uint8_t payload[SAVEREC_SLOT_SECTORS_MAX * SAVE_SECTOR];
	size_t len = 12345;
	int target;

	if (!saverec_header(data, (uint32_t)sectors, &h))
		return;
	expect(h.slots >= SAVEREC_SLOTS_MIN && h.slots <= SAVEREC_SLOTS_MAX);
	expect(h.first_slot + (uint64_t)h.slots * h.slot_sectors <= sectors);
	saverec_scan(file_read, &f, 0, &h, &s, payload, sizeof payload, &len);
	expect(s.count >= 0 && s.count <= (int)h.slots);
	target = saverec_target(&h, &s);
	expect(target >= 0 && target < (int)h.slots);
	if (s.count == 0) {
		expect(s.newest == -1 && len == 0);
		return;
	}
	expect(s.newest >= 0 && s.newest < (int)h.slots && s.valid[s.newest] && target != s.newest);
	for (uint32_t i = 0; i < h.slots; i++)
		expect(!s.valid[i] || s.seq[i] <= s.newest_seq);
	{
		const uint8_t *r = data + (size_t)saverec_slot_sector(&h, (uint32_t)s.newest) * SAVE_SECTOR;

		expect(len == save_le32(r + 12) && len <= saverec_capacity(&h));
		expect(save_crc32(save_crc32(0, r, 28), r + SAVE_SECTOR, len) == save_le32(r + 28));
		expect(memcmp(payload, r + SAVE_SECTOR, len) == 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t sectors = size / SAVE_SECTOR;
	uint8_t *fixed;

	if (sectors == 0)
		return 0;
	check(data, sectors);
	fixed = malloc(sectors * SAVE_SECTOR);
	expect(fixed != NULL);
	memcpy(fixed, data, sectors * SAVE_SECTOR);
	fix_crcs(fixed, sectors);
	check(fixed, sectors);
	free(fixed);
	return 0;
}
