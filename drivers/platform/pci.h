/* pci.h: PCI configuration mechanism #1 (ports 0x0CF8/0x0CFC) — enumerate, log, find controllers. */
#ifndef DRIVERS_PCI_H
#define DRIVERS_PCI_H

#include <stdbool.h>
#include <stdint.h>

#define PCI_MAX_FOUND   32              /* controllers of one kind we keep (more: named on COM1) */

typedef struct PciDev {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	uint8_t cls, subclass, progif;
} PciDev;

#define PCI_CLASS_SERIAL_BUS    0x0C
#define PCI_SUBCLASS_USB        0x03
#define PCI_PROGIF_UHCI         0x00
#define PCI_PROGIF_OHCI         0x10
#define PCI_PROGIF_EHCI         0x20
#define PCI_PROGIF_XHCI         0x30

uint32_t pci_read32(const PciDev *d, uint8_t off);
void pci_write32(const PciDev *d, uint8_t off, uint32_t v);
uint16_t pci_read16(const PciDev *d, uint8_t off);
void pci_write16(const PciDev *d, uint8_t off, uint16_t v);

#define PCI_PROGIF_ANY          (-1)    /* pci_scan: every programming interface of the class */
int pci_scan(uint8_t cls, uint8_t subclass, int progif, PciDev *found, int max);
int pci_list(PciDev *found, int max);   /* every function, in bus order, not logged: how many kept */
bool pci_bar_mmio(const PciDev *d, int bar, uint64_t *base);
void pci_enable_mmio_master(const PciDev *d);
bool pci_bar_io(const PciDev *d, int bar, uint16_t *base);     /* an I/O BAR: its port base */
void pci_enable_io_master(const PciDev *d);     /* I/O decoding and bus mastering on, INTx off */
void pci_xhci_intel_ports(const PciDev *d);     /* Intel PCH: USB 2 ports from EHCI to xHCI */
bool pci_power_d0(const PciDev *d);             /* D1..D3hot -> D0 (PCI PM), 10 ms; true if it was not in D0 */

#endif
