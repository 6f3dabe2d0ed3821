/* ahci.c: AHCI 1.3 — BIOS/OS hand-off, AHCI mode, per port: command engine stopped and started, IDENTIFY, READ/WRITE DMA EXT, FLUSH CACHE EXT. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ahci.h"
#include "ata.h"
#include "blockdev.h"
#include "drvlog.h"
#include "io.h"
#include "wait.h"

/* HBA registers (AHCI 1.3.1, 3.1) and bits. */
#define HBA_CAP         0x00
#define HBA_GHC         0x04
#define HBA_PI          0x0C
#define HBA_VS          0x10
#define HBA_CAP2        0x24
#define HBA_BOHC        0x28
#define GHC_AE          0x80000000u
#define CAP2_BOH        0x00000001u
#define BOHC_BOS        0x00000001u
#define BOHC_OOS        0x00000002u
#define BOHC_BB         0x00000010u
/* Port registers (3.3): port p at 0x100 + 0x80 p. */
#define PORT(p)         (0x100u + 0x80u * (p))
#define PX_CLB          0x00
#define PX_CLBU         0x04
#define PX_FB           0x08
#define PX_FBU          0x0C
#define PX_IS           0x10
#define PX_IE           0x14
#define PX_CMD          0x18
#define PX_TFD          0x20
#define PX_SIG          0x24
#define PX_SSTS         0x28
#define PX_SCTL         0x2C
#define PX_SERR         0x30
#define PX_CI           0x38
#define CMD_ST          0x00000001u
#define CMD_SUD         0x00000002u
#define CMD_POD         0x00000004u
#define CMD_FRE         0x00000010u
#define CMD_FR          0x00004000u
#define CMD_CR          0x00008000u
#define IS_TFES         0x40000000u
#define TFD_ERR         0x01u
#define TFD_DRQ         0x08u
#define TFD_BSY         0x80u
#define SSTS_DET(v)     ((v) & 0x0F)
#define DET_PRESENT     3               /* device present, PHY communication established */
#define SIG_ATAPI       0xEB140101u
#define FIS_H2D         0x27
#define FIS_H2D_C       0x80            /* the FIS carries a command */
#define DEV_LBA         0x40
#define HDR_ATAPI       0x20
#define HDR_WRITE       0x40
#define ATA_IDENTIFY    0xEC
#define ATA_IDENTIFY_PACKET 0xA1
#define ATA_READ_DMA_EXT  0x25
#define ATA_WRITE_DMA_EXT 0x35
#define ATA_FLUSH_EXT   0xEA
/* Spec waits (AHCI 1.3.1): CR and FR clear within 500 ms (10.1.2), BIOS hand-off 25 ms then 2 s if busy (10.6.3), COMRESET 1 ms. */
#define ENGINE_MS       500
#define BOHC_MS         25
#define BOHC_BUSY_MS    2000
#define COMRESET_MS     1
#define LINK_MS         1000            /* DET = 3 after COMRESET */
#define READY_MS        1000            /* BSY and DRQ clear before ST is set */
#define COMMAND_MS      5000            /* one command (Linux: 30 s for a disk's I/O; bounded here for the panic) */
#define FLUSH_MS        30000
#define RECOVER_MAX     2               /* recoveries of a port in a row before it is given up */
/* A port's memory: command list (1 KiB aligned), received FIS (256 aligned), command table (128 aligned), data page. */
#define MEM_CLB         0x000
#define MEM_FB          0x400
#define MEM_CTBA        0x500
#define MEM_DATA        0x1000
#define DATA_SECTORS    8               /* a 4 KiB page a command */

typedef struct AhciDisk {
	uintptr_t abar;
	uint32_t port;
	uint8_t *mem;
	bool atapi;
	int failures;
	BlockDev blk;
} AhciDisk;

static AhciDisk disks[AHCI_MAX_DISKS];
static int disk_count;

static uint32_t rd(const AhciDisk *d, uint32_t reg)
{
	return mmio_read32(d->abar + PORT(d->port) + reg);
}

static void wr(const AhciDisk *d, uint32_t reg, uint32_t v)
{
	mmio_write32(d->abar + PORT(d->port) + reg, v);
}

static uint32_t addr32(const void *p)
{
	return (uint32_t)(uintptr_t)p;
}

void ahci_fis_h2d(uint8_t fis[AHCI_FIS_H2D_LEN], uint8_t command, uint64_t lba, uint16_t count)
{
	for (int i = 0; i < AHCI_FIS_H2D_LEN; i++)
		fis[i] = 0;
	fis[0] = FIS_H2D;
	fis[1] = FIS_H2D_C;
	fis[2] = command;
	fis[4] = (uint8_t)lba;
	fis[5] = (uint8_t)(lba >> 8);
	fis[6] = (uint8_t)(lba >> 16);
	fis[7] = DEV_LBA;
	fis[8] = (uint8_t)(lba >> 24);
	fis[9] = (uint8_t)(lba >> 32);
	fis[10] = (uint8_t)(lba >> 40);
	fis[12] = (uint8_t)count;
	fis[13] = (uint8_t)(count >> 8);
}

/* Stop the command engine (10.1.2): ST off, CR clear; FRE off, FR clear; each within 500 ms. */
static bool port_stop(const AhciDisk *d)
{
	uintptr_t cmd = d->abar + PORT(d->port) + PX_CMD;

	wr(d, PX_CMD, rd(d, PX_CMD) & ~CMD_ST);
	if (!wait_mmio32(cmd, CMD_CR, 0, ENGINE_MS))
		return false;
	wr(d, PX_CMD, rd(d, PX_CMD) & ~CMD_FRE);
	return wait_mmio32(cmd, CMD_FR, 0, ENGINE_MS);
}

/* Start it (10.3.1): FIS receive on, then — the device not busy — ST. */
static bool port_start(const AhciDisk *d)
{
	wr(d, PX_CMD, rd(d, PX_CMD) | CMD_FRE | CMD_SUD | CMD_POD);
	if (!wait_mmio32(d->abar + PORT(d->port) + PX_TFD, TFD_BSY | TFD_DRQ, 0, READY_MS))
		return false;
	wr(d, PX_CMD, rd(d, PX_CMD) | CMD_ST);
	return true;
}

/* COMRESET (10.4.2): DET = 1 for at least 1 ms, then 0, and the link back (DET = 3). */
static bool port_comreset(const AhciDisk *d)
{
	wr(d, PX_SCTL, (rd(d, PX_SCTL) & ~0x0Fu) | 1);
	wait_ms(COMRESET_MS);
	wr(d, PX_SCTL, rd(d, PX_SCTL) & ~0x0Fu);
	return wait_mmio32(d->abar + PORT(d->port) + PX_SSTS, 0x0F, DET_PRESENT, LINK_MS);
}

/* After an error (TFES, a timeout): engine stopped, errors cleared, COMRESET if still busy, started again (6.2.2). */
static bool port_recover(AhciDisk *d)
{
	bool ok = port_stop(d);

	wr(d, PX_SERR, 0xFFFFFFFFu);
	wr(d, PX_IS, 0xFFFFFFFFu);
	if (ok && (rd(d, PX_TFD) & (TFD_BSY | TFD_DRQ)))
		ok = port_comreset(d);
	ok = ok && port_start(d);
	drvlog("ahci: %s: port recovery %s\n", d->blk.name, ok ? "done" : "failed");
	if (!ok || ++d->failures > RECOVER_MAX) {
		drvlog("ahci: %s: given up\n", d->blk.name);
		d->blk.gone = true;
	}
	return ok;
}

typedef struct CmdWait {
	const AhciDisk *d;
} CmdWait;

static bool cmd_done(void *ctx)
{
	const AhciDisk *d = ((CmdWait *)ctx)->d;

	return !(rd(d, PX_CI) & 1) || (rd(d, PX_IS) & IS_TFES);
}

/* One command in slot 0: the FIS, one PRD over the data page, CI, then CI clear or TFES (bounded). */
static BlockErr port_command(AhciDisk *d, uint8_t command, uint64_t lba, uint16_t count, bool write, uint32_t ms)
{
	volatile uint32_t *hdr = (volatile uint32_t *)(d->mem + MEM_CLB);
	uint8_t *table = d->mem + MEM_CTBA;
	volatile uint32_t *prd = (volatile uint32_t *)(table + 0x80);
	uint32_t bytes = (uint32_t)count * BLOCK_SECTOR, tfd;
	CmdWait w = { d };

	if (command == ATA_IDENTIFY || command == ATA_IDENTIFY_PACKET)
		bytes = BLOCK_SECTOR;
	ahci_fis_h2d(table, command, lba, command == ATA_IDENTIFY || command == ATA_IDENTIFY_PACKET ? 0 : count);
	hdr[0] = (AHCI_FIS_H2D_LEN / 4) | (write ? HDR_WRITE : 0) | (bytes ? 1u << 16 : 0);
	hdr[1] = 0;
	hdr[2] = addr32(table);
	hdr[3] = 0;
	prd[0] = addr32(d->mem + MEM_DATA);
	prd[1] = 0;
	prd[2] = 0;
	prd[3] = bytes ? bytes - 1 : 0;
	wr(d, PX_IS, 0xFFFFFFFFu);
	cpu_wmb();
	wr(d, PX_CI, 1);
	if (!wait_until(cmd_done, &w, ms, 0)) {
		drvlog("ahci: %s: timeout: command %02x (%u ms)\n", d->blk.name, (unsigned)command, (unsigned)ms);
		port_recover(d);
		return BLK_TIMEOUT;
	}
	tfd = rd(d, PX_TFD);
	if ((rd(d, PX_IS) & IS_TFES) || (tfd & TFD_ERR)) {
		drvlog("ahci: %s: command %02x failed: status %02x, error %02x\n", d->blk.name, (unsigned)command,
		    (unsigned)(tfd & 0xFF), (unsigned)((tfd >> 8) & 0xFF));
		port_recover(d);
		return BLK_IO;
	}
	d->failures = 0;
	return BLK_OK;
}

static BlockErr ahci_rw(BlockDev *b, uint64_t lba, uint32_t count, uint8_t *buf, bool write)
{
	AhciDisk *d = b->state;

	while (count) {
		uint16_t n = count > DATA_SECTORS ? DATA_SECTORS : (uint16_t)count;
		BlockErr e;

		if (write)
			for (uint32_t i = 0; i < n * BLOCK_SECTOR; i++)
				d->mem[MEM_DATA + i] = buf[i];
		e = port_command(d, write ? ATA_WRITE_DMA_EXT : ATA_READ_DMA_EXT, lba, n, write, COMMAND_MS);
		if (e != BLK_OK)
			return e;
		if (!write)
			for (uint32_t i = 0; i < n * BLOCK_SECTOR; i++)
				buf[i] = d->mem[MEM_DATA + i];
		lba += n;
		count -= n;
		buf += n * BLOCK_SECTOR;
	}
	return BLK_OK;
}

static BlockErr ahci_read(BlockDev *b, uint64_t lba, uint32_t count, void *buf)
{
	return ahci_rw(b, lba, count, buf, false);
}

static BlockErr ahci_write(BlockDev *b, uint64_t lba, uint32_t count, const void *buf)
{
	return ahci_rw(b, lba, count, (uint8_t *)(uintptr_t)buf, true);
}

static BlockErr ahci_flush(BlockDev *b)
{
	return port_command(b->state, ATA_FLUSH_EXT, 0, 0, false, FLUSH_MS);
}

static const BlockOps ahci_ops = { .read = ahci_read, .write = ahci_write, .flush = ahci_flush };

/* BIOS/OS hand-off (10.6.3): OS ownership asked; the BIOS lets go within 25 ms, or 2 s more if it says it is busy. */
static void handoff(uintptr_t abar, int index)
{
	if (!(mmio_read32(abar + HBA_CAP2) & CAP2_BOH))
		return;
	mmio_write32(abar + HBA_BOHC, mmio_read32(abar + HBA_BOHC) | BOHC_OOS);
	if (wait_mmio32(abar + HBA_BOHC, BOHC_BOS, 0, BOHC_MS))
		return;
	if ((mmio_read32(abar + HBA_BOHC) & BOHC_BB) && wait_mmio32(abar + HBA_BOHC, BOHC_BOS, 0, BOHC_BUSY_MS))
		return;
	drvlog("ahci%d: the BIOS kept the controller (BOHC %08x): taken anyway\n", index,
	    (unsigned)mmio_read32(abar + HBA_BOHC));
}

/* A port with a device: its memory, the engine restarted on it, IDENTIFY (PACKET), registered. */
static bool port_probe(int index, uintptr_t abar, uint32_t port, AhciAlloc alloc)
{
	AhciDisk *d = &disks[disk_count];
	char num[3] = { (char)('0' + port / 10), (char)('0' + port % 10), 0 };
	const uint16_t *id;
	bool lba48 = false;

	char ctl[3] = { (char)('0' + index % 10), 0, 0 };
	const char *const name[] = { "AHCI", index ? ctl : "", " port ", port >= 10 ? num : num + 1, NULL };

	*d = (AhciDisk){ .abar = abar, .port = port };
	blockdev_copy_name(d->blk.name, BLOCKDEV_NAME, name);
	if (SSTS_DET(rd(d, PX_SSTS)) != DET_PRESENT)
		return false;
	d->mem = alloc(AHCI_PORT_MEM);
	if (!d->mem) {
		drvlog("ahci: %s: no DMA memory left\n", d->blk.name);
		return false;
	}
	if (!port_stop(d)) {
		drvlog("ahci: %s: command engine did not stop, not used\n", d->blk.name);
		return false;
	}
	wr(d, PX_CLB, addr32(d->mem + MEM_CLB));
	wr(d, PX_CLBU, 0);
	wr(d, PX_FB, addr32(d->mem + MEM_FB));
	wr(d, PX_FBU, 0);
	wr(d, PX_IE, 0);                        /* we poll */
	wr(d, PX_SERR, 0xFFFFFFFFu);
	wr(d, PX_IS, 0xFFFFFFFFu);
	if (!port_start(d)) {
		drvlog("ahci: %s: device busy (TFD %02x), not used\n", d->blk.name, (unsigned)(rd(d, PX_TFD) & 0xFF));
		return false;
	}
	d->atapi = rd(d, PX_SIG) == SIG_ATAPI;
	d->blk = (BlockDev){ .ops = &ahci_ops, .state = d, .kind = d->atapi ? "atapi" : "ahci",
	    .sector_size = BLOCK_SECTOR, .read_only = d->atapi };
	blockdev_copy_name(d->blk.name, BLOCKDEV_NAME, name);
	if (port_command(d, d->atapi ? ATA_IDENTIFY_PACKET : ATA_IDENTIFY, 0, 0, false, COMMAND_MS) != BLK_OK)
		return false;
	id = (const uint16_t *)(d->mem + MEM_DATA);
	ata_id_model(id, d->blk.model);
	d->blk.removable = d->atapi || (id[0] & 0x0080) != 0;
	d->blk.sectors = d->atapi ? 0 : ata_id_sectors(id, &lba48);
	return blockdev_register(&d->blk);
}

int ahci_probe(int index, uintptr_t abar, AhciAlloc alloc)
{
	uint32_t pi, found = 0;

	handoff(abar, index);
	mmio_write32(abar + HBA_GHC, mmio_read32(abar + HBA_GHC) | GHC_AE);
	pi = mmio_read32(abar + HBA_PI);
	drvlog("ahci%d: version %x.%x, ports %08x, capabilities %08x\n", index, (unsigned)(mmio_read32(abar + HBA_VS) >> 16),
	    (unsigned)(mmio_read32(abar + HBA_VS) & 0xFFFF), (unsigned)pi, (unsigned)mmio_read32(abar + HBA_CAP));
	for (uint32_t p = 0; p < 32 && disk_count < AHCI_MAX_DISKS; p++)
		if ((pi >> p) & 1 && port_probe(index, abar, p, alloc)) {
			disk_count++;
			found++;
		}
	return (int)found;
}
