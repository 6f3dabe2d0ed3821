/* xhci.h: the xHCI host controller driver — bring-up here, everything else through its UsbHcOps (usbhc.h). */
#ifndef DRIVERS_XHCI_H
#define DRIVERS_XHCI_H

#include <stdbool.h>
#include <stdint.h>

#include "usbhc.h"

#define XHCI_MAX_CTRL   2               /* controllers driven */
#define XHCI_MAX_SLOTS  8               /* devices per controller (MaxSlotsEn) */

/*
 * Bring up controller `index` at physical address mmio (BAR0, identity-mapped
 * or mapped by the kernel): take it from the BIOS, reset it, give it its
 * rings, power its ports. Its ports are then news for the device layer
 * (usbdev_add_hc). NULL (logged) if it is not used.
 */
UsbHc *xhci_init(int index, uint32_t mmio);

#endif
