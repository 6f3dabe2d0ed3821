/* pci.c: PCI configuration space through mechanism #1, bus enumeration with a COM1 line per function. */
#include <stdbool.h>
#include <stdint.h>

#include "drvlog.h"
#include "io.h"
#include "pci.h"
#include "wait.h"

#define PCI_CONFIG_ADDRESS      0x0CF8
#define PCI_CONFIG_DATA         0x0CFC
#define PCI_ENABLE              0x80000000u

#define PCI_VENDOR_ID           0x00    /* 16 bits; 0xFFFF = nothing there */
#define PCI_DEVICE_ID           0x02
#define PCI_COMMAND             0x04
#define PCI_CMD_IO              0x0001
#define PCI_CMD_MEMORY          0x0002
#define PCI_CMD_MASTER          0x0004
#define PCI_CMD_INTX_OFF        0x0400
#define PCI_CLASS_REV           0x08    /* class 31:24, subclass 23:16, prog-if 15:8 */
#define PCI_HEADER_TYPE         0x0E    /* bit 7: multi-function */
#define PCI_BAR0                0x10
#define PCI_BAR_IO              0x01
#define PCI_BAR_TYPE_MASK       0x06
#define PCI_BAR_TYPE_64         0x04
#define PCI_SECONDARY_BUS       0x19    /* of a PCI-to-PCI bridge (header type 1) */
#define PCI_BARS                6
#define PCI_STATUS              0x06
#define PCI_STATUS_CAPS         0x0010  /* a capability list */
#define PCI_CAP_PTR             0x34
#define PCI_CAP_LIMIT           48      /* capabilities walked at most (a loop in the list ends too) */
#define PCI_CAP_PM              0x01    /* power management (PCI PM 1.2, 3.2) */
#define PCI_PM_CSR              4       /* PMCSR, from the capability */
#define PM_STATE_MASK           0x0003  /* PowerState: 0 = D0 .. 3 = D3hot */
#define PM_NO_SOFT_RESET        0x0008  /* D3hot -> D0 keeps the configuration */
#define PM_D3_TO_D0_MS          10      /* PCI PM 1.2, 5.6.1: D3hot -> D0 recovery */

#define PCI_BUSES               256     /* a bounded walk: every bus number once */
#define PCI_DEVICES             32
#define PCI_FUNCTIONS           8

static uint32_t address(const PciDev *d, uint8_t off)
{
	return PCI_ENABLE | (uint32_t)d->bus << 16 | (uint32_t)d->dev << 11 | (uint32_t)d->fn << 8 | (off & 0xFC);
}

uint32_t pci_read32(const PciDev *d, uint8_t off)
{
	outl(PCI_CONFIG_ADDRESS, address(d, off));
	return inl(PCI_CONFIG_DATA);
}

void pci_write32(const PciDev *d, uint8_t off, uint32_t v)
{
	outl(PCI_CONFIG_ADDRESS, address(d, off));
	outl(PCI_CONFIG_DATA, v);
}

uint16_t pci_read16(const PciDev *d, uint8_t off)
{
	return (uint16_t)(pci_read32(d, off) >> ((off & 2) * 8));
}

void pci_write16(const PciDev *d, uint8_t off, uint16_t v)
{
	uint32_t old = pci_read32(d, off);
	int shift = (off & 2) * 8;

	pci_write32(d, off, (old & ~(0xFFFFu << shift)) | (uint32_t)v << shift);
}

/*
 * Walk every bus number, device and function (a brute-force scan: bounded,
 * and bridges need no following), log each function found (when `log`),
 * and keep the first `max` of the given class (and programming interface,
 * or any; every function when `all`). Returns how many were kept.
 */
static int walk(uint8_t cls, uint8_t subclass, int progif, bool all, bool log, PciDev *found, int max)
{
	int kept = 0, seen = 0;

	for (int bus = 0; bus < PCI_BUSES; bus++) {
		for (int dev = 0; dev < PCI_DEVICES; dev++) {
			for (int fn = 0; fn < PCI_FUNCTIONS; fn++) {
				PciDev d = { .bus = (uint8_t)bus, .dev = (uint8_t)dev, .fn = (uint8_t)fn };
				uint32_t id = pci_read32(&d, PCI_VENDOR_ID), cr;

				if ((id & 0xFFFF) == 0xFFFF) {
					if (fn == 0)
						break;  /* no device: no functions either */
					continue;
				}
				cr = pci_read32(&d, PCI_CLASS_REV);
				d.vendor = (uint16_t)id;
				d.device = (uint16_t)(id >> 16);
				d.cls = (uint8_t)(cr >> 24);
				d.subclass = (uint8_t)(cr >> 16);
				d.progif = (uint8_t)(cr >> 8);
				seen++;
				if (log)
					drvlog("pci: %02x:%02x.%x %04x:%04x class %02x.%02x.%02x\n", (unsigned)bus,
					    (unsigned)dev, (unsigned)fn, (unsigned)d.vendor, (unsigned)d.device,
					    (unsigned)d.cls, (unsigned)d.subclass, (unsigned)d.progif);
				if ((all || (d.cls == cls && d.subclass == subclass &&
				    (progif == PCI_PROGIF_ANY || d.progif == progif))) && kept < max)
					found[kept++] = d;
				if (fn == 0 && !(pci_read32(&d, PCI_HEADER_TYPE & 0xFC) >> 16 & 0x80))
					break;  /* single-function device */
			}
		}
	}
	if (log)
		drvlog("pci: %d functions\n", seen);
	return kept;
}

int pci_scan(uint8_t cls, uint8_t subclass, int progif, PciDev *found, int max)
{
	return walk(cls, subclass, progif, false, true, found, max);
}

int pci_list(PciDev *found, int max)
{
	return walk(0, 0, PCI_PROGIF_ANY, true, false, found, max);
}

/*
 * The physical address of a memory BAR, 64-bit BARs whole (the next BAR is
 * the high half); false for an I/O BAR or an unassigned one. An address
 * above 4 GiB needs kernel/cpu/paging.c before it can be reached.
 */
bool pci_bar_mmio(const PciDev *d, int bar, uint64_t *base)
{
	uint8_t off = (uint8_t)(PCI_BAR0 + 4 * bar);
	uint32_t lo = pci_read32(d, off);

	if (lo & PCI_BAR_IO)
		return false;
	*base = lo & ~0x0Fu;
	if ((lo & PCI_BAR_TYPE_MASK) == PCI_BAR_TYPE_64)
		*base |= (uint64_t)pci_read32(d, (uint8_t)(off + 4)) << 32;
	return *base != 0;
}

/* Memory decoding and bus mastering on; INTx off (we poll). */
void pci_enable_mmio_master(const PciDev *d)
{
	uint16_t cmd = pci_read16(d, PCI_COMMAND);

	pci_write16(d, PCI_COMMAND, (uint16_t)(cmd | PCI_CMD_MEMORY | PCI_CMD_MASTER | PCI_CMD_INTX_OFF));
}

/* An I/O BAR (UHCI's BAR4): its port base; false if it is a memory BAR or unset. */
bool pci_bar_io(const PciDev *d, int bar, uint16_t *base)
{
	uint32_t v = pci_read32(d, (uint8_t)(PCI_BAR0 + 4 * bar));

	if (!(v & PCI_BAR_IO))
		return false;
	*base = (uint16_t)(v & ~0x03u);
	return *base != 0;
}

/* I/O decoding and bus mastering on; INTx off (we poll). */
void pci_enable_io_master(const PciDev *d)
{
	uint16_t cmd = pci_read16(d, PCI_COMMAND);

	pci_write16(d, PCI_COMMAND, (uint16_t)(cmd | PCI_CMD_IO | PCI_CMD_MASTER | PCI_CMD_INTX_OFF));
}

/*
 * Intel 7/8/9-series chipsets (Panther Point and later) wire their USB 2
 * ports to the EHCI controllers until the OS switches them: XUSB2PR takes
 * the ports (those XUSB2PRM allows) to xHCI, USB3_PSSEN turns on the
 * SuperSpeed terminations (those USB3PRM allows). Other controllers ignore
 * this; we only write it on the Intel xHCI functions known to have it, as
 * Linux's usb_enable_intel_xhci_ports does. Not testable in QEMU.
 */
#define INTEL_VENDOR            0x8086
#define INTEL_XUSB2PR           0xD0    /* USB 2 port routing: 1 = xHCI */
#define INTEL_XUSB2PRM          0xD4    /* which of them may be switched */
#define INTEL_USB3_PSSEN        0xD8    /* SuperSpeed enable per port */
#define INTEL_USB3PRM           0xDC    /* which of them may be enabled */

/* The switchable ones (EHCI companions): Panther Point, Lynx Point (and LP), Wildcat Point (LP). */
static const uint16_t intel_switchable[] = { 0x1E31, 0x8C31, 0x9C31, 0x8CB1, 0x9CB1 };

void pci_xhci_intel_ports(const PciDev *d)
{
	uint32_t ss, hs;
	bool known = false;

	for (unsigned i = 0; i < sizeof intel_switchable / sizeof intel_switchable[0]; i++)
		known |= d->device == intel_switchable[i];
	if (d->vendor != INTEL_VENDOR || !known)
		return;
	ss = pci_read32(d, INTEL_USB3PRM);
	hs = pci_read32(d, INTEL_XUSB2PRM);
	if (ss == 0xFFFFFFFFu || hs == 0xFFFFFFFFu || (ss == 0 && hs == 0))
		return;
	pci_write32(d, INTEL_USB3_PSSEN, ss);
	pci_write32(d, INTEL_XUSB2PR, hs);
	drvlog("pci: %02x:%02x.%x: Intel xHCI: USB 3 ports %x on, USB 2 ports %x switched from EHCI\n",
	    (unsigned)d->bus, (unsigned)d->dev, (unsigned)d->fn, (unsigned)pci_read32(d, INTEL_USB3_PSSEN),
	    (unsigned)pci_read32(d, INTEL_XUSB2PR));
}

/* The offset of capability `id` in d's configuration space, 0 if it has none. */
static uint8_t find_cap(const PciDev *d, uint8_t id)
{
	uint8_t off;

	if (!(pci_read16(d, PCI_STATUS) & PCI_STATUS_CAPS))
		return 0;
	off = (uint8_t)(pci_read32(d, PCI_CAP_PTR) & 0xFC);
	for (int n = 0; n < PCI_CAP_LIMIT && off >= 0x40; n++) {
		uint32_t v = pci_read32(d, off);

		if ((v & 0xFF) == id)
			return off;
		off = (uint8_t)((v >> 8) & 0xFC);
	}
	return 0;
}

/*
 * A function firmware left in D1..D3hot is put in D0 through its power
 * management capability, then given the PCI PM spec's 10 ms to recover.
 * D3hot -> D0 may reset its configuration (No_Soft_Reset clear): the BARs
 * and command register are written back as they were. True if it was not
 * in D0 (logged).
 */
bool pci_power_d0(const PciDev *d)
{
	uint8_t pm = find_cap(d, PCI_CAP_PM);
	uint32_t bars[PCI_BARS];
	uint16_t csr, cmd, state;

	if (!pm)
		return false;
	csr = pci_read16(d, (uint8_t)(pm + PCI_PM_CSR));
	state = csr & PM_STATE_MASK;
	if (state == 0)
		return false;
	for (int i = 0; i < PCI_BARS; i++)
		bars[i] = pci_read32(d, (uint8_t)(PCI_BAR0 + 4 * i));
	cmd = pci_read16(d, PCI_COMMAND);
	pci_write16(d, (uint8_t)(pm + PCI_PM_CSR), (uint16_t)(csr & ~PM_STATE_MASK));
	wait_ms(PM_D3_TO_D0_MS);
	if (!(csr & PM_NO_SOFT_RESET)) {
		for (int i = 0; i < PCI_BARS; i++)
			pci_write32(d, (uint8_t)(PCI_BAR0 + 4 * i), bars[i]);
		pci_write16(d, PCI_COMMAND, cmd);
	}
	drvlog("pci: %02x:%02x.%x: was in D%u, now D%u\n", (unsigned)d->bus, (unsigned)d->dev, (unsigned)d->fn,
	    (unsigned)state, (unsigned)(pci_read16(d, (uint8_t)(pm + PCI_PM_CSR)) & PM_STATE_MASK));
	return true;
}
