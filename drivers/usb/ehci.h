/* ehci.h: EHCI (USB 2) controllers — not driven yet: taken from the BIOS and reset, so every root port goes to its companion UHCI/OHCI. */
#ifndef DRIVERS_EHCI_H
#define DRIVERS_EHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "pci.h"

/*
 * EHCI controller `index` (PCI function p, registers at mmio): taken from
 * the BIOS (USBLEGSUP semaphores, SMIs off), halted and reset, which clears
 * CONFIGFLAG: every root port then belongs to a companion controller, where
 * full- and low-speed keyboards are driven (a high-speed device there is not
 * usable). Before the companions start. One without companions is left to
 * the firmware. False (logged) if it was left alone or did not reset.
 */
bool ehci_release_ports(int index, const PciDev *p, uintptr_t mmio);

#endif
