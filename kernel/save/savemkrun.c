/* savemkrun.c: the creation's run of clusters — its layout (each file's size and place), its FAT entries (FAT12/16/32), finding free room for it. */
#include <stddef.h>

#include "savefat.h"
#include "savemkplan.h"

uint64_t savemk_cluster_lba(const SaveMkPlan *p, uint32_t c)
{
	return p->f.v.lba + p->f.v.data_start + (uint64_t)(c - 2) * p->f.v.spc;
}

/* A run of count free clusters, from FSInfo's hint (else 2) round the volume; looks at a bounded part of the FAT. */
static SaveMk find_run(SaveMkPlan *p, uint32_t hint)
{
	uint32_t n = p->f.v.clusters, start = hint >= 2 && hint - 2 < n ? hint : 2, run = 0;
	uint32_t per_sector = SAVE_SECTOR * 8 / (uint32_t)p->f.v.bits, limit = SAVEMK_FREE_SCAN_SECTORS * per_sector;

	for (uint32_t k = 0; k < n && k < limit; k++) {
		uint32_t c = 2 + (start - 2 + k) % n;

		if (c == 2)
			run = 0;                /* a run does not wrap round the volume's end */
		if (savefat_next(&p->f, c) != 0 || p->f.read_error) {
			if (p->f.read_error)
				return MK_READ;
			run = 0;
			continue;
		}
		if (++run == p->count) {
			p->first = c + 1 - p->count;
			return MK_OK;
		}
	}
	return MK_NO_ROOM;
}

/* The FAT entry of cluster c in the run: the next cluster of its file (or folder), or end of chain. */
uint32_t savemk_chain_value(const SaveMkPlan *p, uint32_t c)
{
	uint32_t end = p->f.v.bits == 32 ? 0x0FFFFFFF : p->f.v.bits == 16 ? 0xFFFF : 0xFFF;

	if (!p->folder && c == p->first)
		return end;                             /* the folder: one cluster */
	for (int k = 0; k < SAVE_FILES; k++)
		if ((p->make & (1u << k)) && c >= p->file_first[k] && c < p->file_first[k] + p->file_clusters[k])
			return c + 1 < p->file_first[k] + p->file_clusters[k] ? c + 1 : end;
	return 0;
}

/* Cluster c's entry: its first byte in the FAT, and how many bytes it touches (FAT12: 2, sharing a nibble). */
static uint32_t entry_off(const SaveMkPlan *p, uint32_t c)
{
	return p->f.v.bits == 12 ? c + c / 2 : c * (uint32_t)(p->f.v.bits / 8);
}

static uint32_t entry_width(const SaveMkPlan *p)
{
	return p->f.v.bits == 12 ? 2 : (uint32_t)(p->f.v.bits / 8);
}

/* The bits of c's entry that byte j of it holds (FAT12's shared nibbles), as a mask of the entry's value. */
static uint32_t byte_mask(const SaveMkPlan *p, uint32_t c, uint32_t j)
{
	if (p->f.v.bits == 12)
		return (c & 1) ? (j == 0 ? 0x00F : 0xFF0) : (j == 0 ? 0x0FF : 0xF00);
	return (p->f.v.bits == 32 ? 0x0FFFFFFFu : 0xFFFFu) & (0xFFu << (8 * j));
}

void savemk_fat_put(const SaveMkPlan *p, uint8_t *sec, uint32_t s, uint32_t c, uint32_t v)
{
	uint32_t off = entry_off(p, c);

	for (uint32_t j = 0; j < entry_width(p); j++) {
		uint32_t at = off + j, sh;
		uint8_t keep;

		if (at / SAVE_SECTOR != s)
			continue;
		if (p->f.v.bits == 12) {       /* the 16-bit word at off: even c its low 12 bits, odd c its high 12 */
			uint32_t w = (c & 1) ? v << 4 : v, wm = (c & 1) ? 0xFFF0u : 0x0FFFu;

			sh = 8 * j;
			keep = (uint8_t)~(wm >> sh);
			sec[at % SAVE_SECTOR] = (uint8_t)((sec[at % SAVE_SECTOR] & keep) | ((w & wm) >> sh));
		} else if (p->f.v.bits == 32 && j == 3) {
			sec[at % SAVE_SECTOR] = (uint8_t)((sec[at % SAVE_SECTOR] & 0xF0) | ((v >> 24) & 0x0F));
		} else {
			sec[at % SAVE_SECTOR] = (uint8_t)(v >> (8 * j));
		}
	}
}

bool savemk_fat_ours(const SaveMkPlan *p, uint32_t c, uint32_t v)
{
	uint32_t want = savemk_chain_value(p, c);

	for (uint32_t j = 0; j < entry_width(p); j++) {
		uint32_t m = byte_mask(p, c, j);

		if ((v & m) != 0 && (v & m) != (want & m))
			return false;
	}
	return true;
}

void savemk_fat_span(const SaveMkPlan *p, uint32_t *s0, uint32_t *s1)
{
	*s0 = entry_off(p, p->first) / SAVE_SECTOR;
	*s1 = (entry_off(p, p->first + p->count - 1) + entry_width(p) - 1) / SAVE_SECTOR;
}

void savemk_layout(SaveMkPlan *p)
{
	const uint32_t *sizes = savemk_file_bytes;
	uint32_t next = p->first + (p->folder ? 0 : 1);

	p->cluster_bytes = p->f.v.spc * SAVE_SECTOR;
	p->count = p->folder ? 0 : 1;
	if (p->shrink == 0)
		p->shrink = 1;
	for (int k = 0; k < SAVE_FILES; k++) {
		p->file_bytes[k] = k >= SAVE_FILES_V1 ? sizes[k] / p->shrink : sizes[k];
		p->file_clusters[k] = (p->file_bytes[k] + p->cluster_bytes - 1) / p->cluster_bytes;
		p->file_first[k] = 0;
		if (p->make & (1u << k)) {
			p->count += p->file_clusters[k];
			p->file_first[k] = next;
			next += p->file_clusters[k];
		}
	}
}

/*
 * A run of free clusters for the files: at their sizes; else (the optional
 * files only: LOG.TXT, HWINFO.TXT, REPLAY.DAT, CRASHRPL.DAT, made on a save
 * area of an older version) at 1/2, 1/4, 1/8 of them; else without the last
 * optional file, and so on (a fixed order). Each file's first cluster set.
 */
SaveMk savemk_fit_run(SaveMkPlan *p, uint32_t hint)
{
	const uint8_t optional = (uint8_t)(((1u << SAVE_FILES) - 1) & ~((1u << SAVE_FILES_V1) - 1));
	SaveMk r = MK_NO_ROOM;

	for (;;) {
		for (p->shrink = 1; p->shrink <= ((p->make & optional) ? SAVEMK_SHRINK_MAX : 1); p->shrink *= 2) {
			p->first = 0;
			savemk_layout(p);
			if ((r = find_run(p, hint)) != MK_NO_ROOM)
				break;
		}
		if (r != MK_NO_ROOM || !(p->make & optional) || !p->folder)
			break;
		for (int k = SAVE_FILES - 1; k >= SAVE_FILES_V1; k--) {
			if (p->make & (1u << k)) {
				p->make &= (uint8_t)~(1u << k);         /* the last optional file left out */
				break;
			}
		}
		if (!p->make)
			return MK_NO_ROOM;
	}
	if (r != MK_OK)
		return r;
	savemk_layout(p);               /* each file's first cluster in the run */
	return MK_OK;
}
