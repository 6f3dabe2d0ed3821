/* ata.c: legacy IDE by PIO — IDENTIFY (and IDENTIFY PACKET: ATAPI, listed read-only), READ/WRITE SECTORS (EXT), FLUSH CACHE (EXT). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ata.h"
#include "blockdev.h"
#include "drvlog.h"
#include "io.h"
#include "wait.h"

/* Command block registers (ATA/ATAPI-8 ACS, the legacy register map) and the control block's. */
#define REG_DATA        0
#define REG_ERROR       1
#define REG_COUNT       2
#define REG_LBA0        3
#define REG_LBA1        4
#define REG_LBA2        5
#define REG_DEVICE      6
#define REG_STATUS      7               /* read; write: command */
#define REG_ALTSTATUS   0               /* control block: read alternate status, write device control */
#define ST_ERR          0x01
#define ST_DRQ          0x08
#define ST_DF           0x20
#define ST_BSY          0x80
#define DEV_LBA         0x40
#define DEV_SLAVE       0x10
#define DEV_OBS         0xA0            /* obsolete bits set, as old drives want */
#define CTL_NIEN        0x02            /* no interrupts: we poll */
#define CMD_READ        0x20
#define CMD_READ_EXT    0x24
#define CMD_WRITE       0x30
#define CMD_WRITE_EXT   0x34
#define CMD_FLUSH       0xE7
#define CMD_FLUSH_EXT   0xEA
#define CMD_IDENTIFY    0xEC
#define CMD_IDENTIFY_PACKET 0xA1
#define ATAPI_SIG1      0x14            /* LBA1/LBA2 after a reset or an aborted IDENTIFY: a packet device */
#define ATAPI_SIG2      0xEB
#define LBA28_MAX       0x0FFFFFFFull
#define BSY_MS          5000            /* a command's busy time (a drive spinning up may take more: logged) */
#define FLUSH_MS        30000           /* a cache flush (ATA: may take long; Linux waits 30 s) */
#define ID_MS           1000            /* IDENTIFY at boot: a missing slave that mirrors its master costs 1 s, not 5 */

typedef struct AtaDrive {
	AtaPorts p;
	bool slave, lba48, atapi;
	BlockDev blk;
} AtaDrive;

static AtaDrive drives[ATA_MAX];
static int drive_count;

static uint8_t alt_status(const AtaPorts *p)
{
	return inb(p->ctl + REG_ALTSTATUS);
}

/* After selecting a drive or sending a command: 400 ns before the status means anything (four alternate-status reads). */
static void delay_400ns(const AtaPorts *p)
{
	for (int i = 0; i < 4; i++)
		(void)alt_status(p);
}

typedef struct StatusWait {
	const AtaPorts *p;
	uint8_t mask, want;
	uint8_t last;
} StatusWait;

static bool status_is(void *ctx)
{
	StatusWait *w = ctx;

	w->last = alt_status(w->p);
	return w->last != 0xFF && (w->last & w->mask) == w->want;
}

/* BSY clear, then (if drq) DRQ or an error; bounded, the timeout logged. The status last read, 0xFF if none. */
static bool wait_ready(const AtaDrive *d, bool drq, uint32_t ms, uint8_t *status)
{
	StatusWait w = { .p = &d->p, .mask = ST_BSY, .want = 0 };
	bool ok = wait_until(status_is, &w, ms, 0);

	if (ok && drq && !(w.last & (ST_ERR | ST_DF))) {
		w.mask = ST_BSY | ST_DRQ;
		w.want = ST_DRQ;
		ok = wait_until(status_is, &w, ms, 0) || (w.last & (ST_ERR | ST_DF));
	}
	*status = w.last;
	if (!ok)
		drvlog("ata: %s: timeout: status %02x after %u ms\n", d->blk.name[0] ? d->blk.name : "IDE", (unsigned)w.last,
		    (unsigned)ms);
	return ok;
}

static void select_drive(const AtaDrive *d, uint8_t lba_top)
{
	outb(d->p.cmd + REG_DEVICE, (uint8_t)(DEV_OBS | DEV_LBA | (d->slave ? DEV_SLAVE : 0) | (lba_top & 0x0F)));
	delay_400ns(&d->p);
}

/* LBA48: the high bytes first (previous contents), then the low; LBA28: one pass, bits 27:24 in the device register. */
static void set_lba(const AtaDrive *d, uint64_t lba, uint32_t count, bool ext)
{
	uint16_t c = d->p.cmd;

	if (ext) {
		outb(c + REG_COUNT, (uint8_t)(count >> 8));
		outb(c + REG_LBA0, (uint8_t)(lba >> 24));
		outb(c + REG_LBA1, (uint8_t)(lba >> 32));
		outb(c + REG_LBA2, (uint8_t)(lba >> 40));
	}
	outb(c + REG_COUNT, (uint8_t)count);
	outb(c + REG_LBA0, (uint8_t)lba);
	outb(c + REG_LBA1, (uint8_t)(lba >> 8));
	outb(c + REG_LBA2, (uint8_t)(lba >> 16));
}

static BlockErr failed(const AtaDrive *d, const char *what, uint8_t status)
{
	drvlog("ata: %s: %s failed: status %02x, error %02x\n", d->blk.name, what, (unsigned)status,
	    (unsigned)inb(d->p.cmd + REG_ERROR));
	return BLK_IO;
}

/* Up to 256 sectors (LBA28) or 65536 (LBA48) by PIO: each sector's DRQ waited for, 256 words moved. */
static BlockErr pio(AtaDrive *d, uint64_t lba, uint32_t count, uint16_t *buf, bool write)
{
	bool ext = d->lba48 && (lba + count > LBA28_MAX || count > 256);
	uint8_t st;

	if (!d->lba48 && lba + count > LBA28_MAX + 1)
		return BLK_RANGE;
	if (!wait_ready(d, false, BSY_MS, &st))
		return BLK_TIMEOUT;
	select_drive(d, ext ? 0 : (uint8_t)(lba >> 24));
	set_lba(d, lba, count, ext);
	outb(d->p.cmd + REG_STATUS, write ? (ext ? CMD_WRITE_EXT : CMD_WRITE) : (ext ? CMD_READ_EXT : CMD_READ));
	delay_400ns(&d->p);
	for (uint32_t s = 0; s < count; s++, buf += BLOCK_SECTOR / 2) {
		if (!wait_ready(d, true, BSY_MS, &st))
			return BLK_TIMEOUT;
		if (st & (ST_ERR | ST_DF))
			return failed(d, write ? "write" : "read", st);
		for (int i = 0; i < BLOCK_SECTOR / 2; i++)
			if (write)
				outw(d->p.cmd + REG_DATA, buf[i]);
			else
				buf[i] = inw(d->p.cmd + REG_DATA);
		delay_400ns(&d->p);
	}
	if (write) {
		if (!wait_ready(d, false, BSY_MS, &st))
			return BLK_TIMEOUT;
		if (st & (ST_ERR | ST_DF))
			return failed(d, "write", st);
	}
	return BLK_OK;
}

/* In pieces the command can carry, through an aligned buffer (the caller's may be any address). */
static BlockErr ata_rw(BlockDev *b, uint64_t lba, uint32_t count, uint8_t *buf, bool write)
{
	AtaDrive *d = b->state;
	static uint16_t sector[BLOCK_SECTOR / 2];

	for (; count; count--, lba++, buf += BLOCK_SECTOR) {
		BlockErr e;

		if (write)
			for (int i = 0; i < BLOCK_SECTOR; i++)
				((uint8_t *)sector)[i] = buf[i];
		e = pio(d, lba, 1, sector, write);
		if (e != BLK_OK)
			return e;
		if (!write)
			for (int i = 0; i < BLOCK_SECTOR; i++)
				buf[i] = ((uint8_t *)sector)[i];
	}
	return BLK_OK;
}

static BlockErr ata_read(BlockDev *b, uint64_t lba, uint32_t count, void *buf)
{
	return ata_rw(b, lba, count, buf, false);
}

static BlockErr ata_write(BlockDev *b, uint64_t lba, uint32_t count, const void *buf)
{
	return ata_rw(b, lba, count, (uint8_t *)(uintptr_t)buf, true);
}

static BlockErr ata_flush(BlockDev *b)
{
	AtaDrive *d = b->state;
	uint8_t st;

	select_drive(d, 0);
	outb(d->p.cmd + REG_STATUS, d->lba48 ? CMD_FLUSH_EXT : CMD_FLUSH);
	delay_400ns(&d->p);
	if (!wait_ready(d, false, FLUSH_MS, &st))
		return BLK_TIMEOUT;
	return st & (ST_ERR | ST_DF) ? failed(d, "flush", st) : BLK_OK;
}

uint64_t ata_id_sectors(const uint16_t *id, bool *lba48)
{
	*lba48 = (id[83] & 0x0400) != 0;
	return *lba48 ? (uint64_t)id[100] | (uint64_t)id[101] << 16 | (uint64_t)id[102] << 32 | (uint64_t)id[103] << 48 :
	    (uint64_t)id[60] | (uint64_t)id[61] << 16;
}

static const BlockOps ata_ops = { .read = ata_read, .write = ata_write, .flush = ata_flush };

/* The model string: words 27..46, each word's bytes swapped, trailing spaces cut. */
void ata_id_model(const uint16_t *id, char *out)
{
	int n = 0;

	for (int w = 27; w <= 46; w++) {
		out[n++] = (char)(id[w] >> 8);
		out[n++] = (char)(id[w] & 0xFF);
	}
	while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == 0))
		n--;
	out[n] = '\0';
	for (int i = 0; i < n; i++)
		if (out[i] < 0x20 || out[i] > 0x7E)
			out[i] = '?';
}

/* IDENTIFY (or IDENTIFY PACKET): 256 words, false if nobody answers. */
static bool identify(AtaDrive *d, uint8_t cmd, uint16_t *id)
{
	uint8_t st;

	select_drive(d, 0);
	set_lba(d, 0, 0, false);
	outb(d->p.cmd + REG_STATUS, cmd);
	delay_400ns(&d->p);
	if (alt_status(&d->p) == 0 || alt_status(&d->p) == 0xFF)
		return false;                   /* no drive there */
	if (!wait_ready(d, false, ID_MS, &st))
		return false;
	if (cmd == CMD_IDENTIFY && inb(d->p.cmd + REG_LBA1) == ATAPI_SIG1 && inb(d->p.cmd + REG_LBA2) == ATAPI_SIG2) {
		d->atapi = true;
		return identify(d, CMD_IDENTIFY_PACKET, id);
	}
	if (!wait_ready(d, true, ID_MS, &st) || (st & (ST_ERR | ST_DF)))
		return false;
	for (int i = 0; i < 256; i++)
		id[i] = inw(d->p.cmd + REG_DATA);
	return true;
}

int ata_probe_channel(const AtaPorts *p)
{
	static const char *const chan[] = { "primary", "secondary" };
	int found = 0;

	if (inb(p->cmd + REG_STATUS) == 0xFF)
		return 0;                       /* floating bus: no drives */
	outb(p->ctl, CTL_NIEN);
	for (int s = 0; s < 2 && drive_count < ATA_MAX; s++) {
		AtaDrive *d = &drives[drive_count];
		uint16_t id[256];

		*d = (AtaDrive){ .p = *p, .slave = s == 1 };
		blockdev_copy_name(d->blk.name, BLOCKDEV_NAME,
		    (const char *const[]){ "IDE ", chan[p->channel & 1], s ? " slave" : " master", NULL });
		if (!identify(d, CMD_IDENTIFY, id))
			continue;
		ata_id_model(id, d->blk.model);
		d->blk.ops = &ata_ops;
		d->blk.state = d;
		d->blk.sector_size = BLOCK_SECTOR;
		d->blk.removable = (id[0] & 0x0080) != 0;
		if (d->atapi) {
			d->blk.kind = "atapi";  /* listed; CDs are not read (no packet commands) */
			d->blk.read_only = true;
			d->blk.sectors = 0;
		} else {
			d->blk.kind = "ide";
			d->blk.sectors = ata_id_sectors(id, &d->lba48);
		}
		if (blockdev_register(&d->blk)) {
			drive_count++;
			found++;
		}
	}
	return found;
}
