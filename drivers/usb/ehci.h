/* ehci.h: the EHCI host controller driver (USB 2: Intel, AMD, NVIDIA, VIA chipsets 2002-2013) — bring-up here, the rest through its UsbHcOps. */
#ifndef DRIVERS_EHCI_H
#define DRIVERS_EHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "pci.h"
#include "usbhc.h"

#define EHCI_MAX_CTRL   8               /* controllers driven */

/* Memory for a controller's frame list, QHs, qTDs and buffers: zeroed, 4 KiB-aligned, below 4 GiB; NULL if none. */
typedef void *(*EhciAlloc)(uint32_t bytes);

/*
 * Two passes, as for the other kinds: ehci_claim takes controller `index`
 * (PCI function p, registers at mmio) from the BIOS (USBLEGSUP semaphores,
 * SMIs off), halts and resets it, which clears CONFIGFLAG: until it runs,
 * every root port belongs to a companion UHCI/OHCI. ehci_start gives it
 * its schedules, runs it, sets CONFIGFLAG (every port to the EHCI) and
 * powers its ports: each is then news for the device layer, and a full- or
 * low-speed device found on one is handed to the companion (PORT_OWNER) if
 * there are companions. NULL (logged) if it did not start; its ports then
 * stay with the companions.
 */
bool ehci_claim(int index, const PciDev *p, uintptr_t mmio, EhciAlloc alloc);
UsbHc *ehci_start(int index);

#endif
