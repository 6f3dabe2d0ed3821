/* disks.c: the disks at boot — USB mass storage registered with the USB layer, AHCI and IDE found on PCI — their COM1 lines, disktest. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ahci.h"
#include "ata.h"
#include "blockdev.h"
#include "disks.h"
#include "io.h"
#include "klog.h"
#include "pages.h"
#include "paging.h"
#include "pci.h"
#include "pit.h"
#include "usbdev.h"
#include "usbmsc.h"
#include "wait.h"

#define TEST_ROUNDS     1000            /* disktest: reads and writes timed, each of one sector */
#define PCI_CLASS_STORAGE 0x01
#define PCI_SUBCLASS_IDE  0x01
#define PCI_SUBCLASS_SATA 0x06
#define PCI_PROGIF_AHCI   0x01
#define AHCI_BAR          5               /* ABAR (AHCI 1.3.1, 2.1.11) */
#define AHCI_SPAN         0x2000          /* HBA registers and 32 ports' (0x100 + 32 x 0x80) */

/*
 * IDE controllers on PCI (01/01/xx): each one's channels, legacy or native by
 * its programming interface, into the probe's list (probed one a step by
 * disks_init_step). None at all (a 486's ISA IDE, or no PCI): the two
 * compatibility channels at their fixed ports, where a floating bus (status
 * FFh) says nothing is there.
 */
static void find_ide(DisksProbe *p)
{
	PciDev found[PCI_MAX_FOUND];
	int n = pci_scan(PCI_CLASS_STORAGE, PCI_SUBCLASS_IDE, PCI_PROGIF_ANY, found, PCI_MAX_FOUND);

	for (int i = 0; i < n; i++) {
		for (int c = 0; c < 2; c++) {
			bool native = (found[i].progif >> (2 * c)) & 1;        /* bit 0: primary native, bit 2: secondary */
			uint16_t cmd = c ? ATA_SECONDARY_CMD : ATA_PRIMARY_CMD, ctl = c ? ATA_SECONDARY_CTL : ATA_PRIMARY_CTL;

			if (native && !(pci_bar_io(&found[i], 2 * c, &cmd) && pci_bar_io(&found[i], 2 * c + 1, &ctl))) {
				klog("disk: IDE %02x:%02x.%x: %s channel native, its BARs unusable\n", (unsigned)found[i].bus,
				    (unsigned)found[i].dev, (unsigned)found[i].fn, c ? "secondary" : "primary");
				continue;
			}
			if (native)
				ctl += 2;       /* the BAR's second port is the control block's (alternate status) */
			p->ch[p->channels++] = (AtaPorts){ .cmd = cmd, .ctl = ctl, .channel = (uint8_t)c };
		}
		pci_enable_io_master(&found[i]);
	}
	if (n == 0) {
		klog("disk: no IDE controller on PCI: the ISA ports 1F0h and 170h\n");
		p->ch[p->channels++] = (AtaPorts){ .cmd = ATA_PRIMARY_CMD, .ctl = ATA_PRIMARY_CTL, .channel = 0 };
		p->ch[p->channels++] = (AtaPorts){ .cmd = ATA_SECONDARY_CMD, .ctl = ATA_SECONDARY_CTL, .channel = 1 };
	}
}

/* AHCI controllers on PCI (01/06/01): ABAR mapped (above 4 GiB through the PAE window), DMA memory from pages_alloc. */
static void find_ahci(void)
{
	PciDev found[PCI_MAX_FOUND];
	int n = pci_scan(PCI_CLASS_STORAGE, PCI_SUBCLASS_SATA, PCI_PROGIF_AHCI, found, PCI_MAX_FOUND);

	for (int i = 0; i < n; i++) {
		uint64_t phys;
		uintptr_t abar;

		pci_power_d0(&found[i]);
		if (!pci_bar_mmio(&found[i], AHCI_BAR, &phys)) {
			klog("disk: AHCI %02x:%02x.%x: BAR5 is not a memory BAR, not used\n", (unsigned)found[i].bus,
			    (unsigned)found[i].dev, (unsigned)found[i].fn);
			continue;
		}
		abar = phys >> 32 ? paging_map_high(phys, AHCI_SPAN) : (uintptr_t)phys;
		if (!abar) {
			klog("disk: AHCI %02x:%02x.%x: registers above 4 GiB cannot be mapped\n", (unsigned)found[i].bus,
			    (unsigned)found[i].dev, (unsigned)found[i].fn);
			continue;
		}
		pci_enable_mmio_master(&found[i]);
		ahci_probe(i, abar, pages_alloc);
	}
}

/*
 * A step of the disks' bring-up: first USB mass storage offered to the USB
 * layer (before the controllers come up: sticks at boot are offered to it)
 * and the AHCI controllers, then the IDE channels found, then one IDE
 * channel probed a step. True when every channel has been.
 */
bool disks_init_step(DisksProbe *p)
{
	if (!p->begun) {
		*p = (DisksProbe){ .begun = true };
		usbdev_add_class(&usbmsc_class);
		find_ahci();
		return false;
	}
	if (!p->found) {
		find_ide(p);
		p->found = true;
		return p->channels == 0;
	}
	if (p->next < p->channels)
		ata_probe_channel(&p->ch[p->next++]);
	return p->next >= p->channels;
}

/* One line a disk: `disk: USB stick (xHCI port 1): QEMU HARDDISK, 2048 sectors of 512, removable, read-only`. */
static void list_disks(void)
{
	int n = blockdev_count();

	if (n == 0)
		klog("disk: none found\n");
	for (int i = 0; i < n; i++) {
		BlockDev *d = blockdev_at(i);

		klog("disk: %s: %s%s%u sectors of %u%s%s\n", d->name, d->model, d->model[0] ? ", " : "",
		    (unsigned)d->sectors, (unsigned)d->sector_size, d->removable ? ", removable" : "",
		    d->read_only ? ", read-only" : "");
	}
}

/*
 * The sticks at boot, one look a main-loop pass (the loop steps the USB
 * layer): settled once no attach is under way, or when the wait's ms have
 * passed (a stick among those still attaching comes later, as a hot-plug);
 * then one COM1 line per disk.
 */
void disks_usb_begin(DisksUsbWait *w, uint32_t ms)
{
	*w = (DisksUsbWait){ .t0 = pit_ticks(), .ms = ms, .deadline = wait_deadline(ms) };
}

bool disks_usb_settled(DisksUsbWait *w)
{
	bool settling = usbdev_settling();

	if (settling && !wait_passed(w->deadline))
		return false;
	if (settling)
		klog("disk: USB devices still being attached after %u ms: sticks among them come later\n", (unsigned)w->ms);
	klog("disk: USB enumeration waited %u ms\n", (unsigned)((pit_ticks() - w->t0) * 1000 / PIT_TICK_HZ));
	list_disks();
	return true;
}

static bool same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* Microseconds a round took, from PIT ticks over TEST_ROUNDS rounds. */
static unsigned us_per_round(uint32_t ticks)
{
	return (unsigned)((uint64_t)ticks * 1000000u / PIT_TICK_HZ / TEST_ROUNDS);
}

/*
 * disktest=KIND: the last sector of the last disk of that kind read, written with a pattern (its
 * LBA and "shardfall disktest"), flushed and read back with interrupts off
 * (the crash report's conditions), then TEST_ROUNDS
 * reads and writes of it timed. The pattern stays (the QEMU test reads it
 * from the disk file). A read-only disk: only the reads.
 */
void disks_selftest(const char *kind)
{
	static uint8_t buf[BLOCK_SECTOR], back[BLOCK_SECTOR];
	static const char mark[] = "shardfall disktest";
	BlockDev *d = NULL;
	uint64_t lba;
	uint32_t t0;
	BlockErr e = BLK_OK;

	for (int i = 0; i < blockdev_count(); i++)
		if (same(blockdev_at(i)->kind, kind))
			d = blockdev_at(i);
	if (!d || !d->sectors) {
		klog("disktest: no %s disk (%d disks found)\n", kind, blockdev_count());
		return;
	}
	lba = d->sectors - 1;
	t0 = pit_ticks();
	for (int i = 0; i < TEST_ROUNDS && (e = blockdev_read(d, lba, 1, back)) == BLK_OK; i++)
		;
	if (e != BLK_OK) {
		klog("disktest: %s: read of sector %u: %s\n", d->name, (unsigned)lba, blockdev_err_name(e));
		return;
	}
	klog("disktest: %s: read sector %u: %u us a sector (%d reads)\n", d->name, (unsigned)lba,
	    us_per_round(pit_ticks() - t0), TEST_ROUNDS);
	for (int i = 0; i < BLOCK_SECTOR; i++)
		buf[i] = i < (int)sizeof mark - 1 ? (uint8_t)mark[i] : i >= 20 && i < 24 ? (uint8_t)(lba >> (8 * (i - 20))) :
		    (uint8_t)(i * 7 + 0x5A);
	{
		uint32_t flags = cpu_save_flags_cli();  /* as the panic writes: interrupts off, the waits on the PIT counter */

		e = blockdev_write(d, lba, 1, buf);
		if (e == BLK_OK)
			e = blockdev_flush(d);
		if (e == BLK_OK)
			e = blockdev_read(d, lba, 1, back);
		cpu_restore_flags(flags);
	}
	if (e != BLK_OK) {
		klog("disktest: %s: write of sector %u: %s\n", d->name, (unsigned)lba, blockdev_err_name(e));
		return;
	}
	for (int i = 0; i < BLOCK_SECTOR; i++)
		if (back[i] != buf[i]) {
			klog("disktest: %s: sector %u read back differs at byte %d\n", d->name, (unsigned)lba, i);
			return;
		}
	klog("disktest: %s: wrote and read back sector %u (interrupts off)\n", d->name, (unsigned)lba);
	t0 = pit_ticks();
	for (int i = 0; i < TEST_ROUNDS && e == BLK_OK; i++)
		e = blockdev_write(d, lba, 1, buf);
	if (e == BLK_OK)
		e = blockdev_flush(d);
	klog("disktest: %s: write sector %u: %u us a sector (%d writes and a flush)%s%s\n", d->name, (unsigned)lba,
	    us_per_round(pit_ticks() - t0), TEST_ROUNDS, e == BLK_OK ? "" : ", failed: ",
	    e == BLK_OK ? "" : blockdev_err_name(e));
}
